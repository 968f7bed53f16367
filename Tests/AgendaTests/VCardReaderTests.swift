import XCTest
@testable import Agenda

final class VCardReaderTests: XCTestCase {
    /// Every expectation of the shared vCard evaluation (copied into Fixtures/vcf).
    func testSharedExpectations() throws {
        let text = try String(contentsOf: AgendaFixtures.vcf.appendingPathComponent("expectations.jsonl"), encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") where !line.isEmpty {
            let row = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let file = try XCTUnwrap(row["file"] as? String)
            let index = try XCTUnwrap(row["card_index"] as? Int)
            let expect = try XCTUnwrap(row["expect"] as? [String: Any])
            let data = try Data(contentsOf: AgendaFixtures.vcf.appendingPathComponent(file))
            let cards = try VCardReader.parse(data, fileName: file)
            let card = try XCTUnwrap(cards.count > index ? cards[index] : nil, "\(file) card \(index)")
            for (key, value) in expect {
                switch key {
                case "version": XCTAssertEqual(card.version, value as? String, "\(file) \(key)")
                case "FN": XCTAssertEqual(card.formattedName, value as? String, "\(file) \(key)")
                case "N.family": XCTAssertEqual(card.familyName, value as? String, "\(file) \(key)")
                case "N.given": XCTAssertEqual(card.givenName, value as? String, "\(file) \(key)")
                case "EMAIL": XCTAssertEqual(card.emails, value as? [String], "\(file) \(key)")
                case "TEL": XCTAssertEqual(card.phones, value as? [String], "\(file) \(key)")
                default: XCTFail("unknown expectation \(key)")
                }
            }
            checked += 1
        }
        XCTAssertEqual(checked, 9)
    }

    func testEveryFixtureFileParses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: AgendaFixtures.vcf.path).filter { $0.hasSuffix(".vcf") }
        XCTAssertEqual(files.count, 8)
        for f in files {
            let cards = try VCardReader.parse(try Data(contentsOf: AgendaFixtures.vcf.appendingPathComponent(f)), fileName: f)
            XCTAssertFalse(cards.isEmpty, f)
            XCTAssertTrue(cards.allSatisfy { $0.displayName != nil }, f)
        }
    }

    func testQuotedPrintableCharsetGroupsAndEscapes() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN;ENCODING=QUOTED-PRINTABLE;CHARSET=ISO-8859-1:M=FCller;J=\r\n=FCrgen\r\n"
            + "FN;CHARSET=UTF-8;QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller\r\nitem1.EMAIL;INTERNET:j@example.org\r\n"
            + "TEL;VALUE=uri:tel:+49-30-1234\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Smith\\, Jane\r\n"
            + "N:Smith;Jane;;;\r\nEND:VCARD\r\n"
        let cards = try VCardReader.parse(Data(text.utf8), fileName: "t.vcf")
        XCTAssertEqual(cards.count, 2)
        XCTAssertEqual(cards[0].familyName, "Müller")
        XCTAssertEqual(cards[0].givenName, "Jürgen")
        XCTAssertEqual(cards[0].formattedName, "Jürgen Müller")
        XCTAssertEqual(cards[0].emails, ["j@example.org"])
        XCTAssertEqual(cards[0].phones, ["+49-30-1234"])
        XCTAssertEqual(cards[1].formattedName, "Smith, Jane")
    }

    func testNoCardsThrows() {
        XCTAssertThrowsError(try VCardReader.parse(Data("nothing here".utf8), fileName: "n.vcf")) {
            XCTAssertEqual("\($0)", "n.vcf: no BEGIN:VCARD found")
        }
    }
}
