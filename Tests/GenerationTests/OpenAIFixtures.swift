import Foundation
import Testing
@testable import Generation
import ModelTestSupport

/// The recorded Chat Completions material in `Fixtures/openai` (see its PROVENANCE.md).
enum OpenAIFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/openai")

    struct Case {
        let file: String
        let object: [String: Any]
        var response: [String: Any] { object["response"] as? [String: Any] ?? [:] }
        var status: Int { response["status"] as? Int ?? 0 }
        var headers: [String: String] {
            var result: [String: String] = [:]
            for (key, value) in response["headers"] as? [String: Any] ?? [:] {
                if let string = value as? String { result[key.lowercased()] = string }
            }
            return result
        }
        /// The response body as JSON bytes.
        var body: Data {
            guard let body = response["body"], !(body is NSNull) else { return Data() }
            return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        }
        var requestBody: [String: Any]? { (object["request"] as? [String: Any])?["body"] as? [String: Any] }
    }

    static func load(_ file: String) throws -> Case {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return Case(file: file, object: object)
    }

    static func sse(_ file: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(file))
    }

    /// Every recorded error case (status ≥ 400).
    static func errorCases() throws -> [Case] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        return try names.sorted().filter { $0 != "index.json" }.map(load).filter { $0.status >= 400 }
    }

    /// The text a streamed fixture should produce: the concatenated `delta.content` values,
    /// computed from the JSON of each event independently of the client's parser.
    static func expectedText(sse data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self)
        var result = ""
        for line in text.components(separatedBy: "\n") where line.hasPrefix("data: {") {
            let json = Data(line.dropFirst(6).utf8)
            guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
                  let choices = object["choices"] as? [[String: Any]], let first = choices.first,
                  let delta = first["delta"] as? [String: Any], let content = delta["content"] as? String else { continue }
            result += content
        }
        return result
    }
}

/// Builds a local client pointed at a fake server.
func localClient(_ server: FakeOpenAIServer, timeouts: ModelTimeouts = .local, jsonSchema: Bool = true,
                 apiKey: String? = nil) -> OpenAICompatibleClient {
    var configuration = OpenAIConfiguration.local(baseURL: server.baseURL, model: "fake-model", jsonSchemaOutput: jsonSchema)
    configuration.timeouts = timeouts
    return OpenAICompatibleClient(configuration: configuration, apiKey: apiKey, transport: TestEffects.loopback, clock: TestEffects.clock)
}

/// Runs `body` and returns the `ModelError` it threw (nil when it did not throw one).
func modelError(_ body: () async throws -> Void) async -> ModelError? {
    do {
        try await body()
        return nil
    } catch let error as ModelError {
        return error
    } catch {
        return nil
    }
}

func collect(_ stream: AsyncThrowingStream<Delta, Error>) async throws -> [Delta] {
    var deltas: [Delta] = []
    for try await delta in stream { deltas.append(delta) }
    return deltas
}

func text(of deltas: [Delta]) -> String {
    deltas.reduce(into: "") { if case .text(let t) = $1 { $0 += t } }
}
