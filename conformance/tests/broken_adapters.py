"""Deliberately broken ports of the MCP, schema and apply_patch areas, built from the reference model.

Each adapter changes one rule of one edition's table (the reference keeps
editions as data, so a single replaced entry is a realistic bug) and names
the spec clause whose cases must catch it.  ``test_broken_adapters`` runs
every one through the real runner and requires a ``fail`` naming that clause.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from broken_check import BrokenAdapter

from codex_reference import editions
from codex_reference.adapter import Handler, make_handler
from codex_reference.apply_patch import matching, parser
from codex_reference.apply_patch.text import ClassicText
from codex_reference.mcp import naming
from codex_reference.rust import sha1_hex, utf8_len
from codex_reference.schema import classic


def _with_classic(**changes: Any) -> Handler:
    table = dict(editions.EDITIONS)
    table["0.25.0"] = replace(editions.CLASSIC, **changes)
    return make_handler(table)


def _with_apply_patch(version: str, **changes: Any) -> Handler:
    """One edition whose apply_patch rules differ: ``parser=...`` or fields of ``apply``."""
    table = dict(editions.EDITIONS)
    edition = table[version]
    rules = edition.apply_patch
    parser_rules = changes.pop("parser", rules.parser)
    rules = replace(rules, parser=parser_rules, apply=replace(rules.apply, **changes))
    table[version] = replace(edition, apply_patch=rules)
    return make_handler(table)


def _no_final_newline(content: str) -> ClassicText:
    return ClassicText(content, add_final_newline=False)


def _hash_tool_name_only(tools: list[naming.RawTool], rules: naming.NamingRules) -> list[naming.NamedTool]:
    """Like 0.25.0 but hashes the tool name instead of the whole `server__tool`."""
    used: dict[str, naming.NamedTool] = {}
    for raw in tools:
        name = f"{raw.server}{rules.delimiter}{raw.name}"
        if utf8_len(name) > rules.max_name_bytes:
            digest = sha1_hex(raw.name)
            name = name.encode()[: rules.max_name_bytes - len(digest)].decode(errors="ignore") + digest
        used.setdefault(name, naming.NamedTool("", name, raw))
    return [used[name] for name in sorted(used)]


def _unsorted(tools: list[naming.RawTool], rules: naming.NamingRules) -> list[naming.NamedTool]:
    """Like 0.25.0 but keeps the order the servers listed the tools in."""
    named = naming.flat_names(tools, rules)
    position = {id(raw): index for index, raw in enumerate(tools)}
    return sorted(named, key=lambda entry: position[id(entry.raw)])


def _keep_enum(
    convert: Callable[[dict[str, Any]], dict[str, Any]],
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Like 0.25.0 but copies `enum` of top-level properties into the output."""

    def converted(schema: dict[str, Any]) -> dict[str, Any]:
        out = convert(schema)
        for key, prop in (schema.get("properties") or {}).items():
            if isinstance(prop, dict) and "enum" in prop and key in out.get("properties", {}):
                out["properties"][key]["enum"] = prop["enum"]
        return out

    return converted


BROKEN: tuple[BrokenAdapter, ...] = (
    BrokenAdapter(
        name="length-limit-off-by-one",
        clause="MCP-NAME-2",
        why="0.25.0 hashes names of 64 bytes too (limit taken as 63)",
        handle=_with_classic(naming_rules=replace(editions.CLASSIC.naming_rules, max_name_bytes=63)),
    ),
    BrokenAdapter(
        name="hash-of-wrong-string",
        clause="MCP-NAME-3",
        why="0.25.0 hashes the tool name, not the qualified name",
        handle=_with_classic(name_tools=_hash_tool_name_only),
    ),
    BrokenAdapter(
        name="keeps-enum-classic",
        clause="SCHEMA-KEEP-1",
        why="0.25.0 keeps `enum`, which its typed schema subset drops",
        handle=_with_classic(convert_schema=_keep_enum(classic.convert)),
    ),
    BrokenAdapter(
        name="listing-order",
        clause="MCP-ORDER-1",
        why="0.25.0 emits tools in listing order instead of sorted by name",
        handle=_with_classic(name_tools=_unsorted),
    ),
    BrokenAdapter(
        name="end-of-file-first-match",
        clause="AP-EOF-1",
        why="0.169.0 looks for an End of File chunk from the search position, taking the first match",
        handle=_with_apply_patch(
            "0.169.0", seek=replace(editions.CURRENT.apply_patch.apply.seek, end_of_file="first")
        ),
    ),
    BrokenAdapter(
        name="no-final-newline",
        clause="AP-NEWLINE-1",
        why="0.25.0 writes an updated file without adding the final newline",
        handle=_with_apply_patch(
            "0.25.0", text=replace(editions.CLASSIC.apply_patch.apply.text, document=_no_final_newline)
        ),
    ),
    BrokenAdapter(
        name="no-punctuation-folding",
        clause="AP-MATCH-4",
        why="0.169.0 without the pass that folds Unicode punctuation to ASCII",
        handle=_with_apply_patch(
            "0.169.0",
            seek=matching.SeekRules(passes=matching.classic_passes()[:3], end_of_file="last"),
        ),
    ),
    BrokenAdapter(
        name="strict-heredoc",
        clause="AP-LENIENT-1",
        why="0.25.0 refuses a patch wrapped in a heredoc",
        handle=_with_apply_patch("0.25.0", parser=replace(parser.CLASSIC, heredoc_openers=())),
    ),
)
