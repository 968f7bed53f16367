import Agenda
import Foundation
import IntentKit
import Store

/// Turns `BriefFacts` into the deterministic brief: a headline, 3–5 key points and at most five
/// suggested tasks, each citing its source. No model involved; a model rung may only rephrase it.
struct BriefComposer {
    let facts: BriefFacts
    let dates: any DatePhraseResolver

    func compose() -> DailyBriefValue {
        let zone = facts.timeZone
        return DailyBriefValue(
            date: ISODates.string(for: facts.day, allDay: true, timeZone: zone),
            headline: headline(),
            keyPoints: keyPoints(),
            tasks: BriefTasks(facts: facts, dates: dates).suggest(),
            events: facts.events.map { EventListValue.Event($0, zone: zone) },
            reminders: facts.dueReminders.map {
                .init(id: $0.id, title: $0.title, due: $0.due, list: $0.list, overdue: facts.isOverdue($0))
            },
            thoughts: facts.thoughts.map { .init(id: $0.id, text: $0.text, tags: $0.tags, due: $0.due) },
            warnings: facts.warnings)
    }

    // MARK: headline

    func headline() -> String {
        var parts: [String] = []
        let timed = facts.events.filter { !$0.allDay }
        if facts.events.isEmpty { parts.append("a clear calendar") } else {
            parts.append(count(facts.events.count, "event"))
        }
        let overdue = facts.dueReminders.filter(facts.isOverdue).count
        let dueToday = facts.dueReminders.count - overdue
        if dueToday > 0 { parts.append("\(count(dueToday, "reminder")) due") }
        if overdue > 0 { parts.append("\(overdue) overdue") }
        var text = "\(format(facts.day, "EEEE d MMMM")): " + parts.joined(separator: ", ")
        if let first = timed.first {
            let lead = "; first \(first.title) at \(format(first.start, "HH:mm"))"
            if text.count + lead.count <= BriefRules.headlineLimit { text += lead }
        }
        return text.count <= BriefRules.headlineLimit ? text : String(text.prefix(BriefRules.headlineLimit - 1)) + "…"
    }

    // MARK: key points

    func keyPoints() -> [String] {
        var points: [String] = []
        points.append(calendarPoint())
        points.append(reminderPoint())
        if let clash = overlapPoint() { points.append(clash) }
        points.append(thoughtPoint())
        if let morning = facts.nextMorning.first {
            points.append("Tomorrow starts with \(morning.title) at \(format(morning.start, "HH:mm")).")
        } else if let gap = freeTimePoint() {
            points.append(gap)
        }
        return Array(points.prefix(5))
    }

    func calendarPoint() -> String {
        let timed = facts.events.filter { !$0.allDay }
        let allDay = facts.events.filter(\.allDay)
        guard !facts.events.isEmpty else { return "No events on the calendar today." }
        var text = ""
        if let first = timed.first, let last = timed.last {
            text = timed.count == 1
                ? "One event: \(first.title) at \(format(first.start, "HH:mm"))"
                : "\(timed.count) events from \(format(first.start, "HH:mm")) (\(first.title)) to \(format(last.end, "HH:mm")) (\(last.title))"
        }
        if !allDay.isEmpty {
            let names = allDay.prefix(2).map(\.title).joined(separator: ", ")
            text += (text.isEmpty ? "All day: " : "; all day: ") + names + (allDay.count > 2 ? " and \(allDay.count - 2) more" : "")
        }
        if let location = timed.first(where: { $0.location?.isEmpty == false })?.location, text.count < 90 {
            text += " — first place: \(location)"
        }
        return text + "."
    }

    func reminderPoint() -> String {
        let overdue = facts.dueReminders.filter(facts.isOverdue)
        let today = facts.dueReminders.filter { !facts.isOverdue($0) }
        if facts.dueReminders.isEmpty {
            return facts.openReminders.isEmpty ? "No open reminders." :
                "Nothing due today; \(count(facts.openReminders.count, "open reminder")) in total."
        }
        var text = ""
        if !today.isEmpty { text = "Due today: " + names(today.map(\.title)) }
        if !overdue.isEmpty { text += (text.isEmpty ? "Overdue: " : "; overdue: ") + names(overdue.map(\.title)) }
        return text + "."
    }

    func thoughtPoint() -> String {
        let due = facts.thoughts.filter { facts.dueThoughtIDs.contains($0.id) }
        let recent = facts.thoughts.filter { !facts.dueThoughtIDs.contains($0.id) }
        let dueText = due.isEmpty ? "" : "\(count(due.count, "thought")) due today"
        guard !recent.isEmpty else {
            return dueText.isEmpty ? "No thoughts captured since \(previousDayName)." : dueText.prefix(1).uppercased() + dueText.dropFirst() + "."
        }
        var tags: [String: Int] = [:]
        for t in recent { for tag in t.tags { tags[tag, default: 0] += 1 } }
        let top = tags.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(2)
        let tagText = top.isEmpty ? "" : ", mostly " + top.map { "#\($0.key)" }.joined(separator: " and ")
        return "\(count(recent.count, "thought")) captured since \(previousDayName)\(tagText)\(dueText.isEmpty ? "" : "; " + dueText)."
    }

    /// "yesterday" for today's brief, else the weekday before the brief's day ("Tuesday").
    var previousDayName: String {
        let previous = facts.calendar.date(byAdding: .day, value: -BriefRules.thoughtLookbackDays, to: facts.day)!
        if facts.calendar.isDate(facts.day, inSameDayAs: facts.now) && BriefRules.thoughtLookbackDays == 1 { return "yesterday" }
        return format(previous, "EEEE")
    }

    func overlapPoint() -> String? {
        let timed = facts.events.filter { !$0.allDay }
        for (i, a) in timed.enumerated() {
            for b in timed[(i + 1)...] where b.start < a.end && a.start < b.end {
                return "Overlap at \(format(b.start, "HH:mm")): \(a.title) and \(b.title)."
            }
        }
        return nil
    }

    func freeTimePoint() -> String? {
        let timed = facts.events.filter { !$0.allDay }.sorted { $0.start < $1.start }
        guard timed.count >= 2 else { return timed.isEmpty ? nil : "The rest of the day is free." }
        var best: (Date, Date)?
        var cursor = timed[0].end
        for e in timed.dropFirst() {
            if e.start > cursor, best.map({ e.start.timeIntervalSince(cursor) > $0.1.timeIntervalSince($0.0) }) ?? true {
                best = (cursor, e.start)
            }
            cursor = max(cursor, e.end)
        }
        guard let (from, to) = best, to.timeIntervalSince(from) >= 30 * 60 else { return nil }
        return "Longest free stretch: \(format(from, "HH:mm"))–\(format(to, "HH:mm"))."
    }

    // MARK: helpers

    func format(_ date: Date, _ pattern: String) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = facts.timeZone
        f.dateFormat = pattern
        return f.string(from: date)
    }

    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    func names(_ titles: [String]) -> String {
        let shown = titles.prefix(3).joined(separator: ", ")
        return titles.count > 3 ? "\(shown) and \(titles.count - 3) more" : shown
    }
}
