"""The built-in tool catalog a release sends: op ``tools.build``.

Tool texts are release data (``data/catalog-<version>.json``, each entry
naming the capture it was copied from, found by the edition's version); this
module holds only the rules that choose and order them, one function per way
a release builds its catalog: ``_from_config_keys`` (0.25.0: legacy config
keys, one command tool by precedence), ``_from_model_family`` (0.94.0: the
model family's tools and a few feature flags) and ``_from_features`` (0.169.0:
feature flags and the bundled model catalog, code mode) (spec/tools.md,
TOOLS-BUILD-* and the clauses per tool).

Configuration keys are the release's own (spec/tools.md, "Configuration");
a key or value the model does not know is declined (``NotModelled``)
rather than guessed, because the release might honour it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from codex_reference.errors import InvalidArgs, NotModelled, ReferenceError_
from codex_reference.json_types import JSON
from codex_reference.tools import apply_patch_spec, code_mode

__all__ = ["CATALOG_0_25_0", "CATALOG_0_94_0", "CATALOG_0_169_0", "CatalogRules", "ConfigRejected", "build"]

Config = Mapping[str, JSON]


class ConfigRejected(ReferenceError_):
    """The release refuses the configuration and sends no request."""

    kind = "config-rejected"


@cache
def _texts(version: str) -> dict[str, JSON]:
    raw = resources.files("codex_reference.tools").joinpath(f"data/catalog-{version}.json").read_text("utf-8")
    return {name: entry["tool"] for name, entry in json.loads(raw)["tools"].items()}


def _tool(version: str, name: str) -> JSON:
    # A fresh copy each time: callers own the result.
    return json.loads(json.dumps(_texts(version)[name]))


_BOOL: tuple[JSON, ...] = (True, False)


def _checked(config: Config, allowed: Mapping[str, tuple[JSON, ...]]) -> Config:
    for key, value in config.items():
        if key not in allowed:
            raise NotModelled(f"config key {key!r} is not modelled for this edition")
        if not any(
            value is choice or (type(value) is type(choice) and value == choice) for choice in allowed[key]
        ):
            raise NotModelled(f"config {key} = {value!r} is not modelled for this edition")
    return config


# The keys every edition's config takes with the same values: the approval policy and the sandbox mode.
_POLICY_KEYS: dict[str, tuple[JSON, ...]] = {
    "approval_policy": ("untrusted", "on-failure", "on-request", "never"),
    "sandbox_mode": ("read-only", "workspace-write", "danger-full-access"),
}
# From 0.94.0 web search is a mode (0.25.0: a `tools.web_search` flag).
_WEB_SEARCH_MODE: dict[str, tuple[JSON, ...]] = {"web_search": ("disabled", "cached", "live")}


# --- 0.25.0 -----------------------------------------------------------------

_KEYS_0_25_0: dict[str, tuple[JSON, ...]] = {
    **_POLICY_KEYS,
    "include_plan_tool": _BOOL,
    "include_apply_patch_tool": _BOOL,
    "tools.web_search": _BOOL,
    "experimental_use_exec_command_tool": _BOOL,
}


def _command_tools(version: str, model: str, config: Config) -> list[JSON]:
    """TOOLS-SHELL-*, TOOLS-EXEC-1: exactly one way to run commands, by precedence."""
    if config.get("experimental_use_exec_command_tool", False):
        return [_tool(version, "exec_command"), _tool(version, "write_stdin")]
    # `codex mcp` defaults: approval on-request, sandbox read-only.  Only
    # on-request offers escalation, so only it sends the sandbox-aware text.
    if config.get("approval_policy", "on-request") == "on-request":
        sandbox = str(config.get("sandbox_mode", "read-only")).replace("-", "_")
        return [_tool(version, f"shell_on_request_{sandbox}")]
    if model.startswith("codex-mini-latest"):
        return [_tool(version, "local_shell")]
    return [_tool(version, "shell")]


def _from_config_keys(version: str, model: str, config: Config) -> list[JSON]:
    config = _checked(config, _KEYS_0_25_0)
    tools = _command_tools(version, model, config)
    if config.get("include_plan_tool", False):
        tools.append(_tool(version, "update_plan"))
    # The model family's own variant wins over includeApplyPatchTool (TOOLS-AP-2).
    variant = "function" if model.startswith("gpt-oss") else None
    if variant is None and config.get("include_apply_patch_tool", False):
        variant = "freeform"
    if variant is not None:
        tools.append(copy.deepcopy(apply_patch_spec.APPLY_PATCH_TOOLS_0_25_0[variant]))
    if config.get("tools.web_search", False):
        tools.append(_tool(version, "web_search"))
    return tools


# --- 0.94.0 -----------------------------------------------------------------


@dataclass(frozen=True)
class _Family:
    """What a 0.94.0 model family changes in the tools (the first matching slug prefix wins)."""

    command_tool: str  # shell, shell_command or local_shell
    apply_patch: str | None  # the family's own apply_patch variant
    experimental_tools: tuple[str, ...] = ()


# Prefixes as probed against the release (spec/tools.md, "Edition 0.94.0");
# any other slug gets the default family, as gpt-5, o3, gpt-4.1 and an
# unknown slug do.
_FAMILIES_0_94_0: tuple[tuple[str, _Family], ...] = (
    ("codex-mini-latest", _Family("local_shell", None)),
    ("test-gpt-5", _Family("shell_command", None, ("grep_files", "read_file", "list_dir", "test_sync_tool"))),
    ("gpt-5-codex", _Family("shell_command", "freeform")),
    ("gpt-5.1", _Family("shell_command", "freeform")),
    ("gpt-5.2", _Family("shell_command", "freeform")),
    ("gpt-oss", _Family("shell", "function")),
)
_DEFAULT_FAMILY_0_94_0 = _Family("shell", None)
_KEYS_0_94_0: dict[str, tuple[JSON, ...]] = {
    **_POLICY_KEYS,
    **_WEB_SEARCH_MODE,
    "features.shell_tool": _BOOL,
    "features.unified_exec": _BOOL,
    "features.apply_patch_freeform": _BOOL,
    "features.collab": _BOOL,
}
_FEATURE_DEFAULTS_0_94_0 = {
    "shell_tool": True,
    "unified_exec": False,
    "apply_patch_freeform": False,
    "collab": False,
}
_MCP_RESOURCE_TOOLS = ("list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource")
_COLLAB_TOOLS_0_94_0 = ("spawn_agent", "send_input", "wait", "close_agent")


def _family_0_94_0(model: str) -> _Family:
    return next(
        (family for prefix, family in _FAMILIES_0_94_0 if model.startswith(prefix)), _DEFAULT_FAMILY_0_94_0
    )


def _from_model_family(version: str, model: str, config: Config) -> list[JSON]:
    """0.94.0: the model family picks the command tool and apply_patch; features add or swap tools.

    Approval policy and sandbox mode change no tool text (TOOLS-BUILD-1);
    full access lets web_search reach the web, as in 0.169.0 (TOOLS-WEB-1).
    """
    config = _checked(config, _KEYS_0_94_0)
    family = _family_0_94_0(model)

    def feature(name: str) -> bool:
        return bool(config.get(f"features.{name}", _FEATURE_DEFAULTS_0_94_0[name]))

    tools: list[JSON] = []
    if feature("shell_tool"):
        if feature("unified_exec"):
            tools += [_tool(version, "exec_command"), _tool(version, "write_stdin")]
        else:
            tools.append(_tool(version, family.command_tool))
    # Sent whether or not an MCP server is configured.
    tools += [_tool(version, name) for name in (*_MCP_RESOURCE_TOOLS, "update_plan", "request_user_input")]
    # The family's own variant wins over the feature flag.
    variant = family.apply_patch or ("freeform" if feature("apply_patch_freeform") else None)
    if variant is not None:
        tools.append(copy.deepcopy(apply_patch_spec.APPLY_PATCH_TOOLS_0_94_0[variant]))
    tools += [_tool(version, name) for name in family.experimental_tools]
    tools += _web_search(_FALLBACK, config)
    tools.append(_tool(version, "view_image"))
    if feature("collab"):
        tools += [_tool(version, name) for name in _COLLAB_TOOLS_0_94_0]
    return tools


# --- 0.169.0 ----------------------------------------------------------------


@dataclass(frozen=True)
class _ModelInfo:
    """What the bundled model catalog (``codex debug models``) says that changes tools."""

    apply_patch: bool
    search_content_types: tuple[str, ...]
    supports_search_tool: bool
    code_mode_only: bool


# Slugs outside the catalog get fallback metadata: no apply_patch, no
# content types, no tool_search (TOOLS-BUILD-1).
_FALLBACK = _ModelInfo(False, (), False, False)
_CODE_MODE = _ModelInfo(True, ("text", "image"), True, True)
_MODELS_0_169_0: dict[str, _ModelInfo] = {
    "gpt-5.5": _ModelInfo(True, ("text", "image"), True, False),
    **{
        slug: _CODE_MODE
        for slug in (
            "gpt-6-astra",
            "gpt-6.1-sol",
            "gpt-6.1-terra",
            "gpt-6-sol",
            "gpt-6-luna",
            "gpt-5.6-sol",
            "gpt-5.6-terra",
            "gpt-5.6-luna",
            "gpt-daybreak-blue-latest",
            "gpt-daybreak-red-latest",
            "codex-auto-review",
        )
    },
}

_FEATURES = ("shell_tool", "unified_exec", "unified_exec_tty", "goals", "multi_agent", "multi_agent_v2")
_KEYS_0_169_0: dict[str, tuple[JSON, ...]] = {
    **_POLICY_KEYS,
    **_WEB_SEARCH_MODE,
    "features.request_permissions_tool": _BOOL,
    "features.code_mode": _BOOL,
    "features.code_mode_only": _BOOL,
    **{f"features.{name}": _BOOL for name in _FEATURES},
}
# Defaults of `codex features list` for the features above.
_FEATURE_DEFAULTS = {
    "shell_tool": True,
    "unified_exec": True,
    "unified_exec_tty": True,
    "goals": True,
    "multi_agent": True,
    "multi_agent_v2": False,
    "request_permissions_tool": False,
}


def _feature(config: Config, name: str) -> bool:
    return bool(config.get(f"features.{name}", _FEATURE_DEFAULTS[name]))


def _web_search(info: _ModelInfo, config: Config) -> list[JSON]:
    """TOOLS-WEB-1: the mode decides presence; full access always allows live access."""
    mode = config.get("web_search", "cached")
    if mode == "disabled":
        return []
    live = mode == "live" or config.get("sandbox_mode") == "danger-full-access"
    tool: dict[str, JSON] = {"type": "web_search", "external_web_access": live}
    if info.search_content_types:
        tool["search_content_types"] = list(info.search_content_types)
    return [tool]


def _handled(version: str, model: str, config: Config) -> tuple[_ModelInfo, Config, list[JSON]]:
    if config.get("approval_policy") == "untrusted":
        raise ConfigRejected(
            'Error: approval_policy = "untrusted" is no longer supported; remove this setting'
        )
    config = _checked(config, _KEYS_0_169_0)
    info = _MODELS_0_169_0.get(model, _FALLBACK)
    return info, config, _direct_tools(version, info, config)


def handled_tools(version: str, model: str, config: Config) -> list[JSON]:
    """The tools a features-built catalog has handlers for: its direct tools, code mode or not.

    Code mode nests tools under exec (or in namespaces) rather than sending
    them at the top level, but a call of one by name still reaches its
    handler (captured: dispatch function-to-freeform-apply-patch-code-mode-only).
    """
    return _handled(version, model, config)[2]


def _from_features(version: str, model: str, config: Config) -> list[JSON] | dict[str, JSON]:
    info, config, tools = _handled(version, model, config)
    if info.code_mode_only:
        return _code_mode_namespaces(version, model, config, tools)
    if config.get("features.code_mode_only", False):
        _code_mode_config(config)
        return _code_mode_only(version, tools, [])
    if config.get("features.code_mode", False):
        _code_mode_config(config)
        return _code_mode_direct(version, tools)
    return tools


def _direct_tools(version: str, info: _ModelInfo, config: Config) -> list[JSON]:
    """The tools a direct (non-code-mode) model is sent."""
    tools: list[JSON] = []
    if _feature(config, "shell_tool"):
        # unified_exec off changes nothing in this release (TOOLS-EXEC-1).
        tty = _feature(config, "unified_exec_tty")
        tools += [
            _tool(version, "exec_command" if tty else "exec_command_no_tty"),
            _tool(version, "write_stdin"),
        ]
    tools.append(_tool(version, "request_user_input"))
    if _feature(config, "request_permissions_tool"):
        tools.append(_tool(version, "request_permissions"))
    if info.apply_patch:
        tools.append(copy.deepcopy(apply_patch_spec.APPLY_PATCH_TOOLS_0_169_0["freeform"]))
    tools.append(_tool(version, "view_image"))
    # TOOLS-NAMESPACE-1, TOOLS-SEARCH-1: v2 agents are always inline; v1
    # agents are deferred behind tool_search where the model supports it.
    deferred = False
    if _feature(config, "multi_agent_v2"):
        tools.append(_tool(version, "collaboration"))
    elif _feature(config, "multi_agent"):
        if info.supports_search_tool:
            deferred = True
        else:
            tools.append(_tool(version, "multi_agent_v1"))
    if _feature(config, "goals"):
        tools += [_tool(version, name) for name in ("get_goal", "create_goal", "update_goal")]
    if deferred:
        tools.append(_tool(version, "tool_search"))
    return tools + _web_search(info, config)


# --- 0.169.0 code mode (TOOLS-CODE-MODE-1) ------------------------------------

# Tools exec calls as nested tools (documented by a TypeScript declaration);
# tools that stay direct beside exec; tools code mode drops.
_NESTED = frozenset(
    {"exec_command", "write_stdin", "apply_patch", "view_image", "get_goal", "create_goal", "update_goal"}
)
_DIRECT = frozenset({"request_user_input", "web_search"})
_DROPPED = frozenset({"tool_search"})
# Code-mode catalog models, by what their additional_tools carry beyond
# `functions` (exec, wait, request_user_input): as captured.
_CODE_MODE_EXTRAS: dict[str, tuple[str, ...]] = {
    "gpt-6-astra": ("request_user_input_async", "clock", "collaboration"),
    "gpt-6.1-sol": ("request_user_input_async", "clock", "collaboration"),
    "gpt-5.6-sol": ("collaboration",),
    "gpt-daybreak-blue-latest": ("collaboration",),
    "codex-auto-review": (),
}
# With code mode on, these keys are modelled at their defaults only.
_CODE_MODE_KEYS = frozenset(
    {"approval_policy", "sandbox_mode", "features.code_mode", "features.code_mode_only"}
)


def _code_mode_config(config: Config) -> None:
    for key in config:
        if key not in _CODE_MODE_KEYS:
            raise NotModelled(f"config {key} together with code mode is not modelled")


def _kind(tool: Mapping[str, JSON]) -> str:
    name = tool.get("name", tool.get("type"))
    if name in _NESTED or name in _DIRECT or name in _DROPPED:
        return "nested" if name in _NESTED else "direct" if name in _DIRECT else "dropped"
    raise NotModelled(f"tool {name!r} in code mode is not modelled")


def _declared(version: str, tool: Mapping[str, JSON]) -> tuple[str, JSON, JSON]:
    """(name, parameters or None for a freeform tool, output schema or None)."""
    name = str(tool["name"])
    outputs = code_mode.code_mode_data(version)["output_schemas"]
    output = outputs[name]["schema"] if name in outputs else None
    parameters = tool.get("parameters") if tool.get("type") == "function" else None
    return name, parameters, output


def _code_mode_direct(version: str, tools: list[JSON]) -> list[JSON]:
    """features.code_mode: exec and wait first; each nested tool's description gains its declaration."""
    data = code_mode.code_mode_data(version)
    out: list[JSON] = [data["exec"]["tool"], data["wait"]["tool"]]
    for tool in tools:
        if _kind(tool) == "nested":
            declared = code_mode.with_declaration(tool["description"], *_declared(version, tool))
            out.append({**tool, "description": declared})
        else:
            out.append(tool)
    return out


