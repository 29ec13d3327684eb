"""Inputs for exploring ``mcp.call_output``: CallToolResult shapes a server may answer.

The generator aims at the result's structure, not at known rules: content
lists of text, image, audio, resource and resource_link blocks (and blocks
of unknown or wrong-typed kinds, with annotations, ``_meta`` and keys no
struct has), ``structuredContent`` of every JSON type, ``isError`` true,
false, missing or wrong-typed, texts sized around the 12,000-byte cut (and
the 3,000-token one) with multi-byte characters across it, invalid base64,
number forms only a raw JSON text can spell, and the failures a server can
script (JSON-RPC errors with texts that need escaping, exits, silence).

A silent or exiting server costs a release that never times out (0.25.0)
the whole 15-second window, so those answers are rare.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import strategies as st

from codex_conformance.generators import Draw, as_strategy
from codex_workshop.areas.mcp_output.scenarios import CALL_ID, SERVER, TOOL
from codex_workshop.areas.sized_text import exactly
from codex_workshop.areas.tool_answers import FILLERS, PIECES, PNG, described
from codex_workshop.explorer import Args, Explorer, Response
from codex_workshop.explorer.made_up_ids import ANY_UUID, with_settled_id

__all__ = ["EXPLORERS", "described", "explored_mcp_output_args", "generate_result"]

# Byte sizes at which some edition cuts a text (MCPOUT-TRUNC-1): the byte
# budget, the token budget less a header, and the sizes of two blocks.
CUTS = [8_000, 10_000, 11_964, 11_965, 11_968, 12_000, 12_001, 12_100, 24_000]
OFFSETS = [-40, -3, -2, -1, 0, 1, 2, 3, 40]
# One- to four-byte characters, and pieces JSON must escape.
# A 1x1 PNG, data that is base64 but no image, a PNG cut short, and data that is not base64.
DATA = [PNG, PNG, "aGVsbG8=", "iVBORw0KGgo=", "not base64!", "", "UklGRg==", "aGVsbG8", 7]
MIME_TYPES = ["image/png", "image/jpeg", "audio/wav", "text/plain", "", None]
BLOCK_KINDS = ["text", "text", "text", "image", "audio", "resource", "resource_link", "unknown"]
UNKNOWN_KINDS = ["video", "Text", "", "input_text", 5, None]
# A number only a raw JSON text can spell, each a form some edition re-prints.
NUMBER_TEXTS = ["1.0", "1e2", "1E+3", "-0", "0.00001", "12345678901234567890", "-1.5e-7", "100"]


def _short_text(draw: Draw) -> str:
    return "".join(draw.choice(PIECES) for _ in range(draw.integer(0, 8)))


def _sized_text(draw: Draw, size: int) -> str:
    """``size`` bytes of one filler with, now and then, another: multi-byte characters fall on the cuts."""
    filler, other = draw.choice(FILLERS), draw.choice(FILLERS)
    every = draw.choice([0, 7, 80])
    text: list[str] = []
    length = 0
    while length < size:
        char = other if every and len(text) % every == 0 else filler
        if draw.integer(0, 200) == 0:
            char = "\n"
        text.append(char)
        length += len(char.encode("utf-8"))
    return exactly(text, size)


def _text(draw: Draw) -> str:
    if draw.integer(0, 2):
        return _short_text(draw)
    return _sized_text(draw, max(draw.choice(CUTS) + draw.choice(OFFSETS), 0))


def _annotations(draw: Draw) -> Any:
    return draw.choice(
        [
            {"audience": ["user"]},
            {"audience": ["assistant", "user"], "priority": 0.5},
            {"priority": 1, "lastModified": "2025-01-01T00:00:00Z"},
            {"audience": "user"},
            {},
            None,
        ]
    )


def _resource(draw: Draw) -> dict[str, Any]:
    contents: dict[str, Any] = {"uri": draw.choice(["file:///a.txt", "mem://x", "", 5])}
    if draw.boolean():
        contents["mimeType"] = draw.choice(["text/plain", "application/octet-stream"])
    if draw.integer(0, 2):
        contents["text"] = _text(draw)
    else:
        contents["blob"] = draw.choice(DATA)
    return {"type": "resource", "resource": contents}


def _resource_link(draw: Draw) -> dict[str, Any]:
    link: dict[str, Any] = {"type": "resource_link", "uri": draw.choice(["file:///a.txt", "https://x/y"])}
    link["name"] = draw.choice(["a.txt", "", "\u65e5.txt", 5])
    for key, values in (
        ("description", ["A", "", "multi\nline"]),
        ("mimeType", ["text/plain", "image/png"]),
        ("title", ["T"]),
        ("size", [0, 12, -1, 1.5]),
    ):
        if draw.integer(0, 2) == 0:
            link[key] = draw.choice(values)
    return link


def _block(draw: Draw) -> Any:
    kind = draw.choice(BLOCK_KINDS)
    block: dict[str, Any]
    if kind == "text":
        text = _text(draw) if draw.integer(0, 9) else draw.choice([5, None, ["t"]])
        block = {"type": "text", "text": text}
    elif kind in ("image", "audio"):
        block = {"type": kind, "data": draw.choice(DATA)}
        mime = draw.choice(MIME_TYPES)
        if mime is not None:
            block["mimeType"] = mime
    elif kind == "resource":
        block = _resource(draw)
    elif kind == "resource_link":
        block = _resource_link(draw)
    else:
        return draw.choice(
            [{"type": draw.choice(UNKNOWN_KINDS), "text": "x"}, {"text": "no type"}, "text", 5]
        )
    extra = draw.integer(0, 9)
    if extra == 0:
        block["annotations"] = _annotations(draw)
    elif extra == 1:
        block["_meta"] = {"k": "v"}
    elif extra == 2:
        block["unknown"] = True
    return block


def _json_value(draw: Draw, depth: int = 0) -> Any:
    kind = draw.integer(0, 7 if depth < 3 else 4)
    if kind == 0:
        return draw.choice([None, True, False])
    if kind == 1:
        return draw.choice([0, -1, 2**53 + 1, 2**64, 1.5, 1e22, 1e-7, -0.0])
    if kind in (2, 3):
        return _text(draw) if depth == 0 and draw.integer(0, 3) == 0 else _short_text(draw)
    if kind == 4:
        return []
    if kind in (5, 6):
        keys = ["z", "a", "m", "", "\u00e9", "type", "content"]
        return {draw.choice(keys): _json_value(draw, depth + 1) for _ in range(draw.integer(0, 4))}
    return [_json_value(draw, depth + 1) for _ in range(draw.integer(1, 3))]


def generate_result(draw: Draw) -> dict[str, Any]:
    """A CallToolResult, or something a server sends in its place."""
    result: dict[str, Any] = {}
    shape = draw.integer(0, 9)
    if shape < 8:
        result["content"] = [_block(draw) for _ in range(draw.choice([0, 1, 1, 1, 2, 2, 3, 5]))]
    elif shape == 8:
        result["content"] = draw.choice(["text", {}, None, 5])
    # shape 9: no content at all
    if draw.integer(0, 3) == 0:
        result["structuredContent"] = _json_value(draw)
    is_error = draw.integer(0, 5)
    if is_error < 3:
        result["isError"] = [True, False, "yes"][is_error]
    if draw.integer(0, 9) == 0:
        result["_meta"] = {"progress": 1}
    return result


def _raw_numbers(draw: Draw) -> str:
    """A result whose structured content holds number texts ``json.dumps`` cannot write."""
    numbers = [draw.choice(NUMBER_TEXTS) for _ in range(draw.integer(1, 4))]
    fields = ", ".join(f'"{key}": {number}' for key, number in zip("zamq", numbers, strict=False))
    content = '[{"type": "text", "text": "t"}]' if draw.integer(0, 3) else "[]"
    return '{"content": ' + content + ', "structuredContent": {' + fields + "}}"


def _message(draw: Draw) -> str:
    return draw.choice(["tool exploded", "", 'quote " and \\ back', "two\nlines", "\u00e9\u65e5", "x" * 300])


def generate_answer(draw: Draw) -> dict[str, Any]:
    """What the scripted server does with the call: mostly a result, sometimes a failure."""
    kind = draw.integer(0, 49)
    if kind < 40:
        return {"result": generate_result(draw)}
    if kind < 44:
        return {"raw_result": _raw_numbers(draw)}
    if kind < 48:
        return {"error": {"code": draw.choice([-32000, -32603, 0, 1, 2**31 - 1]), "message": _message(draw)}}
    if kind == 48:
        return {"exit": draw.choice([0, 1, 3])}
    return {"hang": True}


def _args(draw: Draw, edition: str) -> Args:
    answer = generate_answer(draw)
    args: Args = {"edition": edition, "server": SERVER, "tool": TOOL, "call_id": CALL_ID, "answer": answer}
    if answer.get("hang") or draw.integer(0, 9) == 0:
        # A silent server is given up on after this (where the edition has the setting).
        args["tool_timeout_sec"] = draw.choice([0.5, 1.0, 1.5])
    return args


def explored_mcp_output_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's server answers as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: _args(draw, edition))


def scenario(args: Args) -> dict[str, Any]:
    fields: dict[str, Any] = {"answer": described(args["answer"])}
    if "tool_timeout_sec" in args:
        fields["tool_timeout_sec"] = args["tool_timeout_sec"]
    return fields


_MADE_UP_ID = re.compile(rf"\A(fco)_{ANY_UUID}\Z")
_WALL_TIME = re.compile(r"\AWall time: ([0-9]+\.[0-9]{4}) seconds\n")


def _header_text(output: Any) -> str | None:
    """The text a wall-time header would start (MCPOUT-WALL-1): the string, or the first item's."""
    if isinstance(output, str):
        return output
    if isinstance(output, list) and output and isinstance(output[0], dict):
        text = output[0].get("text")
        return text if isinstance(text, str) else None
    return None


