#!/usr/bin/env bash
# The library eval on the SQuAD-based dev set, with the issue's held-out floors; then the same set
# in deep mode (the loop: expanded queries, more evidence, verified again); then the SQuAD 2.0
# no-answer questions (paragraph in the library, answer not in it), with a floor below what is met.
# MiniLM answers use the question's cosine with each passage (sentence choice, gate A); the hashing
# embedder's answers do not, so two floors are the embedder's (measured values in Docs/EVALS.md).
set -euo pipefail
BIN=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
QA="$ROOT/Fixtures/qa"
EMBEDDER=$("$BIN" embed probe --json 2>/dev/null | grep -o '"embedder":"[^"]*"' | cut -d'"' -f4 || true)
if [ "$EMBEDDER" = "minilm-l6-v2" ]; then
  DEEP_FALSE=0.07; IN_LIBRARY=0.15   # measured 0.042 (2 of 48) and 0.229 (11 of 48)
else
  DEEP_FALSE=0.09; IN_LIBRARY=0.10   # hashing: in-library measured 0.146 (7 of 48)
fi
"$BIN" eval qa --docs "$QA/docs" --questions "$QA/questions.dev.jsonl" \
  --floors hit5=0.95,contain=0.85,abstain=0.90,false_abstain=0.05,in_library=0,offsets=1
echo "(deep mode, dev: answerable abstention floor $DEEP_FALSE — its stricter floors cost answerable questions:)"
"$BIN" eval qa --docs "$QA/docs" --questions "$QA/questions.dev.jsonl" --mode deep \
  --floors hit5=0.95,contain=0.85,abstain=0.90,false_abstain=$DEEP_FALSE,in_library=0,offsets=1
echo "(SQuAD 2.0 no-answer questions over the same library: in-library abstention, floor $IN_LIBRARY; the goal 0.5 is not met:)"
"$BIN" eval qa --docs "$QA/docs" --questions "$QA/squad2_no_answer.dev.jsonl" --questions "$QA/squad2_no_answer.tune.jsonl" \
  --floors hit5=0,contain=0,abstain=0,false_abstain=1,in_library=$IN_LIBRARY,offsets=1
# One person's library against its floors (`abstain=0,offsets=1` added): personal LIB FLOORS
personal() {
  echo "(a person's files, $1:)"
  "$BIN" eval qa --docs "$ROOT/Fixtures/qa-personal/$1/docs" --questions "$ROOT/Fixtures/qa-personal/$1/questions.jsonl" \
    --floors "$2,abstain=0,offsets=1"
}
# A library with PDFs, which need pdftotext (poppler-utils): skipped, said so, without it.
personal_pdf() {
  if ! command -v pdftotext >/dev/null 2>&1; then
    echo "(a person's files, $1: skipped — pdftotext (poppler-utils) is not installed to read its PDFs)"
    return 0
  fi
  personal "$1" "$2"
}
# Libraries each with its floors, `LIB:CONTAIN:FALSE_ABSTAIN:IN_LIBRARY:HIT5`, read by RUN
# (personal or personal_pdf): floored RUN ENTRY...
floored() {
  local run=$1 entry lib contain false_abstain in_library hit5
  shift
  for entry in "$@"; do
    IFS=: read -r lib contain false_abstain in_library hit5 <<< "$entry"
    "$run" "$lib" "contain=$contain,false_abstain=$false_abstain,in_library=$in_library,hit5=$hit5"
  done
}
# Two libraries of a person's own files (Fixtures/qa-personal/PROVENANCE.md): containment,
# answerable abstention and near misses, floors below the measured values (MiniLM: B&B 0.850,
# 0.033, 0.55; developer 0.800, 0.033, 0.35; hashing: 0.800, 0.067, 0.60; 0.750, 0.067, 0.25 —
# the developer's "wedding suit" near miss is answered since a wedding meets "married").
if [ "$EMBEDDER" = "minilm-l6-v2" ]; then
  PERSONAL=contain=0.70,false_abstain=0.15,in_library=0.30,hit5=0.95
else
  PERSONAL=contain=0.62,false_abstain=0.17,in_library=0.20,hit5=0.93
fi
for lib in bnb developer; do
  personal "$lib" "$PERSONAL"
done
# Three more, written later and used to choose the rules of the stop after (MiniLM / hashing:
# photographer 0.667 / 0.617 containment, 0.117 / 0.133 answerable abstention, 0.45 / 0.50 near
# misses; retirees 0.633 / 0.667, 0.167 / 0.167, 0.50 / 0.40; cafe 0.583 / 0.633, 0.217 / 0.133,
# 0.65 / 0.60): floors below both.
for lib in photographer retirees cafe; do
  personal "$lib" "contain=0.53,false_abstain=0.25,in_library=0.35,hit5=0.90"
