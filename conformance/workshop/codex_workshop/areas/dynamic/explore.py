"""Inputs for exploring the ``dynamic`` ops: tool specs a client gives, and answers it writes back.

``dynamic.to_responses``: one to four specs, functions and namespaces (and
specs of other or no ``type``), named at every length boundary (64/65 for
a namespace, 128/129 for a tool) with characters the Responses alphabet
lacks, ``mcp``-like and built-in names, duplicates; descriptions absent,
empty, long or wrong-typed; input schemas from the schema explorer (the
whole JSON Schema vocabulary, nested) or any JSON value; keys the protocol
does not have; ``deferLoading`` of every type; now and then a
``dynamicTools`` that is no array.

``dynamic.call_output``: both answer shapes for every edition (one
edition's shape is an invalid answer for the other, and that is a case
too): ``{output, success}`` with either field missing or wrong-typed,
extra keys, the sequence form, outputs sized around the 12,000-byte cut
with multi-byte characters across it; ``{contentItems, success}`` with
text, image and audio items, data URLs that decode or not, remote URLs;
JSON-RPC errors.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import strategies as st

from codex_conformance.areas.schema_generator import generate_schema
from codex_conformance.generators import Draw, as_strategy
from codex_workshop.areas.dynamic.scenarios import CALL_ID
from codex_workshop.areas.tool_answers import FILLERS, PIECES, PNG, described
from codex_workshop.explorer import Args, Explorer, Response
from codex_workshop.explorer.made_up_ids import with_settled_id

__all__ = ["EXPLORERS", "explored_dynamic_answer_args", "explored_dynamic_spec_args"]

# Names the releases treat apart: reserved, built-in (function or namespace), Responses namespaces.
WORDS = [
    "lookup",
    "t",
    "mcp",
    "mcp__x",
    "mcp_x",
    "MCP__x",
    "shell",
    "exec_command",
    "view_image",
    "update_plan",
    "multi_agent_v1",
    "close_agent",
    "functions",
    "web",
    "tool_search",
    "",
]
# Characters inside and outside ^[a-zA-Z0-9_-]+$, of one to four bytes.
CHARACTERS = ["a", "Z", "0", "_", "-", ".", " ", "/", ":", "\u00e9", "\u65e5", "\U0001f680", "\u200b", "$"]
# Name lengths (characters) at each limit: a namespace's 64, a tool's 128.
LENGTHS = [63, 64, 65, 127, 128, 129, 300]
DESCRIPTIONS: list[Any] = ["d", "d", "", "Look a word up.", "multi\nline", "\u00e9" * 1024, "\u00e9" * 1025]
# Mostly functions: one spec of a shape the release refuses refuses the whole thread.
SPEC_TYPES: list[Any] = ["function"] * 8 + ["namespace"] * 3 + [None, None, "other", 5]
SCHEMAS: list[Any] = [{"type": "object"}, {}, True, False, None, 5, "x", [], {"type": "null"}]


def _name(draw: Draw) -> str:
    kind = draw.integer(0, 7)
    if kind <= 1:
        return draw.choice(WORDS)
    if kind == 2:
        filler = draw.choice(["n", "n", "\u00e9", "-", "\U0001f680"])
        return filler * draw.choice(LENGTHS)
    if kind <= 4:
        return "".join(draw.choice(CHARACTERS) for _ in range(draw.integer(1, 8)))
    # A name every edition takes: one odd name refuses the whole thread.
    return "".join(draw.choice(CHARACTERS[:5]) for _ in range(draw.integer(1, 12)))


def _function(draw: Draw, taken: list[str]) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    kind = draw.choice(["function", "function", None])  # a spec without `type` is a function
    if kind is not None:
        spec["type"] = kind
    spec["name"] = draw.choice(taken) if taken and draw.integer(0, 5) == 0 else _name(draw)
    if draw.integer(0, 24):
        spec["description"] = draw.choice(DESCRIPTIONS) if draw.integer(0, 24) else 5
    if draw.integer(0, 29):
        spec["inputSchema"] = generate_schema(draw) if draw.integer(0, 2) else draw.choice(SCHEMAS)
    extra = draw.integer(0, 7)
    if extra == 0:
        spec["deferLoading"] = draw.choice([True, False, True, False, "yes"])
    elif extra == 1:
        spec[draw.choice(["strict", "parameters", "tools", "namespace"])] = draw.choice([True, {}, [], "x"])
    return spec


def _namespace(draw: Draw) -> dict[str, Any]:
    spec: dict[str, Any] = {"type": "namespace", "name": _name(draw)}
    if draw.integer(0, 24):
        spec["description"] = draw.choice(DESCRIPTIONS) if draw.integer(0, 24) else 5
    taken: list[str] = []
    tools = []
    for _ in range(draw.choice([0, 1, 1, 2, 3])):
        tool = _function(draw, taken)
        tool["type"] = "function"  # another type in a namespace is not modelled
        taken.append(tool["name"])
        tools.append(tool)
    if draw.integer(0, 19):
        spec["tools"] = tools
    if draw.integer(0, 5) == 0:
        spec["inputSchema"] = {"type": "object"}  # a namespace a flat release may read as a function
    return spec


def generate_specs(draw: Draw) -> Any:
    """``dynamicTools`` as a client passes it: mostly a list of specs."""
    if draw.integer(0, 29) == 0:
        return draw.choice([{}, "tools", 5, True])
    specs: list[Any] = []
    taken: list[str] = []
    for _ in range(draw.choice([0, 1, 1, 1, 2, 2, 3, 4])):
        kind = draw.choice(SPEC_TYPES) if draw.integer(0, 4) else "function"
        if kind == "namespace":
            specs.append(_namespace(draw))
            continue
        spec = _function(draw, taken)
        if kind not in ("function", None):
            spec["type"] = kind
        taken.append(spec["name"])
        specs.append(spec)
    return specs


def _spec_args(draw: Draw, edition: str) -> Args:
    return {"edition": edition, "tools": generate_specs(draw)}


# Byte sizes around the text budget (DYN-OUT-TRUNC-1), and offsets from them.
CUTS = [8_893, 11_999, 12_000, 12_001, 12_002, 14_000, 26_000]
OFFSETS = [-3, -2, -1, 0, 0, 1, 2, 3]
IMAGE_URLS: list[Any] = [
    f"data:image/png;base64,{PNG}",
    f"data:image/jpeg;base64,{PNG}",
    "data:image/png;base64,aGVsbG8=",
    "data:image/png;base64,iVBORw0KGgo",
    "data:image/png;base64,!!!",
    "data:text/plain,hello",
    "https://example.com/a.png",
    "",
    5,
]
AUDIO_URLS: list[Any] = [
    "data:audio/wav;base64,UklGRg==",
    "data:audio/wav;base64,UklGRg",
    "https://x/a.wav",
    5,
]


def _sized(draw: Draw, size: int) -> str:
    """``size`` bytes of one- to four-byte characters: a cut may fall inside one."""
    filler = draw.choice(FILLERS)
    width = len(filler.encode("utf-8"))
    text = filler * (size // width)
    return text + "a" * (size - len(text.encode("utf-8")))


def _output_text(draw: Draw) -> str:
    kind = draw.integer(0, 3)
    if kind == 0:
        return _sized(draw, draw.choice(CUTS) + draw.choice(OFFSETS))
    if kind == 1:
        return draw.choice(["", "hello", '{"a": [1, 2]}', f"data:image/png;base64,{PNG}", "\u0000"])
    return "".join(draw.choice(PIECES) for _ in range(draw.integer(0, 10)))


def _item(draw: Draw) -> Any:
    kind = draw.integer(0, 9)
    if kind < 5:
        return {"type": "inputText", "text": _output_text(draw) if draw.integer(0, 9) else 5}
    if kind < 8:
        return {"type": "inputImage", "imageUrl": draw.choice(IMAGE_URLS)}
    if kind == 8:
        return {"type": "inputAudio", "audioUrl": draw.choice(AUDIO_URLS)}
    return draw.choice([{"type": "input_text", "text": "x"}, {"type": 5}, {"text": "x"}, "x"])


def generate_result(draw: Draw) -> Any:
    """A client's ``DynamicToolCallResponse`` of either generation, or something in its place."""
    shape = draw.integer(0, 19)
    result: dict[str, Any] = {}
    if shape < 9:
        if draw.integer(0, 9):
            result["output"] = _output_text(draw) if draw.integer(0, 9) else draw.choice([5, None, ["x"], {}])
    elif shape < 18:
        if draw.integer(0, 9):
            result["contentItems"] = [_item(draw) for _ in range(draw.choice([0, 1, 1, 1, 2, 3]))]
    elif shape == 18:
        return draw.choice([[_output_text(draw), True], ["x"], ["x", True, 1], [True, "x"]])
    else:
        return draw.choice([None, "x", 5, []])
    if draw.integer(0, 9):
        result["success"] = draw.boolean()
    elif draw.boolean():
        result["success"] = draw.choice(["true", 1, None])
    if draw.integer(0, 9) == 0:
        result[draw.choice(["extra", "contentItems", "output"])] = draw.choice(["x", [], None])
    return result


