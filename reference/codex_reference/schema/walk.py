"""The recursion both schema sanitizers start with (upstream's ``sanitize_json_schema``, both releases).

Each sanitizer then applies its own rules to the object it gets back.
"""

from __future__ import annotations

from collections.abc import Callable

from codex_reference.json_types import JSON

__all__ = ["non_object", "with_sanitized_children"]

Sanitize = Callable[[JSON], JSON]


def non_object(value: JSON, sanitize: Sanitize) -> JSON:
    """A value that is no schema object: a boolean schema accepts anything, and the
    subset has no "any" type, so it becomes a string schema; a list is sanitized
    item by item; anything else is kept."""
    if isinstance(value, bool):
        return {"type": "string"}
    if isinstance(value, list):
        if set(map(type, value)) <= _KEPT_AS_THEY_ARE:  # a million numbers: copied in one step
            return list(value)
        return [sanitize(item) for item in value]
    return value


# What `non_object` keeps unchanged, as exact types (a bool is no int here).
_KEPT_AS_THEY_ARE = frozenset({str, int, float, type(None)})


def with_sanitized_children(
    value: dict[str, JSON], sanitize: Sanitize, keys: tuple[str, ...]
) -> dict[str, JSON]:
    """A copy of a schema object with the values of ``properties`` and each of ``keys`` sanitized."""
    node = dict(value)
    props = node.get("properties")
    if isinstance(props, dict):
        node["properties"] = {key: sanitize(sub) for key, sub in props.items()}
    for key in keys:
        if key in node:
            node[key] = sanitize(node[key])
    return node
