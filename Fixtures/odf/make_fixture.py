#!/usr/bin/env python3
"""Writes service.odt and allotment.ods: two small OpenDocument files saved by LibreOffice itself;
openday.pptx, slides written by python-pptx, and openday.odp, the same saved by LibreOffice;
and locked.odt, the first as a password-protected document stands (its manifest names its
content encrypted).
The content is written here as flat OpenDocument XML (.fodt, .fods) and LibreOffice converts it
(`soffice --headless --convert-to`), so the archives are LibreOffice's own: its styles.xml with
the page header and footer, its content.xml with spans, repeated cells and rows. Needs LibreOffice
(Debian: libreoffice-writer-nogui, libreoffice-calc-nogui, libreoffice-impress-nogui) and python-pptx."""
import os, shutil, subprocess, tempfile, zipfile

NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
      'xmlns:dc="http://purl.org/dc/elements/1.1/" '
      'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
      'office:version="1.3"')

FODT = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document {NS} office:mimetype="application/vnd.oasis.opendocument.text">
<office:master-styles><style:master-page style:name="Standard">
<style:header><text:p>Penhale Heating Ltd &#8211; Gas Safe register 612345</text:p></style:header>
<style:footer><text:p>Registered in England, company number 09123456</text:p></style:footer>
</style:master-page></office:master-styles>
<office:body><office:text>
<text:tracked-changes><text:changed-region text:id="ct1"><text:deletion>
<office:change-info><dc:creator>Jo</dc:creator><dc:date>2026-11-20T10:00:00</dc:date></office:change-info>
<text:p>The flue was condemned.</text:p></text:deletion></text:changed-region></text:tracked-changes>
<text:h text:outline-level="1">Boiler service report</text:h>
<text:p>Customer: Mrs Ada Lovell, 3 Quarry Lane, Truro<text:change text:change-id="ct1"/></text:p>
<text:p>Serviced on <text:span>26 November 2026</text:span> by engineer Sam Treloar.<office:annotation><dc:creator>Sam</dc:creator><text:p>Check the invoice before sending.</text:p></office:annotation> The next service is due in November 2027.<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Annual service plan, renewed each year.</text:p></text:note-body></text:note></text:p>
<text:p>Flue gas reading:<text:tab/>CO 42 ppm,<text:s text:c="2"/>ratio 0.0041</text:p>
<table:table table:name="Details"><table:table-column table:number-columns-repeated="2"/>
<table:table-row><table:table-cell><text:p>Boiler</text:p></table:table-cell><table:table-cell><text:p>Worcester Greenstar 30i</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell><text:p>Pressure</text:p></table:table-cell><table:table-cell><text:p>1.4 bar</text:p></table:table-cell></table:table-row>
</table:table>
<text:h text:outline-level="2">Parts and labour</text:h>
<table:table table:name="Charges"><table:table-column table:number-columns-repeated="3"/>
<table:table-header-rows><table:table-row><table:table-cell><text:p>Item</text:p></table:table-cell><table:table-cell><text:p>Qty</text:p></table:table-cell><table:table-cell><text:p>Price</text:p></table:table-cell></table:table-row></table:table-header-rows>
<table:table-row><table:table-cell><text:p>Service</text:p></table:table-cell><table:table-cell><text:p>1</text:p></table:table-cell><table:table-cell><text:p>£95.00</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell><text:p>Magnetic filter clean</text:p></table:table-cell><table:table-cell><text:p>1</text:p></table:table-cell><table:table-cell><text:p>£35.00</text:p></table:table-cell></table:table-row>
</table:table>
<text:list><text:list-item><text:p>Radiators bled</text:p></text:list-item><text:list-item><text:p>Carbon monoxide alarm tested</text:p></text:list-item></text:list>
</office:text></office:body></office:document>
"""

def cell(text, **attrs):
    a = "".join(f' {k.replace("_", ":", 1).replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<table:table-cell{a}><text:p>{text}</text:p></table:table-cell>'

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()

def date(iso, named=False):
    y, m, d = iso.split("-")
    shown = f"{int(d)} {MONTHS[int(m) - 1]} {y}" if named else f"{d}/{m}/{y}"
    return cell(shown, table_style_name="named" if named else "date", office_value_type="date", office_date_value=iso)

def money(v):
    return cell(f"£{v:,.2f}", table_style_name="money", office_value_type="currency", office_currency="GBP", office_value=v)

def percent(v):
    return cell(f"{round(v * 100)}%", table_style_name="percent", office_value_type="percentage", office_value=v)

# the data styles LibreOffice gives a cell typed as a date, an amount in pounds, a percentage
STYLES = """<office:automatic-styles>
<number:date-style style:name="N1"><number:day number:style="long"/><number:text>/</number:text><number:month number:style="long"/><number:text>/</number:text><number:year number:style="long"/></number:date-style>
<number:date-style style:name="N2"><number:day/><number:text> </number:text><number:month number:textual="true"/><number:text> </number:text><number:year number:style="long"/></number:date-style>
<number:currency-style style:name="N3"><number:currency-symbol number:language="en" number:country="GB">£</number:currency-symbol><number:number number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/></number:currency-style>
<number:percentage-style style:name="N4"><number:number number:decimal-places="0" number:min-decimal-places="0" number:min-integer-digits="1"/><number:text>%</number:text></number:percentage-style>
<style:style style:name="date" style:family="table-cell" style:data-style-name="N1"/>
<style:style style:name="named" style:family="table-cell" style:data-style-name="N2"/>
<style:style style:name="money" style:family="table-cell" style:data-style-name="N3"/>
<style:style style:name="percent" style:family="table-cell" style:data-style-name="N4"/>
</office:automatic-styles>"""

FODS = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document {NS} office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
{STYLES}
<office:body><office:spreadsheet>
<table:table table:name="Rents 2026">
<table:table-row>{cell("Bramley Road allotments – plot rents")}<table:table-cell table:number-columns-repeated="3"/></table:table-row>
<table:table-row>{cell("Plot")}{cell("Holder")}{cell("Paid on")}{cell("Rent")}{cell("Discount")}</table:table-row>
<table:table-row>{cell("14A")}{cell("Niamh Doyle")}{date("2026-03-02")}{money(48)}{percent(0)}</table:table-row>
<table:table-row>{cell("7")}{cell("Ravi Shah")}{date("2026-02-17")}{money(36.5)}{percent(0.25)}<table:table-cell><office:annotation><text:p>Over 65</text:p></office:annotation></table:table-cell></table:table-row>
<table:table-row>{cell("22")}{cell("Colm Byrne")}{cell("")}{money(48)}<table:table-cell table:number-columns-repeated="1000"/></table:table-row>
<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>
</table:table>
<table:table table:name="Work days">
<table:table-row>{cell("Date")}{cell("Task")}</table:table-row>
<table:table-row>{date("2026-04-11")}{cell("Clear the communal compost bays")}</table:table-row>
<table:table-row>{date("2026-06-13", named=True)}{cell("Strim the paths")}</table:table-row>
</table:table>
</office:spreadsheet></office:body></office:document>
"""

