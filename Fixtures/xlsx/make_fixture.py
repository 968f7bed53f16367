#!/usr/bin/env python3
"""Writes budget.xlsx: a small Excel workbook (Office Open XML) made by hand, as Excel lays one
out: shared strings (one rich, with two runs), an inline string, dates stored as serial numbers
under a date style, amounts under a pound format with thousands, a percentage, a boolean, a title
row above the table, and a second sheet of labels and values; zipped with deflate."""
import os, zipfile

NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
strings = ["Household budget 2026", "Date", "Category", "Amount", "Share", "Paid", "Council tax",
           "Groceries", "Boiler service", "Gas engineer", "Policy number", "Renewal"]
sst = "".join(f"<si><t>{s}</t></si>" for s in strings)
sst += '<si><r><t>Wood</t></r><r><rPr><b/></rPr><t>burner sweep</t></r></si>'  # index 12, rich text
shared = f'<?xml version="1.0" encoding="UTF-8"?><sst {NS} count="13" uniqueCount="13">{sst}</sst>'
# styles: 0 General, 1 date (built-in 14), 2 "£#,##0.00" (custom 164), 3 0.0% (custom 165)
styles = (f'<?xml version="1.0" encoding="UTF-8"?><styleSheet {NS}><numFmts count="2">'
          '<numFmt numFmtId="164" formatCode="&quot;£&quot;#,##0.00"/><numFmt numFmtId="165" formatCode="0.0%"/></numFmts>'
          '<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>'
          '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/>'
          '<xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/></cellXfs></styleSheet>')

def c(ref, v, t=None, s=None):
    attrs = f' r="{ref}"' + (f' t="{t}"' if t else "") + (f' s="{s}"' if s is not None else "")
    if t == "inlineStr":
        return f"<c{attrs}><is><t>{v}</t></is></c>"
    return f"<c{attrs}><v>{v}</v></c>"

rows = [
    [c("A1", 0, "s")],
    [c("A3", 1, "s"), c("B3", 2, "s"), c("C3", 3, "s"), c("D3", 4, "s"), c("E3", 5, "s")],
    [c("A4", 46037, s=1), c("B4", 6, "s"), c("C4", 1832.5, s=2), c("D4", 0.125, s=3), c("E4", 1, "b")],
    [c("A5", 46062, s=1), c("B5", 7, "s"), c("C5", 91.3, s=2), c("D5", 0.05, s=3), c("E5", 0, "b")],
    [c("A6", 46080, s=1), c("B6", 12, "s"), c("C6", 65, s=2), c("E6", 1, "b")],
    [c("A7", 46095, s=1), c("B7", "Window cleaner", "inlineStr"), c("C7", 18, s=2), c("E7", 1, "b")],
]
sheet1 = (f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><sheetData>'
          + "".join(f'<row r="{r[0][r[0].index("r=") + 4:r[0].index(chr(34), r[0].index("r=") + 4)].lstrip("ABCDE")}">{"".join(r)}</row>' for r in rows)
          + "</sheetData></worksheet>")
sheet2 = (f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><sheetData>'
          f'<row r="1">{c("A1", 9, "s")}{c("B1", "Hartley Heating, 0161 496 0233", "inlineStr")}</row>'
          f'<row r="2">{c("A2", 10, "s")}{c("B2", "HX-4471-22", "inlineStr")}</row>'
          f'<row r="3">{c("A3", 11, "s")}{c("B3", 46204, s=1)}</row>'
          "</sheetData></worksheet>")
workbook = (f'<?xml version="1.0" encoding="UTF-8"?><workbook {NS} {R}><workbookPr/><sheets>'
            '<sheet name="Budget" sheetId="1" r:id="rId1"/><sheet name="House" sheetId="2" r:id="rId2"/></sheets></workbook>')
rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/>'
        '</Relationships>')
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "budget.xlsx")
with zipfile.ZipFile(out, "w") as z:
    for name, data in [("xl/workbook.xml", workbook), ("xl/_rels/workbook.xml.rels", rels), ("xl/sharedStrings.xml", shared),
                       ("xl/styles.xml", styles), ("xl/worksheets/sheet1.xml", sheet1), ("xl/worksheets/sheet2.xml", sheet2)]:
        info = zipfile.ZipInfo(name, date_time=(2026, 11, 20, 9, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)
print(out)
