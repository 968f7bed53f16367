import Foundation
import Grounding
import Primitives
import Testing
@testable import Retrieval

/// Every extractor's text maps forward into its file: a quote is one stretch of source bytes, so
/// the runs of text must come in the file's order (a record's nested list written after the
/// record, out of order, once made a chunk's source range wrong and its quotes unverifiable).
@Suite struct ExtractionOrderTests {
    static func json(_ depth: Int, _ rng: inout SeededGenerator) -> String {
        let words = ["tablet", "21:30", "Ellie", "2025-05-09", "x", "notes on the review", "£42.50", ""]
        switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &rng) {
        case 0: return "\"\(words.randomElement(using: &rng)!)\""
        case 1: return ["12", "3.5", "true", "false", "null"].randomElement(using: &rng)!
        case 2, 3: return "\"\(words.randomElement(using: &rng)!) \(Int.random(in: 0..<99, using: &rng))\""
        case 4:
            let n = Int.random(in: 0..<(depth == 0 ? 12 : 5), using: &rng)
            return "[" + (0..<n).map { _ in json(depth + 1, &rng) }.joined(separator: ", ") + "]"
        default:
            let n = Int.random(in: 0..<9, using: &rng)
            return "{" + (0..<n).map { k in "\"k\(k)\": \(json(depth + 1, &rng))" }.joined(separator: ",\n ") + "}"
        }
    }

    /// Runs of text in ascending source order, each the source's bytes.
    static func check(_ text: ExtractedText, _ bytes: [UInt8]) -> Bool {
        let t = Array(text.text.utf8)
        var last = 0
        for s in text.segments {
            guard s.sourceOffset >= last, s.sourceLength != s.length || t[s.textOffset..<(s.textOffset + s.length)] == bytes[s.sourceOffset..<(s.sourceOffset + s.length)]
            else { return false }
            last = s.sourceOffset + s.sourceLength
        }
        return true
    }

    @Test func jsonRecordsKeepTheFilesOrder() throws {
        var rng = SeededGenerator(seed: 14)
        var parsed = 0
        for _ in 0..<400 {
            let source = Self.json(0, &rng)
            let bytes = Array(source.utf8)
            let text = try TextExtractor.extract(bytes, kind: .json, path: "t.json")
            #expect(Self.check(text, bytes), "\(source)")
            if JSONRecords.extract(bytes, from: 0, encoding: .utf8) != nil { parsed += 1 }
        }
        #expect(parsed == 400)
    }

    @Test func aRecordsListBeforeItsLaterMembersKeepsOrderAndStaysInTheRecord() throws {
        let source = """
            [{"person": "Ellie", "times": ["07:30", "19:30"], "address": {"town": "Thornbury"}, "start": null,
              "notes": "Review booked 9 May 2025", "doses": [{"at": "08:00"}], "after": "a later member"}]
            """
        let bytes = Array(source.utf8)
        let text = try TextExtractor.extract(bytes, kind: .json, path: "t.json")
        #expect(Self.check(text, bytes))
        #expect(text.text.split(separator: "\n").map(String.init) == [
            "person: Ellie; times: 07:30, 19:30; address town: Thornbury; notes: Review booked 9 May 2025; doses at: 08:00; after: a later member",
        ])
    }

    @Test func aContactsPhonesStayInItsRecordUnderTheirKindAndANestedObjectKeepsItsKey() throws {
        let source = """
            {"contacts": [{"name": "Jon Pryce", "phones": [{"type": "mobile", "number": "07700 900562"}, {"type": "work", "number": "0113 496 0348"}],
              "addresses": [{"type": "work", "street": "Arch 14", "city": "Leeds", "postcode": "LS1 4BJ"}], "emails": [{"address": "jon@example.com"}]}],
             "hot_water": {"mode": "schedule", "schedule": {"all_days": [{"on": "06:00", "off": "07:30"}], "note": "boost ok"}},
             "holidays": [{"name": "Xmas", "from": "22 Dec", "to": "28 Dec", "hot_water": "off"}]}
            """
        let bytes = Array(source.utf8)
        let text = try TextExtractor.extract(bytes, kind: .json, path: "t.json")
        #expect(Self.check(text, bytes))
        #expect(text.text.split(separator: "\n").map(String.init) == [
            "name: Jon Pryce; phones mobile: 07700 900562; phones work: 0113 496 0348; addresses work street: Arch 14; "
                + "addresses work city: Leeds; addresses work postcode: LS1 4BJ; emails address: jon@example.com",
            "hot_water mode: schedule",
            "hot_water schedule all_days on: 06:00; hot_water schedule all_days off: 07:30; hot_water schedule note: boost ok",
            "name: Xmas; from: 22 Dec; to: 28 Dec; hot_water: off",
        ])
    }

    @Test func aCamelCaseKeyReadsAsItsWords() throws {
        let source = """
            {"boiler": {"serviceDue": "2026-10-14", "frostProtectionC": 7.0, "nhsID": "x1", "eBay": "y", "URL": "z"}}
            """
        let bytes = Array(source.utf8)
        let text = try TextExtractor.extract(bytes, kind: .json, path: "t.json")
        #expect(Self.check(text, bytes))
        #expect(text.text.trimmingCharacters(in: .newlines) == "boiler service due: 2026-10-14 (14 October 2026); boiler frost protection C: 7.0; boiler nhs ID: x1; "
            + "boiler eBay: y; boiler URL: z")
    }

    @Test func aNamedObjectsOwnRecordsOpenWithItsName() throws {
        let source = """
            {"rota": {"week": 16}, "staff": [{"employeeId": "E09", "name": "Ewa Kowalczyk", "shifts": [
              {"date": "2026-04-17", "start": "06:00", "end": "10:30", "unpaidBreakMins": 0, "position": "Bakery"},
              {"date": "2026-04-18", "start": "06:00", "end": "10:30", "unpaidBreakMins": 0, "position": "Bakery"}]}]}
            """
        let bytes = Array(source.utf8)
        let text = try TextExtractor.extract(bytes, kind: .json, path: "t.json")
        #expect(Self.check(text, bytes))
        let lines = text.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "rota week: 16")
        #expect(lines.contains("employee id: E09; name: Ewa Kowalczyk"))
        #expect(lines.contains("name: Ewa Kowalczyk; shifts date: 2026-04-17 (17 April 2026); start: 06:00; end: 10:30; unpaid break mins: 0; position: Bakery"))
        // the name is the file's words, not a quote of its own: each shift's quote is its own bytes
        #expect(TextSignals.isRecord(lines.last!) && lines.last!.hasPrefix("name: Ewa Kowalczyk; shifts date: 2026-04-18"))
    }

    @Test func anUnnamedObjectOfAListOpensWithTheListsKey() throws {
        let source = """
            {"hive": "Van Dyk 2", "winterChecks": [{"date": "2025-12-14", "tempC": 6.5, "weightKg": 31, "note": "heavy"},
              {"date": "2026-01-20", "tempC": 4, "results": {"Basil": "flying", "Clover": "cluster heard"}}],
             "items": [{"what": "feeder", "qty": 2, "price": 9, "shop": "Dadant"}],
             "queens": [{"name": "Hilde", "marked": "blue", "year": 2025, "from": "Kees"}],
             "temperatureReadingsOfTheYard": [{"temperatureCelsius": 5, "b": 1, "c": 2, "d": 3}]}
            """
        let bytes = Array(source.utf8)
        let text = try TextExtractor.extract(bytes, kind: .json, path: "t.json")
        #expect(Self.check(text, bytes))
        let lines = text.text.split(separator: "\n").map(String.init)
        #expect(lines == [
            "hive: Van Dyk 2",
            "winter checks date: 2025-12-14 (14 December 2025); temp C: 6.5; weight kg: 31; note: heavy",
            "winter checks date: 2026-01-20 (20 January 2026); temp C: 4; results Basil: flying; results Clover: cluster heard",
            // a list's generic key, a named object, and a key that would make the label too long: as they are
            "what: feeder; qty: 2; price: 9; shop: Dadant",
            "name: Hilde; marked: blue; year: 2025; from: Kees",
            "temperature celsius: 5; b: 1; c: 2; d: 3",
        ])
        #expect(lines.allSatisfy { TextSignals.isRecord($0) || !$0.contains(";") })
    }

    @Test func csvAndHTMLTablesKeepTheFilesOrder() throws {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let rows = (0..<Int.random(in: 1..<6, using: &rng)).map { _ in
                (0..<Int.random(in: 1..<5, using: &rng)).map { _ in ["a", "\"b, c\"", "2026-03-01", "05/03/2025", "", "x y"].randomElement(using: &rng)! }
                    .joined(separator: ",")
            }
            let csv = "date,what,amount\n" + rows.joined(separator: "\n")
            let cells = rows.map { "<tr><td>" + $0.replacingOccurrences(of: ",", with: "</td><td>") + "</td></tr>" }
            let html = "<table><tr><th>A</th><th>B</th></tr>" + cells.joined() + "</table><p>After &amp; on.</p>"
            for (source, kind) in [(csv, DocumentKind.csv), (html, .html)] {
                let bytes = Array(source.utf8)
                #expect(Self.check(try TextExtractor.extract(bytes, kind: kind, path: "t"), bytes), "\(source)")
            }
        }
    }
}
