import Foundation
import Testing
@testable import Secrets

@Suite("Redactor")
struct RedactorTests {
    let redactor = Redactor()

    /// Credential shapes as they appear in real diagnostics (values are made up, shapes are real).
    @Test(arguments: [
        ("Authorization: Bearer sk-proj-4fJq9ZtX2mN8vB1cR7yK0pLw3sHdE6gA", "sk-proj-4fJq9ZtX2mN8vB1cR7yK0pLw3sHdE6gA"),
        ("curl -H 'Authorization: Bearer abcdef0123456789abcdef0123'", "abcdef0123456789abcdef0123"),
        ("using key sk-ant-api03-Qm1xW8rT5yU2iO9pA4sD7fG0hJ3kL6zX", "sk-ant-api03-Qm1xW8rT5yU2iO9pA4sD7fG0hJ3kL6zX"),
        ("key=sk-1234567890abcdefghijklmn failed", "sk-1234567890abcdefghijklmn"),
        ("token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c expired",
         "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"),
        ("{\"api_key\": \"hunter2-very-secret\"}", "hunter2-very-secret"),
        ("GITHUB_TOKEN=ghp_1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ", "ghp_1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ"),
        ("aws AKIAIOSFODNN7EXAMPLE in config", "AKIAIOSFODNN7EXAMPLE"),
        ("GET https://user:p4ssw0rd@example.com/v1/models", "p4ssw0rd"),
        ("https://generativelanguage.googleapis.com/v1/models?key=AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv", "AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv"),
        ("opaque credential 9fK2mQ7xR4tY8wZ1bN5cV3dS6gH0jL2pA7eU in header", "9fK2mQ7xR4tY8wZ1bN5cV3dS6gH0jL2pA7eU"),
        ("hf token hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345", "hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345"),
        ("lower-case key 3kq9z7x2m4v8w1p6r5t0y3u8i2o7a4s6d9f1g rejected", "3kq9z7x2m4v8w1p6r5t0y3u8i2o7a4s6d9f1g"),
    ])
    func removesCredentials(input: String, secret: String) {
        let output = redactor.redact(input)
        #expect(!output.contains(secret), "leaked in: \(output)")
        #expect(output.contains(Redactor.placeholder))
    }

    /// Things a diagnostic must keep readable.
    @Test(arguments: [
        "model endpoint server error (HTTP 500, code server_error)",
        "/home/user/.local/share/intent/data/intent.sqlite",
        "http://127.0.0.1:8080/v1/chat/completions",
        "run 3f2504e0-4f89-11d3-9a0c-0305e82c3301 finished",
        "envelope sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        "commit e3c9c1d035a5889d70ef6ce1bb90379b70040c4d",
        "model Qwen2.5-7B-Instruct-Q4_K_M.gguf on gpt-4o-mini-2024-07-18",
        "reason local_context_exceeded_because_evidence_was_too_large",
        "due 2026-11-29T17:00:00+01:00, max_tokens=256, tokens: 3200",
        "task-manager-service responded",
        "request id req_eaf6d4f88e5349c7aebbca3c58a00d61",
    ])
    func keepsNonSecrets(input: String) {
        #expect(redactor.redact(input) == input)
    }

    @Test func registeredValuesAreRemovedWhateverTheirShape() {
        var redactor = Redactor()
        redactor.register("plainpassword")
        redactor.register("abc")  // too short: ignored, ordinary words survive
        let output = redactor.redact("login with plainpassword for abc")
        #expect(output == "login with \(Redactor.placeholder) for abc")
        let hexKey = String(repeating: "ab12", count: 16)
        #expect(!Redactor(secrets: [hexKey]).redact("key \(hexKey)").contains(hexKey))
    }

    @Test func credentialHeuristic() {
        #expect(Redactor.looksLikeCredential("A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6"))
        #expect(!Redactor.looksLikeCredential("0123456789abcdef0123456789abcdef"))
        #expect(!Redactor.looksLikeCredential("this_is_a_long_identifier_without_digits"))
    }
}

@Suite("The live keys on every channel")
struct SecretRegistryTests {
    @Test func storedAndEnvironmentKeysAreRegistered() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("registry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileKeyStore(directory: directory, environment: [:])
        try store.set(name: "cloud", value: "shortk3y")
        let registry = SecretRegistry(environment: ["INTENT_LOCAL_API_KEY": "envk3y99"])
        registry.register(contentsOf: store)
        #expect(registry.redact("got shortk3y and envk3y99") == "got [REDACTED] and [REDACTED]")
        #expect(registry.redactKeys("{\"code\":\"shortk3y\"}") == "{\"code\":\"[REDACTED]\"}")
        // Reading through a store with a registry registers what it reads.
        let other = SecretRegistry()
        _ = try FileKeyStore(directory: directory, environment: [:], registry: other).get(name: "cloud")
        #expect(other.redact("shortk3y") == "[REDACTED]")
    }

    @Test func resultsKeepOrdinaryTextThatOnlyLooksLikeACredential() {
        let redactor = Redactor(secrets: ["live-key-123"])
        let prose = "the bearer instruments token: abcdefgh1234 and basic understanding of AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
        #expect(redactor.redactKeys(prose) == prose, "stdout content stays byte-exact")
        #expect(redactor.redactKeys("sk-proj-abcdefghijklmnop1234 live-key-123") == "[REDACTED] [REDACTED]")
        #expect(redactor.redact(prose) != prose, "diagnostics use every rule")
    }
}

@Suite("The redactor's literal pre-filter")
struct RedactorPrefilterTests {
    @Test func everyRuleHasItsTriggers() {
        let patterns = RedactionPatterns.shared
        #expect(RedactionPatterns.triggers.count == patterns.rules.count)
        for (trigger, rule) in zip(RedactionPatterns.triggers, patterns.rules) {
            #expect(trigger.heuristic == rule.heuristic)
        }
    }

    /// Texts that match a rule must contain one of its literals; ordinary text matches nothing.
    @Test func theFilterNeverHidesAMatch() {
        let samples = ["Authorization: Bearer abcdefgh12345678", "basic dXNlcjpwYXNzd29yZA==", "API_KEY=abcdef123456",
                       "eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.sig", "sk-proj-abcdefghijklmnop1234", "ghp_abcdefghijklmnopqrstuv",
                       "https://user:pw@example.com/", "https://x.test/?token=abc123", "AKIAABCDEFGHIJKLMNOP",
                       "gho_abcdefghijklmnopqrstuv", "xoxb-1234567890-abcdef"]
        for text in samples {
            let lowered = text.lowercased()
            let matching = RedactionPatterns.shared.rules.indices.filter { index in
                let rule = RedactionPatterns.shared.rules[index]
                return rule.expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
            #expect(!matching.isEmpty, "\(text)")
            for index in matching {
                #expect(RedactionPatterns.triggers[index].literals.contains { lowered.contains($0) }, "\(text) rule \(index)")
            }
            #expect(Redactor().redact(text).contains(Redactor.placeholder), "\(text)")
        }
        #expect(Redactor().redact("Saved thought (due Wed 2 Dec 2026).") == "Saved thought (due Wed 2 Dec 2026).")
    }
}
