"""Per-edition transport rules: when a release upgrades, what it sends, how it retries and falls back.

The header lists, field orders and texts are release data, read off the
captured runs (``codex-conformance capture transport``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

# What must be set for the release to try the WebSocket: nothing turns it on, the
# provider's `supports_websockets`, or that and the `responses_websockets` feature.
EnabledBy = Literal["never", "provider", "provider-and-feature"]


@dataclass(frozen=True)
class TransportRules:
    enabled_by: EnabledBy
    # The upgrade request's headers in order: null where the value is made up per run,
    # "{key}" where the provider's API key goes (TRANSPORT-HANDSHAKE-1).
    handshake: tuple[tuple[str, str | None], ...] = ()
    # The same under a ChatGPT login on a provider that takes it: "{token}" the access token,
    # "{account}" the account id (TRANSPORT-HANDSHAKE-3); empty: not captured.
    login_handshake: tuple[tuple[str, str | None], ...] = ()
    # The built-in OpenAI provider's, without and with a login ("{version}": the release's,
    # "{model}": the model's); empty: the built-in provider is not modelled (TRANSPORT-HANDSHAKE-3).
    builtin_handshake: tuple[tuple[str, str | None], ...] = ()
    builtin_login_handshake: tuple[tuple[str, str | None], ...] = ()
    # The client_metadata keys the built-in provider adds, and those a login adds to them.
    builtin_metadata_keys: tuple[str, ...] = ()
    builtin_login_metadata_keys: tuple[str, ...] = ()
    # Every field a `response.create` message may have, in the order written; a message
    # has `type`, the HTTP body's fields, and the ones its kind adds (TRANSPORT-MESSAGE-1).
    message_fields: tuple[str, ...] = ()
    # The HTTP body's fields for the cases' turn (gpt-5, no tools configured), in order.
    body_fields: tuple[str, ...] = ()
    # The names of the HTTP body's client_metadata keys (empty: no client_metadata).
    metadata_keys: tuple[str, ...] = ()
    # client_metadata keys added over the WebSocket, and those a warm-up leaves out.
    ws_metadata_keys: tuple[str, ...] = ()
    warmup_lacks_metadata: tuple[str, ...] = ()
    # Where a whole turn message differs from the HTTP body of the same turn (TRANSPORT-MESSAGE-1):
    # its `type`, and each client_metadata key the WebSocket adds.
    ws_only: tuple[str, ...] = ("type",)
    input_items: int = 4
    # A `generate: false` message on the first connection before the turn's own, which then
    # names the warm-up's response and sends only the new items (TRANSPORT-MESSAGE-2).
    warmup: bool = False
    # An `error` event ends the turn with it (printed twice); False: it is not read, and the
    # stream goes idle until the provider's idle timeout (TRANSPORT-READ-2).
    error_event_fails_turn: bool = False
    # Retries of the turn over the WebSocket before the fallback (the provider's stream_max_retries).
    stream_retries: int = 5
    # Upgrade statuses after which the release falls back at once, without retrying.
    fallback_at_once: frozenset[int] = frozenset()
    # "ERROR: Reconnecting... n/5" printed from the second retry on.
    reconnect_notices: bool = False
    # What the fallback notice says of a refused upgrade's body: "{body}" all of it,
    # "{message}" its JSON error's message.
    refusal_text: str = "{body}"
    # A handshake answer's x-codex-websocket-max-message-bytes smaller than a message makes the
    # release send that message over HTTP instead, at once and silently (TRANSPORT-HANDSHAKE-2).
    honours_max_message_bytes: bool = False
    # The end of the fallback notice for each way the WebSocket failed.
    fallback_reasons: dict[str, str] = field(default_factory=dict)
    # The message that carries a tool call's output, on the connection the call came on
    # (TRANSPORT-MESSAGE-3): its type, its fields in order (empty: a `response.create` that
    # names the call's response, as after a warm-up), and the types of the items it sends.
    follow_up_type: str = "response.create"
    follow_up_fields: tuple[str, ...] = ()
    follow_up_items: tuple[str, ...] = ("function_call_output",)
    # A connection given up after the idle timeout is first closed with a close frame
    # (no code); False: it is left without one (TRANSPORT-READ-2, TRANSPORT-MESSAGE-3).
    closes_idle: bool = False


TRANSPORT_0_25_0 = TransportRules(
    enabled_by="never",
    body_fields=(
        "model",
        "instructions",
        "input",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "reasoning",
        "store",
        "stream",
        "include",
        "prompt_cache_key",
    ),
    input_items=2,
)

_REASONS = {
    "status": "unexpected status {status}: {message}, url: ws://127.0.0.1:8080/v1/responses",
    "drop": "stream disconnected before completion: WebSocket protocol error: Handshake not finished",
    "close": "stream disconnected before completion: websocket closed by server before response.completed",
    "cut": (
        "stream disconnected before completion: "
        "WebSocket protocol error: Connection reset without closing handshake"
    ),
    "idle": "stream disconnected before completion: idle timeout waiting for websocket",
}

TRANSPORT_0_94_0 = replace(
    TRANSPORT_0_25_0,
    enabled_by="provider-and-feature",
    handshake=(
        ("connection", "Upgrade"),
        ("upgrade", "websocket"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", None),
        ("authorization", "Bearer {key}"),
        ("session_id", None),
        ("x-oai-web-search-eligible", "true"),
    ),
    login_handshake=(
        ("connection", "Upgrade"),
        ("upgrade", "websocket"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", None),
        ("chatgpt-account-id", "{account}"),
        ("authorization", "Bearer {token}"),
        ("session_id", None),
        ("x-oai-web-search-eligible", "true"),
    ),
    message_fields=(
        "type",
        "model",
        "instructions",
        "input",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "reasoning",
        "store",
        "stream",
        "include",
        "prompt_cache_key",
    ),
    input_items=4,
    fallback_reasons=_REASONS,
    follow_up_type="response.append",
    follow_up_fields=("type", "input"),
    follow_up_items=("function_call", "function_call_output"),
    closes_idle=True,
)

TRANSPORT_0_169_0 = replace(
    TRANSPORT_0_94_0,
    enabled_by="provider",
    handshake=(
        ("connection", "Upgrade"),
        ("upgrade", "websocket"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", None),
        ("authorization", "Bearer {key}"),
        ("user-agent", None),
        ("originator", "codex_exec"),
        ("openai-beta", "responses_websockets=2026-02-06"),
        ("x-codex-turn-metadata", None),
        ("x-codex-beta-features", "remote_compaction_v2"),
        ("x-client-request-id", None),
        ("session-id", None),
        ("thread-id", None),
        ("x-codex-window-id", None),
        ("sec-websocket-extensions", "permessage-deflate; client_max_window_bits"),
    ),
    # The account header before the bearer, and the turn metadata moved after the window id.
    login_handshake=(
        ("connection", "Upgrade"),
        ("upgrade", "websocket"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", None),
        ("chatgpt-account-id", "{account}"),
        ("authorization", "Bearer {token}"),
        ("user-agent", None),
        ("originator", "codex_exec"),
        ("openai-beta", "responses_websockets=2026-02-06"),
        ("x-codex-beta-features", "remote_compaction_v2"),
        ("x-client-request-id", None),
        ("session-id", None),
        ("thread-id", None),
        ("x-codex-window-id", None),
        ("x-codex-turn-metadata", None),
        ("sec-websocket-extensions", "permessage-deflate; client_max_window_bits"),
    ),
    # The built-in provider talks WebSockets by itself: no authorization without a login.
    builtin_handshake=(
        ("connection", "Upgrade"),
        ("upgrade", "websocket"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", None),
        ("user-agent", None),
        ("originator", "codex_exec"),
        ("openai-beta", "responses_websockets=2026-02-06"),
        ("x-codex-turn-metadata", None),
        ("x-codex-window-id", None),
        ("version", "{version}"),
        ("x-codex-beta-features", "remote_compaction_v2"),
        ("x-client-request-id", None),
        ("session-id", None),
        ("thread-id", None),
        ("sec-websocket-extensions", "permessage-deflate; client_max_window_bits"),
    ),
    builtin_login_handshake=(
        ("connection", "Upgrade"),
        ("upgrade", "websocket"),
        ("sec-websocket-version", "13"),
        ("sec-websocket-key", None),
        ("chatgpt-account-id", "{account}"),
        ("authorization", "Bearer {token}"),
        ("user-agent", None),
        ("originator", "codex_exec"),
        ("openai-beta", "responses_websockets=2026-02-06"),
        ("version", "{version}"),
        ("x-codex-beta-features", "remote_compaction_v2"),
        ("x-client-request-id", None),
        ("session-id", None),
        ("thread-id", None),
        ("x-codex-window-id", None),
        ("x-codex-turn-metadata", None),
        ("x-codex-routing-hint", "model={model}"),
        ("sec-websocket-extensions", "permessage-deflate; client_max_window_bits"),
    ),
    builtin_metadata_keys=("mcp_attribution",),
    builtin_login_metadata_keys=("guardian_credits_requested",),
    message_fields=(
        "type",
        "model",
        "stream",
        "previous_response_id",
        "input",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "reasoning",
        "store",
        "include",
        "prompt_cache_key",
        "generate",
        "client_metadata",
    ),
    body_fields=(
        "model",
        "stream",
        "input",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "reasoning",
        "store",
        "include",
        "prompt_cache_key",
        "client_metadata",
    ),
    metadata_keys=(
        "root_turn_id",
        "session_id",
        "thread_id",
        "turn_id",
        "x-codex-installation-id",
        "x-codex-turn-metadata",
        "x-codex-window-id",
    ),
    ws_metadata_keys=("x-codex-ws-stream-request-start-ms",),
    warmup_lacks_metadata=("root_turn_id",),
    warmup=True,
    error_event_fails_turn=True,
    fallback_at_once=frozenset({426}),
    reconnect_notices=True,
    refusal_text="{message}",
    follow_up_type="response.create",
    follow_up_fields=(),
    follow_up_items=("function_call_output",),
    closes_idle=False,
)

# 0.171.0 reads the server's largest message size off the handshake answer.
TRANSPORT_0_171_0 = replace(TRANSPORT_0_169_0, honours_max_message_bytes=True)
