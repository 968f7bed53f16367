import Foundation
import IntentKit
import Testing

@Suite struct CatalogAndNamingTests {
    @Test func namingConvertsCamelCase() {
        #expect(Naming.kebab("includeCompleted") == "include-completed")
        #expect(Naming.snake("dueDate") == "due_date")
        #expect(Naming.kebab("title") == "title")
    }

    @Test func suggestionsFindTypos() {
        let names = ["CaptureThought", "CreateReminder", "DailyBrief"]
        #expect(Suggestion.closest(to: "CreateRemider", in: names) == "CreateReminder")
        #expect(Suggestion.closest(to: "dailybreif", in: names) == "DailyBrief")
        #expect(Suggestion.closest(to: "zzzz", in: names) == nil)
    }

    @Test func nullableSchemaAddsNullToTypeAndEnum() {
        let schema = JSONSchema.nullable(.string(enum: ["a"]))
        #expect(schema.jsonValue["type"] == .array([.string("string"), .string("null")]))
        #expect(schema.jsonValue["enum"] == .array([.string("a"), .null]))
    }

    @Test func envelopeEncodesSnakeCaseAndExitCode() throws {
        let env = IntentRunner.failure(.confirmationRequired, intent: "X", runID: "run_1")
        let json = try JSONValue.encoding(env)
        #expect(json["schema"] == .string("intent.run/1"))
        #expect(json["run_id"] == .string("run_1"))
        #expect(json["status"] == .string("needs_confirmation"))
        #expect(json["error"]?["exit_code"] == .number(77))
        #expect(env.exitCode == .notPermitted)
    }

    @Test func everyErrorMapsToTheDocumentedExitCode() {
        let table: [(IntentError, Int32)] = [
            (.usage("u"), 64), (.missingValue(parameter: "p"), 64), (.invalidValue(parameter: "p", reason: "r"), 65),
            (.invalidInput("i"), 65), (.unavailable("x"), 69), (.temporary("t"), 75), (.confirmationRequired, 77),
            (.declined, 77), (.notPermitted("n"), 77), (.configuration("c"), 78), (.cancelled, 130), (.internalError("b"), 1),
        ]
        for (error, code) in table { #expect(error.exitCode.rawValue == code, "\(error.code)") }
        #expect(IntentRunner.classify(CancellationError()) == .cancelled)
    }

    @Test func pathsFollowHomeThenXDG() {
        let home = AppPaths.resolve(home: "/h", environment: ["HOME": "/u", "INTENT_MODELS": "/m"])
        #expect(home.databaseURL.path == "/h/data/intent.sqlite")
        #expect(home.configDirectory.path == "/h/config")
        #expect(home.modelDirectories.map(\.path) == ["/m", "/h/models", "/u/.local/share/intent/models"])
        let xdg = AppPaths.resolve(home: nil, environment: ["HOME": "/u", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d"])
        #expect(xdg.databaseURL.path == "/d/intent/intent.sqlite")
        #expect(xdg.configFileURL.path == "/c/intent/config.json")
        let env = AppPaths.resolve(home: nil, environment: ["HOME": "/u", "INTENT_HOME": "/e"])
        #expect(env.dataDirectory.path == "/e/data")
    }
}
