import Foundation
import Testing
@testable import Retrieval

extension Fixtures {
    static let pdf = qa.deletingLastPathComponent().appendingPathComponent("pdf")
}

/// PDF text through poppler's pdftotext: offsets into the extracted text, with pages.
@Suite("PDF documents")
struct PDFTests {
    static let hasPdftotext = Pdftotext().executable != nil

    static func write(_ bytes: [UInt8], _ name: String, in t: TempLibrary) throws -> URL {
        let url = t.docs.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    @Test func theCommittedFixtureIsTheHelpersOutput() throws {
        let url = Fixtures.pdf.appendingPathComponent("handbook.pdf")
        if ProcessInfo.processInfo.environment["INTENT_WRITE_PDF_FIXTURE"] == "1" {
            try Data(MinimalPDF.handbook).write(to: url)
        }
        #expect(Array(try Data(contentsOf: url)) == MinimalPDF.handbook)
    }

    @Test func pagesAreCountedByFormFeeds() {
        let text = Array("one\u{0C}two\u{0C}\u{0C}four".utf8)
        #expect(PDFText.page(at: 0, in: text) == 1)
        #expect(PDFText.page(at: 3, in: text) == 1)
        #expect(PDFText.page(at: 4, in: text) == 2)
        #expect(PDFText.page(at: 9, in: text) == 4)
        #expect(PDFText.page(at: 999, in: text) == 4)
    }

    /// poppler's `-bbox-layout` words, as it writes them: a heading, a label and its value side by
    /// side (two one-line blocks on one line), a row of three cells, a paragraph of two lines.
    @Test func tableRowsAreOneLineAndParagraphsKeepTheirLines() throws {
        func block(_ lines: [(x: Double, y: Double, words: [String])]) -> String {
            "<block>" + lines.map { l in
                "<line xMin=\"\(l.x)\" yMin=\"\(l.y)\" xMax=\"\(l.x + 60)\" yMax=\"\(l.y + 9)\">"
                    + l.words.map { "<word xMin=\"0\" yMin=\"0\" xMax=\"0\" yMax=\"0\">\($0)</word>" }.joined() + "</line>"
            }.joined() + "</block>"
        }
        let page1 = block([(57, 50, ["School", "Report"])]) + "</flow><flow>" + block([(62, 115, ["Class", "teacher"])])
            + "</flow><flow>" + block([(204, 115, ["Mr", "Owen", "Pritchard"])])
            + block([(62, 133, ["Reading"])]) + block([(204, 133.2, ["GDS"])]) + block([(300, 133, ["1"])])
            + block([(57, 160, ["He", "reads", "well", "&amp;"]), (57, 172, ["widely."])])
        let xhtml = "<doc><page width=\"595\"><flow>\(page1)</flow></page><page><flow>"
            + block([(57, 50, ["Page", "two&#46;"])]) + "</flow></page></doc>"
        let text = try #require(PDFLayout.compose(Array(xhtml.utf8)))
        #expect(String(decoding: text, as: UTF8.self) == """
            School Report

            Class teacher: Mr Owen Pritchard

            Reading; GDS; 1

            He reads well &
            widely.

            \u{0C}Page two.

            \u{0C}
            """)
        #expect(PDFText.page(at: text.count - 3, in: text) == 2)
        // output that is not bbox XHTML (no page) is not composed
        #expect(PDFLayout.compose(Array("plain text".utf8)) == nil)
        #expect(PDFLayout.rowText(["Total due.", "£12"]) == "Total due.; £12")
        #expect(PDFLayout.rowText(["Valuation band:", "C"]) == "Valuation band: C")
        #expect(PDFLayout.rowText(["Landlord", "Mr Graham Pellow"]) == "Landlord: Mr Graham Pellow")
        #expect(PDFLayout.rowText(["Landlord:", "Mr Graham Pellow", "Deposit:", "£1,326.92"])
                == "Landlord: Mr Graham Pellow; Deposit: £1,326.92")
        #expect(PDFLayout.rowText(["Landlord:", "Mr Graham Pellow", "Deposit", "£1,326.92"])
                == "Landlord:; Mr Graham Pellow; Deposit; £1,326.92")
    }

    @Test func extractedTextMapsOntoItselfAndNeedsLetters() throws {
        let output = Array("Fire drill at noon.\n\u{0C}Caf\u{E9} on page two.\n\u{0C}".utf8)
        let text = try TextExtractor.extract(output, kind: .pdf, path: "a.pdf")
        #expect(text.isIdentity && Array(text.text.utf8) == output)
        #expect(text.sourceRange(of: 5..<10) == 5..<10)
        #expect(throws: RetrievalError.pdfNoText(path: "scan.pdf")) {
            try TextExtractor.extract(Array("\n\u{0C} \n\u{0C}".utf8), kind: .pdf, path: "scan.pdf")
        }
        #expect(throws: RetrievalError.notUTF8(path: "b.pdf")) {
            try TextExtractor.extract([0x41, 0xFF, 0x42], kind: .pdf, path: "b.pdf")
        }
        #expect(DocumentKind.of(URL(fileURLWithPath: "/x/Report.PDF")) == .pdf)
    }

    @Test func theExtractorIsLookedForOnTheCallersSearchPathOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let program = dir.appendingPathComponent("fake-pdftotext")
        try Data("#!/bin/sh\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        var configuration = PDFTextConfiguration(searchPath: "/nonexistent:relative/dir:\(dir.path)")
        configuration.program = "fake-pdftotext"
        #expect(Pdftotext(configuration: configuration).executable == program.path)
        configuration.searchPath = "/nonexistent"
        #expect(Pdftotext(configuration: configuration).executable == nil, "the process's PATH is not consulted")
        #expect(PDFTextConfiguration(searchPath: "").searchPath == PDFTextConfiguration.systemSearchPath)
        #expect(PDFTextConfiguration().searchPath == PDFTextConfiguration.systemSearchPath)
    }

    @Test func aMissingExtractorIsNamed() {
        var configuration = PDFTextConfiguration()
        configuration.program = "/nonexistent/pdftotext"
        #expect(throws: RetrievalError.pdfExtractorMissing(path: "a.pdf")) {
            try Pdftotext(configuration: configuration).text(ofPDF: "a.pdf")
        }
        configuration.program = "no-such-pdftotext-program"
        #expect(Pdftotext(configuration: configuration).executable == nil)
    }

    @Test(.enabled(if: hasPdftotext, "pdftotext (poppler-utils) is not installed"))
    func pdftotextGivesPagesSeparatedByFormFeeds() throws {
        let t = try TempLibrary()
        let url = try Self.write(MinimalPDF.handbook, "handbook.pdf", in: t)
        let text = try Pdftotext().text(ofPDF: url.path)
        let s = String(decoding: text, as: UTF8.self)
        #expect(s.split(separator: "\u{0C}", omittingEmptySubsequences: false).count == 4)  // 3 pages + trailing
        let r = try EncodingTests.range(of: "Taxi receipts must be submitted within 30 days of the journey.", in: s)
        #expect(PDFText.page(at: r.lowerBound, in: text) == 2)
    }

    @Test(.enabled(if: hasPdftotext, "pdftotext (poppler-utils) is not installed"))
    func aLabelAndItsValueSideBySideAnswerTogether() throws {
        let t = try TempLibrary()
        let url = try Self.write(MinimalPDF.table(lines: ["Spring term report for Jack Barker, Year 4."],
                                                  rows: [["Class teacher", "Mr Owen Pritchard"], ["Reading age", "10 years 2 months"],
                                                         ["Reading", "GDS", "1"]]), "report.pdf", in: t)
        let text = String(decoding: try Pdftotext().text(ofPDF: url.path), as: UTF8.self)
        #expect(text.contains("Class teacher: Mr Owen Pritchard\n\nReading age: 10 years 2 months\n\nReading; GDS; 1"), "\(text)")
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().indexed == 1)
        let answer = try t.library.ask(question: "Who is Jack's class teacher?")
        #expect(answer.answer?.contains("Class teacher: Mr Owen Pritchard") == true, "\(answer)")
        #expect(answer.citations.contains { $0.quote == "Class teacher: Mr Owen Pritchard" && $0.offsets == "extracted-text" })
        // unchanged, it is not extracted again; indexed from plain pdftotext text (a content hash
        // without the composition's version), the next add extracts it again
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().unchanged == 1)
        let db = try t.library.store.database()
        try db.write { try $0.run("UPDATE library_documents SET content_hash = substr(content_hash, 1, 64)", []) }
        try t.library.enqueue(paths: [url])
        #expect(try t.library.processQueue().indexed == 1)
    }

    @Test(.enabled(if: hasPdftotext, "pdftotext (poppler-utils) is not installed"))
    func askingAPDFCitesThePageAndExtractedTextOffsets() throws {
        let t = try TempLibrary()
        let url = try Self.write(MinimalPDF.handbook, "handbook.pdf", in: t)
        try t.library.enqueue(paths: [url])
        let summary = try t.library.processQueue()
        #expect(summary.refused == 0 && summary.indexed == 1)
        let answer = try t.library.ask(question: "Within how many days must taxi receipts be submitted?")
        #expect(!answer.abstained)
        let citation = try #require(answer.citations.first)
        #expect(citation.quote == "Taxi receipts must be submitted within 30 days of the journey.")
        #expect(citation.offsets == "extracted-text" && citation.page == 2)
        let text = try Pdftotext().text(ofPDF: url.path)
        #expect(Array(text[citation.start..<citation.end]) == Array(citation.quote.utf8))
        #expect(CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
        // the check extracts with the library's extractor, found on the library's search path only
        let elsewhere = Library(store: t.library.store, embedder: t.library.embedder, clock: TestTime.clock,
                                workerID: "elsewhere", pdfText: PDFTextConfiguration(searchPath: t.root.path))
        #expect(!CitationCheck.verify(citation, pdfTexts: elsewhere.pdfTexts))
        // the same offsets as file bytes would not verify: they are not file offsets
        #expect(!CitationCheck.verify(.init(docId: citation.docId, path: citation.path, chunkId: citation.chunkId,
                                            start: citation.start, end: citation.end, quote: citation.quote),
                                      pdfTexts: t.library.pdfTexts))
        // a wrong page or a changed document does not verify
        var wrongPage = citation
        wrongPage.page = 3
        #expect(!CitationCheck.verify(wrongPage, pdfTexts: t.library.pdfTexts))
        let json = String(decoding: try JSONEncoder().encode(citation), as: UTF8.self)
        #expect(json.contains("\"offsets\":\"extracted-text\"") && json.contains("\"page\":2"))
        try Data(MinimalPDF.document(pages: [["Taxi receipts must be submitted within 90 days of the journey."]])).write(to: url)
        #expect(!CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
    }

    @Test(.enabled(if: hasPdftotext, "pdftotext (poppler-utils) is not installed"))
    func scannedAndDamagedPDFsAreRefusedPerFile() throws {
        let t = try TempLibrary()
        let scan = try Self.write(MinimalPDF.document(pages: [[], []]), "scan.pdf", in: t)
        let damaged = try Self.write(Array("%PDF-1.4\nnot really a pdf\n".utf8), "damaged.pdf", in: t)
        let good = try Self.write(MinimalPDF.handbook, "handbook.pdf", in: t)
        try t.library.enqueue(paths: [scan, damaged, good])
        let summary = try t.library.processQueue()
        #expect(summary.indexed == 1 && summary.refused == 2)
        let scanText = try Pdftotext().text(ofPDF: scan.path)
        #expect(throws: RetrievalError.pdfNoText(path: scan.path)) { try TextExtractor.extract(scanText, kind: .pdf, path: scan.path) }
        #expect(throws: RetrievalError.pdfFailed(path: damaged.path, reason: "pdftotext cannot open it (damaged or not a PDF)")) {
            try Pdftotext().text(ofPDF: damaged.path)
        }
    }

    /// `handbook-encrypted.pdf` is the handbook encrypted by qpdf with a user password
    /// (Fixtures/pdf/README.md): refused by name with the reason, the other file still indexed,
    /// and remembered as a failure so an unchanged re-add does not run pdftotext again.
    @Test(.enabled(if: hasPdftotext, "pdftotext (poppler-utils) is not installed"))
    func anEncryptedPDFIsRefusedByNameAndNothingElseIsLost() throws {
        let t = try TempLibrary()
        let locked = t.docs.appendingPathComponent("locked.pdf")
        try FileManager.default.copyItem(at: Fixtures.pdf.appendingPathComponent("handbook-encrypted.pdf"), to: locked)
        _ = try t.write("notes.txt", "The canteen serves soup on Fridays.")
        #expect(Pdftotext.isEncrypted(locked.path))
        #expect(throws: RetrievalError.pdfFailed(path: locked.path, reason: "encrypted (needs a password)")) {
            try Pdftotext().text(ofPDF: locked.path)
        }
        try t.library.enqueue(paths: [t.docs])
        let summary = try t.library.processQueue()
        #expect(summary.indexed == 1 && summary.refused == 1 && summary.failed == 0)
        #expect(try t.library.status().documents.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["notes.txt"])
        let answer = try t.library.ask(question: "When does the canteen serve soup?")
        #expect(answer.citations.first?.quote == "The canteen serves soup on Fridays.")
        try t.library.enqueue(paths: [locked])
        let again = try t.library.processQueue()
        #expect(again.indexed == 0 && again.refused + again.skipped == 1)
    }

    @Test(.enabled(if: hasPdftotext, "pdftotext (poppler-utils) is not installed"))
    func outputOverTheBoundIsRefused() throws {
        let t = try TempLibrary()
        let url = try Self.write(MinimalPDF.handbook, "handbook.pdf", in: t)
        var configuration = PDFTextConfiguration()
        configuration.maxOutputBytes = 40
        #expect(throws: RetrievalError.pdfFailed(path: url.path, reason: "output over 40 bytes")) {
            try Pdftotext(configuration: configuration).text(ofPDF: url.path)
        }
    }
}
