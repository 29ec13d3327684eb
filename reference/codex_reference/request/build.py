"""Args → the first request a release sends (spec/request.md)."""

from __future__ import annotations

import json
from collections.abc import Callable

from codex_reference.args import mapping, optional_string, string, string_map
from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON
from codex_reference.request import builtin_extras, context_layout, lite, lite_providers, service_tier
from codex_reference.request.identity import (
    Identity,
    account,
    authorization,
    body_encoding,
    encoding,
    hash_map_headers,
    identity,
)
from codex_reference.request.parts import (
    ConfigRejected,
    Observed,
    chat_tool,
    check_modelled,
    dumps,
    env_variables,
    message,
    model_instructions,
    provider_headers,
    reasoning,
    result,
    url,
)
from codex_reference.request.rules import Layout, RequestRules, instructions, skills_template, tool_sets

__all__ = ["ConfigRejected", "build", "builtins", "chat_tool"]

_PERMISSIONS = (
    "<permissions instructions>\nFilesystem sandboxing defines which files can be read or written. "
    "`sandbox_mode` is `read-only`: The sandbox only permits reading files. Network access is restricted.\n"
    "Approval policy is currently never. Do not provide the `sandbox_permissions` for any reason, "
    "commands will be rejected.\n</permissions instructions>"
)


def _policy_environment(cwd: str) -> str:
    return (
        f"<environment_context>\n  <cwd>{cwd}</cwd>\n  <approval_policy>never</approval_policy>\n"
        "  <sandbox_mode>read-only</sandbox_mode>\n  <network_access>restricted</network_access>\n"
        "</environment_context>"
    )


def _filesystem_environment(observed: Observed) -> str:
    cwd = observed["cwd"]
    return (
        f"<environment_context>\n  <cwd>{cwd}</cwd>\n  <shell>bash</shell>\n"
        f"  <current_date>{observed['current_date']}</current_date>\n"
        f"  <timezone>{observed['timezone']}</timezone>\n"
        f"  <filesystem><workspace_roots><root>{cwd}</root></workspace_roots>"
        '<permission_profile type="managed"><file_system type="restricted"><entry access="read">'
        "<special>:root</special></entry></file_system></permission_profile></filesystem>\n"
        "</environment_context>"
    )


# The user's own instructions (CODEX_HOME/AGENTS.md), trimmed, as the first
# message of the instructions-field layout (REQ-INPUT-3).
_USER_INSTRUCTIONS = "<user_instructions>\n\n{text}\n\n</user_instructions>"


def _user_messages(args: dict[str, JSON], environment: str) -> list[str]:
    """The user messages before the prompt: the user's instructions if given, the environment."""
    agents_md = args.get("agents_md")
    if isinstance(agents_md, str) and agents_md.strip():
        return [_USER_INSTRUCTIONS.format(text=agents_md.strip()), environment]
    return [environment]


def _base_instructions(args: dict[str, JSON], version: str) -> str:
    """REQ-INPUT-4: a file of base instructions, trimmed, replaces the built-in ones."""
    given = args.get("instructions_file")
    return given.strip() if isinstance(given, str) and given.strip() else instructions(version)


