import Foundation
import IntentTestSupport
import Testing

/// Through the release binary, headless, in a fresh home: a PDF added with poppler's pdftotext and
/// answered with the page and offsets into the extracted text; without pdftotext the PDF is
/// refused by name and the other files are still added.
@Suite("PDF documents through the binary")
struct PDFRunTests {
    static let hasPdftotext = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/pdftotext") }

    static func run(_ args: [String], home: TemporaryHome, path: String? = nil) async throws -> ProcessResult {
        try await IntentBinary.run(args, home: home.path, environment: path.map { ["PATH": $0] } ?? [:])
    }

    static func library(_ home: TemporaryHome) throws -> URL {
        let docs = home.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PackagePaths.fixture("pdf/handbook.pdf"), to: docs.appendingPathComponent("handbook.pdf"))
        try Data("The canteen serves soup on Fridays.\n".utf8).write(to: docs.appendingPathComponent("notes.txt"))
        return docs
    }

    @Test(.enabled(if: hasPdftotext, "pdftotext (poppler-utils) is not installed: PDF run test skipped"))
    func aPDFIsAnsweredWithItsPageAndExtractedTextOffsets() async throws {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let home = TemporaryHome()
        let docs = try Self.library(home)
        let add = try await Self.run(["library", "add", docs.path], home: home)
        #expect(add.exitCode == 0, "\(add.stderr)")
        #expect(!add.stderr.contains("handbook.pdf:"))

        let ask = try await Self.run(["run", "AskLibrary", "Where is the fire assembly point?", "--json"], home: home)
        #expect(ask.exitCode == 0, "\(ask.stderr)")
        let first = try #require(EncodingAndDSTRunTests.citations(ask).first)
        #expect(first["quote"] as? String == "The fire assembly point is the car park behind the bakery.")
        #expect(first["offsets"] as? String == "extracted-text")
        #expect(first["page"] as? Int == 3)
        // the offsets are into pdftotext's text, not the file
        let start = try #require(first["start"] as? Int), end = try #require(first["end"] as? Int)
        let file = Array(try Data(contentsOf: docs.appendingPathComponent("handbook.pdf")))
        #expect(String(decoding: file[start..<end], as: UTF8.self) != first["quote"] as? String)

        let human = try await Self.run(["run", "AskLibrary", "Where is the fire assembly point?"], home: home)
        #expect(human.exitCode == 0, "\(human.stderr)")
        #expect(human.stdout.contains("handbook.pdf (page 3, extracted-text offsets \(start)–\(end))"))
        #expect(human.stdout.contains("car park behind the bakery"))
    }

    @Test func withoutPdftotextThePDFIsRefusedByName() async throws {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let home = TemporaryHome()
        let docs = try Self.library(home)
        let add = try await Self.run(["library", "add", docs.path], home: home, path: "/nonexistent")
        #expect(add.exitCode == 0, "\(add.stderr)")
        #expect(add.stderr.contains("handbook.pdf: PDF needs pdftotext, which is not installed (install poppler-utils)"))
        let ask = try await Self.run(["run", "AskLibrary", "When is soup served in the canteen?", "--json"], home: home, path: "/nonexistent")
        #expect(ask.exitCode == 0, "\(ask.stderr)")
        #expect(EncodingAndDSTRunTests.citations(ask).first?["quote"] as? String == "The canteen serves soup on Fridays.")
    }
}
