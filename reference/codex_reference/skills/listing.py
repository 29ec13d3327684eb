"""``skills.list``: one bounded page of the skills an authority owns (spec/skills.md).

The cloud authority owns the snapshot's skills the model is shown, sorted
by package; the executor authority owns none in a thread without
environments (SKILLS-AUTH-1).  A page is built from the end: every listable
skill from the cursor's offset on that fits alone in the budget (with a
cursor after it, unless it is the last one kept) is a candidate, the others
are omitted with one warning.  Then the page shrinks from its end until it
fits, at most ``page_size`` skills (SKILLS-LIST-PAGE-1).  The cursor records
the budget whose omissions were reported (SKILLS-CURSOR-1).
"""

from __future__ import annotations

import re
import unicodedata

from codex_reference.json_types import JSON
from codex_reference.rustlib.strings import take_bytes_at_char_boundary
from codex_reference.skills import wire
from codex_reference.skills.arguments import RespondToModel
from codex_reference.skills.rules import SkillsRules
from codex_reference.skills.snapshot import Entry

__all__ = ["list_page", "listable", "parse_usize"]

_USIZE = re.compile(r"\+?[0-9]+")
_USIZE_MAX = 2**64 - 1


def parse_usize(text: str) -> int | None:
    """``usize::from_str``: digits after an optional `+`, leading zeros allowed."""
    if not _USIZE.fullmatch(text):
        return None
    digits = text.removeprefix("+").lstrip("0")
    if len(digits) > 20:  # past usize (and maybe past the 4,300 digits Python converts)
        return None
    value = int(digits or "0")
    return value if value <= _USIZE_MAX else None


def bounded_handle(rules: SkillsRules, value: str) -> bool:
    # Rust's char::is_control: general category Cc.
    return (
        bool(value)
        and len(value.encode("utf-8")) <= rules.max_handle_bytes
        and not any(unicodedata.category(char) == "Cc" for char in value)
    )


def description(rules: SkillsRules, text: str) -> str:
    if len(text) <= rules.max_description_chars:
        return text
    keep = rules.max_description_chars - len(rules.description_suffix)
    return text[:keep] + rules.description_suffix


def _listed(rules: SkillsRules, kind: str, entry: Entry) -> dict[str, JSON] | None:
    if not all(bounded_handle(rules, handle) for handle in (entry.package, entry.main_resource)):
        return None
    return {
        "authority": {"kind": kind},
        "package": entry.package,
        "name": take_bytes_at_char_boundary(entry.name, rules.max_name_bytes),
        "description": description(rules, entry.description),
        "main_resource": entry.main_resource,
    }


def listable(rules: SkillsRules, kind: str, entries: tuple[Entry, ...]) -> tuple[list[dict[str, JSON]], bool]:
    """The skills ``kind`` lists and whether any was left out for its size."""
    if kind != rules.cloud_kind:
        return [], False
    ordered = sorted(entries, key=lambda entry: entry.package)
    shown = [_listed(rules, kind, entry) for entry in ordered if entry.prompt_visible]
    return [skill for skill in shown if skill is not None], None in shown


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
        raise RespondToModel(rules.list_cursor_stale)
    offset = parse_usize(parsed.offset)
    if offset is None:
        raise RespondToModel(rules.list_cursor_invalid)
    return offset, recorded


def list_page(
    rules: SkillsRules, *, kind: str, entries: tuple[Entry, ...], budget: int, cursor_text: str | None
) -> dict[str, JSON]:
    """One page.

    A snapshot, the only provider 0.169.0 loads, holds no discovery
    warnings, so the release's paths for them (dropped to fit, or no room
    left for them) are not modelled: no input reaches them (spec/skills.md).
    """
    skills, omitted = listable(rules, kind, entries)
    fingerprint_hex = wire.fingerprint(skills)
    start, recorded = _start(rules, cursor_text, fingerprint_hex)
    if start > len(skills):
        raise RespondToModel(rules.list_cursor_invalid)

    def cursor_at(offset: int) -> str:
        return wire.format_cursor(fingerprint_hex, offset, budget if rules.cursor_records_budget else None)

    kept: list[tuple[int, dict[str, JSON]]] = []
    for index in range(len(skills) - 1, start - 1, -1):
        after = cursor_at(index + 1) if kept else None
        alone = {"skills": [skills[index]], "warnings": [], "next_cursor": after}
        if wire.serialized_len(rules, alone) <= budget:
            kept.append((index, skills[index]))
        else:
            omitted = True
    kept.reverse()
    warnings: list[JSON] = [rules.oversized_warning] if omitted and recorded != budget else []
    end = min(rules.page_size, len(kept))
    while True:
        response: dict[str, JSON] = {
            "skills": [skill for _, skill in kept[:end]],
            "warnings": warnings,
            "next_cursor": cursor_at(kept[end - 1][0] + 1) if end < len(kept) else None,
        }
        if wire.serialized_len(rules, response) <= budget:
            return response
        if end == 1:
            # One skill is the page it was measured alone as, so only the
            # omission warning beside it can overflow: the warning goes
            # alone, with a cursor at this page's start.
            return {"skills": [], "warnings": warnings, "next_cursor": cursor_at(start)}
        end -= 1
