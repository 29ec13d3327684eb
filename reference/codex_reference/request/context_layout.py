"""The instructions field with context messages (spec/request.md, REQ-INPUT-2).

The body carries the release's instructions in `instructions`, as the first
layout does, and `input` opens with the context a later layout moved into
developer messages: the permissions (a developer message), the AGENTS.md
instructions with the skills list (a user message), then the environment and
the prompt.  Messages carry no `id`.
"""

from __future__ import annotations

from codex_reference.json_types import JSON
from codex_reference.request.identity import (
    account,
    authorization,
    body_encoding,
    encoding,
    hash_map_headers,
    identity,
)
from codex_reference.request.parts import (
    Observed,
    chat_tool,
    check_modelled,
    env_variables,
    model_instructions,
    provider_headers,
    reasoning,
    result,
    url,
)
from codex_reference.request.rules import RequestRules, agents_template, permissions_text, tool_sets


def _message(role: str, text: str) -> dict[str, JSON]:
    return {"type": "message", "role": role, "content": [{"type": "input_text", "text": text}]}


def _environment(cwd: str) -> str:
    return f"<environment_context>\n  <cwd>{cwd}</cwd>\n  <shell>bash</shell>\n</environment_context>"


def _context(version: str, observed: Observed) -> list[tuple[str, str]]:
    """(role, text) of the messages before the prompt."""
    cwd = observed["cwd"]
    agents = agents_template(version).replace("{cwd}", cwd).replace("{codex_home}", observed["codex_home"])
    return [("developer", permissions_text(version)), ("user", agents), ("user", _environment(cwd))]


def build(rules: RequestRules, version: str, args: dict[str, JSON], observed: Observed) -> dict[str, JSON]:
    provider, config, model, prompt = args["provider"], args["config"], args["model"], args["prompt"]
    check_modelled(rules, model)
    env = env_variables(args)
    who = identity(rules, version, args, env)
    provider = who.provider
    own = provider_headers(provider, env, who.authorization or "", rules)
    tools = tool_sets(version)["local_shell" if model.startswith("codex-mini") else "shell"]
    context = [*_context(version, observed), ("user", prompt)]
    text = model_instructions(rules, version, model)
    # REQ-HDR-5: the header saying web search may be used goes with the tool.
    searching = any(tool.get("type") == "web_search" for tool in tools if isinstance(tool, dict))
    chat = provider.get("wire_api") == "chat"
    headers = [
        *own,
        *([["x-oai-web-search-eligible", "true"]] if searching and not chat else []),
        ["session_id", observed["session_id"]],
        ["accept", "text/event-stream"],
        *authorization(who, own),
        *account(who),
        *encoding(who),
        ["content-type", "application/json"],
        ["user-agent", f"codex_exec/{version} ({observed['os']}) {observed['terminal']}"],
        ["originator", "codex_exec"],
    ]
    if chat:
        messages: list[JSON] = [
            {"role": "system", "content": text},
            *({"role": role, "content": content} for role, content in context),
        ]
        functions = [tool for tool in tools if isinstance(tool, dict) and tool.get("type") == "function"]
        body: dict[str, JSON] = {
            "model": model,
            "messages": messages,
            "stream": True,
            "tools": [chat_tool(tool, rules.chat_tool_name_outside) for tool in functions],
        }
        return result(url(rules, provider, "chat/completions"), headers, hash_map_headers(who, own), body)
    thinking = reasoning(rules, model, config)
    body = {
        "model": model,
        "instructions": text,
        "input": [_message(role, content) for role, content in context],
        "tools": tools,
        "tool_choice": "auto",
        "parallel_tool_calls": False,
        "reasoning": thinking,
        "store": False,
        "stream": True,
        # REQ-STORE-1: the encrypted reasoning is asked for only with reasoning.
        "include": [] if thinking is None else ["reasoning.encrypted_content"],
        "prompt_cache_key": observed["session_id"],
    }
    if config.get("model_verbosity") is not None and model.startswith(rules.verbosity_prefixes):
        body["text"] = {"verbosity": config["model_verbosity"]}
    return result(
        url(rules, provider, "responses"), headers, hash_map_headers(who, own), body, body_encoding(who)
    )
