"""Args → the first request a release sends (spec/request.md)."""

from __future__ import annotations

import json
from urllib.parse import quote

from codex_reference.args import I64, integer, mapping, optional_string, string, string_map
from codex_reference.errors import InvalidArgs, ReferenceError_
from codex_reference.json_types import JSON
from codex_reference.request.rules import RequestRules, instructions, skills_template, tool_sets

_DEFAULT_KEY_ENV = "CODEX_CONFORMANCE_MOCK_KEY"
_DEFAULT_KEY = "sk-conformance"
_PERMISSIONS = (
    "<permissions instructions>\nFilesystem sandboxing defines which files can be read or written. "
    "`sandbox_mode` is `read-only`: The sandbox only permits reading files. Network access is restricted.\n"
    "Approval policy is currently never. Do not provide the `sandbox_permissions` for any reason, "
    "commands will be rejected.\n</permissions instructions>"
)
# The URL parser's query set: what a query may not hold is percent-encoded;
# `&` and `=` stay as they are (REQ-URL-2).
_QUERY_SAFE = "!$&'()*+,-./:;=?@_~[]^`{|}"


class ConfigRejected(ReferenceError_):
    kind = "config-rejected"


class _Observed:
    """The values the release made up in the captured run (``observed``), each checked where read."""

    def __init__(self, values: dict[str, JSON]) -> None:
        self.values = values

    def _value(self, key: str) -> JSON:
        if key not in self.values:
            raise InvalidArgs(f"`observed` lacks {key!r}: the value the release made up there")
        return self.values[key]

    def __getitem__(self, key: str) -> str:
        self._value(key)
        return string(self.values, key, f"observed.{key}")

    def unix_ms(self, key: str) -> int:
        self._value(key)
        return integer(self.values, key, *I64, where=f"observed.{key}")

    def message_ids(self, count: int) -> list[str]:
        ids = self._value("message_ids")
        if not isinstance(ids, list) or len(ids) < count or not all(isinstance(i, str) for i in ids):
            raise InvalidArgs(f"`observed.message_ids` must be a list of {count} strings")
        return ids


def _dumps(value: JSON) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _url(rules: RequestRules, provider: dict[str, JSON], endpoint: str) -> str:
    base = str(provider["base_url"])
    if rules.trim_base_url_slash:
        base = base.rstrip("/")
    url = f"{base}/{endpoint}"
    params = string_map(provider.get("query_params"), "provider.query_params")
    if params:
        pieces = [f"{quote(k, safe=_QUERY_SAFE)}={quote(v, safe=_QUERY_SAFE)}" for k, v in params.items()]
        url += "?" + "&".join(sorted(pieces) if len(params) > 1 else pieces)  # REQ-ORDER-1
    return url


def _provider_headers(
    provider: dict[str, JSON], env: dict[str, str], bearer: str, rules: RequestRules
) -> list[list[str]]:
    own = string_map(provider.get("http_headers"), "provider.http_headers")
    headers = [[name.lower(), value] for name, value in own.items()]
    for name, variable in string_map(provider.get("env_http_headers"), "provider.env_http_headers").items():
        if env.get(variable):  # REQ-HDR-3: unset or empty sends nothing
            headers.append([name.lower(), env[variable]])
    if rules.auth_replaces_provider_header:
        headers = [[n, bearer] if n == "authorization" else [n, v] for n, v in headers]
    return headers


def _stable(headers: list[list[str]], names: set[str]) -> list[list[str]]:
    """REQ-ORDER-1: provider headers sorted by name within the places they hold."""
    places = [i for i, (name, _) in enumerate(headers) if name in names]
    ordered = sorted((headers[i] for i in places), key=lambda header: header[0])
    result = list(headers)
    for index, header in zip(places, ordered, strict=True):
        result[index] = header
    return result


