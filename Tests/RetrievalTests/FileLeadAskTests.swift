import Foundation
import Testing
@testable import Retrieval

/// A file's opening lines (`LibraryCatalog.lead`) reach the gates with every passage of it: the
/// total at the foot of a report answers a question that names the report's period, which only
/// its header states.
@Suite struct FileLeadAskTests {
    /// A till's tip-pool report for `period` (its header) with a share for each of 48 staff, its
    /// total at the foot.
    static func report(period: String, total: String) -> String {
        var lines = ["FOXGLOVE & RAIL BREWING - TAPROOM", "TIP POOL DISTRIBUTION REPORT", "Period: \(period)", "",
                     "Employee            Role           Share", "----------------------------------------"]
        let first = ["Rosa", "Kai", "Ben", "Wes", "Ada", "Ivo", "Liv", "Mae"], last = ["Delgado", "Ottley", "Trinh", "Achebe", "Duval", "Nakamura"]
        for (i, name) in first.flatMap({ f in last.map { "\(f) \($0)" } }).enumerated() {
            lines.append(name.padding(toLength: 20, withPad: " ", startingAt: 0) + "Bartender".padding(toLength: 15, withPad: " ", startingAt: 0)
                         + "$\(300 + 7 * i).25")
        }
        lines += ["----------------------------------------", "Tip pool total ................. \(total)", "** END OF REPORT **", ""]
        return lines.joined(separator: "\n")
    }

    @Test func theLeadIsTheFirstLinesThatSaySomething() throws {
        let t = try TempLibrary()
        _ = try t.write("TipPool_0301-0315_2026.txt", Self.report(period: "03/01/2026 - 03/15/2026", total: "$4,862.40"))
        try t.library.enqueue(paths: [t.docs])
        #expect(try t.library.processQueue().indexed == 1)
        let leads = try t.library.store.database().read { c in
            let doc = try c.rows("SELECT id FROM library_documents") { $0.int64(0) }.first!
            return (try LibraryCatalog.leads(of: [doc, 999], c), doc)
        }
        #expect(leads.0 == [leads.1: "FOXGLOVE & RAIL BREWING - TAPROOM\nTIP POOL DISTRIBUTION REPORT\nPeriod: 03/01/2026 - 03/15/2026"])
        // lines that say nothing are passed over; three lines at most, 240 characters in all
        #expect(LibraryCatalog.lead("-----\n\nOne\n====\nTwo\nThree\nFour") == "One\nTwo\nThree")
        #expect(LibraryCatalog.lead(String(repeating: "x", count: 300) + "\nShort") == "")
    }

    @Test func aTotalAtTheFootOfAReportAnswersForThePeriodItsHeaderStates() throws {
        let t = try TempLibrary()
        _ = try t.write("TipPool_0301-0315_2026.txt", Self.report(period: "03/01/2026 - 03/15/2026", total: "$4,862.40"))
        try t.library.enqueue(paths: [t.docs])
        #expect(try t.library.processQueue().indexed == 1)
        let (answer, diagnostics) = try t.library.answerWithDiagnostics(question: "tip pool total mar 1-15")
        #expect(!answer.abstained, "\(diagnostics.abstainRule ?? "")")
        #expect(answer.answer?.contains("$4,862.40") == true, "\(answer.answer ?? "")")
        // another period's report, whose header names other days, does not answer it
        let other = try TempLibrary()
        _ = try other.write("TipPool_0316-0331_2026.txt", Self.report(period: "03/16/2026 - 03/31/2026", total: "$3,100.00"))
        try other.library.enqueue(paths: [other.docs])
        #expect(try other.library.processQueue().indexed == 1)
        let (second, rules) = try other.library.answerWithDiagnostics(question: "tip pool total mar 1-15")
        #expect(second.abstained, "\(second.answer ?? "")")
        #expect(rules.abstainRule == "H4.question-number-missing")
    }
}
