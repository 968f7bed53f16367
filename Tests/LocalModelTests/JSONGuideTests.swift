import Foundation
import Testing
@testable import LocalModel

@Suite struct JSONGuideTests {
    static let briefSchema = #"{"type":"object","properties":{"headline":{"type":"string","maxLength":20},"points":{"type":"array","items":{"type":"string","enum":["a","bc"]},"minItems":1,"maxItems":2},"due":{"type":["string","null"],"pattern":"^\\d{4}-\\d{2}-\\d{2}$"},"n":{"type":"integer"},"x":{"type":"number"},"ok":{"type":"boolean"},"z":{"type":"null"}},"required":["headline","points","n"]}"#

    func accepts(_ schema: String, _ text: String, maxWhitespace: Int = 1) throws -> (ok: Bool, finished: Bool) {
        var r = JSONRecognizer(schema: try JSONSchema.parse(schema), maxWhitespace: maxWhitespace)
        let ok = r.feed(Array(text.utf8))
        return (ok, ok && r.isFinished)
    }

    @Test func acceptsConformingDocuments() throws {
        let docs = [
            #"{"headline":"Day","points":["a"],"n":3}"#,
            #"{"points":["bc","a"], "n":-12,"headline":"x\"y\u00e9","due":"2026-01-02","x":1.5e-3,"ok":false,"z":null}"#,
            #"{"headline":"","points":["a"],"n":0,"due":null}"#,
        ]
        for d in docs {
            let r = try accepts(Self.briefSchema, d)
            #expect(r.ok && r.finished, "doc \(d.count) bytes")
            #expect(try JSONSchema.parse(Self.briefSchema).violation(inJSON: d) == nil)
        }
    }

    @Test func rejectsViolationsAtTheFirstBadByte() throws {
        let bad = [
            #"{"headline":"x","points":[],"#,                 // minItems 1
            #"{"headline":"x","points":["a","a","a"#,          // maxItems 2
            #"{"headline":"x","points":["b"]"#,                // enum
            #"{"headline":"012345678901234567890"#,            // maxLength 20
            #"{"headline":"x","n":1.5"#,                       // integer
            #"{"headline":"x","n":01"#,                        // leading zero
            #"{"headline":"x","due":"2026-1""#,                // pattern
            #"{"headline":"x","extra":1"#,                     // unknown key
            #"{"headline":"x","headline":"y"#,                 // duplicate key
            #"{"headline":"x"}"#,                              // missing required
            #"{"headline":"x","ok":tru3"#,
            "{\"headline\":\"a\nb\"",                           // raw control character
            "{  \"headline\"",                                  // whitespace run above 1
        ]
        for b in bad {
            let accepted = try accepts(Self.briefSchema, b).ok
            if accepted { Issue.record("accepted invalid prefix: \(b)") }
        }
    }

    @Test func topLevelNumbersEndOnlyWhenComplete() throws {
        var r = JSONRecognizer(schema: .number, maxWhitespace: 1)
        let first = r.feed(Array("-1.".utf8))
        #expect(first)
        #expect(!r.canEnd)
        let second = r.feed(Array("25".utf8))
        #expect(second)
        #expect(r.canEnd && !r.isFinished)
    }

    /// Random walks through the automaton, then forced completion: the result always parses
    /// and validates, whatever prefix the walk stopped at.
    @Test func forcedCompletionAlwaysValidates() throws {
        let schemas = [Self.briefSchema,
                       #"{"type":"array","items":{"type":"object","properties":{"t":{"type":"string","minLength":2}},"required":["t"]},"minItems":2}"#,
                       #"{"type":"string","pattern":"^[a-c]+-\\d$"}"#,
                       #"{"type":"integer"}"#]
        let alphabet = Array(#"{}[]",:0123456789-.eE+ abcnulltruefalse\"#.utf8) + Array("headlinepointsdue".utf8) + [0xC3, 0xA9]
        var seed: UInt64 = 12345
        for s in schemas {
            let schema = try JSONSchema.parse(s)
            for _ in 0..<150 {
                var r = JSONRecognizer(schema: schema, maxWhitespace: 1)
                var text: [UInt8] = []
                for _ in 0..<40 {
                    seed = seed &* 6364136223846793005 &+ 1442695040888963407
                    let start = Int(seed >> 33) % alphabet.count
                    for k in 0..<alphabet.count {
                        var c = r
                        let byte = alphabet[(start + k) % alphabet.count]
                        if c.feed(byte) { r = c; text.append(byte); break }
                    }
                    if r.isFinished { break }
                }
                let tail = try JSONGuide.forcedCompletion(of: &r)
                let doc = String(decoding: text + tail, as: UTF8.self)
                #expect(schema.violation(inJSON: doc) == nil, "schema \(s.count): \(doc)")
            }
        }
    }

    @Test func minimalValuesValidate() throws {
        let schema = try JSONSchema.parse(Self.briefSchema)
        let minimal = try #require(JSONGuide.minimal(schema))
        #expect(schema.violation(inJSON: String(decoding: minimal, as: UTF8.self)) == nil)
    }

    @Test func schemaSubsetIsEnforcedAtParseTime() {
        for bad in [#"{"type":"string","format":"date"}"#, #"{"type":"integer","minimum":1}"#,
                    #"{"type":"object","additionalProperties":true}"#, #"{"anyOf":[]}"#,
                    #"{"type":"array"}"#, #"{"type":"string","pattern":"(?!x)"}"#,
                    #"{"type":"object","properties":{},"required":["a"]}"#] {
            #expect(throws: LocalModelError.self) { try JSONSchema.parse(bad) }
        }
        #expect(throws: Never.self) { try JSONSchema.parse(#"{"type":"string","description":"d","title":"t"}"#) }
    }
}
