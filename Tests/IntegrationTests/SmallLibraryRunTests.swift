import Foundation
import IntentTestSupport
import Primitives
import Testing

/// A small library as a person keeps one — an HTML recipe, a Markdown note, a CSV of spending —
/// asked through the binary the questions a person would ask. Headings label the text and are
/// never an answer of their own; the measure a question names picks the sentence ("what
/// temperature" is the one with °C, not "Zest of 1 lemon"); a list item with a number is a
/// sentence; quotes are the file's bytes (entities as written), the answer reads decoded.
/// With the MiniLM embedder a person has after `make models` (skipped, saying so, without it; the
/// hashing embedder abstains on some of these questions — an honest "the documents don't say").
@Suite("A small library through the binary")
struct SmallLibraryRunTests {
    static let models: String? = {
        let dir = ModelSearchPath.directories(home: nil, environment: ProcessInfo.processInfo.environment).map(\.path)
            .first { FileManager.default.fileExists(atPath: $0 + "/minilm-l6-v2/model.safetensors") }
        if dir == nil { print("SmallLibraryRunTests skipped: needs minilm-l6-v2 under the models directory (make models)") }
        return dir
    }()
    static let recipe = """
        <html><head><title>Lemon drizzle cake</title></head><body>
        <h1>Lemon drizzle cake</h1>
        <h2>Ingredients</h2><ul><li>225g butter</li><li>225g caster sugar</li><li>4 eggs</li><li>Zest of 1 lemon</li></ul>
        <h2>Method</h2>
        <p>Heat the oven to 180&deg;C (160&deg;C fan). Beat the butter and sugar until pale, then add the eggs one at a time.</p>
        <p>Bake for 45&ndash;50 minutes, until a skewer comes out clean. Let it cool for 10 minutes before adding the drizzle.</p>
        </body></html>
        """

    func library(_ environment: [String: String]) async throws -> TemporaryHome {
        let home = TemporaryHome()
        let docs = home.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data(Self.recipe.utf8).write(to: docs.appendingPathComponent("lemon-cake.html"))
        try Data("# Garden notes\nThe tomatoes went in on 12 May. Water them every second evening.\nThe shed key is under the blue pot by the back door.\n".utf8)
            .write(to: docs.appendingPathComponent("garden.md"))
        try Data("month,item,amount\nJanuary,groceries,412.50\nFebruary,groceries,389.20\nFebruary,electricity,96.00\n".utf8)
            .write(to: docs.appendingPathComponent("budget.csv"))
        let add = try await IntentBinary.run(["library", "add", docs.path], home: home.path, environment: environment)
        #expect(add.exitCode == 0, "\(add.stderr)")
        return home
    }

    func ask(_ question: String, _ home: TemporaryHome, _ environment: [String: String]) async throws -> (answer: String, quotes: [String]) {
        let run = try await IntentBinary.run(["run", "AskLibrary", question, "--json"], home: home.path, environment: environment)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let value = try #require(run.json?["value"] as? [String: Any], "\(run.stdout)")
        let citations = value["citations"] as? [[String: Any]] ?? []
        return (value["answer"] as? String ?? "", citations.compactMap { $0["quote"] as? String })
    }

    @Test(.enabled(if: SmallLibraryRunTests.models != nil, "needs minilm-l6-v2 (make models)"))
    func aPersonsQuestionsGetTheSentenceThatAnswersThem() async throws {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let environment = ["INTENT_MODELS": Self.models ?? ""]
        let home = try await library(environment)
        let oven = try await ask("What temperature should the oven be for the lemon cake?", home, environment)
        #expect(oven.answer == "Heat the oven to 180°C (160°C fan).", "\(oven)")
        #expect(oven.quotes == ["Heat the oven to 180&deg;C (160&deg;C fan)."], "\(oven)")
        let shortOven = try await ask("What temperature should the oven be?", home, environment)
        #expect(shortOven.answer == "Heat the oven to 180°C (160°C fan).", "\(shortOven)")
        let bake = try await ask("How long does the cake bake?", home, environment)
        #expect(bake.answer.hasPrefix("Bake for 45–50 minutes"), "\(bake)")
        let eggs = try await ask("How many eggs does the cake need?", home, environment)
        #expect(eggs.answer.hasPrefix("4 eggs"), "\(eggs)")
        #expect(eggs.quotes.first == "4 eggs", "\(eggs)")
        for answer in [oven, bake, eggs] {
            #expect(!answer.answer.contains("Lemon drizzle cake"), "a heading is not an answer: \(answer)")
        }
        let key = try await ask("Where is the shed key?", home, environment)
        #expect(key.answer.contains("under the blue pot"), "\(key)")
        // A spot described is the place asked for: no "Not found in the documents: the place".
        #expect(!key.answer.contains("Not found"), "\(key)")
        let groceries = try await ask("How much did I spend on groceries in February?", home, environment)
        // The answer's quote first; further documents' best sentences may follow as evidence.
        #expect(groceries.answer == "February,groceries,389.20", "\(groceries)")
        #expect(groceries.quotes.first == "February,groceries,389.20", "\(groceries)")
    }
}
