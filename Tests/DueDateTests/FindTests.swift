import Foundation
import Testing
@testable import DueDate

@Suite struct FindTests {
    private let p = parser("2026-03-04T10:15:00")

    private func found(_ text: String) -> (String, String)? {
        guard let (range, date) = p.find(in: text) else { return nil }
        return (String(text[range]), date.isoString(in: p.timeZone))
    }

    @Test func findsThePhraseAndItsRange() {
        #expect(found("call mom tomorrow at 5 #family")! == ("tomorrow at 5", "2026-03-05T17:00:00+00:00"))
        #expect(found("meeting on March 20 at 10am with Bob")! == ("March 20 at 10am", "2026-03-20T10:00:00+00:00"))
        #expect(found("submit report by next friday")! == ("next friday", "2026-03-13"))
        #expect(found("pay rent on the 5th")! == ("5th", "2026-03-05"))
        #expect(found("renew passport 2026-06-01 latest")! == ("2026-06-01", "2026-06-01"))
        #expect(found("dentist in 3 weeks")! == ("in 3 weeks", "2026-03-25"))
        #expect(found("taxes due in May")! == ("in May", "2026-05-01"))
        #expect(found("standup at 9:30")! == ("at 9:30", "2026-03-04T21:30:00+00:00"))
    }

    @Test(arguments: [
        "finish the second draft", "you may want to march on", "I sat down for a while", "order 25 widgets",
        "Version 1.1.3 is out", "score was 3 30", "we are separated", "it costs $12.53", "may I call you",
        "the sun is out", "plan a march", "good morning everyone", "bring 2 chairs", "room 101",
    ])
    func ordinaryWordsAndNumbersDoNotFire(_ text: String) {
        #expect(found(text) == nil, "fired on \(text)")
    }

    @Test func invalidDatesInTextAreSkipped() {
        #expect(found("see you June 31") == nil)
        #expect(found("on 13/31/2026 or tomorrow")! == ("tomorrow", "2026-03-05"))
    }
}
