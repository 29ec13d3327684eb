"""Capture what configuring MCP servers adds to a release's `tools` array.

The release is run twice with the same configuration, without and with the
servers; the entries of the second `tools` array that the first lacks, in
the second's order, are what the servers add.  That is the exact meaning of
the `mcp.tools_to_responses` op.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from codex_conformance.editions import get_edition
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import ReleaseCrashedError, ReleaseRejectedError
from codex_workshop.drive.exec_run import McpServerConfig, run_exec


def _canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@cache
def _baseline_tools(version: str, model: str | None) -> tuple[str, ...]:
    return tuple(_canonical(tool) for tool in _tools_array(version, [], model))


def _tools_array(version: str, servers: list[McpServerConfig], model: str | None) -> list[Any]:
    edition = get_edition(version)
    run = run_exec(release_binary(version), model=model or edition.capture_model, servers=servers)
    tools = run.first_responses_body().get("tools", [])
    if not isinstance(tools, list):
        raise TypeError("`tools` in the request body is not an array")
    return tools


def tools_added_by_servers(
    version: str, servers: list[McpServerConfig], model: str | None = None
) -> list[Any]:
    """``model``: the slug the request is for; None: the edition's capture model."""
    return entries_added(_tools_array(version, servers, model), _baseline_tools(version, model))


def added_tools(version: str, configs: list[McpServerConfig], model: str | None = None) -> list[Any]:
    """``tools_added_by_servers``, with a panic as the release's answer (a ``release-crash`` error)."""
    try:
        return tools_added_by_servers(version, configs, model)
    except ReleaseCrashedError as crash:
        raise ReleaseRejectedError("release-crash", crash.panic) from crash


def entries_added(tools: list[Any], baseline: tuple[str, ...]) -> list[Any]:
    """The entries of ``tools`` beyond those of ``baseline`` (canonical JSON texts),
    in ``tools``' order; an entry the baseline has twice is discounted twice."""
    remaining = list(baseline)
    added: list[Any] = []
    for tool in tools:
        text = _canonical(tool)
        if text in remaining:
            remaining.remove(text)
        else:
            added.append(tool)
    return added
