import Foundation
import IntentKit
import Store

/// `config.json`: user settings (default policy, calendars, model endpoints). Never secrets.
///
/// Unknown keys are kept when the file is rewritten, so older and newer versions can share it.
struct ConfigFile {
    var raw: [String: JSONValue]

    var policy: RoutingPolicy? {
        raw["policy"]?.stringValue.flatMap(RoutingPolicy.init(rawValue:))
    }

    static func load(_ paths: AppPaths) throws -> ConfigFile {
        let url = paths.configFileURL
        guard let data = FileManager.default.contents(atPath: url.path) else { return ConfigFile(raw: [:]) }
        guard case .object(let raw)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw IntentError.configuration("\(url.path) is not a JSON object; fix or remove it")
        }
        if let p = raw["policy"]?.stringValue, RoutingPolicy(rawValue: p) == nil {
            throw IntentError.configuration("\(url.path): unknown policy '\(p)'")
        }
        return ConfigFile(raw: raw)
    }

    func save(_ paths: AppPaths) throws {
        try StoreFiles.makePrivateDirectory(paths.configDirectory)
        let data = try JSONCoding.encoder(pretty: true).encode(JSONValue.object(raw))
        try StoreFiles.writePrivateAtomically(data + Data("\n".utf8), to: paths.configFileURL)
    }
}
