"""``skills.list``: one bounded page of the skills an authority owns (spec/skills.md).

A page is built from the end: every listable skill from the cursor's offset
on that fits alone in the budget (with a cursor after it, unless it is the
last one kept) is a candidate, the others are omitted with one warning.  Then
the page shrinks from its end until it fits with the warnings; when no skill
fits, warnings go first (SKILLS-LIST-WARN-1), and the cursor records the
budget whose omissions were reported, so a call with the same budget does
not report them again (SKILLS-CURSOR-1).
"""

from __future__ import annotations

import re
import unicodedata
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
from codex_reference.skills.rules import SkillsRules

__all__ = ["skills_list"]

JSON = Any
_USIZE = re.compile(r"\+?[0-9]+")
_USIZE_MAX = 2**64 - 1


class RespondToModel(Exception):
    """The call fails with a text the model reads (FunctionCallError::RespondToModel)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def parse_usize(text: str) -> int | None:
    if not _USIZE.fullmatch(text) or int(text) > _USIZE_MAX:
        return None
    return int(text)


def bounded_handle(rules: SkillsRules, value: str) -> bool:
    # Rust's char::is_control: general category Cc.
    return (
        bool(value)
        and len(value.encode("utf-8")) <= rules.max_handle_bytes
        and not any(unicodedata.category(char) == "Cc" for char in value)
    )


def _description(rules: SkillsRules, text: str) -> str:
    if len(text) <= rules.max_description_chars:
        return text
    keep = rules.max_description_chars - len(rules.description_suffix)
    return text[:keep] + rules.description_suffix


def _listed(rules: SkillsRules, entry: Entry) -> dict[str, JSON] | None:
    if not all(
        bounded_handle(rules, handle) for handle in (entry.authority_id, entry.package, entry.main_resource)
    ):
        return None
    return {
        "authority": {"kind": entry.kind},
        "package": entry.package,
        "name": wire.truncate_utf8(entry.name, rules.max_name_bytes),
        "description": _description(rules, entry.description),
        "main_resource": entry.main_resource,
    }


def _authority_kind(arguments: Mapping[str, JSON]) -> str:
    if set(arguments) - {"authority", "cursor"}:
        raise NotModelled("serde's error for an unknown argument field is not modelled")
    authority = arguments.get("authority")
    if not isinstance(authority, dict) or authority.get("kind") != "orchestrator" or len(authority) != 1:
        raise NotModelled('only {"kind": "orchestrator"} authorities are modelled')
    return "orchestrator"


def _cursor_text(rules: SkillsRules, value: JSON, fingerprint_hex: str) -> str | None:
    """The call's cursor as a string, building it when the case gives it as an object."""
    given = structured_cursor(value)
    if given is not None:
        if given.issued_at_truncation_bytes is None or not rules.cursor_records_budget:
            return wire.format_cursor(fingerprint_hex, given.offset, None)
        budget = wire.response_budget(rules, given.issued_at_truncation_bytes)
        return wire.format_cursor(fingerprint_hex, given.offset, budget)
    if value is None or isinstance(value, str):
        return value
    raise NotModelled("serde's error for a non-string cursor is not modelled")


def _start(rules: SkillsRules, cursor: str | None, fingerprint_hex: str) -> tuple[int, int | None]:
    """The offset to list from and the budget the cursor recorded (None: not recorded)."""
    if cursor is None:
        return 0, None
    parsed = wire.parse_cursor(cursor)
    if parsed is None:
        raise RespondToModel(rules.list_cursor_invalid)
    recorded: int | None = None
    if parsed.budget is not None:
        recorded = parse_usize(parsed.budget)
        if recorded is None:
            raise RespondToModel(rules.list_cursor_invalid)
    if parsed.fingerprint != fingerprint_hex:
        raise RespondToModel("skills.list cursor is stale; restart from the first page")
    offset = parse_usize(parsed.offset)
    if offset is None:
        raise RespondToModel(rules.list_cursor_invalid)
    return offset, recorded


def list_page(
    rules: SkillsRules, entries: tuple[Entry, ...], warnings: tuple[str, ...], budget: int, cursor: JSON
) -> dict[str, JSON]:
    omitted = False
    listable: list[dict[str, JSON]] = []
    for entry in entries:
        if not entry.prompt_visible:
            continue
        listed = _listed(rules, entry)
        if listed is None:
            omitted = True
        else:
            listable.append(listed)
    fingerprint_hex = wire.fingerprint(listable)
    cursor_text = _cursor_text(rules, cursor, fingerprint_hex)
    start, recorded = _start(rules, cursor_text, fingerprint_hex)
    if start > len(listable):
        raise RespondToModel(rules.list_cursor_invalid)

    def cursor_at(offset: int) -> str:
        return wire.format_cursor(fingerprint_hex, offset, budget if rules.cursor_records_budget else None)

    kept: list[tuple[int, dict[str, JSON]]] = []
    for index in range(len(listable) - 1, start - 1, -1):
        after = cursor_at(index + 1) if kept else None
        alone = {"skills": [listable[index]], "warnings": [], "next_cursor": after}
        if wire.serialized_len(rules, alone) <= budget:
            kept.append((index, listable[index]))
        else:
            omitted = True
    kept.reverse()
    first_call = cursor_text is None or not rules.warnings_on_first_call_only
    provider = [wire.truncate_utf8(text, rules.max_warning_bytes) for text in warnings[: rules.max_warnings]]
    provider = provider if first_call else []
    omission = rules.oversized_warning if omitted and recorded != budget else None
    end = min(rules.page_size, len(kept))
    while True:
        response: dict[str, JSON] = {
            "skills": [skill for _, skill in kept[:end]],
            "warnings": [*provider, *([omission] if omission else [])],
            "next_cursor": cursor_at(kept[end - 1][0] + 1) if end < len(kept) else None,
        }
        if wire.serialized_len(rules, response) <= budget:
            return response
        if end > 1:
            end -= 1
        elif len(provider) > 1:
            provider.pop()
        elif response["warnings"]:
            response["skills"] = []
            response["next_cursor"] = cursor_at(start)
            if wire.serialized_len(rules, response) <= budget:
                return response
            if omission and provider:
                # Discovery warnings first, without acknowledging the omission not shown.
                response["warnings"] = provider
                response["next_cursor"] = wire.format_cursor(fingerprint_hex, start, None)
                if wire.serialized_len(rules, response) <= budget:
                    return response
            raise RespondToModel(rules.list_warnings_no_room)
        else:
            raise RespondToModel(rules.list_metadata_too_large)


def skills_list(rules: SkillsRules, args: Mapping[str, JSON]) -> dict[str, JSON]:
    catalog = read_catalog(args)
    budget = wire.response_budget(rules, truncation_bytes(args))
    arguments = call_arguments(args)
    kind = _authority_kind(arguments)
    entries = tuple(entry for entry in catalog.entries if entry.kind == kind)
    try:
        return {"response": list_page(rules, entries, catalog.warnings, budget, arguments.get("cursor"))}
    except RespondToModel as refused:
        return {"respond_to_model": refused.message}
