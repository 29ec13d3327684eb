"""``skills.tools`` / ``skills.list`` / ``skills.read``: 0.169.0's remote-skills namespace (spec/skills.md).

The args carry the cloud skills snapshot the release loads and, for list and
read, the arguments of each call the model makes in one thread; a cursor
``{"$next_cursor": K}`` is the cursor this model returned for call K, and
``{"$next_cursor": K, "$offset_add": N}`` that cursor with N added to its
offset (a cursor never issued, for SKILLS-CURSOR-1).  Each
output is ``{"json": value}`` when the text written back is a JSON object
(serde_json's compact text of it), else ``{"text": text}``.  0.25.0 has no
skills namespace: its table entry is None and the ops decline.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON
from codex_reference.skills import wire
from codex_reference.skills.arguments import RespondToModel, list_arguments, parse_value, read_arguments
from codex_reference.skills.listing import list_page
from codex_reference.skills.namespace import instructions, namespace_entry
from codex_reference.skills.reading import read_page
from codex_reference.skills.rules import SKILLS_0_169_0, SkillsRules
from codex_reference.skills.snapshot import Entry, load_snapshot

__all__ = ["SKILLS_0_169_0", "SkillsRules", "list_op", "read_op", "tools_op"]

CURSOR_REF = "$next_cursor"
OFFSET_ADD = "$offset_add"
Call = Callable[[SkillsRules, tuple[Entry, ...], int, dict[str, JSON]], dict[str, JSON]]


def _supported(rules: SkillsRules | None) -> SkillsRules:
    if rules is None:
        raise NotModelled("this edition has no skills namespace (0.25.0 predates the skills extension)")
    return rules


def tools_op(rules: SkillsRules | None, args: Mapping[str, JSON]) -> dict[str, JSON]:
    supported = _supported(rules)
    entries = load_snapshot(args.get("snapshot"))
    return {"tools": [namespace_entry(supported)], "instructions": instructions(supported, entries)}


def _list(
    rules: SkillsRules, entries: tuple[Entry, ...], budget: int, value: dict[str, JSON]
) -> dict[str, JSON]:
    kind, cursor = list_arguments(rules, value)
    return list_page(rules, kind=kind, entries=entries, budget=budget, cursor_text=cursor)


def _read(
    rules: SkillsRules, entries: tuple[Entry, ...], budget: int, value: dict[str, JSON]
) -> dict[str, JSON]:
    package, resource, cursor = read_arguments(value)
    return read_page(rules, entries=entries, budget=budget, package=package, resource=resource, cursor=cursor)


def list_op(rules: SkillsRules | None, args: Mapping[str, JSON]) -> dict[str, JSON]:
    return _calls(_supported(rules), args, _list)


def read_op(rules: SkillsRules | None, args: Mapping[str, JSON]) -> dict[str, JSON]:
    return _calls(_supported(rules), args, _read)


def _arguments_text(call: JSON, outputs: list[dict[str, JSON]]) -> str:
    if isinstance(call, str):
        return call
    if not isinstance(call, dict):
        raise InvalidArgs("each element of `calls` must be an object or a string")
    cursor = call.get("cursor")
    if isinstance(cursor, dict) and CURSOR_REF in cursor and set(cursor) <= {CURSOR_REF, OFFSET_ADD}:
        index, shift = cursor[CURSOR_REF], cursor.get(OFFSET_ADD, 0)
        if (
            not isinstance(index, int)
            or isinstance(index, bool)
            or not 0 <= index < len(outputs)
            or not isinstance(shift, int)
            or isinstance(shift, bool)
        ):
            raise InvalidArgs(
                f'a cursor reference must be {{"{CURSOR_REF}": K}}, K an earlier call, '
                f'with an optional integer "{OFFSET_ADD}"'
            )
        issued = outputs[index].get("json", {}).get("next_cursor")
        if not isinstance(issued, str):
            raise InvalidArgs(f"call {index} returned no next_cursor")
        call = {**call, "cursor": _shifted(issued, shift) if shift else issued}
    return json.dumps(call, separators=(",", ":"))


def _shifted(cursor: str, shift: int) -> str:
    """The cursor with ``shift`` added to its offset, its second colon-separated field.

    Only cursors the model issued get here, and every one has a decimal
    offset there (wire.format_cursor).
    """
    fields = cursor.split(":")
    return ":".join([fields[0], str(int(fields[1]) + shift), *fields[2:]])


def _calls(rules: SkillsRules, args: Mapping[str, JSON], call: Call) -> dict[str, JSON]:
    entries = load_snapshot(args.get("snapshot"))
    calls = args.get("calls")
    if not isinstance(calls, list) or not calls:
        raise InvalidArgs("`calls` must be a non-empty array")
    budget = wire.response_budget(rules, rules.truncation_bytes)
    outputs: list[dict[str, JSON]] = []
    for element in calls:
        text = _arguments_text(element, outputs)
        try:
            outputs.append({"json": call(rules, entries, budget, parse_value(text))})
        except RespondToModel as refused:
            outputs.append({"text": refused.message})
    return {"outputs": outputs}
