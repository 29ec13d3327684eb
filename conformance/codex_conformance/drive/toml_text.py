"""TOML text for the config files the harness writes for a release."""

from __future__ import annotations


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
