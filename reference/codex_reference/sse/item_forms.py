"""Items the release stores member by member: tool calls, call outputs, compaction (SSE-ITEM-5).

The release deserializes each into its typed item and serializes it back:
the keys come out in the struct's field order, members it does not know are
dropped, and an item whose members do not read (a required string missing
or of another type) is not recorded.  Each kind's form is a table of
(member, how it is read); the tables differ by edition (rules.py).

What the release answers a call with (it runs the call, and records the
tool's output) is not an item of the stream: the observation leaves out
every output that answers a call of the stream (``without_call_answers``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from codex_reference.json_types import JSON
from codex_reference.sse import output_parts


class Read(Enum):
    STRING = "a string, required"
    OPTIONAL = "a string, left out when absent or null"
    NULLABLE = "a string, null when absent"
    MADE_UP = "a string; when empty, absent or null the release makes up an id"
    AS_SENT = "any value, left out when absent"
    ANY = "any value, required"
    LIST = "a list, required"
    STATUS = "completed, in_progress or incomplete, required"
    ACTION = "a local shell action, required"
    OUTPUT = "a call output's text or content items (0.94.0's), required"
    PREPARED_OUTPUT = "a call output's text or content items, images prepared (0.169.0's), required"


# A kind's members in the order the release writes them.
Form = tuple[tuple[str, Read], ...]
CallForms = Mapping[str, Form]

# 0.169.0 makes up `<prefix>_<UUIDv7>` for an item without an id; the
# reference writes the zero UUID (the explorer settles the release's to it).
MADE_UP_PREFIX = {
    "function_call": "fc",
    "custom_tool_call": "ctc",
    "local_shell_call": "lsh",
    "function_call_output": "fco",
    "custom_tool_call_output": "ctco",
    "tool_search_call": "tsc",
    "additional_tools": "at",
    "image_generation_call": "ig",
    "compaction": "cmp",
    "tool_search_output": "tso",
}
ZERO_UUID = "00000000-0000-0000-0000-000000000000"
CALL_KINDS = ("function_call", "custom_tool_call", "local_shell_call")
OUTPUT_KINDS = ("function_call_output", "custom_tool_call_output")
_STATUSES = ("completed", "in_progress", "incomplete")
# The local shell action's members, each null when absent.
_ACTION_MEMBERS = ("command", "timeout_ms", "working_directory", "env", "user")


class _Unread(Exception):
    """The item does not deserialize: the release does not record it."""


def _string(value: JSON) -> str:
    if not isinstance(value, str):
        raise _Unread
    return value


def _action(value: JSON) -> dict[str, JSON]:
    if not isinstance(value, dict) or value.get("type") != "exec":
        raise _Unread
    command = value.get("command")
    if not isinstance(command, list) or not all(isinstance(part, str) for part in command):
        raise _Unread
    out: dict[str, JSON] = {"type": "exec"}
    for name in _ACTION_MEMBERS:
        member = value.get(name)
        if name != "command" and member is not None:
            _check_action_member(name, member)
        out[name] = member
    return out


def _check_action_member(name: str, member: JSON) -> None:
    if name == "timeout_ms":
        if isinstance(member, bool) or not isinstance(member, int) or not 0 <= member < 2**64:
            raise _Unread
    elif name == "env":
        if not isinstance(member, dict) or not all(isinstance(text, str) for text in member.values()):
            raise _Unread
    else:
        _string(member)


def _output(value: JSON, prepared: bool) -> JSON:
    """The output's text, or its content items (output_parts.py; captured:
    server-call-output-content-items, server-call-output-images)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        try:
            return [output_parts.prepared_part(p) if prepared else output_parts.kept_part(p) for p in value]
        except output_parts.Unread:
            raise _Unread from None
    raise _Unread


def _member(kind: str, how: Read, present: bool, value: JSON) -> tuple[bool, JSON]:
    """(whether the member is written, its value)."""
    if how is Read.AS_SENT:
        return present, value
    if how is Read.ANY:
        if not present:
            raise _Unread
        return True, value
    if how is Read.LIST:
        if not isinstance(value, list):
            raise _Unread
        return True, value
    if how is Read.STATUS:
        if value not in _STATUSES:
            raise _Unread
        return True, value
    if how is Read.ACTION:
        return True, _action(value)
    if how in (Read.OUTPUT, Read.PREPARED_OUTPUT):
        return True, _output(value, prepared=how is Read.PREPARED_OUTPUT)
    if how is Read.STRING:
        return True, _string(value)
    if how is Read.MADE_UP and value == "":
        # An empty id is made up too (captured: call-items-empty-id).
        return True, f"{MADE_UP_PREFIX[kind]}_{ZERO_UUID}"
    if value is not None:
        return True, _string(value)
    if how is Read.MADE_UP:
        return True, f"{MADE_UP_PREFIX[kind]}_{ZERO_UUID}"
    return how is Read.NULLABLE, None


def stored_call(forms: CallForms, item: dict[str, JSON]) -> dict[str, JSON] | None:
    """The item as stored; None where the edition does not record it (unknown to it, or unread)."""
    kind = item.get("type")
    form = forms.get(kind) if isinstance(kind, str) else None
    if form is None or not isinstance(kind, str):
        return None
    out: dict[str, JSON] = {"type": kind}
    try:
        for name, how in form:
            written, value = _member(kind, how, name in item, item.get(name))
            if written:
                out[name] = value
    except _Unread:
        return None
    return out


