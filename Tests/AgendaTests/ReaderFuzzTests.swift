import Primitives
import XCTest
@testable import Agenda

/// Random mutations and truncations of every fixture must either throw a typed error or parse;
/// listing what parsed must terminate. A trap would abort the test process.
final class ReaderFuzzTests: XCTestCase {
    private static let alphabet: [UInt8] = Array("::;;,=\"\\\r\n \tZT0123456789-+PWDHMSBEGIN:END:VEVENTRRULE:FREQ=".utf8) + [0xFF, 0xC3, 0x00]

    private func mutate(_ data: [UInt8], _ rng: inout SeededGenerator) -> [UInt8] {
        var d = data
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !d.isEmpty else { break }
            let i = Int.random(in: 0..<d.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: d = Array(d[..<i])
            case 1: d.removeSubrange(i..<min(d.count, i + Int.random(in: 1...40, using: &rng)))
            case 2: d.insert(Self.alphabet.randomElement(using: &rng)!, at: i)
            case 3: d[i] = Self.alphabet.randomElement(using: &rng)!
            case 4:
                let end = min(d.count, i + Int.random(in: 1...200, using: &rng))
                d.insert(contentsOf: d[i..<end], at: Int.random(in: 0...d.count, using: &rng))
            default:
                let digits = Array("9999999999999999999".utf8.prefix(Int.random(in: 1...19, using: &rng)))
                d.insert(contentsOf: digits, at: i)
            }
        }
        return d
    }

    private func files(_ dir: URL, _ ext: String) throws -> [(String, [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(ext) }.sorted()
            .map { ($0, Array(try Data(contentsOf: dir.appendingPathComponent($0)))) }
    }

    func testMutatedCalendarsThrowOrParse() throws {
        var config = CalendarConfig()
        config.maxOccurrencesPerSeries = 200
        config.maxPeriodsPerSeries = 5_000
        config.unboundedHorizonDays = 400
        var rng = SeededGenerator(seed: 20_261_129)
        let inputs = try files(AgendaFixtures.ics, ".ics")
        XCTAssertEqual(inputs.count, 18)
        var parsed = 0, thrown = 0
        for round in 0..<40 {
            for (name, bytes) in inputs {
                let data = Data(round == 0 ? bytes : mutate(bytes, &rng))
                for mode in [ParseMode.tolerant, .strict] {
                    do {
                        let cal = try ICalendarParser.parse(data, fileName: name, mode: mode, config: config)
                        _ = occurrences(in: [cal], from: nil, to: nil, timeZone: AgendaFixtures.berlin, config: config)
                        _ = ICSWriter.serialize(cal)
                        parsed += 1
                    } catch {
                        XCTAssertFalse(error.description.isEmpty)
                        thrown += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(parsed, 0)
        XCTAssertGreaterThan(thrown, 0)
    }

    func testMutatedVCardsThrowOrParse() throws {
        var rng = SeededGenerator(seed: 42)
        let inputs = try files(AgendaFixtures.vcf, ".vcf")
        var parsed = 0
        for round in 0..<60 {
            for (name, bytes) in inputs {
                let data = Data(round == 0 ? bytes : mutate(bytes, &rng))
                if let cards = try? VCardReader.parse(data, fileName: name) { parsed += cards.count }
            }
        }
        XCTAssertGreaterThan(parsed, 0)
    }

    func testTruncationsAtEveryTenthByte() throws {
        let bytes = Array(try Data(contentsOf: AgendaFixtures.ics.appendingPathComponent("rie__event_10_times.ics")))
        for cut in stride(from: 0, through: bytes.count, by: 10) {
            let data = Data(bytes[..<cut])
            if let cal = try? ICalendarParser.parse(data, fileName: "cut.ics") {
                XCTAssertLessThanOrEqual(occurrences(in: [cal], from: nil, to: nil, timeZone: AgendaFixtures.utc).count, 10)
            }
        }
    }
}
