import Foundation

/// The title of a free-text reminder command: the task left once the request frame around it
/// is removed. Rules, in order:
/// 1. A reminder word near the start ("remind", "reminder", "remember", "forget", "notified",
///    "alert") ends the frame: what precedes it is the request ("please set up a", "i need to
///    be", "don't let me"), and the frame words after it ("me", "for", "to", "that", "about"…)
///    go too, repeatedly ("a reminder to alert me to wish…", "so i don't forget the…").
/// 2. A reminder word at the end ("i need to take out the trash, please remind me") leaves the
///    words before it.
/// 3. A container phrase ("to my calendar", "on the to do list", "for the calendar") with an
///    "add"/"put"/"schedule" verb names a calendar-style entry: both go ("add farm trip to my
///    calendar" → "farm trip").
/// 4. A leading "add" before an entry ("add a vet appointment…", "add jake's birthday party…",
///    "add call with the bank…") goes: the entry is the reminder, not the adding. It stays when
///    the adding is the task: a destination follows ("add salt to the soup") or a particle
///    ("add up the receipts").
/// 5. Politeness and need preambles at the start ("please", "can you", "i need to", "i want
///    to") and at the end ("please", "for me") go; so do trailing lead-in words.
enum ReminderTitle {
    typealias Word = ReminderCommandParts.Word

    static let anchors: Set<String> = ["remind", "reminder", "reminders", "reminded", "remember", "forget", "notified", "notify", "alert"]
    /// Only the first words of a command can be its request.
    static let anchorWindow = 9
    static let afterAnchor: Set<String> = ["me", "for", "to", "that", "so", "about", "of", "myself", "please", "again", "later"]
    static let rightAfterAnchor: Set<String> = ["set", "up", "alarm", "made", "created"]
    static let chained: Set<String> = ["remind", "alert", "tell", "notify"]
    /// "tell me …", "ping me …": a request word only when "me" follows.
    static let meAnchors: Set<String> = ["tell", "ping", "text", "alert", "notify", "nudge"]
    static let preambles: [[String]] = [
        ["please"], ["can", "you"], ["could", "you"], ["would", "you"], ["will", "you"], ["i", "need", "you", "to"],
        ["i", "want", "you", "to"], ["i", "need", "to"], ["i", "want", "to"], ["i", "have", "to"], ["i", "must"],
        ["i'd", "like", "to"], ["i", "would", "like", "to"], ["i", "need"], ["help", "me", "to"], ["help", "me"],
        ["you", "need", "to"], ["we", "need", "to"], ["todo"], ["todo:"], ["to"], ["tell", "me", "to"],
        ["i", "don't"], ["i", "dont"], ["i", "do", "not"], ["don't"], ["dont"], ["when", "it's", "time", "to"], ["when", "its", "time", "to"],
    ]
    static let containerNouns: Set<String> = ["calendar", "schedule", "list", "agenda", "reminders", "diary", "planner"]
    static let containerVerbs: Set<String> = ["add", "put", "schedule", "write", "note", "mark", "place", "insert"]
    static let trailing: Set<String> = ["please", "thanks", "by", "on", "at", "before", "until", "for", "the", "due", "this", "to", "and"]

    /// The task words of `words` (a command's remainder after its date phrases went).
    static func task(_ words: [Word]) -> [Word] {
        var w = words
        w = stripAnchorFrame(w)
        w = stripContainer(w)
        w = stripPreambles(w)
        w = stripEntryVerb(w)
        while let last = w.last, trailing.contains(last.key) || last.key == "me" && w.count >= 2 && w[w.count - 2].key == "for" {
            w.removeLast()
            if last.key == "me", w.last?.key == "for" { w.removeLast() }
        }
        return w
    }

    /// The title text of task words: as typed, first letter capitalised.
    static func text(_ words: [Word]) -> String {
        var title = words.map(\.text).joined(separator: " ")
        if let first = title.first { title.replaceSubrange(title.startIndex...title.startIndex, with: first.uppercased()) }
        return title
    }

