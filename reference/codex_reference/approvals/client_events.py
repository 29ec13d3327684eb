"""``approvals.client_events``: what a v1 conversation client is sent while a turn runs.

The model makes one call, then replies.  An ``update_plan`` call is sent to
the client as a ``plan_update`` event (APPROVAL-CLIENT-PLAN-1); a ``shell``
call as ``exec_command_begin`` and ``exec_command_end`` around its run
(APPROVAL-CLIENT-EXEC-1), and where the policy asks, as an
``exec_approval_request`` event and an ``execCommandApproval`` request
(APPROVAL-CLIENT-ASK-1); a reply streamed as text deltas as one event per
delta, then the whole message (APPROVAL-CLIENT-DELTA-1).  The result holds
the messages of the methods the args name, in the order sent.

Modelled: a valid plan; a command that asks and is declined, or that runs
in the sandbox without asking and succeeds, its output given (arg
``sandboxed``); methods among ``MODELLED``.  Anything else is declined.
"""

from __future__ import annotations

from collections.abc import Iterator

from codex_reference.approvals.client_rules import ClientEventRules
from codex_reference.approvals.policy_and_decision import decision_of, policy_of
from codex_reference.approvals.rules import ApprovalRules
from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON
from codex_reference.safety import SafetyRules, is_known_safe_command

__all__ = ["MODELLED", "client_events"]

_EVENT = "codex/event/"
_REQUEST = "execCommandApproval"
_ITEM_DELTA = "item/agentMessage/delta"
MODELLED = frozenset(
    {
        _EVENT + "plan_update",
        _EVENT + "exec_command_begin",
        _EVENT + "exec_command_end",
        _EVENT + "exec_approval_request",
        _REQUEST,
        _EVENT + "agent_message_delta",
        _EVENT + "agent_message_content_delta",
        _ITEM_DELTA,
        _EVENT + "agent_message",
        _EVENT + "item_started",
    }
)
_STATUSES = ("pending", "in_progress", "completed")
# Any id of the release's form is as good as the one it made up (compared by form).
_PLACEHOLDER_UUID = "00000000-0000-0000-0000-000000000000"
# The scripted model's ids: its call, and its reply message (spec/approvals.md).
_CALL_ID = "call_1"
_REPLY_ID = "msg_1"
_DEFAULT_REPLY = "done"
# The user's message every turn of the op starts with (drive/v1_conversation.py).
PROMPT = "codex-conformance approval probe"
# Past these sizes a release shortens the output it shows; no case shows how.
_SHORT_OUTPUT_LINES = 100
_SHORT_OUTPUT_BYTES = 4096

Message = dict[str, JSON]


def _event(msg: dict[str, JSON]) -> Message:
    return {
        "method": _EVENT + str(msg["type"]),
        "params": {"id": "0", "msg": msg, "conversationId": _PLACEHOLDER_UUID},
    }


def _plan_events(arguments: dict[str, JSON]) -> list[Message]:
    """APPROVAL-CLIENT-PLAN-1: the plan as the release re-serializes it."""
    explanation = arguments.get("explanation")
    plan = arguments.get("plan")
    if set(arguments) - {"explanation", "plan"} or not (explanation is None or isinstance(explanation, str)):
        raise NotModelled("only plans of `explanation` and `plan` are modelled")
    if not isinstance(plan, list):
        raise NotModelled(
            "a plan that is no array is refused (dispatch.call): what the client is sent is not captured"
        )
    steps: list[JSON] = []
    for step in plan:
        if (
            not isinstance(step, dict)
            or set(step) != {"step", "status"}
            or not isinstance(step["step"], str)
            or step["status"] not in _STATUSES
        ):
            raise NotModelled("only steps of a `step` text and a known `status` are modelled")
        steps.append({"step": step["step"], "status": step["status"]})
    return [_event({"type": "plan_update", "explanation": explanation, "plan": steps})]


def _cwd(args: dict[str, JSON]) -> str:
    cwd = args.get("cwd")
    if not isinstance(cwd, str):
        raise InvalidArgs("`cwd` is needed: the run's working directory, as the case gives it")
    return cwd


