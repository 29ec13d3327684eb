"""The mutation tool's judgements file stays readable and mergeable.

conformance/workshop/benchmarks/mutation_equivalent.json is written by people (and
helpers working different modules at once): each entry must say why, on
which line, and the file is kept sorted by mutant id so that judgements of
different modules land in different places of the file and merge cleanly.
"""

from __future__ import annotations

import json
from pathlib import Path

JUDGEMENTS = Path(__file__).resolve().parents[1] / "benchmarks" / "mutation_equivalent.json"
KINDS = {"equivalent", "invalid-args", "not-modelled"}


def _judgements() -> dict[str, dict[str, str]]:
    loaded: dict[str, dict[str, str]] = json.loads(JUDGEMENTS.read_text(encoding="utf-8"))
    return loaded


def test_judgements_are_sorted_by_mutant_id() -> None:
    ids = list(_judgements())
    assert ids == sorted(ids), "keep mutation_equivalent.json sorted by mutant id"


def test_every_judgement_names_its_reason_line_and_kind() -> None:
    for mutant, entry in _judgements().items():
        assert entry.get("reason", "").strip(), f"{mutant}: no reason"
        assert "source" in entry, f"{mutant}: no source line"
        assert entry.get("kind", "equivalent") in KINDS, f"{mutant}: unknown kind {entry.get('kind')!r}"
        if entry.get("kind") == "invalid-args":
            assert entry.get("test"), f"{mutant}: an invalid-args judgement names the kit test that kills it"
