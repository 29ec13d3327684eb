"""The scenarios a gateway is certified on: scripted model turns, per edition.

Each scenario is run twice with the same script, once through the gateway
and once with the release talking to the kit's upstream directly; the
verdicts (gateway/verdicts.py) compare the two.  How a release is driven
(its command tool, how it names an MCP tool, which model gets the freeform
``apply_patch``) comes from the edition's table, never from a version test.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from codex_conformance.editions import Edition
from codex_workshop.gateway.model import Call, Failure, Reasoning, Script, Search, Text, ToolTarget, Turn

MCP_SERVER = "srv"
MCP_TOOL = "echo"
MCP_TOOLS: list[dict[str, Any]] = [
    {
        "name": MCP_TOOL,
        "description": "Echo the query back.",
        "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
    }
]
MCP_ANSWERS: dict[str, Any] = {MCP_TOOL: {"result": {"content": [{"type": "text", "text": "echo: through"}]}}}
PATCH = "*** Begin Patch\n*** Add File: gateway.txt\n+written through the gateway\n*** End Patch\n"


@dataclass(frozen=True)
class Scenario:
    slug: str
    title: str
    script: Script
    model: str
    # Whether the fake MCP server (srv, tool echo) is configured.
    mcp: bool = False
    # The tools the script calls: the verdicts follow them through the gateway.
    called: tuple[ToolTarget, ...] = ()
    extra_config: Mapping[str, Any] = field(default_factory=dict)
    # The release talks through its built-in OpenAI provider with a made-up ChatGPT login
    # (drive/chatgpt_login.py), which makes it compress its request bodies (REQ-ZSTD-1).
    chatgpt_login: bool = False
    # Keys added to the release's provider table (beside base_url and the retries).
    provider: Mapping[str, Any] = field(default_factory=dict)
    # Printed error lines the verdicts do not compare (GATEWAY-ERROR-1): those of a step a
    # gateway may take in more than one right way (spec/gateway.md, websocket-fallback).
    unjudged_error_lines: str | None = None
    # The kit's upstream accepts a WebSocket upgrade and answers the script over it
    # (websocket_upstream.py); else it answers an upgrade with a 404, as an HTTP-only API does.
    websocket: bool = False


@dataclass(frozen=True)
class NotApplicable:
    """A scenario the edition's release has no way to show, and why: the report says so."""

    slug: str
    title: str
    reason: str


def _command_target(edition: Edition) -> ToolTarget:
    return ToolTarget("function", edition.command_tool)


def _mcp_target(edition: Edition) -> ToolTarget:
    naming: dict[str, Callable[[], ToolTarget]] = {
        "flat": lambda: ToolTarget("function", f"{MCP_SERVER}__{MCP_TOOL}"),
        "prefixed": lambda: ToolTarget("function", f"mcp__{MCP_SERVER}__{MCP_TOOL}"),
        "namespaced": lambda: ToolTarget("function", MCP_TOOL, f"mcp__{MCP_SERVER}"),
    }
    return naming[edition.mcp_call_naming]()


def _command_call(edition: Edition, call_id: str) -> Call:
    return Call(_command_target(edition), call_id, arguments=dict(edition.harmless_call_arguments))


def _command_scenario(edition: Edition, slug: str, title: str, script: Script) -> Scenario:
    """A scenario whose script calls the release's command tool (``_command_call``), followed through."""
    return Scenario(slug, title, script, edition.capture_model, called=(_command_target(edition),))


def _text(edition: Edition) -> Scenario:
    script = Script((Turn((Text("a plain answer through the gateway"),)),))
    return Scenario("text", "a plain text answer", script, edition.capture_model)


def _function_call(edition: Edition) -> Scenario:
    script = Script((Turn((_command_call(edition, "call_command"),)), Turn((Text("ran it"),))))
    return _command_scenario(edition, "function-call", f"a function call ({edition.command_tool})", script)


