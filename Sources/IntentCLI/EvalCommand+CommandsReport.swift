import AppServices
import Foundation
import Generation
import IntentKit
import Intents
import Routing
import Store

/// The report of `intent eval commands`, one entry per rung.
struct CommandEvalReport: Encodable {
    var rows: Int
    var rungs: [Rung]
    /// Rungs not measured, and why (no weights installed, no server configured).
    var skipped: [String: String]

    struct Rung: Encodable {
        var rung: String
        var model: String?
        var total = 0
        var correct = 0
        var titleCorrect = 0
        var dueCorrect = 0
        var accuracy = 0.0
        /// Rows a model answered (its reply passed the rules); the rest fell back to the parser.
        var answeredByModel = 0
        /// Fallbacks by reason: a rule id, or a model error category.
        var rejections: [String: Int] = [:]
        var latencyP50Ms = 0.0
        var latencyP95Ms = 0.0
        var misses: [Miss] = []

        init(rung: String, model: String?) {
            self.rung = rung
            self.model = model
        }

        enum CodingKeys: String, CodingKey {
            case rung, model, total, correct, accuracy, misses, rejections
            case titleCorrect = "title_correct", dueCorrect = "due_correct", answeredByModel = "answered_by_model"
            case latencyP50Ms = "latency_p50_ms", latencyP95Ms = "latency_p95_ms"
        }

        mutating func add(titleOK: Bool, dueOK: Bool, answer: ReminderTextAnswerSummary) {
            total += 1
            if titleOK { titleCorrect += 1 }
            if dueOK { dueCorrect += 1 }
            if titleOK && dueOK { correct += 1 }
            if answer.rung == "local" || answer.rung == "cloud" { answeredByModel += 1 }
            if rung != "deterministic", answer.rung == "deterministic" {
                let reason = answer.reasons.last { $0.contains("Rejected:") }.map { String($0.split(separator: ":").last ?? "") }
                    ?? answer.reasons.last ?? "fallback"
                rejections[reason, default: 0] += 1
            }
        }

        mutating func finish(_ latencies: [Double]) {
            accuracy = total == 0 ? 0 : Double(correct) / Double(total)
            let sorted = latencies.sorted()
            func pct(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))] }
            latencyP50Ms = pct(0.5)
            latencyP95Ms = pct(0.95)
        }
    }

    struct Miss: Encodable {
        var id: String
        var command: String
        var expectedTitle: String
        var title: String
        var expectedDue: String?
        var due: String?
        var answeredBy: String

        enum CodingKeys: String, CodingKey {
            case id, command, title, due
            case expectedTitle = "expected_title", expectedDue = "expected_due", answeredBy = "answered_by"
        }
    }
}

typealias ReminderTextAnswerSummary = ReminderTextAnswer

/// How answers are compared with expectations.
enum CommandMatch {
    static let articles: Set<String> = ["a", "an", "the"]

    /// Lowercased words without punctuation or articles ("Pay the rent." → "pay rent").
    static func normalized(_ title: String) -> String {
        title.lowercased().replacingOccurrences(of: "’", with: "'")
            .split { !$0.isLetter && !$0.isNumber && $0 != "'" }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            .filter { !$0.isEmpty && !articles.contains($0) }
            .joined(separator: " ")
    }

    enum Due { case day(String), instant(Date) }

    static func expectedDue(_ text: String) -> Due? {
        if text.count == 10, TimeText.parseDay(text) != nil { return .day(text) }
        if let instant = TimeText.parseTimestamp(text) ?? ISO8601DateFormatter().date(from: text) { return .instant(instant) }
        return nil
    }

    static func dueMatches(expected: String?, got: IntentDate?) -> Bool {
        guard let expected else { return got == nil }
        guard let got, let want = expectedDue(expected) else { return false }
        switch want {
        case .day(let day): return !got.hasTime && String(got.iso.prefix(10)) == day
        case .instant(let instant): return got.hasTime && abs(got.start.timeIntervalSince(instant)) < 1
        }
    }
}

/// The ladder each measured rung runs on, over a throw-away store (receipts of the eval never
/// reach the user's home; the user's model settings and weights are read).
enum RungLadders {
    struct Built {
        var ladder: ModelLadder?
        var store: IntentStore
        var model: String?
        var directory: URL
        func cleanUp() { try? FileManager.default.removeItem(at: directory) }
    }

    static func whyMissing(_ rung: String) -> String {
        rung == "embedded" ? "no embedded model weights installed (make models)"
            : "no local server configured (intent models set local URL MODEL)"
    }

    static func make(_ rung: String, userPaths: AppPaths, services: AppServices) throws -> Built? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intent-eval-\(UUID().uuidString.prefix(8))")
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw IntentError.cannotCreate("eval commands: cannot create a scratch home in the temporary directory")
        }
        let store = services.home(AppPaths.resolve(home: directory.path, environment: ["HOME": directory.path])).store
        let built: Built?
        switch rung {
        case "deterministic":
            built = Built(ladder: nil, store: store, model: nil, directory: directory)
        case "embedded":
            built = EmbeddedLanguageModel.installed(in: userPaths.modelDirectories).map {
                let model = EmbeddedLanguageModel(url: $0, selected: true)
                return Built(ladder: ModelLadder(cloud: nil, local: model, store: store, clock: services.clock), store: store, model: "smollm2 (embedded)", directory: directory)
            }
        default:
            let ladder = services.home(userPaths).ladder
            if let server = ladder.local as? OpenAICompatibleClient {
                built = Built(ladder: ModelLadder(cloud: nil, local: server, store: store, clock: services.clock), store: store,
                              model: server.descriptor.model, directory: directory)
            } else { built = nil }
        }
        if built == nil { try? FileManager.default.removeItem(at: directory) }
        return built
    }
}