def _asks(
    rules: ApprovalRules, safety: SafetyRules, policy: str, argv: list[str], arguments: dict[str, JSON]
) -> bool:
    """Whether the command asks the client first (no exec policy is given)."""
    if policy == "untrusted":
        return not is_known_safe_command(safety, argv)
    if policy == "on-request":
        name, value = rules.escalation_argument
        return arguments.get(name) == value
    if policy == "never":
        return False
    raise NotModelled("under on-failure what the client is sent depends on the sandboxed run: not captured")


def _begin(client: ClientEventRules, argv: list[str], cwd: str) -> dict[str, JSON]:
    msg: dict[str, JSON] = {"type": "exec_command_begin", "call_id": _CALL_ID}
    if client.turn_id is not None:
        msg["turn_id"] = client.turn_id
    msg["command"] = list[JSON](argv)
    msg["cwd"] = cwd
    if client.exec_source is not None:
        msg["source"] = client.exec_source
    return msg


def _end(
    client: ClientEventRules, begin: dict[str, JSON], stdout: str, stderr: str, exit_code: int
) -> Message:
    msg: dict[str, JSON] = {"type": "exec_command_end"}
    repeated = begin if client.end_repeats_begin else {"call_id": begin["call_id"]}
    msg.update({key: value for key, value in repeated.items() if key != "type"})
    aggregated = stdout + stderr
    msg.update(
        {
            "stdout": stdout,
            "stderr": stderr,
            "aggregated_output": aggregated,
            "exit_code": exit_code,
            "formatted_output": aggregated,
        }
    )
    return _event(msg)


def _sandboxed_run(args: dict[str, JSON]) -> tuple[str, str]:
    run = args.get("sandboxed")
    if not isinstance(run, dict):
        raise InvalidArgs("`sandboxed` is needed: the command runs in the sandbox")
    stdout, stderr, exit_code = run.get("stdout", ""), run.get("stderr", ""), run.get("exit_code")
    if not isinstance(stdout, str) or not isinstance(stderr, str) or type(exit_code) is not int:
        raise InvalidArgs('`sandboxed` must be {"stdout", "stderr", "exit_code"}')
    if exit_code != 0 or (stdout and stderr):
        raise NotModelled("only a run that succeeds, writing to one stream, is modelled")
    text = stdout + stderr
    if text.count("\n") > _SHORT_OUTPUT_LINES or len(text.encode("utf-8")) > _SHORT_OUTPUT_BYTES:
        raise NotModelled("a long output is shortened for display: not captured")
    return stdout, stderr


def _asked(client: ClientEventRules, argv: list[str], cwd: str, reason: str | None) -> list[Message]:
    """APPROVAL-CLIENT-ASK-1: the event telling the client, then the request it answers."""
    msg: dict[str, JSON] = {"type": "exec_approval_request", "call_id": _CALL_ID}
    if client.turn_id is not None:
        msg["turn_id"] = client.turn_id
    msg.update({"command": list[JSON](argv), "cwd": cwd})
    if reason is not None:
        msg["reason"] = reason
    if client.proposes_amendment:
        msg["proposed_execpolicy_amendment"] = list[JSON](argv)
    conversation_key, call_key = client.request_ids
    params: dict[str, JSON] = {
        conversation_key: _PLACEHOLDER_UUID,
        call_key: _CALL_ID,
        "command": list[JSON](argv),
        "cwd": cwd,
    }
    if reason is not None or client.request_reason_always:
        params["reason"] = reason
    return [_event(msg), {"method": _REQUEST, "params": params}]


def _shell_events(
    rules: ApprovalRules,
    client: ClientEventRules,
    safety: SafetyRules,
    args: dict[str, JSON],
    arguments: dict[str, JSON],
) -> list[Message]:
    argv = arguments.get("command")
    if not isinstance(argv, list) or not argv or not all(isinstance(arg, str) for arg in argv):
        raise NotModelled("a shell call without an argv is refused (dispatch.call): not captured here")
    command = [str(arg) for arg in argv]
    policy = policy_of(args)
    decision = decision_of(args)
    cwd = _cwd(args)
    begin = _begin(client, command, cwd)
    if not _asks(rules, safety, policy, command, arguments):
        stdout, stderr = _sandboxed_run(args)
        return [_event(begin), _end(client, begin, stdout, stderr, 0)]
    if decision != "denied":
        raise NotModelled("only a declined command is modelled once asked")
    justification = arguments.get("justification")
    reason = justification if isinstance(justification, str) and policy == "on-request" else None
    asked = _asked(client, command, cwd, reason)
    if not client.begin_before_approval:
        return asked
    return [_event(begin), *asked, _end(client, begin, "", rules.exec_rejected, -1)]


