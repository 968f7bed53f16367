import Foundation
import Testing
@testable import Secrets

@Suite("Endpoint policy")
struct EndpointPolicyTests {
    @Test(arguments: [
        "http://localhost:8080/v1", "http://127.0.0.1:11434/v1", "http://127.1.2.3/v1", "http://[::1]:8080/v1",
        "https://localhost/v1", "http://LOCALHOST:1234/v1", "http://localhost.:8080/v1",
    ])
    func loopbackIsLocal(url: String) throws {
        _ = try EndpointPolicy.validate(url, for: .local)
    }

    @Test(arguments: [
        ("http://192.168.1.20:8080/v1", EndpointRefusal.Rule.privateNetworkIsNotLocal),
        ("http://10.0.0.5:8080/v1", .privateNetworkIsNotLocal),
        ("http://172.16.4.4/v1", .privateNetworkIsNotLocal),
        ("https://172.31.255.1/v1", .privateNetworkIsNotLocal),
        ("http://169.254.169.254/latest", .privateNetworkIsNotLocal),
        ("http://100.64.0.1/v1", .privateNetworkIsNotLocal),
        ("http://[fe80::1]/v1", .privateNetworkIsNotLocal),
        ("http://[fd12:3456::1]/v1", .privateNetworkIsNotLocal),
        ("http://[::ffff:192.168.0.1]/v1", .privateNetworkIsNotLocal),
        ("http://nas.local:8080/v1", .lanNameIsNotLocal),
        ("http://gpu-box:8080/v1", .lanNameIsNotLocal),
        ("http://router.home.arpa/v1", .lanNameIsNotLocal),
        ("http://foo.localhost/v1", .lanNameIsNotLocal),
        ("http://127.1/v1", .localRequiresLoopback),
        ("http://api.openai.com/v1", .localRequiresLoopback),
        ("https://8.8.8.8/v1", .localRequiresLoopback),
        ("ftp://127.0.0.1/v1", .unsupportedScheme),
        ("http://user:pw@127.0.0.1/v1", .credentialsInURL),
        ("http://127.0.0.1/v1?key=x", .queryOrFragment),
        ("not a url", .malformedURL),
        ("http:///v1", .missingHost),
    ])
    func localRefusals(url: String, rule: EndpointRefusal.Rule) {
        #expect(throws: EndpointRefusal.self) { _ = try EndpointPolicy.validate(url, for: .local) }
        do {
            _ = try EndpointPolicy.validate(url, for: .local)
        } catch {
            if error.rule != rule && !(rule == .malformedURL && error.rule == .missingHost) {
                Issue.record("\(url): expected \(rule.rawValue), got \(error.rule.rawValue)")
            }
            #expect(error.description.contains(error.rule.rawValue))
            #expect(!error.description.contains("pw@"))
        }
    }

    @Test func cloudMustBeHTTPS() throws {
        _ = try EndpointPolicy.validate("https://api.openai.com/v1", for: .cloud)
        _ = try EndpointPolicy.validate("https://openrouter.ai/api/v1", for: .cloud)
        for url in ["http://api.openai.com/v1", "http://127.0.0.1:8080/v1", "http://localhost/v1"] {
            #expect(throws: EndpointRefusal(rule: .cloudRequiresHTTPS, target: .cloud, host: URLComponents(string: url)?.host)) {
                _ = try EndpointPolicy.validate(url, for: .cloud)
            }
        }
    }

    @Test func loopbackHelper() {
        #expect(EndpointPolicy.isLoopback(host: "[::1]"))
        #expect(EndpointPolicy.isLoopback(host: "127.0.0.53"))
        #expect(!EndpointPolicy.isLoopback(host: "192.168.0.1"))
        #expect(!EndpointPolicy.isLoopback(host: "localhost.example.com"))
    }
}
