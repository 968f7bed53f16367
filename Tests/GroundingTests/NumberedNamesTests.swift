import Testing
@testable import Grounding

@Suite struct NumberedNamesTests {
    @Test func aNumberAfterANameIsPartOfIt() {
        #expect(NumberedNames.asked(in: "Who won Super Bowl 50?") == [.init(word: "bowl", number: 50)])
        #expect(NumberedNames.asked(in: "In what venue did Super Bowl XIX take place?") == [.init(word: "bowl", number: 19)])
        #expect(NumberedNames.asked(in: "what colour is the hive 1 queen marked") == [.init(word: "hive", number: 1)])
        // a year, a day of a month, a count and a lone letter are no names' numbers
        #expect(NumberedNames.asked(in: "What did the Panthers win in 2015?").isEmpty)
        #expect(NumberedNames.asked(in: "Is the fair on May 3?").isEmpty)
        #expect(NumberedNames.asked(in: "how many jars did we sell 27 or 30").isEmpty)
        #expect(NumberedNames.asked(in: "What did Henry V do?").isEmpty)
    }

    @Test func aSentenceOfAnotherNumberNamesAnother() {
        let asked = NumberedNames.asked(in: "What city did Super Bowl 50 take place in?")
        #expect(NumberedNames.namesAnother("It is the first Super Bowl held here since Super Bowl XIX in 1985.", than: asked))
        // the one asked named as well, or none named, is no other
        #expect(!NumberedNames.namesAnother("Super Bowl 50 was the first since Super Bowl XIX.", than: asked))
        #expect(!NumberedNames.namesAnother("The Broncos took an early lead and never trailed.", than: asked))
        // (a numeral of one letter is not read: "Super Bowl L" names no number)
        #expect(!NumberedNames.namesAnother("Super Bowl L was played in Santa Clara.", than: asked))
        #expect(NumberedNames.namesAnother("Hive: 3; Temper: tetchy", than: NumberedNames.asked(in: "hive 1 temper")))
    }

    @Test func romanNumeralsReadAsWritten() {
        #expect(NumberedNames.value("XIX") == 19)
        #expect(NumberedNames.value("XLIX") == 49)
        #expect(NumberedNames.value("IIII") == nil)
        #expect(NumberedNames.value("CID") == nil)
        #expect(NumberedNames.value("2015") == nil)
    }
}