def _mcp_call(edition: Edition) -> Scenario:
    target = _mcp_target(edition)
    call = Call(target, "call_mcp", arguments={"q": "through"})
    script = Script((Turn((call,)), Turn((Text("the server answered"),))))
    title = f"an MCP tool call ({target.label()})"
    return Scenario("mcp-call", title, script, edition.capture_model, mcp=True, called=(target,))


def _freeform_patch(edition: Edition) -> Scenario | NotApplicable:
    models = dict(edition.apply_patch_models)
    if "custom" not in models:
        return NotApplicable(
            "freeform-apply-patch",
            "a freeform (custom) apply_patch call",
            "no model of this release gets apply_patch as a freeform tool",
        )
    target = ToolTarget("custom", "apply_patch")
    script = Script((Turn((Call(target, "call_patch", input=PATCH),)), Turn((Text("patched"),))))
    return Scenario(
        "freeform-apply-patch",
        "a freeform (custom) apply_patch call",
        script,
        models["custom"],
        called=(target,),
    )


def _tool_search(edition: Edition) -> Scenario | NotApplicable:
    title = "an MCP tool deferred behind tool_search: the search, then a call of the tool it found"
    if edition.deferring_model is None:
        return NotApplicable(
            "tool-search", title, "no model of this release defers tools behind tool_search (MCP-DEFER-1)"
        )
    target = _mcp_target(edition)
    script = Script(
        (
            Turn((Search("call_search", MCP_TOOL, 1),)),
            Turn((Call(target, "call_deferred", arguments={"q": "through"}),)),
            Turn((Text("found it and called it"),)),
        )
    )
    return Scenario("tool-search", title, script, edition.deferring_model, mcp=True, called=(target,))


def _lite_model(edition: Edition) -> Scenario | NotApplicable:
    title = "a Responses-Lite model: the tools in an additional_tools item, the Lite header"
    if edition.lite_model is None:
        return NotApplicable("lite-model", title, "no model of this release is Responses-Lite (REQ-LITE-1)")
    # The command tool is nested in the exec tool under Lite; the script calls `exec`'s sibling
    # direct tool set only through GATEWAY-TOOLS-1 (the item's namespaces opened), and answers text.
    script = Script((Turn((Text("a Lite answer through the gateway"),)),))
    return Scenario("lite-model", title, script, edition.lite_model)


def _compressed_body(edition: Edition) -> Scenario | NotApplicable:
    title = "a zstd-compressed request body (a ChatGPT login on the built-in OpenAI provider)"
    if not edition.compresses_login_body:
        return NotApplicable(
            "compressed-body", title, "this release never compresses its request bodies (REQ-ZSTD-1)"
        )
    script = Script((Turn((_command_call(edition, "call_compressed"),)), Turn((Text("ran it compressed"),))))
    return Scenario(
        "compressed-body",
        title,
        script,
        edition.capture_model,
        called=(_command_target(edition),),
        chatgpt_login=True,
    )


def _parallel(edition: Edition) -> Scenario:
    calls = (_command_call(edition, "call_first"), _command_call(edition, "call_second"))
    script = Script((Turn(calls), Turn((Text("both ran"),))))
    return _command_scenario(edition, "parallel-calls", "two calls in one turn", script)


def _reasoning(edition: Edition) -> Scenario:
    turn = Turn((Reasoning("thinking before the call"), _command_call(edition, "call_after_reasoning")))
    script = Script((turn, Turn((Text("reasoned and ran"),))))
    return _command_scenario(edition, "reasoning", "a reasoning item before a call", script)


def _api_error(
    status: int, kind: str, message: str, code: str, headers: tuple[tuple[str, str], ...] = ()
) -> Failure:
    """A turn answered with ``status`` and an error body as the Responses API writes one."""
    return Failure(status, {"error": {"type": kind, "message": message, "code": code}}, headers)


def _retry_after(edition: Edition) -> Scenario:
    failure = _api_error(
        429,
        "rate_limit_exceeded",
        "gateway scenario: slow down",
        "rate_limit_exceeded",
        (("Retry-After", "1"),),
    )
    script = Script((failure, Turn((Text("answered after the retry"),))))
    return Scenario("retry-after", "a 429 with Retry-After, then an answer", script, edition.capture_model)


