"""The config.toml the harness writes for a release: built as data, written by a TOML writer.

A case's configuration never becomes TOML text by string formatting: a key
like ``a = 1\\n[mcp_servers.evil]`` is one (odd) key, never a table.  Keys
with dots (``tools.web_search``) name nested tables, as they do in
config.toml.  Layers (the harness's own keys, then a case's) are merged,
and a case may not set a key the harness sets: that is refused, not
overridden.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from codex_workshop.drive.errors import InvalidInputError

Config = dict[str, Any]


def nested(config: Mapping[str, Any]) -> Config:
    """``config`` with each dotted key turned into nested tables."""
    result: Config = {}
    for key, value in config.items():
        if not isinstance(key, str) or not key:
            raise InvalidInputError(f"config key {key!r} is not a non-empty string")
        merged(result, _table(key.split("."), value), where="")
    return result


# Top-level keys a case may not set: they start programs (MCP servers, notify), send
# the release's traffic or read its history elsewhere, or pick another profile.
# The harness sets what of these it needs itself.
RESERVED = frozenset(
    {
        "mcp_servers",
        "model_providers",
        "model_provider",
        "notify",
        "profile",
        "profiles",
        "experimental_resume",
        "model_catalog_json",
    }
)


def case_config(config: Mapping[str, Any]) -> Config:
    """A case's configuration as nested tables; a reserved key is refused."""
    result = nested(config)
    reserved = sorted(RESERVED & set(result))
    if reserved:
        raise InvalidInputError(f"config keys a case may not set (the harness does): {reserved}")
    return result


def _table(parts: list[str], value: Any) -> Config:
    if any(not part for part in parts):
        raise InvalidInputError(f"config key {'.'.join(parts)!r} has an empty segment")
    table: Any = value
    for part in reversed(parts):
        table = {part: table}
    result: Config = table
    return result


def merged(into: Config, layer: Mapping[str, Any], *, where: str = "") -> Config:
    """Merge ``layer`` into ``into`` (in place, and returned); two values for one key are refused."""
    for key, value in layer.items():
        path = f"{where}.{key}" if where else key
        if key not in into:
            into[key] = value
        elif isinstance(into[key], dict) and isinstance(value, dict):
            into[key] = merged(dict(into[key]), value, where=path)
        else:
            raise InvalidInputError(
                f"config key {path!r} is set twice (a case may not set what the harness sets)"
            )
    return into


def dumps(config: Mapping[str, Any]) -> str:
    """TOML text for ``config``; a value TOML cannot hold is refused."""
    try:
        text = tomli_w.dumps(dict(config))
        text.encode("utf-8")
    except (TypeError, ValueError, RecursionError) as exc:  # UnicodeEncodeError is a ValueError
        raise InvalidInputError(f"configuration has no TOML form: {exc}") from exc
    return text


def write(path: Path, config: Mapping[str, Any]) -> None:
    path.write_text(dumps(config), encoding="utf-8")


__all__ = ["RESERVED", "Config", "case_config", "dumps", "merged", "nested", "write"]
