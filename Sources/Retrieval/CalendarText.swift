import Foundation
import Primitives

/// Text of an iCalendar file (`.ics`: a calendar's export, a meeting invite): each event, to-do
/// or journal entry one record line, as a CSV row reads, its description a field of it when
/// short (else lines of their own after it):
///
///     event: Wedding fair; location: Royal Armouries, Leeds; starts: 20261114T093000 (Saturday
///     14 November 2026, 09:30, until 17:00); organizer: Amy Hart; description: Stand 14.
///
/// Values are source runs (a quote is the file's bytes; an escaped `\,` maps to its two bytes),
/// labels and spelled-out dates map to none. Times are read as written in their own zone; a UTC
/// time (`…Z`) is also given in the calendar's zone (`X-WR-TIMEZONE`, or the one zone its
/// `VTIMEZONE`s define), else in the machine's. Time-zone definitions and alarms are not text.
enum CalendarText {
    /// Components read as records, and the label of their summary.
    static let records: [String: String] = ["VEVENT": "event", "VTODO": "to-do", "VJOURNAL": "journal entry"]

    static func extract(_ bytes: [UInt8], from start: Int) -> ExtractedText {
        let lines = ContentLine.read(bytes, from: start)
        var builder = ExtractedTextBuilder(source: bytes)
        let zone = displayZone(lines, bytes)
        var stack: [String] = []
        var record: [ContentLine] = []
        for line in lines {
            switch line.name {
            case "BEGIN":
                let name = line.valueString(bytes).uppercased()
                stack.append(name)
                if records[name] != nil { record = [] }
            case "END":
                if let top = stack.popLast(), let label = records[top], !stack.contains(where: { records[$0] != nil }) {
                    append(record, label: label, zone: zone, bytes, to: &builder)
                }
            case "X-WR-CALNAME" where stack == ["VCALENDAR"]:
                builder.appendText("calendar: ")
                ContentLine.appendText(line.value, bytes, to: &builder)
                builder.endParagraph()
            default:
                if let top = stack.last, records[top] != nil { record.append(line) }
            }
        }
        return builder.build()
    }

    /// The zone a UTC time is also given in.
    static func displayZone(_ lines: [ContentLine], _ bytes: [UInt8]) -> TimeZone? {
        let named = lines.first { $0.name == "X-WR-TIMEZONE" }.map { $0.valueString(bytes) }
        let defined = Set(lines.filter { $0.name == "TZID" }.map { $0.valueString(bytes) })
        let candidates = [named, defined.count == 1 ? defined.first : nil].compactMap { $0 }
        if let zone = candidates.lazy.compactMap({ TimeZone(identifier: $0.trimmingCharacters(in: .whitespaces)) }).first {
            return zone
        }
        // the machine's, unless it is UTC itself (then a time says "UTC")
        let current = TimeZone.current
        let utc: Set = ["UTC", "GMT", "UCT", "UNIVERSAL", "ZULU", "ETC/UTC", "ETC/GMT", "ETC/UCT", "ETC/UNIVERSAL", "ETC/ZULU"]
        return utc.contains(current.identifier.uppercased()) ? nil : current
    }

    /// Fields of the record line, in the order they are written, and their labels: the place
    /// before the times, so "when is the walkthrough at oakbank hall" finds the place and the
    /// start side by side (an answer is a run of neighbouring fields, `ClauseWindow`).
    private static let fields: [(name: String, label: String)] = [
        ("LOCATION", "location"), ("DTSTART", "starts"), ("DUE", "due"), ("RRULE", "repeats"),
        ("ORGANIZER", "organizer"), ("ATTENDEE", "attendees"), ("STATUS", "status"), ("CATEGORIES", "categories"),
        ("URL", "link"), ("CONTACT", "contact"),
    ]

