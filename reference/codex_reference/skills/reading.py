"""``skills.read``: one bounded page of a skill's resource (spec/skills.md).

The package is looked up among the listable skills (exact package; root
aliases are not modelled), the resource defaults to its main resource, and
the page is the longest prefix from the cursor's offset, ending on a
character, whose response fits the budget with a cursor; a response whose
whole rest fits has ``next_cursor: null`` (SKILLS-READ-BUDGET-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from codex_reference.errors import NotModelled
from codex_reference.skills import wire
from codex_reference.skills.catalog import (
    Entry,
    call_arguments,
    read_catalog,
    structured_cursor,
    truncation_bytes,
)
from codex_reference.skills.listing import RespondToModel, bounded_handle, parse_usize
from codex_reference.skills.rules import SkillsRules

__all__ = ["skills_read"]

JSON = Any


def _handle(rules: SkillsRules, field: str, value: JSON) -> str:
    if not isinstance(value, str):
        raise NotModelled(f"serde's error for a non-string `{field}` is not modelled")
    if not bounded_handle(rules, value):
        raise RespondToModel(
            f"{field} must be non-empty, contain no control characters, "
            f"and be at most {rules.max_handle_bytes} bytes"
        )
    return value


def _entry(rules: SkillsRules, entries: tuple[Entry, ...], package: str) -> Entry:
    for entry in entries:
        if entry.package == package:
            return entry
    raise RespondToModel(rules.package_unavailable)


def _start(rules: SkillsRules, cursor: JSON, contents: str) -> int:
    given = structured_cursor(cursor)
    fingerprint_hex = wire.fingerprint(contents)
    if given is not None:
        cursor = wire.format_cursor(fingerprint_hex, given.offset, None)
    if cursor is None:
        return 0
    if not isinstance(cursor, str):
        raise NotModelled("serde's error for a non-string cursor is not modelled")
    head, colon, offset_text = cursor.partition(":")
    if not colon:
        raise RespondToModel(rules.read_cursor_invalid)
    if head != fingerprint_hex:
        raise RespondToModel("skills.read cursor is stale; restart from the first page")
    offset = parse_usize(offset_text)
    if offset is None:
        raise RespondToModel(rules.read_cursor_invalid)
    return offset


def _char_boundaries(contents: str) -> list[int]:
    """Byte offsets of every character boundary, 0 and the end included."""
    offsets = [0]
    for char in contents:
        offsets.append(offsets[-1] + len(char.encode("utf-8")))
    return offsets


def page(rules: SkillsRules, resource: str, contents: str, start: int, budget: int) -> dict[str, JSON]:
    data = contents.encode("utf-8")
    boundaries = _char_boundaries(contents)
    if start > len(data) or start not in set(boundaries):
        raise RespondToModel(rules.read_cursor_invalid)
    fingerprint_hex = wire.fingerprint(contents)

    def response(end: int, next_cursor: str | None) -> dict[str, JSON]:
        text = data[start:end].decode("utf-8")
        return {"resource": resource, "contents": text, "next_cursor": next_cursor}

    complete = response(len(data), None)
    if wire.serialized_len(rules, complete) <= budget:
        return complete
    # The longest page that fits; sizes grow with the end, so a binary search finds it.
    ends = [offset for offset in boundaries if offset > start]
    low, high, best = 0, len(ends), None
    while low < high:
        middle = (low + high) // 2
        candidate = response(ends[middle], wire.format_cursor(fingerprint_hex, ends[middle], None))
        if wire.serialized_len(rules, candidate) <= budget:
            best, low = candidate, middle + 1
        else:
            high = middle
    if best is None:
        raise RespondToModel(rules.read_no_room)
    return best


def skills_read(rules: SkillsRules, args: Mapping[str, JSON]) -> dict[str, JSON]:
    catalog = read_catalog(args)
    budget = wire.response_budget(rules, truncation_bytes(args))
    arguments = call_arguments(args)
    if set(arguments) - {"package", "resource", "cursor"}:
        raise NotModelled("serde's error for an unknown argument field is not modelled")
    try:
        package = _handle(rules, "package", arguments.get("package"))
        resource = arguments.get("resource")
        if resource is not None:
            resource = _handle(rules, "resource", resource)
        # Every enabled skill can be read, listed or not.
        entry = _entry(rules, catalog.entries, package)
        resource_id = entry.main_resource if resource is None else resource
        contents = entry.resources.get(resource_id)
        if contents is None:
            raise RespondToModel(rules.read_failed)
        start = _start(rules, arguments.get("cursor"), contents)
        return {"response": page(rules, resource_id, contents, start, budget)}
    except RespondToModel as refused:
        return {"respond_to_model": refused.message}