def _instructions_field(
    rules: RequestRules, version: str, args: dict[str, JSON], observed: Observed
) -> dict[str, JSON]:
    config, model = args["config"], args["model"]
    env = env_variables(args)
    who = identity(rules, version, args, env)
    provider = who.provider
    own = provider_headers(provider, env, who.authorization or "", rules)
    # 0.25.0 sends its own authorization first, beside any of the provider's (REQ-HDR-4).
    key = [] if who.authorization is None else [["authorization", who.authorization]]
    tools = tool_sets(version)["local_shell" if model.startswith("codex-mini") else "shell"]
    environment = _policy_environment(observed["cwd"])
    prompt = args["prompt"]
    if provider.get("wire_api") == "chat" and (args.get("agents_md") or args.get("instructions_file")):
        raise NotModelled("user or base instructions on the chat wire: not captured")
    if provider.get("wire_api") == "chat":
        headers = [
            *key,
            *own,
            ["accept", "text/event-stream"],
            ["content-type", "application/json"],
        ]
        messages = [
            {"role": "system", "content": instructions(version)},
            {"role": "user", "content": environment},
            {"role": "user", "content": prompt},
        ]
        body: dict[str, JSON] = {"model": model, "messages": messages, "stream": True}
        body["tools"] = [chat_tool(tool) for tool in tools if tool.get("type") == "function"]
        return result(url(rules, provider, "chat/completions"), headers, hash_map_headers(who, own), body)
    session = observed["session_id"]
    headers = [
        *key,
        *own,
        ["openai-beta", "responses=experimental"],
        ["session_id", session],
        ["accept", "text/event-stream"],
        ["content-type", "application/json"],
        *account(who),
        ["originator", "codex_cli_rs"],
        ["user-agent", f"codex_cli_rs/{version} ({observed['os']}) {observed['terminal']}"],
    ]
    # REQ-STORE-1, REQ-AUTH-2: a ChatGPT login stores nothing, as storage turned off does.
    storage_off = bool(config.get("disable_response_storage", False)) or who.account_id is not None
    body = {
        "model": model,
        "instructions": _base_instructions(args, version),
        "input": [
            *(message("user", text, None) for text in _user_messages(args, environment)),
            message("user", prompt, None),
        ],
        "tools": tools,
        "tool_choice": "auto",
        "parallel_tool_calls": False,
        "reasoning": reasoning(rules, model, config),
        "store": not storage_off,
        "stream": True,
        "include": ["reasoning.encrypted_content"] if storage_off else [],
        "prompt_cache_key": session,
    }
    if config.get("model_verbosity") is not None and model.startswith(rules.verbosity_prefixes):
        body["text"] = {"verbosity": config["model_verbosity"]}
    return result(url(rules, provider, "responses"), headers, hash_map_headers(who, own), body)


