"""Broken ports of ``tools.build``: an edition's catalog with one realistic bug."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from codex_reference.adapter import Handler
from codex_reference.editions import V0_25_0, V0_169_0, Edition
from codex_reference.tools import catalog
from codex_workshop.broken import adapters, with_edition

# What a catalog builds: the tools array, or for code-mode models an object holding it.
Tools = Any


def _wrapped(edition: Edition, change: Callable[[Tools], Tools]) -> Handler:
    build = edition.tools_catalog.build

    def broken(version: str, model: str, config: Mapping[str, Any]) -> Tools:
        return change(build(version, model, config))

    return with_edition(edition, tools_catalog=catalog.CatalogRules(broken))


def _web_search_before_plan(tools: Tools) -> Tools:
    """web_search moved right after the command tool (a port that sorts hosted tools first)."""
    web = [tool for tool in tools if tool.get("type") == "web_search"]
    rest = [tool for tool in tools if tool.get("type") != "web_search"]
    return rest[:1] + web + rest[1:]


def _ascii_quotes(tools: Tools) -> Tools:
    """Curly apostrophes folded to ASCII (a port whose text pipeline 'cleans' Unicode)."""
    for tool in tools:
        if isinstance(tool.get("description"), str):
            tool["description"] = tool["description"].replace("\u2019", "'")
    return tools


def _no_strict(tools: Tools) -> Tools:
    """Function tools without `strict` (a port whose serializer skips false booleans)."""
    for tool in tools:
        tool.pop("strict", None)
    return tools


def _ts_optional_dropped(tools: Tools) -> Tools:
    """Code-mode declarations without the `?` of optional members."""
    dropped: Tools = json.loads(json.dumps(tools).replace("?: ", ": "))
    return dropped


BROKEN = adapters(
    {
        "web-search-out-of-order": (
            "TOOLS-BUILD-1",
            "web_search second",
            _wrapped(V0_25_0, _web_search_before_plan),
        ),
        "ascii-quotes": ("TOOLS-AP-2", "curly quotes folded", _wrapped(V0_25_0, _ascii_quotes)),
        "strict-missing": ("TOOLS-SHELL-1", "no strict key", _wrapped(V0_25_0, _no_strict)),
        "ts-optional-dropped": (
            "TOOLS-CODE-MODE-1",
            "optional members declared as required",
            _wrapped(V0_169_0, _ts_optional_dropped),
        ),
    }
)
