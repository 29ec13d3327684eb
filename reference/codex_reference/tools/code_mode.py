"""Code mode (0.169.0, TOOLS-CODE-MODE-1): the `exec` tool and its TypeScript declarations.

In code mode the model writes JavaScript for a custom tool `exec`, which calls
the other ("nested") tools as methods of a global `tools` object.  Each nested
tool is documented as a TypeScript declaration generated from its JSON
schemas; this module renders those declarations and assembles the `exec`
description.  The fixed texts (the `exec` preamble, the shared MCP types, the
`wait` tool, namespaces) are release data (``data/code-mode-<version>.json``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources

from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON

__all__ = ["code_mode_data", "declaration", "exec_description", "nested_section", "with_declaration"]


_SCALARS = {"string": "string", "number": "number", "integer": "number", "boolean": "boolean"}


@cache
def _raw(version: str) -> dict[str, JSON]:
    path = resources.files("codex_reference.tools").joinpath(f"data/code-mode-{version}.json")
    data: dict[str, JSON] = json.loads(path.read_text("utf-8"))
    return data


def code_mode_data(version: str) -> dict[str, JSON]:
    """A fresh copy of the release's code-mode texts (callers own the result)."""
    copied: dict[str, JSON] = json.loads(json.dumps(_raw(version)))
    return copied


def _type(schema: Mapping[str, JSON], indent: str) -> str:
    """One JSON schema as a TypeScript type."""
    enum = schema.get("enum")
    if enum is not None:
        if not all(isinstance(choice, str) for choice in enum):
            raise NotModelled("non-string enums in code-mode declarations are not modelled")
        return " | ".join(json.dumps(choice) for choice in enum)
    kind = schema.get("type")
    if kind in _SCALARS:
        return _SCALARS[str(kind)]
    if kind == "array":
        return f"Array<{_type(schema.get('items') or {}, indent)}>"
    if kind == "object":
        return _object(schema, indent)
    raise NotModelled(f"schema type {kind!r} in code-mode declarations is not modelled")


def _object(schema: Mapping[str, JSON], indent: str) -> str:
    """An object schema as `{ … }`: one commented member per property, in schema order."""
    properties: Mapping[str, JSON] = schema.get("properties") or {}
    if not properties:
        return "{}"
    required = set(schema.get("required") or ())
    inner = indent + "  "
    lines = ["{"]
    for name, prop in properties.items():
        description = prop.get("description")
        if isinstance(description, str):
            if "\n" in description:
                raise NotModelled(
                    "multi-line property descriptions in code-mode declarations are not modelled"
                )
            lines.append(f"{inner}// {description}")
        optional = "" if name in required else "?"
        lines.append(f"{inner}{name}{optional}: {_type(prop, inner)};")
    lines.append(indent + "}")
    return "\n".join(lines)


def declaration(name: str, parameters: Mapping[str, JSON] | None, output: Mapping[str, JSON] | None) -> str:
    """`declare const tools: { name(…): Promise<…>; };` for one nested tool.

    ``parameters`` None: a freeform tool, called with the raw input string.
    ``output`` None: the tool declares no output schema (`unknown`).
    """
    argument = "input: string" if parameters is None else f"args: {_object(parameters, '')}"
    result = "unknown" if output is None else _object(output, "")
    return f"declare const tools: {{ {name}({argument}): Promise<{result}>; }};"


def _block(name: str, parameters: Mapping[str, JSON] | None, output: Mapping[str, JSON] | None) -> str:
    return f"exec tool declaration:\n```ts\n{declaration(name, parameters, output)}\n```"


def with_declaration(description: str, name: str, parameters: JSON, output: JSON) -> str:
    """A direct tool's description with its declaration appended (features.code_mode)."""
    return f"{description}\n\n{_block(name, parameters, output)}"


def nested_section(name: str, description: str, parameters: JSON, output: JSON) -> str:
    """One nested tool's section of the exec description."""
    return f"### `{name}`\n{description}\n\n{_block(name, parameters, output)}"


def exec_description(preamble: str, shared_types: str, sections: Sequence[str]) -> str:
    """The exec description listing nested tools: preamble, shared MCP types, sections."""
    return "\n\n".join([preamble, shared_types, *sections])
