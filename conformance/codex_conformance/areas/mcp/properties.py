"""Properties of ``mcp.tools_to_responses`` (spec/mcp.md), per edition.

The invariants restate rules of spec/mcp.md that hold for every input, and
``conformance/tests/test_properties_against_fixtures.py`` checks each of them
on every captured case, so they are the releases' rules, not the model's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from codex_conformance.areas.mcp.inputs import explored_mcp_args
from codex_conformance.areas.mcp.strategies import mcp_servers
from codex_conformance.editions import V0_25_0, V0_94_0, V0_169_0, V0_171_0
from codex_conformance.properties import EXPLORED, Answer, Args, Invariant, PropertySet, Violation
from codex_conformance.protocol import ErrorResponse, ResultResponse

OP = "mcp.tools_to_responses"
FUNCTION_KEYS = ["type", "name", "description", "strict", "parameters"]  # MCP-TOOL-1
NAMESPACE_KEYS = ["type", "name", "description", "tools"]  # MCP-NS-1
RESOURCE_TOOLS = ["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"]  # MCP-EXTRA-1
CLASSIC_SERVER = re.compile(r"[a-zA-Z0-9_-]+")  # MCP-NAME-6, 0.25.0
NAME_LIMIT_0_25_0 = 64  # MCP-NAME-2, bytes of `server__tool`
CLASSIC_HASH = re.compile(r"[0-9a-f]{40}")  # MCP-NAME-3: sha1 hex after the first 24 bytes
NAME_LIMIT_0_169_0 = 128  # MCP-NAME-2, bytes of `namespace__tool`
CURRENT_NAME = re.compile(r"[A-Za-z0-9_]+")  # MCP-NAME-4
HANDLER_ERA_NAME = re.compile(r"mcp__[A-Za-z0-9_-]*")  # MCP-NAME-1, MCP-NAME-4: 0.94.0
DELIMITER = "__"


def _bytes(text: str) -> int:
    return len(text.encode("utf-8"))


# --- inputs ------------------------------------------------------------------

_SIMPLE_SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}}


@st.composite
def _near_limit_server(draw: st.DrawFn, limit: int, prefix: str) -> dict[str, Any]:
    """A server whose one tool makes ``prefix + server + "__" + tool`` 1 byte under,
    at or over ``limit``: the boundary that general generation rarely hits.
    Tool names are ASCII (sanitizing keeps them) with an optional multi-byte
    tail, where byte cuts panic (MCP-NAME-3)."""
    server = draw(st.text(st.sampled_from("abz09_-"), min_size=1, max_size=40))
    tail = draw(st.sampled_from(["", "é", "日"]))
    target = limit + draw(st.sampled_from([-1, 0, 1]))
    room = target - _bytes(prefix + server + DELIMITER) - _bytes(tail)
    tool = draw(st.sampled_from("tT_")) * max(room, 0) + tail
    return {"name": server, "tools": [{"name": tool, "inputSchema": _SIMPLE_SCHEMA}]}


def _args(edition: str, limit: int, prefix: str) -> st.SearchStrategy[Args]:
    servers = st.one_of(
        mcp_servers(),
        st.lists(_near_limit_server(limit, prefix), min_size=1, max_size=2, unique_by=lambda s: s["name"]),
    )
    return st.fixed_dictionaries({"edition": st.just(edition), "servers": servers})


# --- reading an answer ---------------------------------------------------------


def _tools(answer: Answer) -> list[Any]:
    """The result's tools list, or [] when there is none to judge (shape judges that)."""
    if not isinstance(answer, ResultResponse):
        return []
    tools = answer.result.get("tools")
    return tools if isinstance(tools, list) else []


def _named(entries: list[Any], kind: str) -> Iterator[dict[str, Any]]:
    for entry in entries:
        if isinstance(entry, dict) and entry.get("type") == kind and isinstance(entry.get("name"), str):
            yield entry


