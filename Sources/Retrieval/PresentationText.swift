import Foundation

/// The text of a presentation — PowerPoint's (`.pptx`, Office Open XML) or an OpenDocument one
/// (`.odp`, LibreOffice Impress) — written as Markdown: each slide a `# Slide 3: Its title`
/// heading, then its text boxes' paragraphs and its tables (as a Word document's), then its
/// speaker notes as a `Notes:` line. A slide number or a date field is no text. Like a Word
/// document's, this text is the file's "extracted text": citations' offsets are into it.
enum PresentationText {
    struct Slide: Equatable {
        var title = ""
        var lines: [String] = []
        var notes: [String] = []
    }

    /// A PowerPoint presentation's text, from the archive's bytes; `path` names it in errors.
    static func powerPoint(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        try OfficeText.open(bytes, path: path, format: "PowerPoint", main: "ppt/presentation.xml") { zip, presentation in
            let targets = try zip.read("ppt/_rels/presentation.xml.rels").map(SpreadsheetText.relationships) ?? [:]
            var order: [String] = []
            XMLScanner.scan(presentation) { event in
                if case .open("sldId", let a, _) = event, let target = a["r:id"].flatMap({ targets[$0] }) {
                    order.append(target.hasPrefix("/") ? String(target.dropFirst()) : "ppt/" + target)
                }
            }
            // without a readable list, the slides by their files' numbers
            if order.isEmpty {
                order = zip.entries.map(\.name).filter { $0.hasPrefix("ppt/slides/slide") && $0.hasSuffix(".xml") }
                    .sorted { number($0) < number($1) }
            }
            var slides: [Slide] = []
            for entry in order {
                guard let xml = try zip.read(entry) else { continue }
                var slide = shapes(xml, notes: false)
                if let notes = try notesPart(of: entry, in: zip).flatMap({ try zip.read($0) }) {
                    slide.notes = shapes(notes, notes: true).lines
                }
                slides.append(slide)
            }
            return Array(rendered(slides).utf8)
        }
    }

