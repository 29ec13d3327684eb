"""A Lite model under a ChatGPT login, on the built-in OpenAI provider, or with config keys (REQ-LITE-4).

The Lite shape stays (REQ-LITE-2, REQ-LITE-3); what changes is release data
copied from the captured cases ``data/lite-providers-<version>.json`` names:
the sections the `exec` tool's description gains (``image_gen`` under a
login, ``web`` on the built-in provider), and the kind and provenance the
built-in provider tags each content item of each message with.  The configured
effort, summary and verbosity take the model's defaults' places.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON
from codex_reference.request.builtin_extras import PASSTHROUGH
from codex_reference.request.lite import LiteProfile
from codex_reference.request.parts import Observed

_DATA = Path(__file__).with_name("data")
# The config keys a Lite case may set (captured: request/V/lite-effort-summary-verbosity,
# request/V/lite-summary-none-effort-minimal, request/V/lite-service-tier-fast).
LITE_CONFIG = frozenset(
    {"model_reasoning_effort", "model_reasoning_summary", "model_verbosity", "service_tier"}
)


@dataclass(frozen=True)
class _ProviderData:
    exec_sections: dict[str, str]  # "login", "builtin": appended to exec's description
    tags: dict[str, tuple[str, JSON]]  # a text's name -> its kind and its provenance metadata


@cache
def _data(version: str) -> _ProviderData:
    path = _DATA / f"lite-providers-{version}.json"
    if not path.is_file():
        raise NotModelled(f"a Lite model under a login or the built-in provider in {version}: not captured")
    data = json.loads(path.read_text(encoding="utf-8"))
    tags = {name: (str(kind), metadata) for name, (kind, metadata) in data["tags"].items()}
    return _ProviderData({k: str(v) for k, v in data["exec_sections"].items()}, tags)


def reasoning(profile: LiteProfile, config: dict[str, JSON]) -> JSON:
    """The model's reasoning with the configured effort and summary (`none`: left out) in their places."""
    default = profile.reasoning
    if not isinstance(default, dict):
        raise NotModelled("a Lite model without reasoning: not captured")
    effort = config.get("model_reasoning_effort", default.get("effort"))
    summary = config.get("model_reasoning_summary", default.get("summary"))
    result: dict[str, JSON] = {"effort": effort}
    if summary is not None and summary != "none":
        result["summary"] = summary
    return result | {key: value for key, value in default.items() if key not in ("effort", "summary")}


def text(profile: LiteProfile, config: dict[str, JSON]) -> JSON:
    verbosity = config.get("model_verbosity")
    return profile.text if verbosity is None else {"verbosity": verbosity}


def tools(version: str, profile: LiteProfile, *, login: bool, builtin: bool) -> JSON:
    """The namespaces of the additional_tools item, `exec`'s description with the login's and the
    provider's sections appended (in that order)."""
    if not (login or builtin):
        return profile.tools
    sections = _data(version).exec_sections
    namespaces = copy.deepcopy(profile.tools)
    if not isinstance(namespaces, list) or not namespaces:
        raise NotModelled("a Lite model without namespaces: not captured")
    functions = namespaces[0]
    exec_tool = functions["tools"][0] if isinstance(functions, dict) else None
    if not isinstance(exec_tool, dict) or exec_tool.get("name") != "exec":
        raise NotModelled("a Lite model whose first tool is not exec: not captured")
    extra = [sections[name] for name, on in (("login", login), ("builtin", builtin)) if on]
    exec_tool["description"] = str(exec_tool["description"]) + "".join(extra)
    return namespaces


def content_keys(profile: LiteProfile) -> list[tuple[str, ...]]:
    """Each message's content items after the additional_tools item, by the data's names."""
    return [
        ("instructions",),
        ("skills", *profile.context_keys),
        *profile.message_keys,
        ("environment",),
        ("user",),
    ]


def tag_messages(
    version: str,
    messages: Sequence[dict[str, JSON]],
    keys: list[tuple[str, ...]],
    turn: str,
    observed: Observed,
) -> None:
    """REQ-LITE-4: on the built-in provider every message carries the turn, its create time and
    each content item's kind and provenance."""
    tags = _data(version).tags
    times = observed.values.get("message_create_times")
    count = len(messages)
    if not isinstance(times, list) or len(times) != count or not all(isinstance(t, str) for t in times):
        raise InvalidArgs(f"`observed.message_create_times` must be a list of {count} strings")
    for item, names, created in zip(messages, keys, times, strict=True):
        missing = [name for name in names if name not in tags]
        if missing:
            raise NotModelled(f"the built-in provider's tags of Lite texts {missing}: not captured")
        item[PASSTHROUGH] = {
            "turn_id": turn,
            "create_time": created,
            "content_item_kinds": [tags[name][0] for name in names],
            "content_item_metadata": [tags[name][1] for name in names],
        }