def _exec_listing(version: str, tools: list[JSON], namespaces: list[str]) -> JSON:
    """The exec tool whose description lists every nested tool, then each namespace's."""
    data = code_mode.code_mode_data(version)
    nested, outputs = data["nested_tools"], data["output_schemas"]

    def section(name: str, description: str, parameters: JSON) -> tuple[str, str]:
        output = outputs[name]["schema"] if name in outputs else None
        return name, code_mode.nested_section(name, description, parameters, output)

    # Sections sorted by name (byte order: `list_mcp_resource_templates` first).
    sections = [
        section(*_declared(version, tool)[:1], tool["description"], _declared(version, tool)[1])
        for tool in tools
        if _kind(tool) == "nested"
    ]
    sections += [
        section(name, entry["description"], entry["parameters"])
        for name, entry in nested.items()
        if "namespace" not in entry
    ]
    texts = [text for _, text in sorted(sections, key=lambda pair: pair[0].encode())]
    for namespace in namespaces:
        members = sorted(name for name, entry in nested.items() if entry.get("namespace") == namespace)
        if members:
            heading = f"## {namespace}\n{data['namespaces'][namespace]['tool']['description']}"
            member_texts = [
                section(name, nested[name]["description"], nested[name]["parameters"])[1] for name in members
            ]
            texts.append("\n\n".join([heading, *member_texts]))
    exec_tool = data["exec"]["tool"]
    exec_tool["description"] = code_mode.exec_description(
        exec_tool["description"], data["shared_mcp_types"]["text"], texts
    )
    return exec_tool