def _developer_messages(
    rules: RequestRules, version: str, args: dict[str, JSON], observed: Observed
) -> dict[str, JSON]:
    config, model = args["config"], args["model"]
    wire = args["provider"].get("wire_api")
    if wire not in (None, "responses"):
        raise ConfigRejected(f"`wire_api = {json.dumps(wire)}` is no longer supported.")
    env = env_variables(args)
    who = identity(rules, version, args, env)
    provider = who.provider
    own = provider_headers(provider, env, who.authorization or "", rules)
    session, turn = observed["session_id"], observed["turn_id"]
    installation, window = observed["installation_id"], f"{session}:0"
    profile = _lite_profile(version, model, config)
    turn_metadata: dict[str, JSON] = {
        "installation_id": installation,
        "session_id": session,
        "thread_id": session,
        "agent_name": "/root",
        "turn_id": turn,
        "window_id": window,
        "window_number": 0,
        "context_window_id": observed["context_window_id"],
        "request_kind": "turn",
        "history_initialization": "new",
        "root_turn_id": turn,
        "thread_source": "user",
        "turn_trigger": "exec",
        "sandbox": "seccomp",
        "sandbox_mode": "read-only",
        "auto_review_enabled": False,
        "node_repl_auto_review_required": profile is not None and profile.node_repl_auto_review_required,
        "node_repl_disabled": False,
        "turn_started_at_unix_ms": observed.unix_ms("turn_started_at_unix_ms"),
        "analytics_enabled": True,
        "model": model,
    }
    if config.get("model_reasoning_effort") is not None:
        turn_metadata["reasoning_effort"] = config["model_reasoning_effort"]
    elif profile is not None and isinstance(profile.reasoning, dict):
        turn_metadata["reasoning_effort"] = profile.reasoning["effort"]  # REQ-LITE-2: the model's default
    metadata = dumps(turn_metadata)
    headers = [
        *own,
        ["x-codex-beta-features", "remote_compaction_v2"],
        ["x-codex-window-id", window],
        ["x-codex-turn-metadata", metadata],
        # REQ-LITE-1: a Lite model's request says so, right after the turn metadata.
        *([] if profile is None or rules.lite_header is None else [[rules.lite_header, "true"]]),
        # REQ-AUTH-2: a ChatGPT login names the model to route by.
        *([] if not who.builtin_login else [["x-codex-routing-hint", f"model={model}"]]),
        ["x-client-request-id", session],
        ["session-id", session],
        ["thread-id", session],
        ["accept", "text/event-stream"],
        *encoding(who),
        ["content-type", "application/json"],
        *authorization(who, own),
        *account(who),
        ["originator", "codex_exec"],
        [
            "user-agent",
            f"codex_exec/{version} ({observed['os']}) {observed['terminal']} (codex_exec; {version})",
        ],
        *([] if rules.accept_encoding is None else [["accept-encoding", rules.accept_encoding]]),
    ]
    skills = skills_template(version).replace("{codex_home}", observed["codex_home"])
    client_metadata: dict[str, JSON] = {
        "root_turn_id": turn,
        "session_id": session,
        "thread_id": session,
        "turn_id": turn,
        "x-codex-installation-id": installation,
        "x-codex-turn-metadata": metadata,
        "x-codex-window-id": window,
    }
    if who.builtin:
        client_metadata |= builtin_extras.client_metadata(logged_in=who.account_id is not None)
    if profile is not None:
        return _lite_request(
            rules,
            version,
            args,
            who=who,
            observed=observed,
            profile=profile,
            headers=headers,
            own=own,
            client_metadata=client_metadata,
            skills=skills,
        )
    ids = observed.message_ids(4)
    messages = [
        message("developer", instructions(version), ids[0]),
        message("developer", [skills, _PERMISSIONS], ids[1]),
        message("user", _filesystem_environment(observed), ids[2]),
        message("user", args["prompt"], ids[3]),
    ]
    if who.builtin:
        builtin_extras.tag_messages(messages, turn, observed)
    body = {
        "model": model,
        "stream": True,
        **_tier(version, model, config),
        "input": messages,
        "tools": _tools(version, "default" if who.account_id is None else "chatgpt-login"),
        "tool_choice": "auto",
        "parallel_tool_calls": True,
        "reasoning": reasoning(rules, model, config),
        "store": False,
        "include": ["reasoning.encrypted_content"],
        "prompt_cache_key": session,
        "client_metadata": dict(sorted(client_metadata.items())),  # REQ-ORDER-1
    }
    return result(
        url(rules, provider, "responses"), headers, hash_map_headers(who, own), body, body_encoding(who)
    )


def _lite_profile(version: str, model: str, config: dict[str, JSON]) -> lite.LiteProfile | None:
    """REQ-LITE-1: the model's Lite profile in this release (None: it is not Lite there)."""
    profile = lite.profile(version, model)
    if profile is None:
        return None
    if set(config) - lite_providers.LITE_CONFIG:
        raise NotModelled(f"config keys with a Lite model: {sorted(config)} not captured")
    return profile