done
# Three more, measured unseen by the rules they then helped choose (MiniLM / hashing: teacher
# 0.767 / 0.717 containment, 0.083 / 0.100 answerable abstention, 0.50 / 0.55 near misses;
# translator 0.883 / 0.800, 0.033 / 0.067, 0.50 / 0.45; student 0.783 / 0.650, 0.083 / 0.133,
# 0.50 / 0.40): floors below both.
for lib in teacher translator student; do
  personal "$lib" "contain=0.60,false_abstain=0.17,in_library=0.35,hit5=0.95"
done
# Six more, three at a time, each measured unseen by the rules it then helped choose (MiniLM /
# hashing: landlord 0.533 / 0.517 containment, 0.183 / 0.167 answerable abstention, 0.20 / 0.25
# near misses, hit@5 0.967 / 0.900; parents 0.617 / 0.600, 0.167 / 0.133, 0.40 / 0.30, 0.983 /
# 0.900; vetnurse 0.767 / 0.667, 0.117 / 0.133, 0.75 / 0.60, 0.983 / 0.967; gardener 0.650 /
# 0.567, 0.083 / 0.100, 0.45 / 0.50, 0.967 / 0.950; musician 0.800 / 0.700, 0.050 / 0.083, 0.30 /
# 0.30, 1.000 / 0.983; homeowner 0.683 / 0.633, 0.067 / 0.117, 0.50 / 0.60, 1.000 / 0.883; groomer
# 0.633 / 0.633, 0.117 / 0.067, 0.45 / 0.40, 1.000 / 0.967; tester 0.433 / 0.500, 0.300 / 0.183,
# 0.65 / 0.45, 0.967 / 0.950; paralegal 0.617 / 0.633, 0.167 / 0.100, 0.25 / 0.30, 0.983 / 1.000):
# floors below both, each its own.
floored personal landlord:0.45:0.25:0.15:0.85 parents:0.55:0.22:0.25:0.85 vetnurse:0.60:0.17:0.55:0.85 \
  gardener:0.45:0.17:0.40:0.85 musician:0.60:0.12:0.20:0.85 homeowner:0.55:0.17:0.40:0.85 \
  groomer:0.55:0.15:0.30:0.85 tester:0.33:0.35:0.30:0.85 paralegal:0.52:0.22:0.12:0.85