def _namespaced(answer: Answer) -> Iterator[tuple[str, list[str]]]:
    """(namespace, inner tool names) per namespace entry of a 0.169.0 answer."""
    for namespace in _named(_tools(answer), "namespace"):
        inner = namespace.get("tools")
        names = [tool["name"] for tool in _named(inner if isinstance(inner, list) else [], "function")]
        yield namespace["name"], names


def _function_shape(tool: Any, where: str) -> Violation | None:
    if not isinstance(tool, dict) or list(tool) != FUNCTION_KEYS:
        keys = list(tool) if isinstance(tool, dict) else type(tool).__name__
        return Violation(f"{where}: a function tool has exactly the keys {FUNCTION_KEYS}, got {keys}")
    if tool["type"] != "function" or tool["strict"] is not False:
        return Violation(f'{where}: expected "type":"function" and "strict":false')
    if not isinstance(tool["name"], str) or not isinstance(tool["description"], str):
        return Violation(f"{where}: name and description are strings")
    if not isinstance(tool["parameters"], dict):
        return Violation(f"{where}: parameters is a JSON object")
    return None


def _first(violations: Iterator[Violation | None]) -> Violation | None:
    return next((v for v in violations if v is not None), None)


def _duplicate(names: list[str]) -> str | None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    return None


# --- 0.25.0 ----------------------------------------------------------------------


def classic_shape(args: Args, answer: Answer) -> Violation | None:
    if isinstance(answer, ErrorResponse):
        # The only refusal of a well-formed tool set: the panic on a byte cut (MCP-NAME-3).
        if answer.error.kind != "release-crash":
            return Violation(f"0.25.0 answers a result or 'release-crash', got error {answer.error.kind!r}")
        return None
    if list(answer.result) != ["tools"] or not isinstance(answer.result["tools"], list):
        return Violation(f'the result is {{"tools": [...]}}, got keys {list(answer.result)}')
    tools = answer.result["tools"]
    return _first(_function_shape(tool, f"$.tools[{i}]") for i, tool in enumerate(tools))


def classic_name_length(args: Args, answer: Answer) -> Violation | None:
    for tool in _named(_tools(answer), "function"):
        if _bytes(tool["name"]) > NAME_LIMIT_0_25_0:
            return Violation(f"name {tool['name']!r} is {_bytes(tool['name'])} bytes > {NAME_LIMIT_0_25_0}")
    return None


def classic_name_unique(args: Args, answer: Answer) -> Violation | None:
    twice = _duplicate([tool["name"] for tool in _named(_tools(answer), "function")])
    return None if twice is None else Violation(f"name {twice!r} emitted twice")


def _qualified_names(args: Args) -> list[str]:
    """Every `server__tool` the input could produce: accepted servers, listed tools."""
    out = []
    for server in args["servers"]:
        if CLASSIC_SERVER.fullmatch(server["name"]):
            for tool in server["tools"]:
                if isinstance(tool, dict) and isinstance(tool.get("name"), str):
                    out.append(f"{server['name']}{DELIMITER}{tool['name']}")
    return out


def classic_name_characters(args: Args, answer: Answer) -> Violation | None:
    """0.25.0 does not sanitize: a name is an accepted `server__tool` verbatim, or
    (over 64 bytes) its first 24 bytes and 40 hex digits of sha1."""
    qualified = _qualified_names(args)
    short = {name for name in qualified if _bytes(name) <= NAME_LIMIT_0_25_0}
    heads = {name.encode()[:24] for name in qualified if _bytes(name) > NAME_LIMIT_0_25_0}
    for tool in _named(_tools(answer), "function"):
        name = tool["name"]
        raw = name.encode()
        if name in short:
            continue
        if len(raw) == NAME_LIMIT_0_25_0 and raw[:24] in heads and CLASSIC_HASH.fullmatch(name[-40:]):
            continue
        return Violation(f"name {name!r} is neither an accepted server__tool nor its 24-byte head + sha1")
    return None


def classic_order(args: Args, answer: Answer) -> Violation | None:
    names = [tool["name"] for tool in _named(_tools(answer), "function")]
    if names != sorted(names, key=lambda name: name.encode("utf-8")):
        return Violation(f"function tools are sorted by name in byte order, got {names}")
    return None


