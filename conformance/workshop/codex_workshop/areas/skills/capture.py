"""Area ``skills``: release 0.169.0's remote-skills namespace, from a cloud skills snapshot.

0.25.0 has no skills, so the area captures 0.169.0 only.  A cursor's first
field is a hash of the listing (or contents) that the kit does not pin
(spec/skills.md SKILLS-CURSOR-1), so a captured ``next_cursor`` is expected
by pattern: any 16 hex digits, then the release's offset and budget as they
are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_conformance.compare import PATTERN_KEY
from codex_workshop.areas.capturing import op_cases
from codex_workshop.areas.skills import release as skills_ops
from codex_workshop.areas.skills.scenarios import load_skills_scenarios

_CURSOR = re.compile(r"\A[0-9a-f]{16}(:.*)\Z", re.DOTALL)
FINGERPRINT_FORM = "[0-9a-f]{16}"


def expected_output(output: dict[str, Any]) -> dict[str, Any]:
    """The output with a JSON value's cursor matched by form (its hash) and value (the rest)."""
    value = output.get("json")
    if not isinstance(value, dict) or not isinstance(value.get("next_cursor"), str):
        return output
    match = _CURSOR.match(value["next_cursor"])
    if match is None:
        return output
    cursor = {PATTERN_KEY: FINGERPRINT_FORM + re.escape(match.group(1))}
    return {"json": {**value, "next_cursor": cursor}}


def _output_patterns(result: dict[str, Any]) -> dict[str, Any]:
    return {"outputs": [expected_output(output) for output in result["outputs"]]}


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    scenarios = load_skills_scenarios(root)
    # skills.tools answers what a run does not make up; the calls' outputs hold cursors.
    patterns = {"skills.list": _output_patterns, "skills.read": _output_patterns}
    yield from op_cases("skills", scenarios, version, only, ops=skills_ops.OPS, patterns=patterns)
