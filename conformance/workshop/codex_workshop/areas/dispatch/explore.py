"""Inputs for exploring ``dispatch.call``: argument strings from a JSON fuzzer.

For each function tool whose arguments the edition parses (0.25.0:
``shell``, ``container.exec``, ``update_plan``, and ``exec_command`` and
``write_stdin``, which it runs by name; 0.169.0: ``exec_command``,
``view_image``), the ``arguments`` string is JSON written by hand from a
tree aimed at the tool's argument struct: its fields with values of the
right shape most of the time and of a wrong one otherwise (valid JSON of
wrong shapes), unknown and duplicate keys, numbers past 64 bits and past
f64, lone and paired surrogates written as escapes, invalid escapes and
raw control characters in strings, arrays nested hundreds deep; then,
sometimes, damaged: cut short at any byte, or followed by more text.

Where such arguments parse, the release runs the call: every string a
command could be made of is harmless (``true``, ``x``, ``echo``), so a
command that runs does nothing.  What it printed, or the os error that
kept it from starting, is the sandbox's: read back from the release's
output, it is given to the reference as ``runs`` (areas/dispatch/command_runs.py).

One release run answers a batch: each input is a call of its own (a
distinct call id) in one scripted model turn.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import strategies as st

from codex_conformance.editions import get_edition
from codex_conformance.generators import Draw, as_strategy
from codex_workshop.areas.dispatch import command_runs
from codex_workshop.areas.dispatch.run import CWD_FORM
from codex_workshop.drive.conversation_run import MODEL, written_back
from codex_workshop.drive.errors import ReleaseRejectedError
from codex_workshop.explorer import Args, Explorer, Response, answer_kinds
from codex_workshop.explorer.made_up_ids import ANY_UUID, with_settled_id

__all__ = ["EXPLORERS", "explored_dispatch_args", "generate_arguments"]

# JSON string literals (already escaped): plain, harmless as a command, and hostile.
STRINGS = [
    '"x"',
    '"true"',
    '"echo"',
    '""',
    '"\\u00e9"',
    '"\u00e9"',
    '"a b"',
    '"\\ud800"',
    '"\\udc00"',
    '"\\ud83d\\ude00"',
    '"\\ud800\\u0041"',
    '"\\ud83d"',
    '"\\x"',
    '"\\u12"',
    '"a\tb"',
    '"a\nb"',
    '"\\"q\\""',
]
NUMBERS = [
    "0",
    "1",
    "-1",
    "1.5",
    "-0",
    "1e20",
    "1e999",
    "-1e999",
    "2.5e-400",
    "18446744073709551615",
    "18446744073709551616",
    "9223372036854775808",
    "-9223372036854775809",
    "123456789012345678901234567890",
    "01",
    "1.",
    "-",
    "1e",
]
OTHERS = ["true", "false", "null", "tru", "nul", "[]", "{}"]
STATUSES = ['"pending"', '"in_progress"', '"completed"', '"done"', '"Pending"']
DEPTHS = [2, 127, 128, 129, 200, 1000]

# Each tool's fields and the shape its struct wants there.
FIELDS: dict[str, dict[str, str]] = {
    "shell": {
        "command": "strings",
        "workdir": "string",
        "timeout_ms": "u64",
        "timeout": "u64",
        "with_escalated_permissions": "bool",
        "justification": "string",
    },
    "update_plan": {"explanation": "string", "plan": "plan"},
    "exec_command": {"cmd": "string", "workdir": "string", "environment_id": "string"},
    "view_image": {"path": "string"},
    "write_stdin": {"session_id": "u64", "chars": "string"},
    "apply_patch": {"input": "string"},
}
FIELDS["container.exec"] = FIELDS["shell"]
# The tools explored, by the edition's command tool: the handlers whose
# argument parsing the reference models in that edition (spec/dispatch.md).
# 0.25.0 also runs exec_command, write_stdin and apply_patch by name with the tools not offered.
TOOLS = {
    "shell": ["shell", "container.exec", "update_plan", "exec_command", "write_stdin", "apply_patch"],
    "exec_command": ["exec_command", "view_image"],
}
UNKNOWN_KEYS = ["x", "", "\u00e9", "Command", "cmd", "command", "\\u0063md"]


def _any(draw: Draw, depth: int) -> str:
    """A JSON value of any shape."""
    kind = draw.integer(0, 9 if depth < 3 else 5)
    if kind <= 2:
        return draw.choice(STRINGS)
    if kind <= 4:
        return draw.choice(NUMBERS)
    if kind == 5:
        return draw.choice(OTHERS)
    if kind == 6 and draw.integer(0, 3) == 0:
        deep = draw.choice(DEPTHS)
        return "[" * deep + "]" * deep
    if kind <= 8 or depth >= 3:
        return "[" + ",".join(_any(draw, depth + 1) for _ in range(draw.integer(0, 3))) + "]"
    return _object(draw, {}, depth + 1)


def _shaped(draw: Draw, shape: str, depth: int) -> str:
    """A value of ``shape`` most of the time, of any shape otherwise."""
    if draw.integer(0, 4) == 0:
        return _any(draw, depth)
    if shape == "string":
        return draw.choice(STRINGS[:7]) if draw.integer(0, 2) else draw.choice(STRINGS)
    if shape == "strings":
        return "[" + ", ".join(_shaped(draw, "string", depth) for _ in range(draw.integer(0, 3))) + "]"
    if shape == "u64":
        return draw.choice(NUMBERS)
    if shape == "bool":
        return draw.choice(["true", "false"])
    if shape == "plan":
        steps = []
        for _ in range(draw.integer(0, 3)):
            fields = {"step": "string", "status": "status"}
            steps.append(_object(draw, fields, depth + 1))
        return "[" + ",".join(steps) + "]"
    if shape == "status":
        return draw.choice(STATUSES)
    return _any(draw, depth)


def _object(draw: Draw, fields: dict[str, str], depth: int) -> str:
    names = list(fields)
    members: list[str] = []
    for _ in range(draw.integer(0, 4) if depth else draw.integer(1, 4)):
        if names and draw.integer(0, 3):
            name = draw.choice(names)  # may repeat: a duplicate field
            members.append(f'"{name}": {_shaped(draw, fields[name], depth)}')
        else:
            members.append(f'"{draw.choice(UNKNOWN_KEYS)}": {_any(draw, depth)}')
    separator = draw.choice([",", ", ", ",\n ", " ,"])
    return "{" + separator.join(members) + "}"


def generate_arguments(draw: Draw, tool: str) -> str:
    """An ``arguments`` string for ``tool``: an object of its fields mostly, damaged sometimes."""
    text = _object(draw, FIELDS[tool], 0) if draw.integer(0, 7) else _any(draw, 0)
    damage = draw.integer(0, 7)
    if damage == 0 and text:
        text = text[: draw.integer(0, len(text) - 1)]  # cut short
    elif damage == 1:
        text += draw.choice([" x", ",", "}", "\n\n1", " "])
    return text


def _args(draw: Draw, edition: str) -> Args:
    tool = draw.choice(TOOLS[get_edition(edition).command_tool])
    item = {
        "type": "function_call",
        "name": tool,
        "arguments": generate_arguments(draw, tool),
        "call_id": "call_1",
    }
    return {"edition": edition, "model": MODEL, "config": {}, "item": item}


def explored_dispatch_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's calls as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: _args(draw, edition))


def scenario(args: Args) -> dict[str, Any]:
    """The call, for the edition it was drawn for: the tools explored differ by edition."""
    return {"editions": [args["edition"]], "item": args["item"]}


_MADE_UP_ID = re.compile(rf"\A([a-z]+)_{ANY_UUID}\Z")
_CWD = re.compile(CWD_FORM)
_FIXED_CWD = "/tmp/codex-conformance-work-explored"


def _settle(release: Response) -> tuple[Response, Args]:
    """The made-up id as the reference writes it, the run's cwd fixed and given as ``cwd``, and a
    command's run given as ``runs`` with its measured values fixed (command_runs.py)."""
    item = dict(with_settled_id(release["result"]["item"], _MADE_UP_ID))
    observed: Args = {}
    if isinstance(item.get("output"), str) and _CWD.search(item["output"]):
        item["output"] = _CWD.sub(_FIXED_CWD, item["output"])
        observed["cwd"] = _FIXED_CWD
    if isinstance(item.get("output"), str):
        # A command's run: what it did is the sandbox's (given as `runs`), and its measured
        # values are fixed, so that two runs answer alike.
        runs = command_runs.observed_runs(item["output"])
        item["output"], measured = command_runs.fixed_output(item["output"])
        observed.update(measured)
        if runs is not None:
            observed["runs"] = runs
    return {"result": {"item": item}}, observed


