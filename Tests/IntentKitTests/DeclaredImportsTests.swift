import Foundation
import IntentTestSupport
import Testing

/// Every module a target imports is one it declares in Package.swift: a target that compiles only
/// because another target happened to pull the module in breaks when that one changes.
@Suite struct DeclaredImportsTests {
    struct Target { let name: String; let dependencies: Set<String>; let directory: URL }

    static func targets() throws -> [Target] {
        let manifest = try String(contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try Regex(#"\.(target|testTarget|executableTarget)\(name: "(\w+)", dependencies: \[([^\]]*)\](, path: "([^"]+)")?"#)
        return manifest.matches(of: pattern).compactMap { match in
            guard let kind = match.output[1].substring, let name = match.output[2].substring,
                  let list = match.output[3].substring else { return nil }
            let dependencies = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) })
            let path = match.output[5].substring.map(String.init)
                ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            return Target(name: String(name), dependencies: dependencies, directory: PackagePaths.root.appendingPathComponent(path))
        }
    }

    static func imports(under directory: URL) -> Set<String> {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        var modules: Set<String> = []
        for file in files {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                if words.count == 2, words[0] == "import" { modules.insert(String(words[1])) }
            }
        }
        return modules
    }

    @Test func everyImportedPackageModuleIsDeclared() throws {
        let targets = try Self.targets()
        #expect(targets.count > 30, "the manifest's targets were not read")
        let packageModules = Set(targets.map(\.name)).union(["CSQLite", "CBLAS", "CQuantKernels", "LazyCurl"])
        for target in targets {
            let undeclared = Self.imports(under: target.directory).intersection(packageModules)
                .subtracting(target.dependencies).subtracting([target.name])
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them")
        }
    }
}