def _reasoning(rules: RequestRules, model: str, config: dict[str, JSON]) -> JSON:
    if rules.reasoning_prefixes is not None and not model.startswith(rules.reasoning_prefixes):
        return None
    effort = config.get("model_reasoning_effort")
    summary = config.get("model_reasoning_summary", "auto")
    if rules.layout == "instructions-field":
        return {"effort": effort or "medium", "summary": summary}
    reasoning: dict[str, JSON] = {}
    if effort is not None:
        reasoning["effort"] = effort
    if summary != "none":
        reasoning["summary"] = summary
    return reasoning


def _message(role: str, text: str | list[str], message_id: JSON) -> dict[str, JSON]:
    texts = [text] if isinstance(text, str) else text
    content = [{"type": "input_text", "text": t} for t in texts]
    return {"type": "message", "id": message_id, "role": role, "content": content}


def _policy_environment(cwd: str) -> str:
    return (
        f"<environment_context>\n  <cwd>{cwd}</cwd>\n  <approval_policy>never</approval_policy>\n"
        "  <sandbox_mode>read-only</sandbox_mode>\n  <network_access>restricted</network_access>\n"
        "</environment_context>"
    )


def _filesystem_environment(observed: _Observed) -> str:
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


def chat_tool(tool: dict[str, JSON]) -> dict[str, JSON]:
    """CHAT-REQ-TOOLS-2: the Responses tool less ``type``, removed by swap (the last key takes its place).

    Both the first request of a chat-wire configuration and ``chat.request`` send tools so.
    """
    keys = list(tool)
    index = keys.index("type")
    keys[index] = keys[-1]
    keys.pop()
    return {"type": "function", "function": {key: tool[key] for key in keys}}


def _bearer(provider: dict[str, JSON], env: dict[str, str]) -> str:
    key = optional_string(provider, "env_key", "provider.env_key")
    return f"Bearer {env.get(_DEFAULT_KEY_ENV if key is None else key, '')}"