    /// The notes slide of the slide at `entry` (`ppt/slides/_rels/slide3.xml.rels`).
    private static func notesPart(of entry: String, in zip: ZipArchive) throws -> String? {
        let directory = (entry as NSString).deletingLastPathComponent
        let rels = directory + "/_rels/" + (entry as NSString).lastPathComponent + ".rels"
        guard let xml = try zip.read(rels) else { return nil }
        var target: String?
        XMLScanner.scan(xml) { event in
            if case .open("Relationship", let a, _) = event, a["Type"]?.hasSuffix("/notesSlide") == true { target = a["Target"] }
        }
        guard let target else { return nil }
        if target.hasPrefix("/") { return String(target.dropFirst()) }
        // `../notesSlides/notesSlide3.xml`, relative to the slide's folder
        var parts = directory.split(separator: "/").map(String.init)
        for part in target.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    private static func number(_ name: String) -> Int {
        Int(name.reversed().drop { !$0.isNumber }.prefix { $0.isNumber }.reversed().map(String.init).joined()) ?? 0
    }

    /// A slide's (or, with `notes`, a notes page's body) shapes: the title placeholder's text, and
    /// every other shape's paragraphs and tables as lines (of a notes page, the notes only).
    static func shapes(_ xml: [UInt8], notes: Bool) -> Slide {
        var slide = Slide()
        var placeholder = "", paragraph = "", inText = false, field = false
        var tables = TableCollector()
        XMLScanner.scan(xml) { event in
            switch event {
            case .open(let name, let a, let selfClosing):
                switch name {
                case "sp": placeholder = ""
                case "ph": placeholder = a["type"] ?? "body"
                case "p": paragraph = ""
                case "t": inText = !selfClosing && !field
                case "br": paragraph += " "
                case "fld": field = ["slidenum", "datetime"].contains { (a["type"] ?? "").hasPrefix($0) }
                case "tbl": tables.openTable()
                case "tr": tables.openRow()
                case "tc": tables.openCell()
                default: break
                }
            case .close(let name):
                switch name {
                case "t": inText = false
                case "fld": field = false
                case "p":
                    let text = paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    guard !text.isEmpty else { break }
                    guard !tables.add(text) else { break }
                    if notes {
                        if placeholder == "body" { slide.lines.append(text) }
                    } else if placeholder == "title" || placeholder == "ctrTitle" {
                        slide.title += (slide.title.isEmpty ? "" : " ") + text
                    } else if !["sldNum", "dt", "ftr"].contains(placeholder) {
                        slide.lines.append(text)
                    }
                case "tbl":
                    if let table = tables.closeTable(), !notes, let text = tableLine(table) { slide.lines.append(text) }
                default: break
                }
            case .text(let text):
                if inText { paragraph += text }
            }
        }
        return slide
    }

    /// A slide's table as one of its lines (Markdown, without the blank line after).
    private static func tableLine(_ table: [[String]]) -> String? {
        let text = WordText.rendered(table)
        return text.isEmpty ? nil : String(text.dropLast(2))
    }

    /// What opens a slide's line of speaker notes.
    static let notesLabel = "Notes: "

    /// The slides as Markdown.
    static func rendered(_ slides: [Slide]) -> String {
        var out = ""
        for (index, slide) in slides.enumerated() where !(slide.title.isEmpty && slide.lines.isEmpty && slide.notes.isEmpty) {
            out += "# Slide \(index + 1)" + (slide.title.isEmpty ? "" : ": " + slide.title) + "\n\n"
            for line in slide.lines { out += line + "\n\n" }
            if !slide.notes.isEmpty { out += notesLabel + slide.notes.joined(separator: " ") + "\n\n" }
        }
        return out
    }

    /// An OpenDocument presentation's text (`.odp`), from the archive's bytes.
    static func openDocument(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        try OpenDocumentText.open(bytes, path: path, format: "ODF") { _, content in
            Array(rendered(pages(content)).utf8)
        }
    }

    /// Each `draw:page`'s frames: the title frame's text, the others' paragraphs and tables, and
    /// the notes frame of its `presentation:notes`.
    static func pages(_ xml: [UInt8]) -> [Slide] {
        var slides: [Slide] = []
        var frame = "", inNotes = false, skipping = 0, paragraph: String?
        var tables = TableCollector()
        XMLScanner.scan(xml) { event in
            switch event {
            case .open(let name, let a, let selfClosing):
                if skipping > 0 || OpenDocumentText.skipped.contains(name) { if !selfClosing { skipping += 1 }; return }
                switch name {
                case "page" where !selfClosing: slides.append(Slide())
                case "notes": inNotes = !selfClosing
                case "frame": frame = a["class"] ?? ""
                case "p", "h": paragraph = ""
                case "s", "tab", "line-break": paragraph? += " "
                case "table": tables.openTable()
                case "table-row": tables.openRow()
                case "table-cell", "covered-table-cell": tables.openCell()
                default: break
                }
            case .close(let name):
                if skipping > 0 { skipping -= 1; return }
                guard !slides.isEmpty else { return }
                switch name {
                case "notes": inNotes = false
                case "frame": frame = ""
                case "p", "h":
                    let text = (paragraph ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    paragraph = nil
                    guard !text.isEmpty else { break }
                    let last = slides.count - 1
                    guard !tables.add(text) else { break }
                    if inNotes {
                        if frame == "notes" { slides[last].notes.append(text) }
                    } else if frame == "title" {
                        slides[last].title += (slides[last].title.isEmpty ? "" : " ") + text
                    } else if !["page-number", "date-time", "footer", "header"].contains(frame) {
                        slides[last].lines.append(text)
                    }
                case "table":
                    if let table = tables.closeTable(), !inNotes, let text = tableLine(table) {
                        slides[slides.count - 1].lines.append(text)
                    }
                default: break
                }
            case .text(let text):
                if skipping == 0 { paragraph? += text }
            }
        }
        return slides
    }
}
