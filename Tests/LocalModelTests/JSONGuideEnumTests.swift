@testable import LocalModel
import Testing

/// String-enum constraints as the per-command grammar of CreateReminder uses them: a title
/// chosen from spans, a due phrase chosen from the parser's phrases or null.
@Suite struct JSONGuideEnumTests {
    static let schema = """
        {"type":"object","properties":{"title":{"type":"string","enum":["pay the rent","pay","the rent"]},
        "due":{"type":["string","null"],"enum":["on the 1st",null]}},"required":["title","due"]}
        """

    func accepts(_ text: String) throws -> Bool {
        var r = JSONRecognizer(schema: try JSONSchema.parse(Self.schema), maxWhitespace: 2)
        return r.feed(Array(text.utf8)) && r.isFinished
    }

    @Test func aNullableEnumParsesWithNullAmongItsValues() throws {
        let parsed = try JSONSchema.parse(Self.schema)
        guard case let .object(props, _) = parsed, case let .nullable(.string(c)) = props[1].schema else {
            Issue.record("unexpected schema \(parsed)"); return
        }
        #expect(c.enumValues == ["on the 1st"])
    }

    @Test func onlyOfferedSpansAndPhrasesAreAccepted() throws {
        #expect(try accepts(#"{"title":"pay the rent","due":"on the 1st"}"#))
        #expect(try accepts(#"{"title":"the rent","due":null}"#))
        #expect(try !accepts(#"{"title":"the 1st","due":null}"#))
        #expect(try !accepts(#"{"title":"pay the rent","due":"2026-12-01"}"#))
        #expect(try !accepts(#"{"title":"pay the ren","due":null}"#))
    }

    @Test func forcedCompletionStaysInsideTheEnums() throws {
        var r = JSONRecognizer(schema: try JSONSchema.parse(Self.schema), maxWhitespace: 2)
        let started = r.feed(Array(#"{"title":"pay t"#.utf8))
        #expect(started)
        var tail: [UInt8] = []
        while !r.canEnd {
            let step = try #require(JSONGuide.nextBytes(for: r))
            let fed = r.feed(step)
            #expect(fed)
            tail += step
        }
        #expect(String(decoding: tail, as: UTF8.self) == #"he rent","due":null}"#)
    }
}