    static func stripAnchorFrame(_ words: [Word]) -> [Word] {
        let isAnchor = { (i: Int) in
            anchors.contains(words[i].key) || meAnchors.contains(words[i].key) && i + 1 < words.count && words[i + 1].key == "me"
        }
        guard let a = words.indices.prefix(anchorWindow).first(where: isAnchor) else { return words }
        let tail = words[(a + 1)...].filter { !["me", "please", "myself", "later", "again"].contains($0.key) }
        if tail.isEmpty {
            // "i need to take out the trash, please remind me"
            return Array(words[..<a])
        }
        // "don't forget to set a reminder to pay…": a second reminder word close after the first
        // is where the frame really ends.
        if let b = words.indices.dropFirst(a + 1).prefix(4).first(where: { anchors.contains(words[$0].key) }),
           b + 1 < words.count {
            return stripAnchorFrame(Array(words[b...]))
        }
        var i = a + 1
        while i < words.count, rightAfterAnchor.contains(words[i].key), i - a <= 2 { i += 1 }
        var progressed = true
        while progressed {
            progressed = false
            while i < words.count - 1, afterAnchor.contains(words[i].key) || words[i].key.isEmpty { i += 1; progressed = true }
            // "…to alert me to…", "…that i need to…", "…so i don't forget…"
            if i < words.count - 1, chained.contains(words[i].key) || anchors.contains(words[i].key) { i += 1; progressed = true; continue }
            if let p = preambles.first(where: { matches($0, words, at: i) }), i + p.count < words.count { i += p.count; progressed = true }
        }
        return Array(words[i...])
    }

    static func stripContainer(_ words: [Word]) -> [Word] {
        // "to my calendar", "on the to do list", "for the calendar", "to my schedule"
        for i in words.indices where ["to", "on", "in", "onto", "for"].contains(words[i].key) {
            var j = i + 1
            guard j < words.count, ["my", "the", "our", "a"].contains(words[j].key) else { continue }
            j += 1
            var end = j
            while end < words.count, end - j < 4, !containerNouns.contains(words[end].key) {
                guard ["to", "do", "todo", "to-do", "task", "tasks", "reminder", "house", "shopping", "things"].contains(words[end].key) else { break }
                end += 1
            }
            guard end < words.count, containerNouns.contains(words[end].key) else { continue }
            var out = Array(words[..<i]) + Array(words[(end + 1)...])
            if let v = out.firstIndex(where: { containerVerbs.contains($0.key) }), v < 4 {
                out = Array(out[(v + 1)...])
            }
            return out.isEmpty ? words : out
        }
        return words
    }

    /// Words that start a named entry after "add": a determiner or a possessive ("jake's").
    static let entryStarts: Set<String> = ["a", "an", "the", "my", "our", "his", "her", "their"]

    /// Words after "add" that make the adding the task ("add up the receipts", "add more salt").
    static let addParticles: Set<String> = ["up", "more", "some", "on", "in", "back", "it", "them", "this", "that"]
    /// Words that give "add" a destination ("add salt to the soup"): then the adding is the task.
    static let addTargets: Set<String> = ["to", "into", "onto"]

    static func stripEntryVerb(_ words: [Word]) -> [Word] {
        guard words.count >= 3, words[0].key == "add" else { return words }
        let next = words[1].key
        if entryStarts.contains(next) || next.hasSuffix("'s") && next.count > 2 { return Array(words.dropFirst()) }
        // "add call with the bank", "add dentist appointment": a bare entry, nowhere to add it to
        guard !addParticles.contains(next), !words.dropFirst().contains(where: { addTargets.contains($0.key) }) else { return words }
        return Array(words.dropFirst())
    }

    static func stripPreambles(_ words: [Word]) -> [Word] {
        var w = words
        var changed = true
        while changed, w.count > 1 {
            changed = false
            if let p = preambles.first(where: { matches($0, w, at: 0) }), p.count < w.count {
                w.removeFirst(p.count)
                changed = true
            }
        }
        return w
    }

    static func matches(_ pattern: [String], _ words: [Word], at i: Int) -> Bool {
        guard i + pattern.count <= words.count else { return false }
        return pattern.indices.allSatisfy { words[i + $0].key == pattern[$0] }
    }
}
