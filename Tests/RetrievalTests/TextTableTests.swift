import Foundation
import Grounding
@testable import Retrieval
import Testing

/// Tables a program printed as text (`TextTables`): columns aligned by spaces or parted by `|`,
/// under a header and a rule.
@Suite struct TextTableTests {
    static let cashUp = """
        TillMate v4.2  -  Event Cash-Up Report\r
        Event        : Autumn Gala 2026\r
        \r
        STALL TAKINGS\r
        ----------------------------------------------------------------\r
        Stall                                   Cash    EFTPOS     Total\r
        ----------------------------------------------------------------\r
        Sausage sizzle                        902.00    560.00  1,462.00\r
        Cake stall                            652.50    295.00    947.50\r
        Silent auction                          0.00  1,410.00  1,410.00\r
        ----------------------------------------------------------------\r
        TOTALS                              1,554.50  2,265.00  3,819.50\r
        \r
        Floats issued (8 tins) ...................... $400.00\r

        """

    static func lines(_ text: String, encoding: TextEncoding = .utf8) -> [String] {
        (TextTables.extract(Array(text.utf8), from: 0, encoding: encoding)?.text ?? "")
            .split(whereSeparator: \.isNewline).map(String.init)
    }

    @Test func eachRowOfAnAlignedTableIsItsCellsLabelledByTheirColumn() throws {
        let lines = Self.lines(Self.cashUp)
        #expect(lines == ["TillMate v4.2  -  Event Cash-Up Report", "Event        : Autumn Gala 2026",
                          "STALL TAKINGS", "----------------------------------------------------------------",
                          // a number wider than its label, right-aligned under it, stays whole
                          "Stall: Sausage sizzle; Cash: 902.00; EFTPOS: 560.00; Total: 1,462.00",
                          "Stall: Cake stall; Cash: 652.50; EFTPOS: 295.00; Total: 947.50",
                          "Stall: Silent auction; Cash: 0.00; EFTPOS: 1,410.00; Total: 1,410.00",
                          // the line of totals under the closing rule is a row too
                          "Stall: TOTALS; Cash: 1,554.50; EFTPOS: 2,265.00; Total: 3,819.50",
                          "Floats issued (8 tins) ...................... $400.00"])
        // a quote is the file's bytes
        let bytes = Array(Self.cashUp.utf8)
        let extracted = try #require(TextTables.extract(bytes, from: 0, encoding: .utf8))
        #expect(try extracted.sourceText(of: "295.00", in: bytes) == "295.00")
        #expect(try extracted.sourceText(of: "Cake stall", in: bytes) == "Cake stall")
    }

    @Test func aRuleOfOneRunAColumnGivesTheColumnsAndARowGoesOnBelow() {
        let text = """
              Surface                 Tile                      Grout                       Seal?
              ----------------------  ------------------------  --------------------------  -------------
              Kitchen backsplash      Riviera 3x12 Sea Glass    Flexcolor CQ Warm Gray      NO
              Hall bath floor         Cascade 2" hex            Keracolor S sanded #5       YES - grout only
                                                                Warm Gray

              * Keracolor S is a cement grout.
            """
        #expect(Self.lines(text) == [
            "Surface: Kitchen backsplash; Tile: Riviera 3x12 Sea Glass; Grout: Flexcolor CQ Warm Gray; Seal?: NO",
            "Surface: Hall bath floor; Tile: Cascade 2\" hex; Grout: Keracolor S sanded #5 Warm Gray; Seal?: YES - grout only",
            "  * Keracolor S is a cement grout."])
    }

    @Test func columnsAreCountedInCharactersAndDatesAreSpelledOut() {
        // `Zoë` and `–` are two and three bytes: the columns after them are where they look
        let text = """
            Ship Date   Reference      Customer   Total  Note
            -------------------------------------------------
            01/05/2026  CL-10118       Zoë L.    $11.45  VOIDED – refunded
            01/15/2026  CL-10174       Ann P.    $12.13
            """
        #expect(Self.lines(text) == [
            "Ship Date: 01/05/2026 (5 January 2026); Reference: CL-10118; Customer: Zoë L.; Total: $11.45; Note: VOIDED – refunded",
            "Ship Date: 01/15/2026 (15 January 2026); Reference: CL-10174; Customer: Ann P.; Total: $12.13"])
    }

    @Test func aTablePartedByPipesUnderARuleIsReadToo() {
        let text = """
            -------------------------------------------------
            DATE        | ACTIVITY                  | HRS  | COST
            -------------------------------------------------
            14/02/2026  | Medical emergencies       | 3.0  | $0
            22/03/2026  | Caries risk webinar       | 1.5  | $45.00
            -------------------------------------------------
            Total: 4.5 hrs
            """
        #expect(Self.lines(text) == [
            "-------------------------------------------------",
            "DATE: 14/02/2026 (14 February 2026); ACTIVITY: Medical emergencies; HRS: 3.0; COST: $0",
            "DATE: 22/03/2026 (22 March 2026); ACTIVITY: Caries risk webinar; HRS: 1.5; COST: $45.00",
            "-------------------------------------------------", "Total: 4.5 hrs"])
    }

    @Test func aDatabaseClientsTableInItsFrameIsReadToo() {
        // psql's and mysql's output pasted into notes
        let psql = """
             id | payee          | amount  | paid
            ----+----------------+---------+------------
              1 | Ackroyd & Sons | 4536.50 | 2026-03-02
              2 | Leeds CC       |   60.13 |
            (2 rows)
            """
        #expect(Self.lines(psql) == ["id: 1; payee: Ackroyd & Sons; amount: 4536.50; paid: 2026-03-02 (2 March 2026)",
                                     "id: 2; payee: Leeds CC; amount: 60.13", "(2 rows)"])
        let mysql = """
            +----+----------+--------+
            | id | payee    | amount |
            +----+----------+--------+
            |  1 | Leeds CC |  60.13 |
            +----+----------+--------+
            """
        #expect(Self.lines(mysql) == ["+----+----------+--------+", "id: 1; payee: Leeds CC; amount: 60.13",
                                      "+----+----------+--------+"])
    }

    @Test func proseAndUnderlinedHeadingsAreNoTable() {
        #expect(TextTables.extract(Array("Minutes of the meeting\n======================\nWe met.\n".utf8),
                                   from: 0, encoding: .utf8) == nil)
        // a row that runs across a column's edge ends the table before it; none left, no table
        let crossing = "Name   Place   Date\n-------------------\nA long name that runs on and on\n"
        #expect(TextTables.extract(Array(crossing.utf8), from: 0, encoding: .utf8) == nil)
        // a header that runs across its rule's gap has no edge there: no table, whatever follows
        #expect(TextTables.extract(Array("NameLong  Place  Date\n---- ----  -----  ----\n".utf8), from: 0, encoding: .utf8) == nil)
        #expect(TextTables.extract(Array("NameLong  Place  Date\n---- ----  -----  ----\nAnn  Leeds  Mon\n".utf8),
                                   from: 0, encoding: .utf8) == nil)
        // two columns are a list of labels and values, which the lines say as they are
        #expect(TextTables.extract(Array("Item      Price\n---------------\nTea       2.50\n".utf8), from: 0, encoding: .utf8) == nil)
    }

    @Test func aQuestionOfAPrintedTableIsAnsweredFromItsRow() throws {
        let t = try TempLibrary()
        _ = try t.write("GALA_CASHUP_21-03-2026.txt", Self.cashUp)
        _ = try t.write("notes.md", "# Gala\n\nThe cake stall was run by Aroha and the juniors.\n")
        try t.library.enqueue(paths: [t.docs])
        #expect(try t.library.processQueue().indexed == 2)
        let (answer, _) = try t.library.answerWithDiagnostics(question: "cake stall eftpos takings")
        #expect(!answer.abstained)
        #expect(answer.answer?.contains("EFTPOS: 295.00") == true, "\(answer.answer ?? "")")
        #expect(answer.citations.first?.path.hasSuffix(".txt") == true)
    }
}
