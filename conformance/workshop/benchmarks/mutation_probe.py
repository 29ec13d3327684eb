"""Telling a surviving mutant from the reference on generated inputs (``mutate_reference.py --probe N``).

A survivor is a behaviour no case pins.  The explorers' generators
(``areas/<area>/explore.py``) make inputs nobody chose; sending them through
the mutant and through the unmutated reference finds one on which the two
answer differently, which is the input to capture from the releases next
(add it as a scenario of the area, capture it, and the mutant dies if the
release agrees with the reference there).  Nothing here judges: an input
found is a candidate, the release has the last word.

Inputs are generated in the parent (the generators never import the
reference) with a fixed seed, so every mutant meets the same ones; the
unmutated reference answers them twice in a child, and an input whose two
answers differ (a value drawn at random) is left out.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from codex_conformance.areas import discover
from codex_conformance.generators import Draw, generated
from codex_workshop.areas import parts_of

Handle = Any  # codex_reference.adapter.handle, imported in the child only


@dataclass(frozen=True)
class ProbeInput:
    area: str
    op: str
    args: dict[str, Any]


def probe_inputs(per_edition: int, seed: int) -> list[ProbeInput]:
    """``per_edition`` inputs per explorer and edition of every area that has explorers."""
    found: list[ProbeInput] = []
    for area in discover().values():
        for explorer in parts_of(area).explorers():
            for edition in area.editions:
                made = generated(
                    partial(_generate, explorer.generate, edition),
                    per_edition,
                    f"mutation-probe-{seed}-{explorer.op}-{edition}",
                )
                found += [ProbeInput(area.name, explorer.op, args) for args in made]
    return found


def _generate(generate: Callable[[Draw, str], dict[str, Any]], edition: str, draw: Draw) -> dict[str, Any]:
    return generate(draw, edition)


def answer(handle: Handle, item: ProbeInput) -> str:
    """The reference's (or a mutant's) answer to ``item``, as canonical JSON; a crash as its type."""
    try:
        response = handle({"op": item.op, "args": item.args})
    except Exception as exc:  # a mutant that crashes the adapter answers differently
        return f"raised {type(exc).__name__}"
    # As a case compares: an error by its kind, `unsupported` by itself; their texts are free.
    if isinstance(response.get("error"), dict):
        response = {"error": {"kind": response["error"].get("kind")}}
    elif "unsupported" in response:
        response = {"unsupported": True}
    return json.dumps(response, ensure_ascii=False, sort_keys=False, separators=(",", ":"))


def stable_answers(handle: Handle, items: list[ProbeInput]) -> list[str | None]:
    """Each item's answer, or None where two runs of the unmutated reference answer differently."""
    first = [answer(handle, item) for item in items]
    return [one if one == answer(handle, item) else None for one, item in zip(first, items, strict=True)]


def first_difference(
    handle: Handle, items: list[ProbeInput], expected: list[str | None], areas: set[str]
) -> dict[str, Any] | None:
    """The first input of ``areas`` on which ``handle`` answers otherwise than ``expected``, or None."""
    for item, wanted in zip(items, expected, strict=True):
        if wanted is None or item.area not in areas:
            continue
        got = answer(handle, item)
        if got != wanted:
            return {"op": item.op, "args": item.args, "reference": wanted, "mutant": got}
    return None
