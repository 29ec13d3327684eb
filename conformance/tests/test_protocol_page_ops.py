"""Every op spec/adapter-protocol.md names is one the kit sends (its example once named none that exists)."""

from __future__ import annotations

import re

from codex_conformance.areas import discover
from codex_conformance.paths import spec_dir

# An op is AREA.NAME: a dotted word starting with a known area's name is taken for one,
# unless it is a file's name (session.md, request.schema.json).
_DOTTED = re.compile(r"(?<![\w./])([a-z_]+)\.([a-z_]+)(?![\w.])")
_FILE_SUFFIXES = frozenset({"md", "json", "py", "toml"})


def named_ops(text: str, areas: set[str]) -> set[str]:
    return {
        match.group(0)
        for match in _DOTTED.finditer(text)
        if match.group(1) in areas and match.group(2) not in _FILE_SUFFIXES
    }


def known() -> tuple[set[str], set[str]]:
    areas = discover().values()
    ops = {op for area in areas for op in area.ops}
    return {op.split(".", 1)[0] for op in ops}, ops


def test_each_op_the_protocol_page_names_exists() -> None:
    prefixes, ops = known()
    named = named_ops((spec_dir() / "adapter-protocol.md").read_text(encoding="utf-8"), prefixes)
    assert named, "the page names no op: the pattern no longer finds them"
    assert sorted(named - ops) == []


def test_an_op_that_does_not_exist_is_found() -> None:
    prefixes, ops = known()
    assert named_ops('"ops": ["mcp.tool_name", "schema.sanitize"]', prefixes) - ops == {"mcp.tool_name"}