def write_pptx(path):
    """openday.pptx with python-pptx (PowerPoint's default template: a title slide, a title and
    content slide with bullets, a title-only slide with a table; speaker notes, a slide number)."""
    from pptx import Presentation
    from pptx.util import Cm
    deck = Presentation()
    first = deck.slides.add_slide(deck.slide_layouts[0])
    first.shapes.title.text = "Spring open day"
    first.placeholders[1].text = "Bramley Road allotments, Saturday 9 May 2026"
    first.notes_slide.notes_text_frame.text = "Remind Niamh to bring the gazebo."
    second = deck.slides.add_slide(deck.slide_layouts[1])
    second.shapes.title.text = "Stalls and jobs"
    body = second.placeholders[1].text_frame
    body.text = "Seedling swap from 10:00 by the shed"
    for line in ("Plot tours at 11:30 and 14:00", "Raffle drawn at 15:30"):
        body.add_paragraph().text = line
    second.notes_slide.notes_text_frame.text = "Ravi has the raffle tickets; the float is £40 in the blue tin."
    third = deck.slides.add_slide(deck.slide_layouts[5])
    third.shapes.title.text = "Volunteers"
    rows = [("Job", "Who", "When"), ("Car park", "Colm Byrne", "09:00-12:00"), ("Teas", "Niamh Doyle", "12:00-16:00")]
    table = third.shapes.add_table(3, 3, Cm(2), Cm(5), Cm(20), Cm(4)).table
    for r, cells in enumerate(rows):
        for c, text in enumerate(cells):
            table.cell(r, c).text = text
    box = third.shapes.add_textbox(Cm(2), Cm(11), Cm(20), Cm(2)).text_frame
    box.text = "Hi-vis vests are in the shed."
    deck.save(path)

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if not soffice:
        raise SystemExit("make_fixture.py: LibreOffice (soffice) is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        for name, xml, ext in (("service", FODT, "odt"), ("allotment", FODS, "ods")):
            flat = os.path.join(tmp, f"{name}.f{ext}")
            with open(flat, "w", encoding="utf-8") as f:
                f.write(xml)
            subprocess.run([soffice, f"-env:UserInstallation=file://{tmp}/profile", "--headless",
                            "--convert-to", ext, "--outdir", here, flat], check=True, capture_output=True)
            print("wrote", os.path.join(here, f"{name}.{ext}"))
        # slides: openday.pptx by python-pptx, and the same saved by LibreOffice Impress as .odp
        write_pptx(os.path.join(here, "openday.pptx"))
        subprocess.run([soffice, f"-env:UserInstallation=file://{tmp}/profile", "--headless", "--convert-to", "odp",
                        "--outdir", here, os.path.join(here, "openday.pptx")], check=True, capture_output=True)
        print("wrote", os.path.join(here, "openday.pptx"), os.path.join(here, "openday.odp"))
    # locked.odt: service.odt as a password-protected document stands, its manifest declaring
    # content.xml encrypted (Blowfish, as LibreOffice writes the entry) and that part unreadable
    with zipfile.ZipFile(os.path.join(here, "service.odt")) as src, \
         zipfile.ZipFile(os.path.join(here, "locked.odt"), "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "META-INF/manifest.xml":
                data = data.replace(b'manifest:full-path="content.xml" manifest:media-type="text/xml"/>',
                                    b'manifest:full-path="content.xml" manifest:media-type="text/xml">'
                                    b'<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AAAA">'
                                    b'<manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="AAAA"/>'
                                    b'</manifest:encryption-data></manifest:file-entry>')
                assert b"encryption-data" in data
            elif item.filename == "content.xml":
                data = bytes((i * 73 + 41) % 256 for i in range(len(data)))
            dst.writestr(item, data)
    print("wrote", os.path.join(here, "locked.odt"))

if __name__ == "__main__":
    main()
