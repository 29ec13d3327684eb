"""Per-edition request rules: the few choices that differ (spec/request.md), and each release's texts.

The texts and tool objects in data/ are release data, copied from the
captured requests of each release (``codex-conformance capture request``):
a port has to carry them the same way.  They are found by the edition's
version (``data/instructions-<version>.md``, the ``<version>`` entry of
``data/tools.json``, ``data/skills-<version>.md``), so a table holds choices
only and a new edition brings its texts as files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Literal

from codex_reference.json_types import JSON

_DATA = Path(__file__).with_name("data")


@cache
def _text(name: str) -> str:
    return (_DATA / name).read_text(encoding="utf-8")


@cache
def _all_tool_sets() -> dict[str, dict[str, list[JSON]]]:
    sets: dict[str, dict[str, list[JSON]]] = json.loads(_text("tools.json"))
    return sets


def instructions(version: str) -> str:
    """REQ-TEXT-1: the release's built-in instructions."""
    return _text(f"instructions-{version}.md")


def tool_sets(version: str) -> dict[str, list[JSON]]:
    """REQ-TOOLS-1: the release's tool objects, by tool-set name."""
    return _all_tool_sets()[version]


def skills_template(version: str) -> str:
    """The skills section of a developer-messages release (with ``{codex_home}``)."""
    return _text(f"skills-{version}.md")


@dataclass(frozen=True)
class RequestRules:
    # REQ-HDR-1, REQ-BODY-1, REQ-INPUT-1: the instructions in the body's
    # `instructions` field (0.25.0), or as developer messages in `input` with
    # turn metadata in the headers (0.169.0).
    layout: Literal["instructions-field", "developer-messages"]
    # REQ-URL-1: 0.169.0 trims a trailing slash off base_url, 0.25.0 does not.
    trim_base_url_slash: bool
    # REQ-REASON-1: slug prefixes that get a reasoning object (None: every model).
    reasoning_prefixes: tuple[str, ...] | None
    verbosity_prefixes: tuple[str, ...]  # REQ-VERBOSITY-1
    # REQ-HDR-4: the release's own authorization replaces a provider one (True) or is sent beside it.
    auth_replaces_provider_header: bool


REQUEST_0_25_0 = RequestRules(
    layout="instructions-field",
    trim_base_url_slash=False,
    reasoning_prefixes=("gpt-5", "o3", "o4-mini", "codex-mini"),
    verbosity_prefixes=("gpt-5",),
    auth_replaces_provider_header=False,
)

REQUEST_0_169_0 = replace(
    REQUEST_0_25_0,
    layout="developer-messages",
    trim_base_url_slash=True,
    reasoning_prefixes=None,
    verbosity_prefixes=(),
    auth_replaces_provider_header=True,
)