def _code_mode_only(version: str, tools: list[JSON], namespaces: list[str]) -> list[JSON]:
    """features.code_mode_only: exec (listing the nested tools), wait, then the direct tools."""
    data = code_mode.code_mode_data(version)
    direct = [tool for tool in tools if _kind(tool) == "direct"]
    return [_exec_listing(version, tools, namespaces), data["wait"]["tool"], *direct]


def _code_mode_namespaces(version: str, model: str, config: Config, tools: list[JSON]) -> dict[str, JSON]:
    """A code-mode catalog model: tools [] and one additional_tools input item of namespaces."""
    _code_mode_config(config)
    if model not in _CODE_MODE_EXTRAS:
        raise NotModelled(f"the code-mode namespaces of {model} are not captured")
    extras = _CODE_MODE_EXTRAS[model]
    data = code_mode.code_mode_data(version)
    namespaces = [name for name in extras if name in data["namespaces"]]
    functions = [
        tool
        for tool in _code_mode_only(version, tools, namespaces)
        if tool.get("type") in ("custom", "function")
    ]
    if "request_user_input_async" in extras:
        functions.append(data["request_user_input_async"]["tool"])
    item: dict[str, JSON] = {
        "type": "additional_tools",
        # The release makes the id up (at_ and a UUID); any of that form will do.
        "id": "at_00000000-0000-0000-0000-000000000000",
        "role": "developer",
        "tools": [
            {"type": "namespace", "name": "functions", "description": "", "tools": functions},
            *(data["namespaces"][name]["tool"] for name in namespaces),
        ],
    }
    return {"additional_tools": item}


@dataclass(frozen=True)
class CatalogRules:
    # (version, model, config) → the tools list, or a whole result (code-mode
    # models: additional_tools).  The version names the texts (data/catalog-<version>.json).
    build: Callable[[str, str, Config], list[JSON] | dict[str, JSON]]


CATALOG_0_25_0 = CatalogRules(_from_config_keys)
CATALOG_0_94_0 = CatalogRules(_from_model_family)
CATALOG_0_169_0 = CatalogRules(_from_features)


def build(rules: CatalogRules, version: str, args: Mapping[str, JSON]) -> dict[str, JSON]:
    model = args.get("model")
    config = args.get("config", {})
    if not isinstance(model, str):
        raise InvalidArgs("`model` must be a string")
    if not isinstance(config, dict):
        raise InvalidArgs("`config` must be an object")
    built = rules.build(version, model, config)
    return built if isinstance(built, dict) else {"tools": built}
