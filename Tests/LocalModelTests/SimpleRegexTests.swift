import Testing
@testable import LocalModel

@Suite struct SimpleRegexTests {
    func matches(_ pattern: String, _ s: String) throws -> Bool {
        let r = try SimpleRegex(pattern)
        var st = r.initial
        for u in s.unicodeScalars { st = r.step(st, u); if st.isDead { return false } }
        return r.isAccepting(st)
    }

    @Test func anchoredPatterns() throws {
        #expect(try matches(#"^\d{4}-\d{2}-\d{2}$"#, "2026-12-04"))
        #expect(try !matches(#"^\d{4}-\d{2}-\d{2}$"#, "2026-12-4"))
        #expect(try matches("^(low|normal|high)$", "normal"))
        #expect(try !matches("^(low|normal|high)$", "medium"))
        #expect(try matches("^[A-Z][a-z]+( [A-Z][a-z]+)*$", "Mira Lopez"))
        #expect(try !matches("^[A-Z][a-z]+( [A-Z][a-z]+)*$", "mira"))
        #expect(try matches("^[^@ ]+@[^@ ]+\\.[a-z]{2,3}$", "a.b@example.org"))
        #expect(try matches("^a{2,}b?$", "aaaa"))
        #expect(try !matches("^a{2,}b?$", "a"))
    }

    @Test func unanchoredPatternsSearch() throws {
        #expect(try matches("cat", "concatenate"))
        #expect(try !matches("cat", "dog"))
        #expect(try matches("^ab", "abz"))
        #expect(try !matches("ab$", "abz"))
    }

    @Test func prefixesStayAliveOnlyWhileCompletable() throws {
        let r = try SimpleRegex(#"^\d{2}:\d{2}$"#)
        var st = r.initial
        for u in "12:".unicodeScalars { st = r.step(st, u) }
        #expect(!st.isDead)
        #expect(!r.isAccepting(st))
        #expect(r.shortestCompletion(from: st) == "00")
        #expect(r.step(st, "x").isDead)
    }

    @Test func rejectsUnsupportedSyntax() {
        #expect(throws: LocalModelError.self) { try SimpleRegex("(?=a)b") }
        #expect(throws: LocalModelError.self) { try SimpleRegex(#"(a)\1"#) }
        #expect(throws: LocalModelError.self) { try SimpleRegex("a$b") }
        #expect(throws: LocalModelError.self) { try SimpleRegex("[a-") }
    }
}
