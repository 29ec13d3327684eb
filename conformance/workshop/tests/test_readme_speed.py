"""The README's speed table names scripts that exist, and each script prints figures, never asserts them."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def speed_table() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Speed\n") :].split("\n## ")[0]
    return [line for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]


def test_each_row_names_a_benchmark_that_exists() -> None:
    rows = speed_table()
    assert len(rows) >= 5
    named = {
        match for row in rows for match in re.findall(r"`(conformance/workshop/benchmarks/[\w.]+\.py)`", row)
    }
    assert named, "the speed table names no benchmark script"
    for script in named:
        path = REPO / script
        assert path.is_file(), script
        assert not re.search(r"^\s*assert ", path.read_text(encoding="utf-8"), re.M), f"{script} asserts"