def _lite_request(
    rules: RequestRules,
    version: str,
    args: dict[str, JSON],
    *,
    who: Identity,
    observed: Observed,
    profile: lite.LiteProfile,
    headers: list[list[str]],
    own: list[list[str]],
    client_metadata: dict[str, JSON],
    skills: str,
) -> dict[str, JSON]:
    """REQ-LITE-2, REQ-LITE-3: no `tools` member; the tools in an additional_tools item first,
    then the model's own instructions and context messages, its reasoning and verbosity;
    REQ-LITE-4: with what a login, the built-in provider and the config change."""
    ids = observed.message_ids(5 + len(profile.messages))
    login = who.account_id is not None
    item: dict[str, JSON] = {
        "type": "additional_tools",
        "id": ids[0],
        "role": "developer",
        "tools": lite_providers.tools(version, profile, login=login, builtin=who.builtin),
    }
    messages = [
        message("developer", profile.instructions, ids[1]),
        message("developer", [skills, *profile.context], ids[2]),
        *(message("developer", list(texts), ids[3 + n]) for n, texts in enumerate(profile.messages)),
        message("user", _filesystem_environment(observed), ids[-2]),
        message("user", args["prompt"], ids[-1]),
    ]
    if who.builtin:
        keys = lite_providers.content_keys(profile)
        lite_providers.tag_messages(version, messages, keys, observed["turn_id"], observed)
    session, config = observed["session_id"], args["config"]
    body: dict[str, JSON] = {
        "model": args["model"],
        "stream": True,
        **_tier(version, str(args["model"]), config),
        "input": [item, *messages],
        "tool_choice": "auto",
        "parallel_tool_calls": profile.parallel_tool_calls,
        "reasoning": lite_providers.reasoning(profile, config),
        "store": False,
        "include": ["reasoning.encrypted_content"],
        "prompt_cache_key": session,
        "text": lite_providers.text(profile, config),
        "client_metadata": dict(sorted(client_metadata.items())),  # REQ-ORDER-1
    }
    return result(
        url(rules, who.provider, "responses"), headers, hash_map_headers(who, own), body, body_encoding(who)
    )


def _tier(version: str, model: str, config: dict[str, JSON]) -> dict[str, JSON]:
    """REQ-TIER-1: `service_tier`, right after `stream`, when one is sent."""
    tier = service_tier.service_tier(version, model, config)
    return {} if tier is None else {"service_tier": tier}


def _tools(version: str, name: str) -> JSON:
    """REQ-TOOLS-1, REQ-AUTH-2: a tool set of the release's data; one not captured is not modelled."""
    sets = tool_sets(version)
    if name not in sets:
        raise NotModelled(f"the {name!r} tool set of {version} is not captured")
    return sets[name]


def _checked(args: dict[str, JSON]) -> dict[str, JSON]:
    """The args with each one's JSON type checked (spec/request.md names them), defaults filled in."""
    provider = mapping(args.get("provider"), "provider")  # null or absent: `base_url` is missing
    string(provider, "base_url", "provider.base_url")
    optional_string(provider, "wire_api", "provider.wire_api")
    return {
        "provider": provider,
        "auth": args.get("auth"),
        "model": string(args, "model"),
        "prompt": string(args, "prompt", default="hi"),
        "env": string_map(args.get("env"), "env"),
        "config": mapping(args.get("config"), "config"),
        "observed": mapping(args.get("observed"), "observed"),
        "agents_md": optional_string(args, "agents_md"),
        "instructions_file": optional_string(args, "instructions_file"),
    }


def build(rules: RequestRules, version: str, args: dict[str, JSON]) -> dict[str, JSON]:
    checked = _checked(args)
    if rules.layout != "developer-messages" and "service_tier" in checked["config"]:
        # REQ-TIER-1: only the developer-messages layout places a tier (no case of the others has one).
        raise NotModelled("service_tier in this edition: not captured")
    if rules.layout != "instructions-field" and (checked["agents_md"] or checked["instructions_file"]):
        # Later layouts put AGENTS.md in their context messages (REQ-INPUT-2); no case gives one.
        raise NotModelled("user or base instructions in this edition's layout: not captured")
    observed = Observed(checked["observed"])
    return _LAYOUTS[rules.layout](rules, version, checked, observed)


_LAYOUTS: dict[Layout, Callable[[RequestRules, str, dict[str, JSON], Observed], dict[str, JSON]]] = {
    "instructions-field": _instructions_field,
    "instructions-and-context": context_layout.build,
    "developer-messages": _developer_messages,
}


def builtins(rules: RequestRules, version: str, args: dict[str, JSON]) -> dict[str, JSON]:
    """REQ-TEXT-1, REQ-TEXT-2: the instructions the release sends with the model."""
    model = string(args, "model")
    check_modelled(rules, model)
    return {"texts": [model_instructions(rules, version, model)]}