def _answer_args(draw: Draw, edition: str) -> Args:
    if draw.integer(0, 14) == 0:
        error: dict[str, Any] = {"code": draw.choice([-32000, -32603, 1]), "message": "boom"}
        if draw.boolean():
            error["data"] = {"why": "x"}
        return {"edition": edition, "call_id": CALL_ID, "answer": {"error": error}}
    return {"edition": edition, "call_id": CALL_ID, "answer": {"result": generate_result(draw)}}


def explored_dynamic_spec_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's tool specs as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: _spec_args(draw, edition))


def explored_dynamic_answer_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's client answers as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: _answer_args(draw, edition))


# The made-up id of DYN-OUT-ITEM-1, told by its prefix alone: whatever follows is the release's.
_MADE_UP_ID = re.compile(r"\A(fco)_")


def _settle(release: Response) -> tuple[Response, Args]:
    """The item's made-up id (DYN-OUT-ITEM-1) as the reference writes it; nothing else varies."""
    return {"result": {"item": dict(with_settled_id(release["result"]["item"], _MADE_UP_ID))}}, {}


EXPLORERS = (
    Explorer(
        op="dynamic.to_responses",
        generate=_spec_args,
        scenario=lambda args: {"op": "dynamic.to_responses", "tools": args["tools"]},
        clauses=("DYN-EXPLORE-1",),
    ),
    Explorer(
        op="dynamic.call_output",
        generate=_answer_args,
        scenario=lambda args: {"op": "dynamic.call_output", "answer": described(args["answer"])},
        clauses=("DYN-EXPLORE-1",),
        settle=_settle,
        kept=frozenset({"call_id"}),
    ),
)