_BLANKS = re.compile(r"`[^`]*`|\"[^\"]*\"|\d+")


def describe(release: Response, reference: Response) -> str:
    """The two outputs' messages with their values blanked (names, numbers, positions)."""
    if (kinds := answer_kinds(release, reference)) is not None:
        return kinds
    outputs = [response["result"].get("item", {}).get("output") for response in (release, reference)]
    if outputs[0] == outputs[1]:
        return "item form"
    shown = [_BLANKS.sub("…", output)[:90] if isinstance(output, str) else "(content)" for output in outputs]
    return f"output:{shown[0]!r}≠{shown[1]!r}"


def _batch(version: str, inputs: list[Args]) -> list[Response | None]:
    """One release run: each input's call under a call id of its own, in one model turn.

    The run has one model, the first input's: a recorded call of another model's run (a
    freeform apply_patch under the model that gets it) is answered by a run of its own."""
    model = str(inputs[0].get("model") or MODEL) if inputs else MODEL
    ours = [index for index, args in enumerate(inputs) if str(args.get("model") or MODEL) == model]
    calls = [{**inputs[index]["item"], "call_id": f"call_explore_{index}"} for index in ours]
    try:
        elements = written_back(version, calls, model=model)
    except ReleaseRejectedError:
        return [None] * len(inputs)
    found: dict[str, dict[str, Any]] = {}
    for element in elements:
        item = json.loads(element)
        if isinstance(item, dict) and str(item.get("type", "")).endswith("_output"):
            found[str(item.get("call_id"))] = item
    answers: list[Response | None] = []
    for index, args in enumerate(inputs):
        item = found.get(f"call_explore_{index}") if index in ours else None
        if item is None:
            answers.append(None)
            continue
        # The input's own call id, in the release's place in the item.
        answers.append({"result": {"item": {**item, "call_id": args["item"]["call_id"]}}})
    return answers


EXPLORERS = (
    Explorer(
        op="dispatch.call",
        generate=_args,
        scenario=scenario,
        clauses=("DISPATCH-EXPLORE-1",),
        batch=_batch,
        batch_size=20,
        settle=_settle,
        describe=describe,
        replays_recorded=True,
    ),
)