# --- 0.94.0: 0.25.0's flat tools, named mcp__server__tool and sanitized as a whole ----------


def handler_era_shape(args: Args, answer: Answer) -> Violation | None:
    """0.25.0's shape, without the panic: the sanitized name is ASCII, so no byte cut falls
    inside a character (MCP-NAME-3), and every well-formed tool set is answered."""
    if isinstance(answer, ErrorResponse):
        return Violation(f"0.94.0 answers every well-formed tool set, got error {answer.error.kind!r}")
    return classic_shape(args, answer)


def handler_era_name_characters(args: Args, answer: Answer) -> Violation | None:
    """Every name is ``mcp__`` then ASCII letters, digits, ``_`` and ``-`` only: the whole
    ``mcp__{server}__{tool}`` sanitized (MCP-NAME-4), its hashed form too (MCP-NAME-3)."""
    for tool in _named(_tools(answer), "function"):
        if not HANDLER_ERA_NAME.fullmatch(tool["name"]):
            return Violation(f"name {tool['name']!r} is not mcp__ followed by [A-Za-z0-9_-]")
    return None


# --- 0.169.0 ---------------------------------------------------------------------


def current_shape(args: Args, answer: Answer) -> Violation | None:
    if isinstance(answer, ErrorResponse):
        return Violation(f"0.169.0 answers every well-formed tool set, got error {answer.error.kind!r}")
    if list(answer.result) != ["tools"] or not isinstance(answer.result["tools"], list):
        return Violation(f'the result is {{"tools": [...]}}, got keys {list(answer.result)}')
    tools = answer.result["tools"]
    extras = RESOURCE_TOOLS if args["servers"] else []
    names = [tool.get("name") if isinstance(tool, dict) else None for tool in tools[: len(extras)]]
    if names != extras:
        return Violation(f"the tools start with {extras} (MCP-EXTRA-1), got {names}")
    bad = _first(_function_shape(tool, f"$.tools[{i}]") for i, tool in enumerate(tools[: len(extras)]))
    if bad is not None:
        return bad
    for i, entry in enumerate(tools[len(extras) :], start=len(extras)):
        where = f"$.tools[{i}]"
        if not isinstance(entry, dict) or list(entry) != NAMESPACE_KEYS or entry["type"] != "namespace":
            return Violation(
                f"{where}: after the extra tools come namespace entries with keys {NAMESPACE_KEYS}"
            )
        if entry["description"] != f"Tools in the {entry['name']} namespace.":
            return Violation(f"{where}.description: got {entry['description']!r} (MCP-DESC-1)")
        inner = entry["tools"] if isinstance(entry["tools"], list) else [None]
        bad = _first(_function_shape(tool, f"{where}.tools[{j}]") for j, tool in enumerate(inner))
        if bad is not None:
            return bad
    return None


def current_name_length(args: Args, answer: Answer) -> Violation | None:
    for namespace, names in _namespaced(answer):
        for name in names:
            size = _bytes(namespace) + len(DELIMITER) + _bytes(name)
            if size > NAME_LIMIT_0_169_0:
                return Violation(f"{namespace!r} + '__' + {name!r} is {size} bytes > {NAME_LIMIT_0_169_0}")
    return None


def current_name_unique(args: Args, answer: Answer) -> Violation | None:
    groups = list(_namespaced(answer))
    twice = _duplicate([namespace for namespace, _ in groups])
    if twice is not None:
        return Violation(f"namespace {twice!r} emitted twice")
    for namespace, names in groups:
        twice = _duplicate(names)
        if twice is not None:
            return Violation(f"tool {twice!r} emitted twice in namespace {namespace!r}")
    # The release keys uniqueness on namespace + name without the delimiter (MCP-NAME-5).
    twice = _duplicate([namespace + name for namespace, names in groups for name in names])
    return None if twice is None else Violation(f"joined name {twice!r} (namespace + tool) emitted twice")


