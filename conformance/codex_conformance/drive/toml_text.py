"""TOML text for the config files the harness writes for a release."""

from __future__ import annotations

import json
from typing import Any

from codex_conformance.drive.errors import InvalidInputError


def toml_string(value: str) -> str:
    """A TOML basic string.

    Not ``json.dumps``: JSON writes characters outside the BMP as surrogate
    pairs (``\\ud83d\\ude80``), which TOML rejects, and leaves DEL unescaped,
    which TOML forbids.
    """
    escaped = []
    for char in value:
        if char in '"\\':
            escaped.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            escaped.append(f"\\u{ord(char):04X}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def toml_value(value: Any) -> str:
    """A JSON value (scalar, array, or object as an inline table) as TOML value text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_string(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise InvalidInputError(f"no TOML form for {value!r}")
