"""Per-edition tables of ``approvals.client_events``: what a v1 conversation client is sent."""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["CLIENT_0_25_0", "CLIENT_0_94_0", "ClientEventRules"]


@dataclass(frozen=True)
class ClientEventRules:
    # The turn id exec and delta events carry (the turn's number as text); None: they carry none.
    turn_id: str | None  # APPROVAL-CLIENT-EXEC-1
    # The `source` exec_command_begin and _end name; None: no such field.
    exec_source: str | None
    # Whether exec_command_end repeats the command, cwd and source of its begin event.
    end_repeats_begin: bool
    # Whether exec_command_begin is sent before the approval request (and an end event
    # after a declined command), rather than only when the command runs.
    begin_before_approval: bool
    # The keys of the execCommandApproval params: conversation id, call id (APPROVAL-CLIENT-ASK-1).
    request_ids: tuple[str, str]
    # Whether the request always names its `reason` (null when there is none).
    request_reason_always: bool
    # Whether exec_approval_request proposes the command as an exec-policy amendment.
    proposes_amendment: bool
    # Whether each text delta is also sent as an item's content delta, in both protocols
    # (`agent_message_content_delta`, `item/agentMessage/delta`), before the legacy event.
    item_deltas: bool  # APPROVAL-CLIENT-DELTA-1
    # Whether the user's prompt and the model's message are each announced as a started
    # item (`item_started`), the message when its first event arrives.
    item_started: bool


CLIENT_0_25_0 = ClientEventRules(
    turn_id=None,
    exec_source=None,
    end_repeats_begin=False,
    begin_before_approval=False,
    request_ids=("conversation_id", "call_id"),
    request_reason_always=False,
    proposes_amendment=False,
    item_deltas=False,
    item_started=False,
)
CLIENT_0_94_0 = replace(
    CLIENT_0_25_0,
    turn_id="0",
    exec_source="agent",
    end_repeats_begin=True,
    begin_before_approval=True,
    request_ids=("conversationId", "callId"),
    request_reason_always=True,
    proposes_amendment=True,
    item_deltas=True,
    item_started=True,
)
