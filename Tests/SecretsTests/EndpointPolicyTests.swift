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

@Suite("One canonical endpoint")
struct CanonicalEndpointTests {
    @Test(arguments: [
        ("http://localhost.:8080/v1", "http://localhost:8080/v1"),
        ("HTTP://LOCALHOST:8080/v1/", "http://localhost:8080/v1"),
        ("http://[::1]:8080/v1", "http://[::1]:8080/v1"),
        ("http://[0:0:0:0:0:0:0:1]:8080/v1", "http://[0:0:0:0:0:0:0:1]:8080/v1"),
        ("http://127.0.0.1/v1", "http://127.0.0.1:80/v1"),
        ("https://localhost/", "https://localhost:443"),
    ])
    func localForms(input: String, canonical: String) throws {
        let endpoint = try EndpointPolicy.canonical(input, for: .local)
        #expect(endpoint.string == canonical)
        #expect(endpoint.loopback)
        #expect(try EndpointPolicy.validate(input, for: .local).absoluteString == canonical)
    }

    @Test func cloudFormsKeepPortAndPath() throws {
        let a = try EndpointPolicy.canonical("HTTPS://API.Example.com.:18443/other/v1//", for: .cloud)
        #expect(a.string == "https://api.example.com:18443/other/v1")
        #expect(a.hostPort == "api.example.com:18443")
        #expect(a.displayPath == "/other/v1")
        #expect(try EndpointPolicy.canonical("https://api.example.com/v1", for: .cloud).port == 443)
        #expect(throws: EndpointRefusal.self) { _ = try EndpointPolicy.canonical("https://api.example.com:99999/v1", for: .cloud) }
        // Percent-encoded hosts are decoded before they are classified, and connected to decoded.
        #expect(try EndpointPolicy.canonical("http://127.0.0.%31/v1", for: .local).string == "http://127.0.0.1:80/v1")
    }
}