def _settle(release: Response) -> tuple[Response, Args]:
    """The made-up id as the reference writes it, and the measured wall time given as ``duration_seconds``."""
    item = dict(with_settled_id(release["result"]["item"], _MADE_UP_ID))
    observed: Args = {}
    text = _header_text(item.get("output"))
    if text is not None and (match := _WALL_TIME.match(text)):
        observed["duration_seconds"] = float(match.group(1))
    return {"result": {"item": item}}, observed


def _steady_form(release: Response) -> Response:
    """The answer with its wall time blanked: two runs differ there and nowhere else."""
    if "result" not in release:
        return release
    item = dict(release["result"]["item"])
    output = item.get("output")
    blank = "Wall time: # seconds\n"
    if isinstance(output, str):
        item["output"] = _WALL_TIME.sub(blank, output)
    elif isinstance(output, list) and (text := _header_text(output)) is not None:
        item["output"] = [{**output[0], "text": _WALL_TIME.sub(blank, text)}, *output[1:]]
    return {"result": {"item": item}}


_CAUSE = re.compile(
    r"Caused by:\\n +(?:tools/call failed: )?([A-Za-z ]+)|Caused by:\n +(?:tools/call failed: )?([A-Za-z ]+)"
)


def _shape(text: str) -> str:
    """What one output text is: a failure and its cause, a cut text, or a plain one."""
    if "tool call failed" in text or text.startswith("unsupported call"):
        cause = _CAUSE.search(text)
        return f"failure({(cause.group(1) or cause.group(2)).strip() if cause else '-'})"
    return "cut" if "truncated\u2026" in text else "text"