# Three more, measured unseen by the rules they then helped choose (fresh indexes, MiniLM /
# hashing: electrician 0.633 / 0.617 containment, 0.117 / 0.150 answerable abstention, 0.35 /
# 0.40 near misses, hit@5 1.000 / 0.983; nurse — files partly in German, asked in English —
# 0.283 / 0.283, 0.350 / 0.367, 0.50 / 0.50, 0.717 / 0.683; analyst 0.617 / 0.533, 0.050 /
# 0.067, 0.50 / 0.25, 0.983 / 0.967): floors below both, each its own, hit@5 too.
floored personal electrician:0.55:0.20:0.25:0.93 nurse:0.22:0.42:0.40:0.62 analyst:0.47:0.12:0.18:0.92
# Three more whose statements, invoices, tickets and letters are PDFs (tables of several rows),
# measured unseen with the binary of the stop before (fresh indexes, MiniLM / hashing: trucker
# 0.617 / 0.600 containment, 0.100 / 0.133 answerable abstention, 0.35 / 0.35 near misses, hit@5
# 0.983 / 0.983; PhD student 0.700 / 0.767, 0.083 / 0.050, 0.35 / 0.45, 0.983 / 0.967; farmer
# 0.517 / 0.567, 0.167 / 0.117, 0.60 / 0.55, 1.000 / 0.967), then with PDF tables read row by row
# (0.700 / 0.633, 0.083 / 0.133, 0.35 / 0.35, 0.983 / 1.000; 0.767 / 0.750, 0.067 / 0.067, 0.45 /
# 0.40, 0.983 / 0.967; 0.683 / 0.700, 0.183 / 0.133, 0.55 / 0.55, 1.000 / 0.967): floors below
# both. Their PDFs need pdftotext (poppler-utils); without it they are skipped, said so.
floored personal_pdf trucker:0.55:0.20:0.25:0.93 phd:0.67:0.13:0.30:0.92 farmer:0.60:0.22:0.45:0.92
# Two whose saved emails, calendars and contacts are `.eml`, `.ics` and `.vcf` (MiniLM / hashing:
# florist 0.750 / 0.733 containment, 0.083 / 0.050 answerable abstention, 0.40 / 0.35 near misses,
# hit@5 1.000 / 0.967; hygienist 0.767 / 0.783, 0.100 / 0.100, 0.50 / 0.45, 0.950 / 0.983;
# before those files were read, 0.317 and 0.367), and a realtor's measured unseen after them
# (0.750 / 0.667, 0.050 / 0.017, 0.30 / 0.30, 0.983 / 0.983; 0.233 before): floors below both.
floored personal florist:0.68:0.13:0.30:0.93 hygienist:0.68:0.15:0.38:0.90 realtor:0.60:0.10:0.22:0.93
# A bookkeeper's, half of whose files are Word documents and Excel workbooks (`.docx`, `.xlsx`),
# measured unseen after their readers were written (MiniLM / hashing: 0.800 / 0.750 containment,
# 0.083 / 0.150 answerable abstention, 0.50 / 0.50 near misses, hit@5 0.967 / 0.983; 0.217 while
# those files were refused): floors below both.
personal office "contain=0.68,false_abstain=0.20,in_library=0.40,hit5=0.93"
# Two more, each with its Office files, PDFs, mail, calendar and contacts, measured unseen
# (MiniLM: a food-bank volunteer coordinator's, whose minutes are kept as a .docx and as its PDF,
# 0.733 containment, 0.050 answerable abstention, 0.50 near misses, hit@5 1.000; a pilot's with
# four PDFs of tables, 0.567, 0.100, 0.35, 0.983), then with the PDF header and card rules
# (MiniLM / hashing: 0.750 / 0.750, 0.067 / 0.100, 0.50 / 0.35, 1.000 / 0.950; 0.583 / 0.517,
# 0.100 / 0.150, 0.35 / 0.40, 0.983 / 0.917): floors below both. They need pdftotext too.
floored personal_pdf volunteer:0.65:0.17:0.28:0.90 pilot:0.45:0.22:0.28:0.88
# Three more, measured unseen with the files a person exports on Windows and from portals — a
# beekeeper's (a UTF-16 price list), a carer's (a UTF-16 tab-separated pharmacy log, a discharge
# summary PDF, a portal invoice laid out in tables) and a freelancer's (a UTF-16 rate card, a
# PDF invoice, a .docx contract): 0.630 containment of the three together before UTF-16 was read;
# after this stop's rules (MiniLM / hashing) beekeeper 0.792 / 0.750, 0.083 / 0.083 answerable
# abstention, 0.56 / 0.56 near misses, hit@5 1.000 / 1.000; caregiver 0.667 / 0.625, 0.125 /
# 0.208, 0.40 / 0.40, 1.000 / 1.000; freelancer 0.640 / 0.520, 0.200 / 0.280, 0.50 / 0.50,
# 0.960 / 0.920: floors below both. They need pdftotext too.
floored personal_pdf beekeeper:0.70:0.15:0.45:0.93 caregiver:0.55:0.27:0.30:0.93 freelancer:0.45:0.33:0.40:0.85
# Three more, measured unseen — a head chef's in Lyon, a club treasurer's in Girona and a
# tenant's in Glasgow: price lists and bills set out with dotted leaders, a Spanish bank export
# (`;`, comma decimals, Windows-1252), PDF invoices whose descriptions wrap, bilingual labels.
# Before this stop's rules (MiniLM) chef 0.765 containment, cyclist 0.629, tenant 0.794; after
# (MiniLM / hashing) chef 0.824 / 0.765, 0.029 / 0.088 answerable abstention, 0.44 / 0.67 near
# misses, hit@5 1.000 / 1.000; cyclist 0.686 / 0.657, 0.114 / 0.086, 0.44 / 0.56, 0.943 / 0.943;
# tenant 0.824 / 0.794, 0.029 / 0.029, 0.78 / 0.78, 1.000 / 1.000: floors below both.
floored personal_pdf chef:0.70:0.12:0.40:0.93 cyclist:0.60:0.17:0.40:0.90 tenant:0.73:0.08:0.70:0.93
# Three more, measured unseen — an apiarist's near Warkworth (Dutch notes, a market stall's
# takings by jar size), a carer's in Ennis (a brother's export with German headers) and a bassist's
# in Köln (a German bank export, contract, invoice and insurance letter, asked in English). Before
# this stop's rules (MiniLM / hashing) 0.486 / 0.524 containment of the three together; after
# apiarist 0.657 / 0.743, 0.171 / 0.143 answerable abstention, 0.67 / 0.44 near misses, hit@5
# 1.000 / 0.971; carer 0.600 / 0.600, 0.171 / 0.114, 0.56 / 0.56, 0.971 / 0.971; bassist 0.457 /
# 0.571, 0.314 / 0.171, 0.56 / 0.56, 1.000 / 1.000: floors below both.
floored personal_pdf apiarist:0.58:0.23:0.38:0.93 carer:0.50:0.23:0.45:0.93 bassist:0.38:0.37:0.45:0.93
# Three more, measured unseen — a boater's on the Kennet & Avon, a wedding's in Columbus, Ohio,
# and retirees' in the Algarve (a Portuguese water bill, tax notice, bank export and condominium
# minutes, asked in English). Unseen (MiniLM) 0.571 / 0.543 / 0.486 containment; after this stop's
# rules (MiniLM / hashing) boater 0.600 / 0.486, 0.200 / 0.257 answerable abstention, 0.44 / 0.56
# near misses, hit@5 0.971 / 0.914; wedding 0.543 / 0.371, 0.086 / 0.200, 0.44 / 0.56, 0.971 /
# 0.857; algarve 0.571 / 0.514, 0.143 / 0.086, 0.22 / 0.56, 0.743 / 0.771: floors below both.
floored personal_pdf boater:0.42:0.30:0.38:0.88 wedding:0.32:0.25:0.38:0.82 algarve:0.42:0.22:0.18:0.70
# Three more, measured unseen — an executor's in Leeds, a ceramicist's in Asheville and a school
# PTA treasurer's in Wellington (a till's cash-up and a shipping program's label history printed
# as tables aligned by spaces). Unseen (MiniLM) 0.629 / 0.657 / 0.629 containment; after this
# stop's rules (MiniLM / hashing) executor 0.657 / 0.629, 0.200 / 0.057 answerable abstention,
# 0.44 / 0.44 near misses, hit@5 1.000 / 0.943; crafter 0.714 / 0.714, 0.057 / 0.057, 0.44 /
# 0.44, 0.943 / 0.886; treasurer 0.686 / 0.629, 0.057 / 0.086, 0.56 / 0.44, 0.971 / 0.914: floors
# below both.
floored personal_pdf executor:0.55:0.25:0.38:0.90 crafter:0.65:0.12:0.38:0.85 treasurer:0.57:0.14:0.38:0.88
# Three more, measured unseen — a youth football club registrar's in Cork, a locum GP's in
# Melbourne and a brewery's in Portland, Oregon (a council's statement and an agency's remittance
# printed with dotted leaders, a till's tip-pool report, an `.rtf` written by hand). Unseen
# (MiniLM) 0.686 / 0.714 / 0.657 containment; after this stop's rules (MiniLM / hashing)
# registrar 0.714 / 0.686, 0.057 / 0.114 answerable abstention, 0.56 / 0.56 near misses, hit@5
# 0.943 / 0.914; locum 0.743 / 0.743, 0.057 / 0.114, 0.44 / 0.44, 0.943 / 0.943; brewer 0.686 /
# 0.629, 0.086 / 0.143, 0.44 / 0.44, 1.000 / 1.000: floors below both.
floored personal_pdf registrar:0.60:0.17:0.45:0.88 locum:0.62:0.17:0.38:0.88 brewer:0.57:0.20:0.38:0.93
# Three more, measured unseen — a condominium board secretary's in Toronto, a private-hire
# driver's in Glasgow and a home-based childcare educator's in Auckland (an arrears report and a
# meter's calibration certificate printed with dotted leaders, a fuel card's statement whose
# totals sit under the rows). Unseen (MiniLM) 0.629 / 0.771 / 0.714 containment; after this
# stop's rules (MiniLM / hashing) condo 0.629 / 0.571, 0.114 / 0.057 answerable abstention, 0.33
# / 0.44 near misses, hit@5 1.000 / 0.971; taxi 0.800 / 0.714, 0.114 / 0.200, 0.89 / 0.89, 1.000
# / 0.943; daycare 0.771 / 0.629, 0.143 / 0.143, 0.89 / 0.78, 0.971 / 0.971: floors below both.
floored personal_pdf condo:0.52:0.17:0.22:0.93 taxi:0.65:0.25:0.70:0.90 daycare:0.57:0.20:0.60:0.93
# Three more, measured unseen — a food truck owner's in Austin, a yoga teacher's in Melbourne and
# a newcomer's to Calgary from Portugal (a pay statement printed in UTF-16, a slide deck with
# speaker notes, a checklist and a bank export in Portuguese). Unseen (MiniLM) 0.714 / 0.714 /
# 0.343 containment; after this stop's rules (MiniLM / hashing) foodtruck 0.743 / 0.600, 0.057 /
# 0.200 answerable abstention, 0.33 / 0.44 near misses, hit@5 0.943 / 0.914; yoga 0.714 / 0.600,
# 0.057 / 0.143, 0.78 / 0.89, 0.914 / 0.914; newcomer 0.400 / 0.371, 0.314 / 0.314, 0.67 / 0.78,
# 0.857 / 0.829: floors below both.
floored personal_pdf foodtruck:0.50:0.25:0.22:0.88 yoga:0.52:0.20:0.70:0.88 newcomer:0.30:0.40:0.55:0.80
