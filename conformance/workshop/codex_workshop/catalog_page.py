"""Render spec/tools-catalog.md: every captured ``tools.build`` array as a table.

The page is generated from the fixtures, never edited by hand:
``python -m codex_workshop.catalog_page --write`` rewrites it and
conformance/workshop/tests/test_catalog_page.py fails when it is out of date.  Long
texts (descriptions, grammars) are listed once each under "Texts" and cited
by number, so a reader can see at a glance which cases share a tool.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case, load_cases
from codex_workshop.checkout import fixtures_dir, spec_dir

PAGE_NAME = "tools-catalog.md"
_HEADER = """# The built-in tool catalog, as captured

Generated from `fixtures/tools/` by `python -m codex_workshop.catalog_page
--write`; do not edit.  The rules are in [tools.md](tools.md).  One table per
`tools.build` case: each row is one entry of the array the release sent, in
order (namespace members indented under their namespace), with its
parameters (`*` marks a required one) and its description, cited as a
numbered text listed once at the end of the page.
"""


class _Texts:
    """Distinct long texts, numbered in order of first appearance."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}

    def cite(self, text: str) -> str:
        number = self.numbers.setdefault(text, len(self.numbers) + 1)
        return f"[T{number}](#t{number})"


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _parameters(tool: dict[str, Any]) -> str:
    schema = tool.get("parameters")
    if not isinstance(schema, dict):
        return ""
    required = set(schema.get("required") or [])
    names = [f"`{name}`{'*' if name in required else ''}" for name in schema.get("properties") or {}]
    return ", ".join(names) or "(none)"


def _extras(tool: dict[str, Any], texts: _Texts) -> str:
    shown = {"type", "name", "description", "parameters", "tools"}
    parts = []
    for key, value in tool.items():
        if key in shown:
            continue
        if key == "format" and isinstance(value, dict) and isinstance(value.get("definition"), str):
            parts.append(f"format {value.get('syntax')} grammar {texts.cite(value['definition'])}")
        else:
            parts.append(f"`{key}`: `{_cell(json.dumps(value, ensure_ascii=False))}`")
    return "; ".join(parts)


def _rows(tools: Iterable[Any], texts: _Texts, prefix: str = "") -> list[str]:
    rows = []
    for index, tool in enumerate(tools, start=1):
        if not isinstance(tool, dict):
            rows.append(f"| {prefix}{index} | (not an object) | | | | |")
            continue
        description = tool.get("description")
        cited = texts.cite(description) if isinstance(description, str) and description else ""
        rows.append(
            f"| {prefix}{index} | `{tool.get('type')}` | {_cell(str(tool.get('name', '')))} | "
            f"{_parameters(tool)} | {cited} | {_extras(tool, texts)} |"
        )
        if isinstance(tool.get("tools"), list):
            rows += _rows(tool["tools"], texts, prefix=f"{prefix}{index}.")
    return rows


def _table(title: str, tools: list[Any], texts: _Texts) -> list[str]:
    lines = [
        title,
        "",
        "| # | type | name | parameters | description | other keys |",
        "|---|---|---|---|---|---|",
    ]
    return [*lines, *_rows(tools, texts), ""]


def _section(case: Case, texts: _Texts) -> list[str]:
    config = json.dumps(case.args.get("config") or {}, ensure_ascii=False)
    lines = [
        f"## {case.id}",
        "",
        f"Model `{case.args.get('model')}`, config `{config}`.  {case.description or ''}".rstrip(),
        "",
    ]
    expected = case.expected.model_dump()
    if "error" in expected:
        error = expected["error"]
        return [*lines, f"Refused: `{error.get('kind')}`: {_cell(str(error.get('message', '')))}", ""]
    result = expected["result"]
    if "tools" in result:
        lines += _table("`tools`:", result["tools"], texts)
    if "additional_tools" in result:
        lines += _table("`additional_tools` input item:", result["additional_tools"].get("tools", []), texts)
    return lines


def render(cases: Iterable[Case]) -> str:
    texts = _Texts()
    body: list[str] = []
    for case in cases:
        if case.op == "tools.build":
            body += _section(case, texts)
    listing = ["## Texts", ""]
    for text, number in texts.numbers.items():
        # An indented block, not a fence: texts hold fences and "### `name`"
        # headings, which would otherwise read as clause declarations.
        block = [f"    {line}".rstrip() or "    " for line in text.split("\n")]
        listing += [f'<a id="t{number}"></a>T{number}:', "", *block, ""]
    return "\n".join([_HEADER, *body, *listing]).rstrip("\n") + "\n"


def page_path() -> Path:
    return spec_dir() / PAGE_NAME


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex_workshop.catalog_page", description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite the page (default: check it)")
    args = parser.parse_args(argv)
    rendered = render(load_cases(fixtures_dir()))
    if args.write:
        page_path().write_text(rendered, encoding="utf-8")
        return 0
    if page_path().read_text(encoding="utf-8") != rendered:
        print(f"{page_path()} is out of date: run with --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
