"""Every measured figure of the README and docs/ comes from a benchmark's committed output, or is marked.

The speed tables (docs/speed.md, and the README's "Speed") name the script
behind each row.  A row's numbers (what was measured, and the figures) must
each appear in that script's output as committed under
``conformance/workshop/benchmarks/output/<script>.txt`` (each script's
``--save`` writes it), unless the row is marked ``†``: a printout copied by
hand, before outputs were committed.  Elsewhere in the pages, a paragraph
quoting a measurement (seconds, minutes, megabytes, a ratio) carries ``†``
too, unless the figure is a target, a default or a limit.  So a figure cannot
be typed in, or left behind by a new run, without this file noticing.  Each
script prints figures and never asserts a time.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
OUTPUT_DIR = "conformance/workshop/benchmarks/output"
OUTPUT = REPO / OUTPUT_DIR
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
HAND = "†"

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
SCRIPT = re.compile(r"`(conformance/workshop/benchmarks/[\w.]+\.py)`")
NUMBER = re.compile(r"\d(?:[\d,]*\d)?(?:\.\d+)?")
MEASURE = re.compile(
    r"\d(?:[\d,.]*\d)?\s?(?:s|ms|minutes|min|MB|GB|KB|calls/s|inputs/s|/s)\b"
    r"|\d(?:\.\d+)?\N{MULTIPLICATION SIGN}"
)
# Words just before a figure that make it a setting, not a measurement.
NOT_MEASURED = re.compile(r"target|default|timeout|at most|under|budget|limit", re.I)


def speed_rows(page: Path) -> list[list[str]]:
    """The rows of the page's speed table (docs/speed.md's, or the README's "## Speed" section)."""
    text = page.read_text(encoding="utf-8")
    if page.name == "speed.md":
        section = text.split("\n### ")[0]  # the table, before the sub-sections
    elif "\n## Speed\n" in text:
        section = text.split("\n## Speed\n", 1)[1].split("\n## ")[0]
    else:
        return []
    lines = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]


ROWS = [(page, row) for page in PAGES for row in speed_rows(page)]


def numbers(text: str) -> list[str]:
    """The numbers of a cell, thousands separators dropped; those inside a script's name left out."""
    return [number.replace(",", "") for number in NUMBER.findall(SCRIPT.sub("", text))]


def row_problems(row: list[str]) -> list[str]:
    """What in a table row does not come from its script's committed output."""
    *cells, script_cell = row
    scripts = SCRIPT.findall(script_cell)
    missing = [script for script in scripts if not (REPO / script).is_file()]
    if missing:
        return [f"no such script: {script}" for script in missing]
    if any(HAND in cell for cell in cells):
        return []
    if not scripts:
        return [f"no benchmark script named: {script_cell!r}"]
    outputs = [OUTPUT / f"{Path(script).stem}.txt" for script in scripts]
    absent = [output for output in outputs if not output.is_file()]
    if absent:
        return [
            f"no committed output {OUTPUT_DIR}/{output.name} "
            f"(run the script with --save, or mark the row {HAND})"
            for output in absent
        ]
    known = {number for output in outputs for number in numbers(output.read_text(encoding="utf-8"))}
    return [
        f"{number} is not in {', '.join(o.name for o in outputs)}"
        for number in numbers(" ".join(cells))
        if number not in known
    ]


def prose_problems(page: Path) -> list[str]:
    """Paragraphs outside tables and code quoting a measurement without the hand mark."""
    found = []
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    for paragraph in re.split(r"\n\s*\n", text):
        if paragraph.lstrip().startswith("|") or HAND in paragraph:
            continue
        plain = paragraph.replace("`", "")
        for match in MEASURE.finditer(plain):
            if not NOT_MEASURED.search(plain[max(0, match.start() - 40) : match.start()]):
                found.append(f"{match.group(0)!r} in: {' '.join(paragraph.split())[:100]}...")
    return found


def test_the_speed_tables_have_rows() -> None:
    assert len([row for page, row in ROWS if page.name == "speed.md"]) >= 5


@pytest.mark.parametrize(
    ("page", "row"), ROWS, ids=[f"{page.name}-{number}" for number, (page, _) in enumerate(ROWS)]
)
def test_each_row_comes_from_its_scripts_output(page: Path, row: list[str]) -> None:
    assert row_problems(row) == []


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_measurements_in_prose_are_marked(page: Path) -> None:
    assert prose_problems(page) == []


def test_each_script_named_prints_and_never_asserts() -> None:
    named = {script for _, row in ROWS for script in SCRIPT.findall(row[-1])}
    assert named
    for script in named:
        assert not re.search(r"^\s*assert ", (REPO / script).read_text(encoding="utf-8"), re.M), script


def test_a_typed_figure_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(f"{__name__}.OUTPUT", tmp_path)
    (tmp_path / "gate_speed.txt").write_text("gate 5.15s no gate 5.15s ratio 1.00x\n", encoding="utf-8")
    script = "`conformance/workshop/benchmarks/gate_speed.py`"
    assert row_problems(["the gate", "5.15 s against 5.15 s (1.00\N{MULTIPLICATION SIGN})", script]) == []
    assert row_problems(["the gate", "5.15 s against 4.90 s (1.05\N{MULTIPLICATION SIGN})", script]) == [
        "4.90 is not in gate_speed.txt",
        "1.05 is not in gate_speed.txt",
    ]
    assert row_problems(["the gate", f"4.90 s {HAND}", script]) == []
    assert row_problems(["the gate", "4.90 s", "`conformance/workshop/benchmarks/xdist_speedup.py`"]) == [
        "no committed output conformance/workshop/benchmarks/output/xdist_speedup.txt "
        f"(run the script with --save, or mark the row {HAND})"
    ]


def test_an_unmarked_measurement_in_prose_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "A run took 55 minutes.\n\nThe timeout is 30 s (default).\n\nIt took 2 s †.\n", encoding="utf-8"
    )
    assert prose_problems(page) == ["'55 minutes' in: A run took 55 minutes...."]
