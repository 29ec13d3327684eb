"""Broken ports of the skills namespace: one field of the skills rules changed, each caught on its clause."""

from __future__ import annotations

import json
import posixpath
from typing import Any

from codex_reference.editions import V0_169_0
from codex_reference.json_types import JSON
from codex_workshop.broken import area_adapters, replaces, rewrites


def _raw_len(value: JSON) -> int:
    """measures a response by its unescaped text, so a quote costs one byte instead of two

    The mistaken measure: strings by their unescaped UTF-8 length plus quotes.
    """
    if isinstance(value, str):
        return len(value.encode("utf-8")) + 2
    if isinstance(value, list):
        return 2 + max(len(value) - 1, 0) + sum(_raw_len(item) for item in value)
    if isinstance(value, dict):
        pairs = [_raw_len(key) + 1 + _raw_len(item) for key, item in value.items()]
        return 2 + max(len(pairs) - 1, 0) + sum(pairs)
    return len(json.dumps(value))


def _normalized(resource: str) -> str:
    """resolves `.` and `..` in a resource id, so a traversal reads another skill's file

    The mistaken lookup: `.` and `..` segments resolved as a file path would be.
    """
    scheme, separator, path = resource.partition("://")
    return scheme + separator + posixpath.normpath(path) if separator else resource


def _namespace_without_description(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """The skills namespace entry sent without its description."""
    for tool in result.get("tools", []):
        if isinstance(tool, dict) and tool.get("type") == "namespace":
            tool.pop("description", None)


# The rows whose change is a value are data, in broken.json beside this module,
# which places these rows among them (codex_workshop/broken.py).
BROKEN = area_adapters(
    __file__,
    {
        "raw-byte-budget": replaces("SKILLS-BUDGET-1", V0_169_0, "skills", measure=_raw_len),
        "traversal-resolved": replaces(
            "SKILLS-READ-URI-1", V0_169_0, "skills", resource_id_rewrite=_normalized
        ),
        "namespace-without-description": rewrites(
            "SKILLS-NS-1", "skills.tools", _namespace_without_description
        ),
    },
)
