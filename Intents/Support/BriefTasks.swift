import Agenda
import Foundation
import IntentKit
import Store

/// Suggested tasks for a brief: actionable thoughts and events worth preparing for, each with a
/// stable id and its source, none duplicating an open reminder.
struct BriefTasks {
    let facts: BriefFacts
    let dates: any DatePhraseResolver

    func suggest() -> [DailyBriefValue.Task] {
        var candidates: [(task: DailyBriefValue.Task, sortKey: Date)] = []
        for thought in facts.thoughts.reversed() where isActionable(thought) {
            let title = Self.cleanTitle(thought.text, removing: dateRange(in: thought.text))
            guard !title.isEmpty else { continue }
            let sortKey = thought.due.flatMap(Self.instant) ?? .distantFuture
            candidates.append((task(title, due: thought.due, source: "thought:\(thought.id)"), sortKey))
        }
        for event in facts.events + facts.nextMorning where !event.allDay && needsPreparation(event) {
            let due = ISODates.string(for: event.start, allDay: false, timeZone: facts.timeZone)
            let day = ISODates.string(for: event.start, allDay: true, timeZone: facts.timeZone)
            candidates.append((task("Prepare for \(event.title)", due: due, source: "event:\(event.uid)@\(day)"), event.start))
        }
        let reminderTitles = facts.openReminders.map { Self.words($0.title) }
        var seen: [Set<String>] = []
        var out: [DailyBriefValue.Task] = []
        for candidate in candidates.sorted(by: { $0.sortKey < $1.sortKey }) {
            let words = Self.words(candidate.task.title)
            if reminderTitles.contains(where: { Self.similar($0, words) }) { continue }
            if seen.contains(where: { Self.similar($0, words) }) { continue }
            seen.append(words)
            out.append(candidate.task)
            if out.count == BriefRules.maxTasks { break }
        }
        return out
    }

    func task(_ title: String, due: String?, source: String) -> DailyBriefValue.Task {
        DailyBriefValue.Task(id: StableHash.id("task", source + "|" + Self.words(title).sorted().joined(separator: " ")),
                             title: title, due: due, source: source)
    }

    func isActionable(_ thought: ThoughtRecord) -> Bool {
        if thought.due != nil { return true }
        let words = Self.words(thought.text)
        return !words.isDisjoint(with: BriefRules.actionWords)
    }

    func needsPreparation(_ event: EventOccurrence) -> Bool {
        !Self.words(event.title).isDisjoint(with: BriefRules.prepWords)
    }

    func dateRange(in text: String) -> Range<String.Index>? {
        dates.find(in: text, now: facts.now, timeZone: facts.timeZone)?.range
    }

    /// The thought as a task title: no hashtags, no date phrase, no "todo:" prefix, first letter capitalised.
    static func cleanTitle(_ text: String, removing range: Range<String.Index>?) -> String {
        var body = text
        if let range { body.replaceSubrange(range, with: " ") }
        var words = body.split(whereSeparator: \.isWhitespace).map(String.init).filter { !$0.hasPrefix("#") }
        if let first = words.first?.lowercased(), ["todo:", "todo", "idea:", "note:", "remember:", "remember", "to"].contains(first) {
            words.removeFirst()
        }
        while let last = words.last?.lowercased(), ["by", "on", "at", "before", "until", "for", "the", "due", "-", "–", ","].contains(last) {
            words.removeLast()
        }
        var title = words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,;:-"))
        if let first = title.first { title.replaceSubrange(title.startIndex...title.startIndex, with: first.uppercased()) }
        return title
    }

    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != ":" }.map(String.init)
            .filter { $0.count > 2 || $0 == "1:1" })
    }

    /// Same task when most words are shared (Jaccard ≥ 0.6) or one title's words contain the other's.
    static func similar(_ a: Set<String>, _ b: Set<String>) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        let shared = a.intersection(b).count
        if shared == min(a.count, b.count) && shared >= 2 { return true }
        return Double(shared) / Double(a.union(b).count) >= 0.6
    }

    static func instant(_ iso: String) -> Date? {
        if iso.count == 10 {
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withFullDate]
            return f.date(from: iso)
        }
        return ISO8601DateFormatter().date(from: iso)
    }
}
