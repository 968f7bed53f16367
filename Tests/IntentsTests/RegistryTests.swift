import Foundation
import IntentKit
import IntentTestSupport
import Intents
import Testing

@Suite struct RegistryTests {
    /// Every `struct X: Intent` in Intents/ must be in `allIntents`.
    @Test func everyIntentFileIsRegistered() throws {
        let dir = PackagePaths.root.appendingPathComponent("Intents")
        var declared: Set<String> = []
        for file in FileManager.default.enumerator(atPath: dir.path)!.compactMap({ $0 as? String }) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            declared.formUnion(Self.intentTypes(in: text))
        }
        #expect(!declared.isEmpty)
        #expect(declared == Set(intentRegistry.names))
    }

    /// Types declared (or extended) as conforming to `Intent`, however the declaration is wrapped:
    /// `struct X: Intent {`, `struct X: Sendable, Intent`, a conformance list over several lines,
    /// `extension X: Intent`.
    static func intentTypes(in source: String) -> Set<String> {
        let pattern = #"(?:struct|final\s+class|class|enum|extension)\s+(\w+)\s*:\s*([^{]*)\{"#
        let regex = try! NSRegularExpression(pattern: pattern)
        var names: Set<String> = []
        for match in regex.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
            guard let name = Range(match.range(at: 1), in: source), let list = Range(match.range(at: 2), in: source) else { continue }
            let conformances = source[list].split(whereSeparator: { ",\n ".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }
            if conformances.contains("Intent") { names.insert(String(source[name])) }
        }
        return names
    }

    @Test func theDriftCheckReadsWrappedDeclarations() {
        let source = """
            public struct A: Intent {}
            struct B:
                Sendable,
                Intent
            {}
            extension C: Intent {}
            struct D: IntentValue {}
            struct E: Codable { var x: Intent }
            """
        #expect(Self.intentTypes(in: source) == ["A", "B", "C"])
    }

    @Test func namesAreUniqueAndEachHasOnePrimaryAtMost() {
        #expect(Set(intentRegistry.names).count == intentRegistry.names.count)
        for type in allIntents {
            #expect(IntentRegistry.parameters(of: type).filter(\.isPrimary).count <= 1, "\(type.description.name)")
        }
    }
}
