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

    /// A fresh home whose library holds `files` (name, text), added through the binary.
    func library(_ files: [(String, String)], _ environment: [String: String]) async throws -> TemporaryHome {
        let home = TemporaryHome()
        let docs = home.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: docs.appendingPathComponent(name)) }
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
        let home = try await library([
            ("lemon-cake.html", Self.recipe),
            ("garden.md", "# Garden notes\nThe tomatoes went in on 12 May. Water them every second evening.\nThe shed key is under the blue pot by the back door.\n"),
            ("budget.csv", "month,item,amount\nJanuary,groceries,412.50\nFebruary,groceries,389.20\nFebruary,electricity,96.00\n"),
        ], environment)
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
        #expect(groceries.answer == "month: February; item: groceries; amount: 389.20", "\(groceries)")
        #expect(groceries.quotes.first == "February,groceries,389.20", "\(groceries)")
    }

    static let lease = """
        TENANCY AGREEMENT - SUMMARY

        Property: Flat 2, 18 Orchard Road, Bristol BS6 5AX
        Landlord: Margaret Ellis (contact via Brightmove Lettings)
        Tenant: Sam Carter
        Term: 12 months from 1 October 2026 to 30 September 2027

        1. Notice
        After the first 6 months either party may end the tenancy by giving two months' written notice.

        2. Bills
        The tenant pays council tax, electricity, gas, water and broadband.
        """
    static let car = """
        # Car

        ## Insurance
        Insured with Admiral. The policy renews on 14 January every year; last year's premium was £412.

        ## Servicing
        - Last service: 9 September 2026 at 48,210 miles.
        - The MOT is due on 22 March.
        """
    static let expenses = "date,category,amount,note\r\n2026-02-09,groceries,91.30,Tesco\r\n2026-03-08,groceries,68.90,Lidl\r\n2026-03-15,fuel,58.75,BP\r\n"

    /// A lease of "Label: value" lines, a note, a CSV with ISO dates: each field line is an answer
    /// of its own, a row is found by the month its date names, and a sentence three items away
    /// that only repeats the best one's words does not join the answer.
    @Test(.enabled(if: SmallLibraryRunTests.models != nil, "needs minilm-l6-v2 (make models)"))
    func recordsAndFieldLinesAnswerOnTheirOwn() async throws {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let environment = ["INTENT_MODELS": Self.models ?? ""]
        let home = try await library([
            ("lease.txt", Self.lease), ("car.md", Self.car), ("expenses.csv", Self.expenses),
            ("pta.md", "# PTA meeting, 15 Sept\n\n## Summer fair recap\n* raised £2,340 in total, the tombola most\n* the cake stall ran out by 2pm\n\n## Christmas fair\n- date agreed: Saturday 5 December\n"),
        ], environment)

        let landlord = try await ask("Who is the landlord?", home, environment)
        #expect(landlord.answer == "Landlord: Margaret Ellis (contact via Brightmove Lettings)", "\(landlord)")
        let fuel = try await ask("How much did I spend on fuel in March?", home, environment)
        #expect(fuel.answer == "date: 2026-03-15 (15 March 2026); category: fuel; amount: 58.75; note: BP", "\(fuel)")
        #expect(fuel.quotes.first == "2026-03-15,fuel,58.75,BP", "\(fuel)")
        let service = try await ask("When was the car last serviced?", home, environment)
        #expect(service.answer == "- Last service: 9 September 2026 at 48,210 miles.", "\(service)")
        // a section heading's words count for the bullets under it
        let fair = try await ask("How much was raised at the summer fair?", home, environment)
        #expect(fair.answer.hasPrefix("* raised £2,340 in total"), "\(fair)")
        let christmas = try await ask("When is the Christmas fair?", home, environment)
        #expect(christmas.answer == "- date agreed: Saturday 5 December", "\(christmas)")
        let tax = try await ask("Who pays the council tax?", home, environment)
        #expect(tax.answer == "The tenant pays council tax, electricity, gas, water and broadband.", "\(tax)")
    }

    @Test(.enabled(if: SmallLibraryRunTests.models != nil, "needs minilm-l6-v2 (make models)"))
    func exportsAndTablesAnswerAsRecords() async throws {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let environment = ["INTENT_MODELS": Self.models ?? ""]
        let home = try await library([
            // a medication export whose list of times comes before the notes (once: an answer with no quote)
            ("medications.json", """
                [{"person": "Ellie Barker", "medication": "Clenil Modulite", "dose": "2 puffs", "times": ["07:30", "19:30"],
                  "start_date": null, "notes": "Rinse mouth after use. Asthma review booked 9 May 2025 at 4:10pm"},
                 {"person": "Jack Barker", "medication": "Calpol", "dose": "10ml", "times": ["as needed"], "notes": "Age 6-8 dose"}]
                """),
            // a card statement with day-first dates, as a UK bank writes them
            ("card.csv", """
                "Transaction Date","Description","Category","Debit","Credit"
                "05/03/2025","PAYMENT RECEIVED - THANK YOU","Payment","","950.00"
                "10/03/2025","DVLA VEHICLE TAX","Motoring","195.00",""
                "28/03/2025","WATERSTONES BRISTOL","Shopping","26.98",""
                """),
            ("plan.md", """
                # Half marathon plan

                | Week | Starting | Sunday long run |
                |------|----------|-----------------|
                | 8    | 12 Aug   | 13 km           |
                | 9    | 19 Aug   | 18 km           |
                """),
        ], environment)

        let review = try await ask("When is Ellie's asthma review?", home, environment)
        // a record is one unit: Ellie's row, whose notes say when
        #expect(review.answer.hasPrefix("person: Ellie Barker;") && review.answer.hasSuffix("Asthma review booked 9 May 2025 at 4:10pm"),
                "\(review)")
        #expect(review.quotes.first?.hasSuffix("Asthma review booked 9 May 2025 at 4:10pm") == true, "\(review)")
        let calpol = try await ask("How much Calpol should Ellie have?", home, environment)
        #expect(calpol.answer.isEmpty, "Jack's row is not Ellie's: \(calpol)")
        // 28/03/2025 reads as 28 March: the column has days above 12
        let march = try await ask("How much did I spend at Waterstones in March?", home, environment)
        #expect(march.answer.contains("(28 March 2025)") && march.answer.contains("26.98"), "\(march)")
        #expect(march.quotes.first == "28/03/2025\",\"WATERSTONES BRISTOL\",\"Shopping\",\"26.98", "\(march)")
        let february = try await ask("How much did I spend at Waterstones in February?", home, environment)
        #expect(february.answer.isEmpty, "\(february)")
        let run = try await ask("How far is the Sunday long run in week 9?", home, environment)
        #expect(run.answer == "Week: 9; Starting: 19 Aug; Sunday long run: 18 km", "\(run)")
    }
}
