import IntentKit
import Intents
import Testing

/// Parameters are discovered without reflection, from the name each `@Parameter` is given; this
/// checks (with reflection, in tests only) that every name is its property's own, in order.
@Suite struct ParameterNamesTests {
    @Test(arguments: allIntents.map { ObjectIdentifier($0) })
    func everyParameterIsNamedAfterItsProperty(_ id: ObjectIdentifier) throws {
        let type = try #require(allIntents.first { ObjectIdentifier($0) == id })
        let declared = Mirror(reflecting: type.init()).children.compactMap { child -> String? in
            guard let label = child.label, label.hasPrefix("_"),
                  String(describing: Swift.type(of: child.value)).hasPrefix("Parameter<") else { return nil }
            return String(label.dropFirst())
        }
        let discovered = IntentRegistry.parameters(of: type).map(\.name)
        #expect(!declared.isEmpty)
        #expect(discovered == declared, "\(type.description.name): parameters \(discovered), properties \(declared)")
    }

    @Test func discoveryIsPerValueAndRepeatable() {
        let first = IntentRegistry.parameters(of: CaptureThought.self).map(\.name)
        let second = IntentRegistry.parameters(of: CaptureThought.self).map(\.name)
        #expect(first == ["text", "tag"])
        #expect(second == first)
    }
}
