"""Inputs for exploring ``mcp.tools_to_responses``: server sets named from the whole of Unicode.

Server and tool names take characters from every kind the releases may
treat apart (ASCII punctuation, Latin-1, combining marks, CJK, emoji,
right-to-left letters, zero-width and control characters, no-break
spaces) and lengths at every boundary of the qualified name (63 to 65 and
127 to 129 bytes, with multi-byte characters straddling the cut);
duplicate and near-duplicate names within and across servers; absent,
empty and long descriptions; input schemas from the schema explorer.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from codex_conformance.areas.schema_generator import generate_schema
from codex_conformance.generators import Draw, as_strategy

__all__ = ["explored_mcp_args", "generate_args", "generate_servers"]

Args = dict[str, Any]

# One or more characters of each kind a name may hold.
CHARACTERS = [
    "a",
    "z",
    "A",
    "0",
    "_",
    "-",
    ".",
    ":",
    "/",
    "@",
    " ",
    "+",
    "$",
    "\u00e9",  # Latin-1, 2 bytes
    "e\u0301",  # a combining mark
    "\u65e5",  # CJK, 3 bytes
    "\U0001f680",  # an emoji, 4 bytes
    "\u05d0",  # a right-to-left letter
    "\u200b",  # zero-width space
    "\u00a0",  # no-break space
    "\u0001",  # a control character
    "\uff21",  # a full-width letter
]
BOUNDARIES = [63, 64, 65, 127, 128, 129]
WORDS = ["echo", "srv", "mcp", "mcp__x", "a__b", "x", "", "__", "functions", "web"]


def _name(draw: Draw) -> str:
    if draw.integer(0, 2) == 0:
        return draw.choice(WORDS)
    return "".join(draw.choice(CHARACTERS) for _ in range(draw.integer(1, 12)))


def _sized(prefix_bytes: int, draw: Draw) -> str:
    """A tool name that brings `server__tool` to a boundary length (in UTF-8 bytes), or just past it."""
    target = draw.choice(BOUNDARIES) - prefix_bytes
    filler = draw.choice(["t", "\u00e9", "\u65e5", "\U0001f680", "_", "."])
    width = len(filler.encode("utf-8"))
    name = filler * max(target // width, 0)
    return name + "t" * max(target - len(name.encode("utf-8")), 0)


def _description(draw: Draw) -> Any:
    return draw.choice([None, "", "Echo.", "multi\nline", "\u00e9" * 600, "d" * 1100, 5])


def _tool(draw: Draw, server: str, taken: list[str]) -> dict[str, Any]:
    kind = draw.integer(0, 5)
    if kind == 0 and taken:
        name = draw.choice(taken)  # a duplicate within the server
    elif kind == 1:
        name = _sized(len(server.encode("utf-8")) + 2, draw)
    else:
        name = _name(draw)
    tool: dict[str, Any] = {"name": name, "inputSchema": {"type": "object"}}
    if draw.integer(0, 3) == 0:
        tool["inputSchema"] = generate_schema(draw)
    description = _description(draw)
    if description is not None:
        tool["description"] = description
    return tool


def generate_servers(draw: Draw) -> list[dict[str, Any]]:
    """A ``servers`` argument: one to four servers with distinct names (a config cannot repeat one)."""
    servers: dict[str, dict[str, Any]] = {}
    for _ in range(draw.integer(1, 4)):
        name = _name(draw) if draw.integer(0, 4) else draw.choice(["s" * 60, "s" * 64, "s" * 70])
        taken: list[str] = []
        tools = []
        for _ in range(draw.integer(0, 5)):
            tool = _tool(draw, name, taken)
            taken.append(tool["name"])
            tools.append(tool)
        servers.setdefault(name, {"name": name, "tools": tools})
    return list(servers.values())


def generate_args(draw: Draw, edition: str) -> Args:
    return {"edition": edition, "servers": generate_servers(draw)}


def explored_mcp_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's server sets as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: generate_args(draw, edition))
