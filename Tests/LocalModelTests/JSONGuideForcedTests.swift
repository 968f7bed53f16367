@testable import LocalModel
import Testing

/// The forced end of a guided document: generation stops evaluating the model once no choice
/// is left, and must never stop while one remains.
@Suite struct JSONGuideForcedTests {
    func tail(after text: String, schema: String = JSONGuideEnumTests.schema) throws -> String? {
        var r = JSONRecognizer(schema: try JSONSchema.parse(schema), maxWhitespace: 1)
        let fits = r.feed(Array(text.utf8))
        try #require(fits, "the prefix does not fit the schema")
        return JSONGuide.forcedTail(from: r).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theRestIsForcedOnceOneValueAloneMatches() throws {
        #expect(try tail(after: #"{"title":"pay the rent","due":"on"#) == #" the 1st"}"#)
        #expect(try tail(after: #"{"title":"pay the rent","due":""#) == #"on the 1st"}"#)
        #expect(try tail(after: #"{"due":"on the 1st","title":"the"#) == #" rent"}"#)
        #expect(try tail(after: #"{"title":"pay the rent","due":nu"#) == #"ll}"#)
        #expect(try tail(after: #"{"title":"pay the rent","due":null"#) == "}")
        // Whitespace after the last value is no choice.
        #expect(try tail(after: "{\"title\":\"the rent\",\"due\":null\n") == "}")
        // The one key left, then a value that still has a choice: not forced.
        #expect(try tail(after: #"{"title":"pay the rent""#) == nil)
    }

    @Test func aChoiceLeftIsNeverForced() throws {
        #expect(try tail(after: "") == nil)                                  // `{` then which key
        #expect(try tail(after: "{") == nil)
        #expect(try tail(after: #"{"title":"pay"#) == nil)                  // "pay" or "pay the rent"
        #expect(try tail(after: #"{"title":"pay the rent","due":"#) == nil)  // a phrase or null
        let free = #"{"type":"object","properties":{"note":{"type":"string"}},"required":["note"]}"#
        #expect(try tail(after: #"{"note":"ab"#, schema: free) == nil)
        let optional = #"{"type":"object","properties":{"a":{"type":"boolean"},"b":{"type":"boolean"}},"required":["a"]}"#
        #expect(try tail(after: #"{"a":true"#, schema: optional) == nil)    // `}` or `,"b":`
        #expect(try tail(after: #"{"a":t"#, schema: optional) == nil)
        let numbers = #"{"type":"array","items":{"type":"integer"},"maxItems":2}"#
        #expect(try tail(after: "[1", schema: numbers) == nil)
        #expect(try tail(after: "[1,2", schema: numbers) == nil)            // more digits or `]`
        #expect(try tail(after: "[1,2 ", schema: numbers) == "]")
    }

    @Test func theForcedTailCompletesAValidDocument() throws {
        let schema = try JSONSchema.parse(JSONGuideEnumTests.schema)
        for prefix in [#"{"title":"pay the rent","due":"on the"#, #"{"due":null,"title":"the r"#] {
            var r = JSONRecognizer(schema: schema, maxWhitespace: 1)
            let fits = r.feed(Array(prefix.utf8))
            try #require(fits)
            let rest = try #require(JSONGuide.forcedTail(from: r))
            let done = r.feed(rest)
            #expect(done && r.isFinished)
            #expect(schema.violation(inJSON: prefix + String(decoding: rest, as: UTF8.self)) == nil)
        }
    }
}