def _answered_ids(items: list[JSON]) -> set[JSON]:
    """The call ids an output of the release's own would carry: each call's, and for a
    call without one, its id and the empty id (0.25.0: `LocalShellCall without call_id or id`);
    a tool_search_call's as stored, null included (its tool_search_output carries it:
    captured, tool-search-call-null-call-id-then-outputs)."""
    ids: set[JSON] = set()
    for item in items:
        if isinstance(item, dict) and item.get("type") == "tool_search_call":
            ids.add(item.get("call_id"))
        elif isinstance(item, dict) and item.get("type") in CALL_KINDS:
            call_id = item.get("call_id")
            ids |= {call_id} if isinstance(call_id, str) else {"", item.get("id")}
    return ids


def without_call_answers(events: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
    """The events less the outputs that answer a call among them: the release writes one
    itself when it runs the call, and a server's output of the same call id cannot be told
    from it (spec/sse.md, SSE-ITEM-5)."""
    items = [event.get("item") for event in events]
    answered = _answered_ids(items)
    return [event for event, item in zip(events, items, strict=True) if not _answers(item, answered)]


def _answers(item: JSON, answered: set[JSON]) -> bool:
    kinds = (*OUTPUT_KINDS, "tool_search_output")
    return isinstance(item, dict) and item.get("type") in kinds and item.get("call_id") in answered


_S, _O, _N, _M, _A = Read.STRING, Read.OPTIONAL, Read.NULLABLE, Read.MADE_UP, Read.AS_SENT
# Captured: function-call-item, custom-tool-call-item, local-shell-call-item and
# their -minimal twins (every edition); server-call-outputs.
CALL_FORMS_0_25_0: CallForms = {
    "function_call": (("id", _N), ("name", _S), ("arguments", _S), ("call_id", _S)),
    "custom_tool_call": (("id", _O), ("status", _O), ("call_id", _S), ("name", _S), ("input", _S)),
    "local_shell_call": (("id", _N), ("call_id", _N), ("status", Read.STATUS), ("action", Read.ACTION)),
}
# 0.94.0 stores no call's id, and records a call output the server sends, and a
# compaction item (captured: compaction-item).
CALL_FORMS_0_94_0: CallForms = {
    **{kind: tuple(m for m in form if m[0] != "id") for kind, form in CALL_FORMS_0_25_0.items()},
    "function_call_output": (("call_id", _S), ("output", Read.OUTPUT)),
    # A custom tool's output is a string here: a list of content items fails the item
    # (captured: custom-call-output-image-and-text).
    "custom_tool_call_output": (("call_id", _S), ("output", _S)),
    "compaction": (("encrypted_content", _S),),
}
# 0.169.0 keeps ids (making one up), a call's `status` and `namespace` when sent,
# and records a tool_search_output (captured: tool-search-output-item; its id a string:
# tool-search-output-id-object).
CALL_FORMS_0_169_0: CallForms = {
    "function_call": (
        ("status", _O),
        ("id", _M),
        ("name", _S),
        ("namespace", _O),
        ("arguments", _S),
        ("call_id", _S),
    ),
    "custom_tool_call": (
        ("id", _M),
        ("status", _O),
        ("call_id", _S),
        ("name", _S),
        ("namespace", _O),
        ("input", _S),
    ),
    "local_shell_call": (("id", _M), ("call_id", _N), ("status", Read.STATUS), ("action", Read.ACTION)),
    # A function call's output may lack its call id, and may carry the call's name and
    # namespace (captured: server-call-outputs-without-call-id, server-call-output-members); a
    # custom one's call id stays required.
    "function_call_output": (
        ("id", _M),
        ("call_id", _O),
        ("name", _O),
        ("namespace", _O),
        ("output", Read.PREPARED_OUTPUT),
    ),
    "custom_tool_call_output": (("id", _M), ("call_id", _S), ("output", Read.PREPARED_OUTPUT)),
    # Its status and execution are required, its tools a list (captured: tool-search-output-fields).
    "tool_search_output": (
        # A made-up `tso_` id (captured: server-call-output-members).
        ("id", _M),
        # null when absent (captured: tool-search-output-no-call-id).
        ("call_id", _N),
        # Strings (captured by items: tool-search-output-execution-list, -status-number).
        ("status", _S),
        ("execution", _S),
        ("tools", Read.LIST),
    ),
    # A made-up `cmp_` id (captured: server-call-outputs-without-call-id).
    "compaction": (("id", _M), ("encrypted_content", _S)),
    # Captured: tool-search-call-item, tool-search-call-item-no-call-id; and as items.serialize
    # writes it back (tool-search-call-no-id: a made-up `tsc_` id; -no-execution,
    # -no-arguments, -status-number, -call-id-number: not read).
    "tool_search_call": (
        ("id", _M),
        ("call_id", _N),
        ("status", _O),
        ("execution", _S),
        ("arguments", Read.ANY),
    ),
    # Its role a string and its tools a list, each tool written back as sent (captured:
    # additional-tools-item, -edges, -member-order; a made-up `at_` id: -empty-no-id, -id-forms).
    "additional_tools": (("id", _M), ("role", _S), ("tools", Read.LIST)),
    # The server's image tool: its status and result required strings, its revised prompt an
    # optional one, other members dropped; a made-up `ig_` id (captured:
    # image-generation-call-item, -ids, -mistyped, -required).
    "image_generation_call": (("id", _M), ("status", _S), ("revised_prompt", _O), ("result", _S)),
}