def _item_started(client: ClientEventRules, item: dict[str, JSON]) -> Message:
    msg: dict[str, JSON] = {
        "type": "item_started",
        "thread_id": _PLACEHOLDER_UUID,
        "turn_id": client.turn_id,
        "item": item,
    }
    return _event(msg)


def _prompt_events(client: ClientEventRules) -> list[Message]:
    """The user's message, announced as a started item where the edition has items."""
    if not client.item_started:
        return []
    text: dict[str, JSON] = {"type": "text", "text": PROMPT, "text_elements": []}
    return [_item_started(client, {"type": "UserMessage", "id": _PLACEHOLDER_UUID, "content": [text]})]


def _reply_events(client: ClientEventRules, deltas: list[str]) -> Iterator[Message]:
    """APPROVAL-CLIENT-DELTA-1: the message's start, each delta as it comes, then the whole message."""
    if client.item_started:
        # Streamed, the item starts empty (`response.output_item.added`); otherwise whole.
        content: list[JSON] = [] if deltas else [{"type": "Text", "text": _DEFAULT_REPLY}]
        yield _item_started(client, {"type": "AgentMessage", "id": _REPLY_ID, "content": content})
    for delta in deltas:
        if client.item_deltas:
            yield _event(
                {
                    "type": "agent_message_content_delta",
                    "thread_id": _PLACEHOLDER_UUID,
                    "turn_id": client.turn_id,
                    "item_id": _REPLY_ID,
                    "delta": delta,
                }
            )
            item_delta: dict[str, JSON] = {
                "threadId": _PLACEHOLDER_UUID,
                "turnId": client.turn_id,
                "itemId": _REPLY_ID,
                "delta": delta,
            }
            yield {"method": _ITEM_DELTA, "params": item_delta}
        yield _event({"type": "agent_message_delta", "delta": delta})
    yield _event({"type": "agent_message", "message": "".join(deltas) if deltas else _DEFAULT_REPLY})


def _strings(args: dict[str, JSON], key: str, *, needed: bool) -> list[str]:
    value = args.get(key)
    if value is None and not needed:
        return []
    if (
        not isinstance(value, list)
        or not all(isinstance(item, str) for item in value)
        or (needed and not value)
    ):
        raise InvalidArgs(f"`{key}` must be {'a non-empty ' if needed else 'an '}array of strings")
    return [str(item) for item in value]


def client_events(rules: ApprovalRules | None, safety: SafetyRules, args: dict[str, JSON]) -> dict[str, JSON]:
    client = None if rules is None else rules.client
    if rules is None or client is None:
        raise NotModelled("this edition has no v1 conversation client (spec/approvals.md)")
    methods = _strings(args, "methods", needed=True)
    unknown = sorted(set(methods) - MODELLED)
    if unknown:
        raise NotModelled(f"messages not modelled: {', '.join(unknown)}")
    call = args.get("call")
    if not isinstance(call, dict) or not isinstance(call.get("arguments"), dict):
        raise InvalidArgs('`call` must be {"name", "arguments"} with an object of arguments')
    arguments = call["arguments"]
    assert isinstance(arguments, dict)
    policy_of(args)
    decision_of(args)
    if call.get("name") == "update_plan":
        called = _plan_events(arguments)
    elif call.get("name") == "shell":
        called = _shell_events(rules, client, safety, args, arguments)
    else:
        raise InvalidArgs("`call`'s name must be shell or update_plan")
    sent = [
        *_prompt_events(client),
        *called,
        *_reply_events(client, _strings(args, "reply_deltas", needed=False)),
    ]
    received: list[JSON] = [message for message in sent if message["method"] in methods]
    return {"received": received}
