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
            for line in text.split(separator: "\n") where line.contains("struct ") && line.contains(": Intent {") {
                let name = line.split(separator: "struct ")[1].split(separator: ":")[0]
                declared.insert(String(name))
            }
        }
        #expect(!declared.isEmpty)
        #expect(declared == Set(intentRegistry.names))
    }

    @Test func namesAreUniqueAndEachHasOnePrimaryAtMost() {
        #expect(Set(intentRegistry.names).count == intentRegistry.names.count)
        for type in allIntents {
            #expect(IntentRegistry.parameters(of: type).filter(\.isPrimary).count <= 1, "\(type.description.name)")
        }
    }
}
