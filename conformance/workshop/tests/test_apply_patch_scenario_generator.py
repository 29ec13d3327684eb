"""The apply_patch scenario generator rewrites the committed capture inputs exactly.

``fixtures/apply_patch/_scenarios.json`` is generated from ``hand_picked.json``
and the perturbation generators; a change to either side that is not carried
to the other (or a generator that stops being deterministic) fails here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from codex_conformance.paths import fixtures_dir
from codex_workshop.areas.apply_patch.scenario_generator import (
    GENERATORS,
    HAND_PICKED,
    Generated,
    load_hand_picked,
)

COMMITTED = fixtures_dir() / "apply_patch" / "_scenarios.json"


def _first_difference(generated: bytes, committed: bytes) -> str:
    new, old = json.loads(generated), json.loads(committed)
    for index, (a, b) in enumerate(zip(new, old, strict=False)):
        if a != b:
            keys = sorted(key for key in a.keys() | b.keys() if a.get(key) != b.get(key))
            return f"scenario {index} (committed {b['slug']!r}) differs in {keys}"
    if len(new) != len(old):
        return f"generated {len(new)} scenarios, committed {len(old)}"
    return "same scenarios, different bytes (formatting)"


def test_generator_rewrites_the_committed_scenarios_byte_for_byte(tmp_path: Path) -> None:
    out = tmp_path / "_scenarios.json"
    module = "codex_workshop.areas.apply_patch.scenario_generator"
    subprocess.run([sys.executable, "-m", module, str(out)], check=True, capture_output=True)
    generated, committed = out.read_bytes(), COMMITTED.read_bytes()
    assert generated == committed, _first_difference(generated, committed)


def test_hand_picked_data_places_every_generator_once() -> None:
    placed = [entry.generated for entry in load_hand_picked(HAND_PICKED) if isinstance(entry, Generated)]
    assert sorted(placed) == sorted(GENERATORS)
