import Foundation
import IntentKit
import IntentTestSupport
import Testing

@Suite struct JSONTextTests {
    private func parse(_ text: String, _ numbers: JSONText.Numbers = .exactOrText) throws -> JSONValue {
        try JSONText.parse(Data(text.utf8), numbers: numbers)
    }

    @Test func numbersADoubleCannotHoldKeepTheirLiteralText() throws {
        let cases = ["12345678901234567890", "1e20", "9007199254740993", "9223372036854775808",
                     "-9223372036854775809", "1e400", "3.14159265358979323846"]
        for literal in cases {
            #expect(try parse("{\"n\": \(literal)}")["n"] == .string(literal), "\(literal)")
        }
        #expect(try parse("{\"n\": 42}")["n"] == .number(42))
        #expect(try parse("{\"n\": -0.5e2}")["n"] == .number(-50))
        #expect(try parse("[9007199254740991]") == .array([.number(9_007_199_254_740_991)]))
    }

    @Test func doubleModeRefusesWhatIsOutOfRange() {
        #expect(throws: JSONTextError.self) { try parse("[1e400]", .double) }
        #expect((try? parse("[1e20]", .double)) == .array([.number(1e20)]))
    }

    @Test func nestingIsBoundedWithoutRecursion() throws {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let error = try #require(throws: JSONTextError.self) { try parse(deep) }
        #expect(error.reason.contains("nested deeper than 64"))
        let ok = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) { try parse(ok) }
    }

    @Test func malformedTextNamesLineAndColumnWithoutQuotingIt() throws {
        let error = try #require(throws: JSONTextError.self) { try parse("{\n  \"title\": secret}") }
        #expect(error.line == 2)
        #expect(error.column == 12)
        #expect(!error.description.contains("secret"))
        for bad in ["{\"a\":1,\"a\":2}", "[01]", "[1,]", "{\"a\" 1}", "\"\\ud800\"", "[\"\u{01}\"]", "[] []", "", "tru"] {
            #expect(throws: JSONTextError.self, "\(bad)") { try parse(bad) }
        }
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
        #expect(try parse(#"["a\"b\\c\/\n\u00e9\ud83d\ude42"]"#) == .array([.string("a\"b\\c/\né🙂")]))
        #expect(throws: JSONTextError.self) { try JSONText.parse(Data([0x5B, 0x22, 0xFF, 0x22, 0x5D])) }
    }
}
