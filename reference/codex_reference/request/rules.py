"""Per-edition request rules: texts, header sets and the few choices that differ (spec/request.md).

The texts and tool objects in data/ are release data, copied from the
captured requests of each release (``codex-conformance capture request``):
a port has to carry them the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from codex_reference.json_types import JSON

_DATA = Path(__file__).with_name("data")


def _text(name: str) -> str:
    return (_DATA / name).read_text(encoding="utf-8")


_TOOLS: dict[str, dict[str, list[JSON]]] = json.loads(_text("tools.json"))


@dataclass(frozen=True)
class RequestRules:
    version: str
    layout: Literal["instructions-field", "developer-messages"]  # REQ-HDR-1, REQ-BODY-1, REQ-INPUT-1
    # REQ-URL-1: 0.169.0 trims a trailing slash off base_url, 0.25.0 does not.
    trim_base_url_slash: bool
    instructions: str  # REQ-TEXT-1
    tools: dict[str, list[JSON]]  # REQ-TOOLS-1, by tool-set name
    # REQ-REASON-1: slug prefixes that get a reasoning object (None: every model).
    reasoning_prefixes: tuple[str, ...] | None
    verbosity_prefixes: tuple[str, ...]  # REQ-VERBOSITY-1
    skills_template: str = ""  # 0.169.0: with {codex_home}
    # REQ-HDR-4: the release's own authorization replaces a provider one (True) or is sent beside it.
    auth_replaces_provider_header: bool = False
    chat_supported: bool = False  # REQ-WIRE-1


REQUEST_0_25_0 = RequestRules(
    version="0.25.0",
    layout="instructions-field",
    trim_base_url_slash=False,
    instructions=_text("instructions-0.25.0.md"),
    tools=_TOOLS["0.25.0"],
    reasoning_prefixes=("gpt-5", "o3", "o4-mini", "codex-mini"),
    verbosity_prefixes=("gpt-5",),
    chat_supported=True,
)

REQUEST_0_169_0 = RequestRules(
    version="0.169.0",
    layout="developer-messages",
    trim_base_url_slash=True,
    instructions=_text("instructions-0.169.0.md"),
    tools=_TOOLS["0.169.0"],
    reasoning_prefixes=None,
    verbosity_prefixes=(),
    skills_template=_text("skills-0.169.0.md"),
    auth_replaces_provider_header=True,
)
