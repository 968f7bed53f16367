import Foundation
import XCTest
@testable import Embeddings

final class ModelLocatorTests: XCTestCase {
    func testSearchOrder() {
        let home = URL(fileURLWithPath: "/h/intent-home")
        let dirs = ModelLocator.directories(
            home: home,
            environment: ["INTENT_MODELS": "/m", "XDG_DATA_HOME": "/x", "HOME": "/u"])
        XCTAssertEqual(dirs.map(\.path), ["/m", "/h/intent-home/models", "/x/intent/models"])
    }

    func testDefaultsWhenVariablesAreAbsent() {
        let dirs = ModelLocator.directories(home: nil, environment: ["HOME": "/u", "INTENT_MODELS": ""])
        XCTAssertEqual(dirs.map(\.path), ["/u/.local/share/intent/models"])
    }

    func testFindReturnsFirstExistingCandidate() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("locator-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = root.appendingPathComponent("env")
        let second = root.appendingPathComponent("home/models/minilm-l6-v2")
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        let env = ["INTENT_MODELS": first.path, "XDG_DATA_HOME": root.appendingPathComponent("xdg").path]
        let found = ModelLocator.find("minilm-l6-v2", home: root.appendingPathComponent("home"), environment: env)
        XCTAssertEqual(found?.standardizedFileURL.path, second.standardizedFileURL.path)
        XCTAssertNil(ModelLocator.find("absent", home: nil, environment: env))
    }
}
