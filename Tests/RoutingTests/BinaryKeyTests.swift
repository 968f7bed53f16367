import Foundation
import IntentTestSupport
import Testing

/// The built binary: `keys set` from a pipe, headless, then the commands and a run; the key must
/// be found in the 0600 secrets file and nowhere else under the home.
@Suite(.serialized) struct BinaryKeyTests {
    let key = "sk-proj-BINARYSCAN0123456789abcdefghijklmnopqrstuv"

    @Test func keysSetFromAPipeStaysInTheSecretsFile() async throws {
        let home = TemporaryHome()
        let set = try await IntentBinary.run(["keys", "set", "cloud"], home: home.path, stdin: key + "\n")
        #expect(set.exitCode == 0, "\(set.stderr)")
        #expect(!set.stdout.contains(key) && !set.stderr.contains(key))

        // Headless without a pipe: nothing to read the key from, nothing stored, no prompt.
        let noInput = try await IntentBinary.run(["keys", "set", "local"], home: home.path)
        #expect(noInput.exitCode != 0)

        let refused = try await IntentBinary.run(["models", "set", "cloud", "--base-url", "http://api.example.com/v1", "--model", "m"],
                                           home: home.path)
        #expect(refused.exitCode == 78)
        let local = try await IntentBinary.run(["models", "set", "local", "--base-url", "http://127.0.0.1:1/v1", "--model", "smol"],
                                         home: home.path)
        #expect(local.exitCode == 0)
        for args in [["keys", "list", "--json"], ["models", "show", "--json"], ["doctor", "--json"], ["consent", "show"],
                     ["receipts", "--json"], ["run", "CaptureThought", "renew the passport", "--json", "--policy", "cloud-allowed"],
                     ["history", "--json"]] {
            let result = try await IntentBinary.run(args, home: home.path)
            #expect(result.exitCode == 0, "\(args): \(result.stderr)")
            #expect(!result.stdout.contains(key) && !result.stderr.contains(key), "\(args) printed the key")
        }
        let listed = try await IntentBinary.run(["keys", "list", "--json"], home: home.path)
        #expect(listed.stdout.contains("{\"name\":\"cloud\",\"source\":\"file\"}"))

        #expect(try home.filesContaining(key) == ["secrets.json"])
        var info = stat()
        #expect(stat(home.url.appendingPathComponent("config/secrets.json").path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }
}
