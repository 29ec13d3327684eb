"""Area ``dynamic``: app-server dynamic tools as Responses tools, and their outputs.

0.25.0 has no app-server and no dynamic tools, so the area captures 0.94.0
and 0.169.0; release:0.25.0 does not declare the ops (spec/dynamic.md).  An
output item's id, where the release writes one, is made up per run and is
checked by form (``fco_`` and a UUID), as in ``mcp.call_output``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_conformance.compare import PATTERN_KEY
from codex_workshop.areas.capturing import op_cases
from codex_workshop.areas.dynamic import release as dynamic_ops
from codex_workshop.areas.dynamic.scenarios import load_dynamic_scenarios

_UUID_FORM = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_GENERATED_ID = re.compile(r"\Afco_" + _UUID_FORM + r"\Z")


def expected_item(item: dict[str, Any]) -> dict[str, Any]:
    """The item with its generated id replaced by a pattern of its form."""
    out = dict(item)
    if isinstance(out.get("id"), str) and _GENERATED_ID.match(out["id"]):
        out["id"] = {PATTERN_KEY: "fco_" + _UUID_FORM}
    return out


def _item_patterns(result: dict[str, Any]) -> dict[str, Any]:
    return {"item": expected_item(result["item"])}


# The ids an item/tool/call request carries that the release makes up per run.
_MADE_UP_IDS = ("threadId", "turnId")


def expected_params(params: dict[str, Any]) -> dict[str, Any]:
    """The request's params, its made-up thread and turn ids replaced by patterns of their form."""
    out = dict(params)
    for key in _MADE_UP_IDS:
        value = out.get(key)
        if isinstance(value, str) and re.fullmatch(_UUID_FORM, value):
            out[key] = {PATTERN_KEY: _UUID_FORM}
        elif isinstance(value, str) and value.isdigit():
            out[key] = {PATTERN_KEY: "[0-9]+"}
    return out


def _request_patterns(result: dict[str, Any]) -> dict[str, Any]:
    return {"params": expected_params(result["params"])}


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    scenarios = load_dynamic_scenarios(root)
    patterns = {"dynamic.call_output": _item_patterns, "dynamic.call_request": _request_patterns}
    yield from op_cases("dynamic", scenarios, version, only, ops=dynamic_ops.OPS, patterns=patterns)
