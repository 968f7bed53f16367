import Foundation
import IntentTestSupport
import Testing

/// Through the release binary, headless, in a fresh home: a password-protected PDF (the handbook
/// fixture encrypted by qpdf, Fixtures/pdf/README.md) is refused by name with its reason; the
/// other files of the add are indexed (exit 0), and an add of that file alone exits 65.
@Suite("Encrypted PDF through the binary")
struct EncryptedPDFRunTests {
    @Test(.enabled(if: PDFRunTests.hasPdftotext, "pdftotext (poppler-utils) is not installed: encrypted PDF run test skipped"))
    func anEncryptedPDFIsRefusedByNameAndTheRestIsAdded() async throws {
        _ = try #require(IntentBinary.url, "build the binary (INTENT_BIN)")
        let home = TemporaryHome()
        let docs = home.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let locked = docs.appendingPathComponent("locked handbook.pdf")
        try FileManager.default.copyItem(at: PackagePaths.fixture("pdf/handbook-encrypted.pdf"), to: locked)
        try Data("The canteen serves soup on Fridays.\n".utf8).write(to: docs.appendingPathComponent("notes.txt"))

        let add = try await PDFRunTests.run(["library", "add", docs.path], home: home)
        #expect(add.exitCode == 0, "\(add.stderr)")
        // The file is named (the part of its path inside the home is shown; the home is redacted).
        #expect(add.stderr.contains("refused: ") && add.stderr.contains("docs/locked handbook.pdf: PDF text cannot be extracted: encrypted (needs a password)"),
                "\(add.stderr)")
        #expect(add.stdout.contains("Indexed 1") && add.stdout.contains("refused 1"), "\(add.stdout)")
        #expect(!add.stderr.contains("Error Domain") && !add.stderr.contains("NSCocoa"))

        let ask = try await PDFRunTests.run(["run", "AskLibrary", "When is soup served in the canteen?", "--json"], home: home)
        #expect(ask.exitCode == 0, "\(ask.stderr)")
        #expect(EncodingAndDSTRunTests.citations(ask).first?["quote"] as? String == "The canteen serves soup on Fridays.")

        let alone = TemporaryHome()
        let only = try await PDFRunTests.run(["library", "add", locked.path], home: alone)
        #expect(only.exitCode == 65, "nothing could be indexed: \(only.stderr)")
        #expect(only.stderr.contains("locked handbook.pdf: PDF text cannot be extracted: encrypted (needs a password)"))
    }
}
