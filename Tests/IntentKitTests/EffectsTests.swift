import Foundation
import IntentKit
import Testing

private enum NameKey: ServiceKey { static var defaultValue: String { "unset" } }
private enum CountKey: ServiceKey { static var defaultValue: Int? { nil } }
private protocol Greeter: Sendable { func greet() -> String }
private struct Hello: Greeter { func greet() -> String { "hello" } }
private enum GreeterKey: ServiceKey { static var defaultValue: any Greeter { Hello() } }
private struct Hi: Greeter { func greet() -> String { "hi" } }

@Suite struct EffectsTests {
    @Test func randomIDsAreTimeSortableBase32WithEightyRandomBits() {
        let ids = RandomIDGenerator()
        let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")
        var seen = Set<String>()
        var previousTime = ""
        for _ in 0..<2_000 {
            let id = ids.make("run")
            #expect(id.hasPrefix("run_"))
            let body = id.dropFirst(4)
            #expect(body.count == 26)
            #expect(body.allSatisfy(alphabet.contains))
            let time = String(body.prefix(10))
            #expect(time >= previousTime)
            previousTime = time
            seen.insert(String(body.dropFirst(10)))
        }
        #expect(seen.count == 2_000)
        // Every position of the random part takes many values (no constant characters).
        let randoms = Array(seen)
        for position in 0..<16 {
            let values = Set(randoms.map { Array($0)[position] })
            #expect(values.count > 20, "random character \(position) takes only \(values.count) values")
        }
    }

    @Test func randomIDTimePartIsTheMillisecondClock() throws {
        let before = UInt64(Date().timeIntervalSince1970 * 1000)
        let id = RandomIDGenerator().make("th")
        let after = UInt64(Date().timeIntervalSince1970 * 1000)
        let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")
        var millis: UInt64 = 0
        for ch in id.dropFirst(3).prefix(10) {
            millis = millis << 5 | UInt64(try #require(alphabet.firstIndex(of: ch)))
        }
        #expect(millis >= before && millis <= after)
    }

    @Test func serviceValuesReturnWhatWasSetElseTheDefault() {
        var services = ServiceValues()
        #expect(services[NameKey.self] == "unset")
        #expect(services[CountKey.self] == nil)
        #expect(services[GreeterKey.self].greet() == "hello")
        services[NameKey.self] = "store"
        services[CountKey.self] = 3
        services[GreeterKey.self] = Hi()
        let copy = services
        services[NameKey.self] = "changed"
        #expect(copy[NameKey.self] == "store")
        #expect(services[NameKey.self] == "changed")
        #expect(copy[CountKey.self] == 3)
        #expect(copy[GreeterKey.self].greet() == "hi")
        services[CountKey.self] = nil
        #expect(services[CountKey.self] == nil)
    }
}
