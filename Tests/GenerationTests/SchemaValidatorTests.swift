import Foundation
import IntentKit
import Testing
@testable import Generation

/// The DailyBrief reply shape from the design: headline, 3–5 key points, tasks with a source.
let briefSchema = JSONSchema.object([
    .init("headline", .string(minLength: 1, maxLength: 120)),
    .init("key_points", .array(of: .string(maxLength: 200), minItems: 3, maxItems: 5)),
    .init("tasks", .array(of: .object([
        .init("title", .string(maxLength: 80)),
        .init("due", .string(pattern: #"^\d{4}-\d{2}-\d{2}"#).nullable()),
        .init("source", .string(enum: ["calendar", "reminders", "thoughts", "library"])),
        .init("priority", .integer(minimum: 1, maximum: 3)),
    ], optional: ["priority"]), maxItems: 5)),
    .init("confidence", .number(minimum: 0, maximum: 1)),
    .init("complete", .boolean),
], optional: ["confidence", "complete"])

func json(_ text: String) throws -> JSONValue {
    try #require(JSONValue.parse(Data(text.utf8)))
}

@Suite("JSON Schema subset validator")
struct SchemaValidatorTests {
    @Test func validDocumentPasses() throws {
        let value = try json("""
        {"headline": "Busy Tuesday", "key_points": ["a", "b", "c"],
         "tasks": [{"title": "Call Mira", "due": "2026-12-01T17:00", "source": "reminders", "priority": 2},
                   {"title": "Read", "due": null, "source": "library"}],
         "confidence": 0.5, "complete": true}
        """)
        #expect(briefSchema.validate(value).isEmpty)
    }

    @Test func violationsArePathPreciseAndContentFree() throws {
        let value = try json("""
        {"headline": "", "key_points": ["only one"], "secret_extra": 1,
         "tasks": [{"title": "ok", "due": "next friday", "source": "email", "priority": 2.5},
                   {"due": 5, "source": "calendar"}],
         "confidence": 1.5, "complete": "yes"}
        """)
        let violations = briefSchema.validate(value).map(\.description)
        #expect(violations == [
            "$.headline: minLength (at least 1 characters)",
            "$.key_points: minItems (at least 3 items)",
            "$.tasks[0].due: pattern (must match ^\\d{4}-\\d{2}-\\d{2})",
            "$.tasks[0].source: enum (one of calendar, reminders, thoughts, library)",
            "$.tasks[0].priority: type (expected integer)",
            "$.tasks[1].title: required (property is required)",
            "$.tasks[1].due: type (expected string or null)",
            "$.confidence: maximum (at most 1)",
            "$.complete: type (expected boolean)",
            "$.secret_extra: additionalProperties (property is not allowed)",
        ])
        #expect(!violations.joined().contains("next friday"))
        #expect(!violations.joined().contains("email\""))
    }

    @Test func unexpectedKeysAreNotEchoed() throws {
        let value = try json(#"{"headline": "h", "key_points": ["a","b","c"], "tasks": [], "call Mira at 555 0100": 1}"#)
        #expect(briefSchema.validate(value).map(\.path) == ["$.<unexpected key>"])
    }

    @Test func rootTypeAndArrayBounds() throws {
        #expect(briefSchema.validate(try json("[1]")).map(\.description) == ["$: type (expected object)"])
        let list = JSONSchema.array(of: .integer(minimum: 0), minItems: 1, maxItems: 2)
        #expect(list.validate(try json("[1, -2, 3]")).map(\.rule) == [.maxItems, .minimum])
        #expect(list.validate(try json("[]")).map(\.rule) == [.minItems])
    }

    @Test func schemaDocumentRoundTrip() throws {
        let parsed = try JSONSchema(json: briefSchema.jsonValue)
        let sample = try json(#"{"headline": "h", "key_points": ["a","b"], "tasks": [{"title": "t", "due": null, "source": "x"}]}"#)
        #expect(parsed.validate(sample).map(\.description) == briefSchema.validate(sample).map(\.description))
        #expect(parsed.validate(sample).count == 2)
    }

    @Test func unsupportedKeywordsAreRejected() throws {
        #expect(throws: JSONSchemaError.self) { _ = try JSONSchema(json: try json(#"{"type": "object", "oneOf": []}"#)) }
        #expect(throws: JSONSchemaError.self) { _ = try JSONSchema(json: try json(#"{"type": "strin"}"#)) }
        #expect(throws: JSONSchemaError.self) { _ = try JSONSchema(json: try json(#"{"type": "string", "pattern": "("}"#)) }
        let nullableEnum = try JSONSchema(json: try json(#"{"type": ["string", "null"], "enum": ["a", null]}"#))
        #expect(nullableEnum.validate(.null).isEmpty)
        #expect(nullableEnum.validate(.string("b")).map(\.rule) == [.enumeration])
    }
}
