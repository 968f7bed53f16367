#!/usr/bin/env python3
"""Writes quote.docx: a small Word document (Office Open XML) made by hand, as Word lays one out
(runs split mid-word, a tab, a deleted run, a field code, a page header and footer, a table of
two columns and one of four, a heading style, a bulleted list), zipped with deflate."""
import os, zipfile

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

def p(*runs, style=None, numbered=False):
    ppr = ""
    if style or numbered:
        ppr = "<w:pPr>" + (f'<w:pStyle w:val="{style}"/>' if style else "") + \
              ('<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>' if numbered else "") + "</w:pPr>"
    return f"<w:p>{ppr}{''.join(runs)}</w:p>"

def r(text, bold=False):
    rpr = "<w:rPr><w:b/></w:rPr>" if bold else ""
    return f'<w:r>{rpr}<w:t xml:space="preserve">{text}</w:t></w:r>'

def table(rows):
    def cell(text): return f"<w:tc><w:tcPr><w:tcW w:w=\"2000\" w:type=\"dxa\"/></w:tcPr>{p(r(text))}</w:tc>"
    return "<w:tbl><w:tblPr/>" + "".join("<w:tr>" + "".join(cell(c) for c in row) + "</w:tr>" for row in rows) + "</w:tbl>"

body = "".join([
    p(r("Quote Q-2209 &#8211; bathroom refit"), style="Title"),
    p(r("Dear Ms Okafor,")),
    p(r("Thank you for having us round on 14 November. Smith &amp; Sons will supply the tiles; we fit them.")),
    p(r("The work takes "), r("ten"), r(" working days"), r(" from the start date.")),
    "<w:p><w:r><w:delText>This sentence was deleted.</w:delText></w:r><w:r><w:instrText> PAGE </w:instrText></w:r></w:p>",
    table([["Quote number", "Q-2209"], ["Valid until", "31 December 2026"]]),
    p(r("Items"), style="Heading1"),
    table([["Item", "Qty", "Unit price", "Total"],
           ["Wall tiles (m&#178;)", "18", "£42.00", "£756.00"],
           ["Shower valve", "1", "£289.00", "£289.00"],
           ["Labour", "10 days", "£280.00", "£2,800.00"]]),
    p(r("Total<w:tab/>"), r("£3,845.00", bold=True)),
    p(r("Deposit of 25% on acceptance"), numbered=True),
    p(r("Balance on completion"), numbered=True),
])
document = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document {W}><w:body>{body}<w:sectPr/></w:body></w:document>'
header = f'<?xml version="1.0" encoding="UTF-8"?><w:hdr {W}>{p(r("Hartwell Joinery"), r(" · 0161 496 0718"))}</w:hdr>'
footer = f'<?xml version="1.0" encoding="UTF-8"?><w:ftr {W}>{p(r("Company no. 08841207"))}</w:ftr>'
types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
         '<Default Extension="xml" ContentType="application/xml"/>'
         '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
         '</Types>')
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "quote.docx")
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for name, data in [("[Content_Types].xml", types), ("word/document.xml", document),
                       ("word/header1.xml", header), ("word/footer1.xml", footer)]:
        info = zipfile.ZipInfo(name, date_time=(2026, 11, 20, 9, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)
print(out)