def current_name_characters(args: Args, answer: Answer) -> Violation | None:
    for namespace, names in _namespaced(answer):
        if not (CURRENT_NAME.fullmatch(namespace) and namespace.startswith("mcp__")):
            return Violation(f"namespace {namespace!r} is not mcp__ followed by [A-Za-z0-9_]")
        for name in names:
            if not CURRENT_NAME.fullmatch(name):
                return Violation(f"tool name {name!r} in {namespace!r} is not [A-Za-z0-9_]+")
    return None


def current_order(args: Args, answer: Answer) -> Violation | None:
    for namespace, names in _namespaced(answer):
        if names != sorted(names, key=lambda name: name.encode("utf-8")):
            return Violation(f"tools of {namespace!r} are sorted by name in byte order, got {names}")
    return None


SHAPE = ("MCP-TOOL-1", "MCP-NS-1", "MCP-EXTRA-1", "MCP-DESC-1")
INVARIANTS_0_25_0 = (
    Invariant("shape", (*SHAPE, "MCP-NAME-3"), classic_shape),
    Invariant("name-length", ("MCP-NAME-2",), classic_name_length),
    Invariant("name-unique", ("MCP-NAME-5",), classic_name_unique),
    Invariant("name-characters", ("MCP-NAME-1", "MCP-NAME-4", "MCP-NAME-6"), classic_name_characters),
    Invariant("order", ("MCP-ORDER-1",), classic_order),
)
INVARIANTS_0_94_0 = (
    Invariant("shape", (*SHAPE, "MCP-NAME-3"), handler_era_shape),
    Invariant("name-length", ("MCP-NAME-2",), classic_name_length),
    Invariant("name-unique", ("MCP-NAME-5",), classic_name_unique),
    Invariant("name-characters", ("MCP-NAME-1", "MCP-NAME-4"), handler_era_name_characters),
    Invariant("order", ("MCP-ORDER-1",), classic_order),
)
INVARIANTS_0_169_0 = (
    Invariant("shape", SHAPE, current_shape),
    Invariant("name-length", ("MCP-NAME-2",), current_name_length),
    Invariant("name-unique", ("MCP-NAME-5",), current_name_unique),
    Invariant("name-characters", ("MCP-NAME-1", "MCP-NAME-4", "MCP-NS-1"), current_name_characters),
    Invariant("order", ("MCP-ORDER-1",), current_order),
)


PROPERTY_SETS = (
    PropertySet(OP, V0_25_0.version, _args(V0_25_0.version, NAME_LIMIT_0_25_0, ""), INVARIANTS_0_25_0),
    # 0.94.0 counts its 64 bytes with the mcp__ prefix (MCP-NAME-2).
    PropertySet(OP, V0_94_0.version, _args(V0_94_0.version, NAME_LIMIT_0_25_0, "mcp__"), INVARIANTS_0_94_0),
    PropertySet(
        OP,
        V0_169_0.version,
        _args(V0_169_0.version, NAME_LIMIT_0_169_0, "mcp__"),
        INVARIANTS_0_169_0,
    ),
    # 0.171.0 names MCP tools as 0.169.0 does (its captures: no expected value changed).
    PropertySet(
        OP,
        V0_171_0.version,
        _args(V0_171_0.version, NAME_LIMIT_0_169_0, "mcp__"),
        INVARIANTS_0_169_0,
    ),
    # The explorer's server sets, named from all of Unicode: rules nobody aimed at.
    PropertySet(OP, V0_25_0.version, explored_mcp_args(V0_25_0.version), INVARIANTS_0_25_0, EXPLORED),
    PropertySet(OP, V0_94_0.version, explored_mcp_args(V0_94_0.version), INVARIANTS_0_94_0, EXPLORED),
    PropertySet(OP, V0_169_0.version, explored_mcp_args(V0_169_0.version), INVARIANTS_0_169_0, EXPLORED),
    PropertySet(OP, V0_171_0.version, explored_mcp_args(V0_171_0.version), INVARIANTS_0_169_0, EXPLORED),
)