    private static func append(_ record: [ContentLine], label: String, zone: TimeZone?, _ bytes: [UInt8],
                               to builder: inout ExtractedTextBuilder) {
        var first = true
        func open(_ label: String) {
            if !first { builder.appendText("; ") }
            first = false
            builder.appendText(label + ": ")
        }
        if let summary = record.first(where: { $0.name == "SUMMARY" }) {
            open(label)
            ContentLine.appendText(summary.value, bytes, to: &builder)
        }
        let end = record.first { $0.name == "DTEND" }.flatMap { ICSDateTime($0, bytes) }
        let description = record.first { $0.name == "DESCRIPTION" }
        let inline = description.map { isShort($0.valueString(bytes)) } ?? false
        for field in fields {
            let lines = record.filter { $0.name == field.name && !$0.value.isEmpty }
            guard !lines.isEmpty else { continue }
            open(field.label)
            for (i, line) in lines.enumerated() {
                if i > 0 { builder.appendText(", ") }
                switch field.name {
                case "DTSTART", "DUE":
                    appendSource(line.value, to: &builder)
                    if let date = ICSDateTime(line, bytes) {
                        // the end beside the start: "what time" is asked of a start, and a
                        // field of its own would answer it
                        let until = field.name == "DTSTART" ? end?.spelledEnd(after: date, zone: zone).map { ", until " + $0 } : nil
                        builder.appendText(" (\(date.spelled(zone: zone))\(until ?? ""))")
                    }
                case "RRULE":
                    appendSource(line.value, to: &builder)
                    if let words = RecurrenceWords.spelled(line.valueString(bytes)) { builder.appendText(" (\(words))") }
                case "ORGANIZER", "ATTENDEE":
                    appendPerson(line, bytes, to: &builder)
                default:
                    ContentLine.appendText(line.value, bytes, to: &builder)
                }
            }
        }
        if inline, let description {
            open("description")
            ContentLine.appendText(description.value, bytes, to: &builder, newline: 0x20)
        }
        if !first { builder.appendText("\n") }
        for line in record where line.name == "DESCRIPTION" && !inline || line.name == "COMMENT" {
            let text = line.valueBytes(bytes)
            guard text.contains(where: { $0 > 0x20 }) else { continue }
            builder.appendText(line.name == "DESCRIPTION" ? "description: " : "comment: ")
            ContentLine.appendText(line.value, bytes, to: &builder)
            builder.appendText("\n")
        }
        builder.endParagraph()
    }

    /// A description short enough to be a field of its record: a few words on at most three lines.
    static func isShort(_ escaped: String) -> Bool {
        escaped.split(whereSeparator: { $0 == " " || $0 == "\t" }).count <= 30
            && escaped.components(separatedBy: "\\n").count <= 3
    }

    private static func appendSource(_ value: [Range<Int>], to builder: inout ExtractedTextBuilder) {
        for piece in value { builder.appendSource(piece) }
    }

    /// A person: the name (`CN`) and the address, `Amy Hart (amy@example.org)`; the name's
    /// characters are the parameter's bytes in the file only when it is one line, so it is text.
    private static func appendPerson(_ line: ContentLine, _ bytes: [UInt8], to builder: inout ExtractedTextBuilder) {
        let value = line.valueBytes(bytes)
        let skip = value.count >= 7 && String(decoding: value.prefix(7), as: UTF8.self).lowercased() == "mailto:" ? 7 : 0
        let name = line.parameter("CN").flatMap { $0.isEmpty ? nil : $0 }
        let hasAddress = value.count > skip
        if let name {
            builder.appendText(name)
            if hasAddress { builder.appendText(" (") }
        }
        // the address's bytes, without `mailto:`
        var skipped = 0
        for piece in line.value {
            let lo = min(piece.upperBound, piece.lowerBound + (skip - skipped))
            skipped += lo - piece.lowerBound
            builder.appendSource(lo..<piece.upperBound)
        }
        if name != nil, hasAddress { builder.appendText(")") }
    }
}