def _cut_stream(edition: Edition) -> Scenario:
    script = Script((Turn((Text("cut short"),), cut=True), Turn((Text("answered after the cut"),))))
    return Scenario(
        "cut-stream", "a stream cut before response.completed, then an answer", script, edition.capture_model
    )


def _client_error(edition: Edition) -> Scenario:
    failure = _api_error(400, "invalid_request_error", "gateway scenario: refused", "refused")
    return Scenario("client-error", "a 400 with an error body", Script((failure,)), edition.capture_model)


# How the upgrade is refused (the gateway's 404 or 426, or the upstream's, forwarded) changes
# what the release prints about its attempts, not the turn: those lines, and the refusal's body
# it may quote on a line of its own, alone or followed by the URL it tried (whether it read the
# body with the status is a race; 0.169.0 printed both forms in CI), are not compared.
_UPGRADE_LINES = (
    r"(?i)websocket|reconnecting|"
    r"^\{\"error\":\{\"message\":\"not found\"\}\}(, url: wss?://\S+)?$"
)


def _websocket_fallback(edition: Edition) -> Scenario | NotApplicable:
    slug = "websocket-fallback"
    title = "a provider that supports WebSockets: the turn goes over HTTP once the upgrade is refused"
    if edition.websocket_config is None:
        return NotApplicable(slug, title, "the release has no WebSocket transport (spec/transport.md)")
    script = Script((Turn((Text("answered over HTTP after the WebSocket"),)),))
    return Scenario(
        slug,
        title,
        script,
        edition.capture_model,
        extra_config=dict.fromkeys(edition.websocket_config, True),
        provider={"supports_websockets": True},
        unjudged_error_lines=_UPGRADE_LINES,
    )


def _websocket(edition: Edition) -> Scenario | NotApplicable:
    slug = "websocket"
    title = "Responses over a WebSocket the upstream accepts: relayed, or refused and sent over HTTP"
    if edition.websocket_config is None:
        return NotApplicable(slug, title, "the release has no WebSocket transport (spec/transport.md)")
    # A call and its output, then a message: the follow-up continues the first response on the
    # same connection (previous_response_id), which a relay must carry as the release sent it.
    script = Script(
        (Turn((_command_call(edition, "call_websocket"),)), Turn((Text("ran it over the socket"),)))
    )
    return Scenario(
        slug,
        title,
        script,
        edition.capture_model,
        called=(_command_target(edition),),
        extra_config=dict.fromkeys(edition.websocket_config, True),
        provider={"supports_websockets": True},
        # A gateway that refuses the upgrade sends the release to HTTP (judged as in
        # websocket-fallback): its lines about the attempts are not compared.
        unjudged_error_lines=_UPGRADE_LINES,
        websocket=True,
    )


_BUILDERS: tuple[Callable[[Edition], Scenario | NotApplicable], ...] = (
    _text,
    _function_call,
    _mcp_call,
    _freeform_patch,
    _tool_search,
    _lite_model,
    _compressed_body,
    _parallel,
    _reasoning,
    _retry_after,
    _cut_stream,
    _client_error,
    _websocket_fallback,
    _websocket,
)


def scenarios(edition: Edition) -> list[Scenario | NotApplicable]:
    """The edition's scenarios, in report order; one the release has no way to show is
    ``NotApplicable`` (the report says so and why: nothing is skipped silently)."""
    return [build(edition) for build in _BUILDERS]


def scenario_slugs() -> list[str]:
    """Every slug some edition has (for ``--only`` checks)."""
    return [
        "text",
        "function-call",
        "mcp-call",
        "freeform-apply-patch",
        "tool-search",
        "lite-model",
        "compressed-body",
        "parallel-calls",
        "reasoning",
        "retry-after",
        "cut-stream",
        "client-error",
        "websocket-fallback",
        "websocket",
    ]


__all__ = [
    "MCP_ANSWERS",
    "MCP_SERVER",
    "MCP_TOOL",
    "MCP_TOOLS",
    "PATCH",
    "NotApplicable",
    "Scenario",
    "scenario_slugs",
    "scenarios",
]