def _instructions_field(
    rules: RequestRules, version: str, args: dict[str, JSON], observed: _Observed
) -> dict[str, JSON]:
    provider, config, model = args["provider"], args["config"], args["model"]
    env = {_DEFAULT_KEY_ENV: _DEFAULT_KEY, **args["env"]}
    bearer = _bearer(provider, env)
    own = _provider_headers(provider, env, bearer, rules)
    tools = tool_sets(version)["local_shell" if model.startswith("codex-mini") else "shell"]
    environment = _policy_environment(observed["cwd"])
    prompt = args["prompt"]
    if provider.get("wire_api") == "chat":
        headers = [
            ["authorization", bearer],
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
        return _result(_url(rules, provider, "chat/completions"), headers, own, body)
    session = observed["session_id"]
    headers = [
        ["authorization", bearer],
        *own,
        ["openai-beta", "responses=experimental"],
        ["session_id", session],
        ["accept", "text/event-stream"],
        ["content-type", "application/json"],
        ["originator", "codex_cli_rs"],
        ["user-agent", f"codex_cli_rs/{version} ({observed['os']}) {observed['terminal']}"],
    ]
    storage_off = bool(config.get("disable_response_storage", False))
    body = {
        "model": model,
        "instructions": instructions(version),
        "input": [_message("user", environment, None), _message("user", prompt, None)],
        "tools": tools,
        "tool_choice": "auto",
        "parallel_tool_calls": False,
        "reasoning": _reasoning(rules, model, config),
        "store": not storage_off,
        "stream": True,
        "include": ["reasoning.encrypted_content"] if storage_off else [],
        "prompt_cache_key": session,
    }
    if config.get("model_verbosity") is not None and model.startswith(rules.verbosity_prefixes or ("\0",)):
        body["text"] = {"verbosity": config["model_verbosity"]}
    return _result(_url(rules, provider, "responses"), headers, own, body)


def _developer_messages(
    rules: RequestRules, version: str, args: dict[str, JSON], observed: _Observed
) -> dict[str, JSON]:
    provider, config, model = args["provider"], args["config"], args["model"]
    if provider.get("wire_api") not in (None, "responses"):
        raise ConfigRejected(f"`wire_api = {json.dumps(provider['wire_api'])}` is no longer supported.")
    env = {_DEFAULT_KEY_ENV: _DEFAULT_KEY, **args["env"]}
    bearer = _bearer(provider, env)
    own = _provider_headers(provider, env, bearer, rules)
    session, turn = observed["session_id"], observed["turn_id"]
    installation, window = observed["installation_id"], f"{session}:0"
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
        "node_repl_auto_review_required": False,
        "node_repl_disabled": False,
        "turn_started_at_unix_ms": observed.unix_ms("turn_started_at_unix_ms"),
        "analytics_enabled": True,
        "model": model,
    }
    if config.get("model_reasoning_effort") is not None:
        turn_metadata["reasoning_effort"] = config["model_reasoning_effort"]
    metadata = _dumps(turn_metadata)
    headers = [
        *own,
        ["x-codex-beta-features", "remote_compaction_v2"],
        ["x-codex-window-id", window],
        ["x-codex-turn-metadata", metadata],
        ["x-client-request-id", session],
        ["session-id", session],
        ["thread-id", session],
        ["accept", "text/event-stream"],
        ["content-type", "application/json"],
        *([] if any(name == "authorization" for name, _ in own) else [["authorization", bearer]]),
        ["originator", "codex_exec"],
        [
            "user-agent",
            f"codex_exec/{version} ({observed['os']}) {observed['terminal']} (codex_exec; {version})",
        ],
    ]
    ids = observed.message_ids(4)
    skills = skills_template(version).replace("{codex_home}", observed["codex_home"])
    client_metadata = {
        "root_turn_id": turn,
        "session_id": session,
        "thread_id": session,
        "turn_id": turn,
        "x-codex-installation-id": installation,
        "x-codex-turn-metadata": metadata,
        "x-codex-window-id": window,
    }
    body = {
        "model": model,
        "stream": True,
        "input": [
            _message("developer", instructions(version), ids[0]),
            _message("developer", [skills, _PERMISSIONS], ids[1]),
            _message("user", _filesystem_environment(observed), ids[2]),
            _message("user", args["prompt"], ids[3]),
        ],
        "tools": tool_sets(version)["default"],
        "tool_choice": "auto",
        "parallel_tool_calls": True,
        "reasoning": _reasoning(rules, model, config),
        "store": False,
        "include": ["reasoning.encrypted_content"],
        "prompt_cache_key": session,
        "client_metadata": client_metadata,
    }
    return _result(_url(rules, provider, "responses"), headers, own, body)


def _result(
    url: str, headers: list[list[str]], own: list[list[str]], body: dict[str, JSON]
) -> dict[str, JSON]:
    return {
        "method": "POST",
        "url": url,
        "headers": _stable(headers, {name for name, _ in own}),
        "body": body,
    }


def _checked(args: dict[str, JSON]) -> dict[str, JSON]:
    """The args with each one's JSON type checked (spec/request.md names them), defaults filled in."""
    provider = mapping(args.get("provider"), "provider", null_is_empty=False)
    string(provider, "base_url", "provider.base_url")
    optional_string(provider, "wire_api", "provider.wire_api")
    return {
        "provider": provider,
        "model": string(args, "model"),
        "prompt": string(args, "prompt", default="hi"),
        "env": string_map(args.get("env"), "env"),
        "config": mapping(args.get("config"), "config"),
        "observed": mapping(args.get("observed"), "observed"),
    }


def build(rules: RequestRules, version: str, args: dict[str, JSON]) -> dict[str, JSON]:
    checked = _checked(args)
    observed = _Observed(checked["observed"])
    if rules.layout == "instructions-field":
        return _instructions_field(rules, version, checked, observed)
    return _developer_messages(rules, version, checked, observed)


def builtins(rules: RequestRules, version: str, args: dict[str, JSON]) -> dict[str, JSON]:
    return {"texts": [instructions(version)]}
