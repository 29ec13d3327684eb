"""The pieces every request layout shares: URL, provider headers, reasoning, messages (spec/request.md)."""

from __future__ import annotations

import json
from urllib.parse import quote

from codex_reference.args import I64, integer, optional_string, string, string_map
from codex_reference.errors import InvalidArgs, NotModelled, ReferenceError_
from codex_reference.json_types import JSON
from codex_reference.request import lite
from codex_reference.request.rules import RequestRules, apply_patch_instructions, instructions

_DEFAULT_KEY_ENV = "CODEX_CONFORMANCE_MOCK_KEY"
_DEFAULT_KEY = "sk-conformance"
# The URL parser's query set: what a query may not hold is percent-encoded;
# `&` and `=` stay as they are (REQ-URL-2).
_QUERY_SAFE = "!$&'()*+,-./:;=?@_~[]^`{|}"


class ConfigRejected(ReferenceError_):
    kind = "config-rejected"


class Observed:
    """The values the release made up in the captured run (``observed``), each checked where read."""

    def __init__(self, values: dict[str, JSON]) -> None:
        self.values = values

    # A value missing from `observed` is an invalid-args answer (string and
    # integer refuse a missing key), like one of another type.
    def __getitem__(self, key: str) -> str:
        return string(self.values, key, f"observed.{key}")

    def unix_ms(self, key: str) -> int:
        return integer(self.values, key, *I64, where=f"observed.{key}")

    def message_ids(self, count: int) -> list[str]:
        ids = self.values.get("message_ids")
        if not isinstance(ids, list) or len(ids) != count or not all(isinstance(i, str) for i in ids):
            raise InvalidArgs(f"`observed.message_ids` must be a list of {count} strings")
        return ids


def dumps(value: JSON) -> str:
    # REQ-HDR-1: the turn metadata goes in a header, every non-ASCII character escaped.
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def url(rules: RequestRules, provider: dict[str, JSON], endpoint: str) -> str:
    base = str(provider["base_url"])
    if rules.trim_base_url_slash:
        base = base.rstrip("/")
    result = f"{base}/{endpoint}"
    params = string_map(provider.get("query_params"), "provider.query_params")
    if params:
        pieces = [f"{quote(k, safe=_QUERY_SAFE)}={quote(v, safe=_QUERY_SAFE)}" for k, v in params.items()]
        result += "?" + "&".join(sorted(pieces))  # REQ-ORDER-1
    return result


def provider_headers(
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


def has_authorization(headers: list[list[str]]) -> bool:
    return any(name == "authorization" for name, _ in headers)


def bearer(provider: dict[str, JSON], env: dict[str, str]) -> str:
    """REQ-AUTH-1: the value of the variable `env_key` names; unset or blank, the turn
    fails before anything is sent."""
    name = optional_string(provider, "env_key", "provider.env_key")
    variable = _DEFAULT_KEY_ENV if name is None else name
    value = env.get(variable)
    if value is None or not value.strip():
        raise ConfigRejected(f"Missing environment variable: `{variable}`.")
    return f"Bearer {value}"


def env_variables(args: dict[str, JSON]) -> dict[str, str]:
    """The release's environment: the mock key the harness always sets, then the case's variables."""
    variables = args["env"]
    if not isinstance(variables, dict):
        raise InvalidArgs("`env` must be an object of strings")
    return {_DEFAULT_KEY_ENV: _DEFAULT_KEY, **{k: str(v) for k, v in variables.items()}}


def check_modelled(rules: RequestRules, model: str) -> None:
    for prefix, modelled in rules.model_families:
        if model.startswith(prefix):
            if not modelled:
                raise NotModelled(f"model family {prefix!r}: its instructions and tools are not modelled")
            return


def model_instructions(rules: RequestRules, version: str, model: str) -> str:
    """REQ-TEXT-1, REQ-TEXT-2: the release's instructions, and the apply_patch text if the model needs it."""
    profile = lite.profile(version, model)
    if profile is not None:  # REQ-LITE-3: a Lite model's own instructions
        return profile.instructions
    text = instructions(version)
    if model.startswith(rules.apply_patch_instruction_prefixes) and not _in_catalog(rules, model):
        text += apply_patch_instructions(version)
    return text


def _in_catalog(rules: RequestRules, model: str) -> bool:
    """A slug the release's catalog describes takes its entry's texts and effort, not its family's."""
    return rules.catalog_slugs is not None and model in rules.catalog_slugs


def _has_reasoning(rules: RequestRules, model: str, config: dict[str, JSON]) -> bool:
    decided = config.get("model_supports_reasoning_summaries")
    if rules.summaries_config_decides and isinstance(decided, bool):
        return decided
    return rules.reasoning_prefixes is None or model.startswith(rules.reasoning_prefixes)


def reasoning(rules: RequestRules, model: str, config: dict[str, JSON]) -> JSON:
    """REQ-REASON-1, REQ-REASON-2: the body's `reasoning` object, or null."""
    if not _has_reasoning(rules, model, config):
        return None
    effort = config.get("model_reasoning_effort")
    by_prefix = rules.default_effort_prefixes is None or model.startswith(rules.default_effort_prefixes)
    # REQ-REASON-2: a catalog slug's entry names `medium` (the only one a case runs is 0.94.0's gpt-5).
    if effort is None and (by_prefix or _in_catalog(rules, model)):
        effort = "medium"
    summary = config.get("model_reasoning_summary", "auto")
    result: dict[str, JSON] = {}
    if effort is not None:
        result["effort"] = effort
    if summary != "none" or not rules.drop_summary_none:
        result["summary"] = summary
    return result


def message(role: str, text: str | list[str], message_id: JSON) -> dict[str, JSON]:
    texts = [text] if isinstance(text, str) else text
    content = [{"type": "input_text", "text": t} for t in texts]
    return {"type": "message", "id": message_id, "role": role, "content": content}


def chat_tool(tool: dict[str, JSON], name_outside: bool = False) -> dict[str, JSON]:
    """CHAT-REQ-TOOLS-2: the Responses tool less ``type``, removed by swap (the last key takes its place).

    Both the first request of a chat-wire configuration and ``chat.request``
    send tools so; ``name_outside``: the function's name is repeated beside
    ``type``.
    """
    keys = list(tool)
    index = keys.index("type")
    keys[index] = keys[-1]
    keys.pop()
    named: dict[str, JSON] = {"name": tool["name"]} if name_outside else {}
    return {"type": "function", **named, "function": {key: tool[key] for key in keys}}


def _stable(headers: list[list[str]], names: set[str]) -> list[list[str]]:
    """REQ-ORDER-1: provider headers sorted by name within the places they hold."""
    places = [i for i, (name, _) in enumerate(headers) if name in names]
    ordered = sorted((headers[i] for i in places), key=lambda header: header[0])
    result = list(headers)
    for index, header in zip(places, ordered, strict=True):
        result[index] = header
    return result


def result(
    request_url: str,
    headers: list[list[str]],
    own: list[list[str]],
    body: dict[str, JSON],
    encoded: dict[str, JSON] | None = None,
) -> dict[str, JSON]:
    """The neutral form of a request; ``encoded``: how a compressed body went (REQ-ZSTD-1)."""
    request: dict[str, JSON] = {
        "method": "POST",
        "url": request_url,
        "headers": _stable(headers, {name for name, _ in own}),
        "body": body,
    }
    if encoded is not None:
        request["body_encoding"] = encoded
    return request