def _output_shape(response: Response) -> str:
    if "result" not in response:
        return next(iter(response), "?") + ":" + str(response.get("error", {}).get("kind", ""))
    output = response["result"]["item"].get("output")
    if isinstance(output, str):
        return _shape(output)
    if isinstance(output, list):
        parts = [
            _shape(part["text"]) if part.get("type") == "input_text" else str(part.get("type"))
            for part in output[1:]
            if isinstance(part, dict)
        ]
        return "items[" + ",".join(dict.fromkeys(parts)) + "]"
    return type(output).__name__


def describe(release: Response, reference: Response) -> str:
    """The shape of each side's output (failure and cause, cut, items): not the server's own texts."""
    shapes = (_output_shape(release), _output_shape(reference))
    if shapes[0] != shapes[1]:
        return f"{shapes[0]} \u2260 {shapes[1]}"
    # The same shape: what differs is inside a text (a field's form, a cut's place, a key order).
    keys = [
        sorted(response["result"]["item"]) if "result" in response else []
        for response in (release, reference)
    ]
    return f"{shapes[0]}: " + ("item keys" if keys[0] != keys[1] else "content")


EXPLORERS = (
    Explorer(
        op="mcp.call_output",
        generate=_args,
        scenario=scenario,
        clauses=("MCPOUT-EXPLORE-1",),
        settle=_settle,
        steady_form=_steady_form,
        describe=describe,
        kept=frozenset({"server", "tool", "call_id", "tool_timeout_sec"}),
    ),
)
