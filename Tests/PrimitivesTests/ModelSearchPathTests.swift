import Foundation
import XCTest
import Primitives

final class ModelSearchPathTests: XCTestCase {
    func testSearchOrder() {
        let dirs = ModelSearchPath.directories(
            home: "/h/intent-home",
            environment: ["INTENT_MODELS": "/m", "XDG_DATA_HOME": "/x", "HOME": "/u"])
        XCTAssertEqual(dirs.map(\.path), ["/m", "/h/intent-home/models", "/x/intent/models"])
    }

    func testDefaultsWhenVariablesAreAbsent() {
        let dirs = ModelSearchPath.directories(home: nil, environment: ["HOME": "/u", "INTENT_MODELS": ""])
        XCTAssertEqual(dirs.map(\.path), ["/u/.local/share/intent/models"])
        // A relative XDG_DATA_HOME is ignored, as the XDG spec says.
        let relative = ModelSearchPath.directories(home: nil, environment: ["HOME": "/u", "XDG_DATA_HOME": "x"])
        XCTAssertEqual(relative.map(\.path), ["/u/.local/share/intent/models"])
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
        let found = ModelSearchPath.find("minilm-l6-v2", home: root.appendingPathComponent("home").path, environment: env)
        XCTAssertEqual(found?.standardizedFileURL.path, second.standardizedFileURL.path)
        XCTAssertNil(ModelSearchPath.find("absent", home: nil, environment: env))
    }
}
