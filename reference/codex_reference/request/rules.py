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


def agents_template(version: str) -> str:
    """REQ-INPUT-2: the AGENTS.md user message of a context-messages release (``{cwd}``, ``{codex_home}``)."""
    return _text(f"agents-skills-{version}.md")


def permissions_text(version: str) -> str:
    """REQ-INPUT-2: the permissions developer message of a context-messages release."""
    return _text(f"permissions-{version}.md")


def apply_patch_instructions(version: str) -> str:
    """REQ-TEXT-2: the text appended to the instructions of the models that need it."""
    return _text(f"apply-patch-instructions-{version}.md")


Layout = Literal["instructions-field", "instructions-and-context", "developer-messages"]


@dataclass(frozen=True)
class RequestRules:
    # REQ-HDR-1, REQ-BODY-1, REQ-INPUT-1: the instructions in the body's
    # `instructions` field (0.25.0); the same with the permissions and
    # AGENTS.md context as messages before the environment (0.94.0); or the
    # instructions as developer messages in `input` with turn metadata in the
    # headers (0.169.0).
    layout: Layout
    # REQ-URL-1: 0.169.0 trims a trailing slash off base_url, 0.25.0 does not.
    trim_base_url_slash: bool
    # REQ-REASON-1: slug prefixes that get a reasoning object (None: every model).
    reasoning_prefixes: tuple[str, ...] | None
    verbosity_prefixes: tuple[str, ...]  # REQ-VERBOSITY-1
    # REQ-HDR-4: the release's own authorization replaces a provider one (True) or is sent beside it.
    auth_replaces_provider_header: bool
    # REQ-REASON-1: `model_supports_reasoning_summaries` in the config decides for any model.
    summaries_config_decides: bool = False
    # REQ-REASON-2: slug prefixes whose effort defaults to "medium" when the
    # config names none (None: every model with reasoning).
    default_effort_prefixes: tuple[str, ...] | None = None
    # REQ-REASON-2: `summary = "none"` leaves the key out (True) or is sent as it is.
    drop_summary_none: bool = False
    # REQ-TEXT-2: slug prefixes whose instructions end with the apply_patch text.
    apply_patch_instruction_prefixes: tuple[str, ...] = ()
    # REQ-TEXT-2, REQ-REASON-2: the slugs of the model catalog the release embeds
    # (None: it has none that changes a request).  A catalog slug takes the base
    # instructions and its default effort from its entry; any other slug takes
    # them from the family its prefix names: 0.94.0's catalog holds `gpt-5`,
    # while `gpt-5.6-sol`, `gpt-5-mini` and every other gpt-5 slug outside it get
    # the apply_patch text and no default effort (request/0.94.0/lite-gpt-5.6-sol).
    catalog_slugs: frozenset[str] | None = None
    # Model families as (slug prefix, modelled here), first match wins: a
    # family whose instructions and tools this reference does not carry is
    # answered `unsupported`; a slug no prefix matches is modelled.
    model_families: tuple[tuple[str, bool], ...] = ()
    # CHAT-REQ-TOOLS-2: a chat tool repeats the function's name beside `type`.
    chat_tool_name_outside: bool = False
    # REQ-ZSTD-1: a ChatGPT login's requests to the built-in OpenAI provider are
    # compressed (unless `features.enable_request_compression = false`).
    compresses_login_body: bool = False
    # REQ-BUILTIN-1: the variable the built-in OpenAI provider takes an API key
    # from without a login (None: none; no authorization is sent).
    builtin_key_variable: str | None = "OPENAI_API_KEY"
    # REQ-HDR-1: the `accept-encoding` a developer-messages request ends its headers with; None: not sent.
    accept_encoding: str | None = None
    # REQ-LITE-1: the header a Responses-Lite model's request carries (value `true`); None: not sent.
    lite_header: str | None = None


REQUEST_0_25_0 = RequestRules(
    layout="instructions-field",
    trim_base_url_slash=False,
    reasoning_prefixes=("gpt-5", "o3", "o4-mini", "codex-mini"),
    verbosity_prefixes=("gpt-5",),
    auth_replaces_provider_header=False,
)

REQUEST_0_94_0 = replace(
    REQUEST_0_25_0,
    layout="instructions-and-context",
    trim_base_url_slash=True,
    auth_replaces_provider_header=True,
    summaries_config_decides=True,
    # Only a catalog slug has a default effort (`gpt-5`); no family by prefix.
    default_effort_prefixes=(),
    drop_summary_none=True,
    apply_patch_instruction_prefixes=(
        "o3",
        "o4-mini",
        "codex-mini-latest",
        "gpt-4.1",
        "gpt-4o",
        "gpt-3.5",
        "gpt-5",
    ),
    # The `"slug"` entries of the catalog in the 0.94.0 binary; those the
    # model families below decline are listed all the same.
    catalog_slugs=frozenset(
        (
            "gpt-5",
            "gpt-5-codex",
            "gpt-5-codex-mini",
            "gpt-5.1",
            "gpt-5.1-codex",
            "gpt-5.1-codex-max",
            "gpt-5.1-codex-mini",
            "gpt-5.2",
            "gpt-5.2-codex",
        )
    ),
    # In the release's own family order; the gpt-5.x and
    # codex families bring other instructions and tool sets no case shows yet.
    model_families=(
        ("codex-mini-latest", True),
        ("gpt-oss", False),
        ("openai/gpt-oss", False),
        ("test-gpt-5", False),
        ("exp-", False),
        ("codex-1p", False),
        ("gpt-5.2", False),
        ("bengalfox", False),
        ("gpt-5.1", False),
        ("gpt-5-codex", False),
        ("codex-", False),
        ("boomslang", False),
    ),
    chat_tool_name_outside=True,
    compresses_login_body=True,
    builtin_key_variable=None,
)

# 0.169.0: 0.94.0's rules, with the instructions as developer messages,
# reasoning for every model, no verbosity or default effort by prefix, and
# neither 0.94.0's summaries switch, its apply_patch text, its catalog, its
# families nor its chat tool name (0.169.0 has no chat wire).
REQUEST_0_169_0 = replace(
    REQUEST_0_94_0,
    layout="developer-messages",
    reasoning_prefixes=None,
    verbosity_prefixes=(),
    summaries_config_decides=REQUEST_0_25_0.summaries_config_decides,
    default_effort_prefixes=(),
    apply_patch_instruction_prefixes=REQUEST_0_25_0.apply_patch_instruction_prefixes,
    catalog_slugs=REQUEST_0_25_0.catalog_slugs,
    model_families=REQUEST_0_25_0.model_families,
    chat_tool_name_outside=REQUEST_0_25_0.chat_tool_name_outside,
    lite_header="x-openai-internal-codex-responses-lite",
)

# 0.171.0: 0.169.0's rules, its headers ending with `accept-encoding: zstd,gzip`
# (captured: request/0.171.0/default-gpt-5 and every other request case).
REQUEST_0_171_0 = replace(REQUEST_0_169_0, accept_encoding="zstd,gzip")
