import Foundation
import Primitives
import Testing
@testable import DueDate

/// Random and mutated input never crashes the parser: every call either resolves or throws.
@Suite struct FuzzTests {
    private let seeds = ["tomorrow at 5pm", "next friday 14:00", "3rd of march 2027", "in 2.5 hours",
                         "2026-02-28T23:59:59+05:30", "first tuesday of october", "8/10/2012", "eod monday",
                         "half past three pm", "2 weeks after yesterday", "at 7:30 PM on Fri, Sep 20"]
    private let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789 :/.-+,'\"@#$%()ÄéΩ😀\t\n")

    private func check(_ p: DueDateParser, _ text: String) {
        do {
            let r = try p.parse(text)
            if let end = r.end { #expect(end > r.start) }
            _ = r.isoString(in: p.timeZone)
        } catch {
            #expect(!error.description.isEmpty)
        }
        if let (range, _) = p.find(in: text) {
            #expect(!text[range].isEmpty)
        }
    }

    @Test func randomStrings() {
        var rng = SeededGenerator(seed: 42)
        let p = parser("2026-03-04T10:15:00", zone: "America/New_York")
        for _ in 0..<800 {
            let length = Int.random(in: 0...24, using: &rng)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
            check(p, text)
        }
    }

    @Test func mutatedPhrases() {
        var rng = SeededGenerator(seed: 7)
        let p = parser("2024-02-29T23:59:00", zone: "Europe/Berlin")
        for _ in 0..<800 {
            var chars = Array(seeds.randomElement(using: &rng)!)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let op = Int.random(in: 0..<3, using: &rng)
                let at = Int.random(in: 0...chars.count, using: &rng)
                switch op {
                case 0 where at < chars.count: chars.remove(at: at)
                case 1: chars.insert(alphabet.randomElement(using: &rng)!, at: at)
                default: if at < chars.count { chars[at] = alphabet.randomElement(using: &rng)! }
                }
            }
            check(p, String(chars))
        }
    }

    @Test func extremeNumbersAndLengths() {
        let p = parser("2026-03-04T10:15:00")
        for text in ["in 99999999999999999999 days", "in 4999 years", "99999-99-99", "9999/99/99", "0/0", "00:00:00.000000000000",
                     String(repeating: "tomorrow ", count: 200), String(repeating: "9", count: 5000), "-99999999 days",
                     "year 0", "0001-01-01", "9999-12-31T23:59:59+14:00"] {
            check(p, text)
        }
    }
}
