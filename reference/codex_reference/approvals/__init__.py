"""``approvals.written_back``: what a release sends the model after its client answers an approval.

In the v1 conversation under approval policy ``untrusted``, a ``shell`` call
whose argv is not known safe (spec/safety.md) asks ``execCommandApproval``,
and ``apply_patch`` run through the shell asks ``applyPatchApproval`` for the
whole patch; in an app-server v2 thread every ``exec_command`` call asks
``item/commandExecution/requestApproval``, an ``apply_patch`` heredoc
``item/fileChange/requestApproval``.  Under ``on-failure`` a command runs in the sandbox first and a
retry without it is asked only after a failure the release blames on the
sandbox (retry.py).  0.94.0's exec policy (exec_policy.py) refuses, asks or
allows before any of that.  Declined, the call's output is a fixed text
(0.94.0 first adds a user message telling the model to use the apply_patch
tool); aborted, the turn ends and nothing is sent; approved, the command
runs outside the sandbox and its output is the edition's exec output.

The reference does not run commands: what a command writes, in the sandbox
and outside it, is given (args ``sandboxed`` and ``runs``).  An argv the
release runs without asking under ``untrusted``, a patch it cannot parse,
and an approved patch are declined (``NotModelled``).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from typing import Any

from codex_reference.apply_patch import parser
from codex_reference.apply_patch.model import PatchParseError
from codex_reference.apply_patch.rules import ApplyPatchRules
from codex_reference.approvals.dangerous import might_be_dangerous
from codex_reference.approvals.exec_policy import Verdict, evaluate, parse_rules
from codex_reference.approvals.policy_and_decision import decision_of, policy_of
from codex_reference.approvals.quoting import shell_join
from codex_reference.approvals.retry import CommandRun
from codex_reference.approvals.rules import (
    APPROVALS_0_25_0,
    APPROVALS_0_94_0,
    APPROVALS_0_169_0,
    ApprovalRules,
)
from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON
from codex_reference.safety import SafetyRules, is_known_safe_command

__all__ = ["APPROVALS_0_25_0", "APPROVALS_0_94_0", "APPROVALS_0_169_0", "ApprovalRules", "written_back"]

_APPROVED = ("approved", "approved_for_session")
_SANDBOXES = ("read-only", "workspace-write")
# The most calls of one command a case makes (the release op's limit too).
_MAX_CALLS = 3
# The names under which the shell tool runs the patch applier (a two-word argv).
_PATCH_COMMANDS = frozenset({"apply_patch", "applypatch"})
# `apply_patch` in a heredoc, as exec_command runs it (the only form the captures show).
_HEREDOC = re.compile(r"\A(?:apply_patch|applypatch) <<'EOF'\n(?P<patch>.*\n)EOF\n?\Z", re.DOTALL)
ExecFormatters = Mapping[str, Any]


def _argv(args: dict[str, JSON]) -> list[str]:
    argv = args.get("argv")
    if not isinstance(argv, list) or not argv or not all(isinstance(arg, str) for arg in argv):
        raise InvalidArgs("`argv` must be a non-empty array of strings")
    return [str(arg) for arg in argv]


def _run(args: dict[str, JSON], key: str) -> CommandRun:
    """The ``sandboxed`` or ``runs`` arg: needed once the command runs there."""
    run = args.get(key)
    if not isinstance(run, dict):
        raise InvalidArgs(
            f"`{key}` is needed: the command runs {'in' if key == 'sandboxed' else 'outside'} the sandbox"
        )
    output, exit_code = run.get("output"), run.get("exit_code")
    if not isinstance(output, str) or not isinstance(exit_code, int) or isinstance(exit_code, bool):
        raise InvalidArgs(f"`{key}` must be an object with a string `output` and an integer `exit_code`")
    stream = run.get("stream", "stdout")
    if stream not in ("stdout", "stderr"):
        raise InvalidArgs(f"`{key}.stream` must be `stdout` or `stderr`")
    return CommandRun(output, exit_code, str(stream))


def _parses(patch: str, patch_rules: ApplyPatchRules) -> bool:
    try:
        parser.parse(patch, patch_rules.parser)
    except PatchParseError:
        raise NotModelled(
            "a patch that does not parse is refused before any approval: not modelled"
        ) from None
    return True


def _is_patch(argv: list[str], patch_rules: ApplyPatchRules) -> bool:
    return len(argv) == 2 and argv[0] in _PATCH_COMMANDS and _parses(argv[1], patch_rules)


def _is_heredoc_patch(cmd: str, patch_rules: ApplyPatchRules) -> bool:
    if cmd.split(" ", 1)[0] not in _PATCH_COMMANDS:
        return False
    heredoc = _HEREDOC.match(cmd)
    if heredoc is None:
        raise NotModelled("apply_patch through exec_command other than in a heredoc: not modelled")
    return _parses(heredoc.group("patch"), patch_rules)


def _command(
    rules: ApprovalRules, patch_rules: ApplyPatchRules, args: dict[str, JSON]
) -> tuple[list[str] | None, bool]:
    """The call's argv (None for an exec_command cmd) and whether it asks for a patch."""
    if rules.command_tool == "shell":
        argv = _argv(args)
        return argv, _is_patch(argv, patch_rules)
    cmd = args.get("cmd")
    if not isinstance(cmd, str) or not cmd:
        raise InvalidArgs("`cmd` must be a non-empty string")
    if "rules" in args:
        raise NotModelled("an exec policy given to an edition running exec_command: not modelled")
    return None, _is_heredoc_patch(cmd, patch_rules)


def _call_ids(args: dict[str, JSON]) -> list[str]:
    """The ids of the model's calls: ``call_id``, then ``call_2``, ... when it makes ``calls`` of them."""
    call_id = args.get("call_id")
    if not isinstance(call_id, str):
        raise InvalidArgs("`call_id` must be a string")
    calls = args.get("calls", 1)
    if not isinstance(calls, int) or isinstance(calls, bool) or not 1 <= calls <= _MAX_CALLS:
        raise InvalidArgs(f"`calls` must be an integer from 1 to {_MAX_CALLS}")
    if calls > 1 and call_id != "call_1":
        raise InvalidArgs("`call_id` must be `call_1` when the model makes several calls")
    return [call_id, *(f"call_{number}" for number in range(2, calls + 1))]


def _user_message(text: str) -> dict[str, JSON]:
    return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}


class _Turn:
    """What one call's turn sent: the requests asked of the client and the call's output (None: aborted)."""

    def __init__(self, rules: ApprovalRules, formatters: ExecFormatters, args: dict[str, JSON]) -> None:
        self.rules, self.formatters, self.args = rules, formatters, args
        self.decision = decision_of(args)
        self.asked: list[JSON] = []
        # Approved for the session: the same command runs again without asking (APPROVAL-SESSION-1).
        self.session_approved = False

    def exec_output(self, run: CommandRun) -> str:
        # The formatter's own defaults stand for what is not given (not timed out, duration 0).
        format_args = {
            "output": run.output,
            "exit_code": run.exit_code,
            "duration_seconds": self.args.get("duration_seconds", 0.0),
        }
        if "chunk_id" in self.args:
            format_args["chunk_id"] = self.args["chunk_id"]
        return str(self.formatters[self.rules.command_tool](format_args))

    def ask(self, method: str, rejected: str) -> str | None:
        """Ask the client; the call's output after its answer (an approved command runs unsandboxed)."""
        if self.session_approved:
            return self.exec_output(_run(self.args, "runs"))
        self.asked.append(method)
        if self.decision == "abort":
            return None
        if self.decision in _APPROVED:
            self.session_approved = self.decision == "approved_for_session"
            return self.exec_output(_run(self.args, "runs"))
        return rejected


def _by_verdict(turn: _Turn, verdict: Verdict, argv: list[str], policy: str) -> str | None:
    rules = turn.rules
    if verdict.decision == "forbidden":
        reason = verdict.justification or rules.forbidden_reason.format(
            prefix=shell_join(list(verdict.prefix))
        )
        return rules.forbidden.format(command=shell_join(argv), reason=reason)
    if verdict.decision == "allow":
        return turn.exec_output(_run(turn.args, "runs"))  # APPROVAL-POLICY-4: outside the sandbox
    if policy == "never":
        return rules.prompt_under_never
    if policy != "untrusted":
        raise NotModelled("a `prompt` rule under approval policy on-failure: not modelled")
    return turn.ask(rules.exec_request, rules.exec_rejected)


def _escalation_asked(turn: _Turn) -> bool:
    """Whether the call asks to run outside the sandbox (APPROVAL-ON-REQUEST-1)."""
    call_arguments = turn.args.get("call_arguments", {})
    if not isinstance(call_arguments, dict) or "command" in call_arguments:
        raise InvalidArgs("`call_arguments` must be an object of the call's arguments other than `command`")
    name, value = turn.rules.escalation_argument
    return name in call_arguments and call_arguments[name] == value


def _under_never(turn: _Turn, sandboxed: CommandRun) -> str:
    """APPROVAL-NEVER-1 (and APPROVAL-ON-REQUEST-1 for a call that asks no escalation): nothing
    is asked, nothing retried; the sandboxed run is written back, a failure the edition blames
    on the sandbox in its own words."""
    rules = turn.rules
    if rules.denied_under_never is None or not rules.denied_under_never(sandboxed):
        return turn.exec_output(sandboxed)
    stdout, stderr = sandboxed.streams()
    return rules.denied_under_never_text.format(exit_code=sandboxed.exit_code, stdout=stdout, stderr=stderr)


def _exec(turn: _Turn, argv: list[str] | None, policy: str, safety: SafetyRules) -> str | None:
    if argv is None:
        # An exec_command cmd asks under untrusted, known safe or not (errata E-SAFETY-1).
        if policy != "untrusted":
            raise NotModelled("exec_command under another approval policy than untrusted: not modelled")
        return turn.ask(turn.rules.exec_request, turn.rules.exec_rejected)
    rules_text = turn.args.get("rules")
    if rules_text is not None and not isinstance(rules_text, str):
        raise InvalidArgs("`rules` must be a string")
    if turn.rules.reads_exec_policy and rules_text is not None:
        verdict = evaluate(parse_rules(rules_text), argv, safety)
        if verdict is not None:
            return _by_verdict(turn, verdict, argv, policy)
    if policy == "untrusted":
        if is_known_safe_command(safety, argv):
            if not turn.rules.untrusted_known_safe_unsandboxed:
                raise NotModelled("where this edition runs a known-safe argv under untrusted: not modelled")
            return turn.exec_output(_run(turn.args, "runs"))  # APPROVAL-UNTRUSTED-1
        return turn.ask(turn.rules.exec_request, turn.rules.exec_rejected)
    if policy == "on-request" and _escalation_asked(turn):
        return turn.ask(turn.rules.exec_request, turn.rules.exec_rejected)
    rules = turn.rules
    if policy == "never" and rules.refuses_dangerous_under_never and might_be_dangerous(safety, argv):
        return rules.forbidden.format(command=shell_join(argv), reason=rules.dangerous_reason)
    sandboxed = _run(turn.args, "sandboxed")
    if policy in ("never", "on-request"):
        return _under_never(turn, sandboxed)
    if not turn.rules.retry_wanted(sandboxed):
        return turn.exec_output(sandboxed)
    return turn.ask(turn.rules.exec_request, turn.rules.exec_rejected)


def _sandbox(args: dict[str, JSON]) -> str:
    sandbox = args.get("sandbox", "read-only")
    if sandbox not in _SANDBOXES:
        raise InvalidArgs(f"`sandbox` must be one of {', '.join(_SANDBOXES)}")
    return str(sandbox)


def _outside_writable_roots(path: str) -> bool:
    """Whether a patch path is outside workspace-write's writable roots (the working directory and
    /tmp); a path the reference cannot place is declined."""
    if path.startswith("/") and not path.startswith("/tmp/") and ".." not in path.split("/"):
        return True
    if not path.startswith("/") and ".." not in path.split("/"):
        return False
    raise NotModelled("a patch path that may leave the working directory for /tmp: not modelled")


def _patch(turn: _Turn, policy: str, patch_rules: ApplyPatchRules, argv: list[str] | None) -> str | None:
    """A patch's output: asked under untrusted (APPROVAL-PATCH-1); under workspace-write, one that
    writes outside the writable roots asks, or under never is refused (APPROVAL-PATCH-3)."""
    rules = turn.rules
    if turn.decision in _APPROVED:
        raise NotModelled("an approved patch: not modelled")
    if _sandbox(turn.args) == "read-only":
        if policy != "untrusted":
            raise NotModelled("a patch under read-only and another policy than untrusted: not modelled")
        return turn.ask(rules.patch_request, rules.patch_rejected)
    if argv is None:
        raise NotModelled("a patch through exec_command under workspace-write: not modelled")
    hunks = parser.parse(argv[1], patch_rules.parser)
    paths = [path for hunk in hunks for path in (hunk.path, getattr(hunk, "move_path", None)) if path]
    if not any([_outside_writable_roots(str(path)) for path in paths]):
        raise NotModelled("a patch inside the writable roots is applied without asking: not modelled")
    if policy == "never":
        return rules.patch_outside_under_never
    if policy not in ("untrusted", "on-request"):
        raise NotModelled("a patch outside the writable roots under on-failure: not modelled")
    return turn.ask(rules.patch_request, rules.patch_rejected)


def written_back(
    rules: ApprovalRules | None,
    safety: SafetyRules,
    patch_rules: ApplyPatchRules,
    formatters: ExecFormatters,
    args: dict[str, JSON],
) -> dict[str, JSON]:
    if rules is None:
        raise NotModelled("this edition has no approvals for its client to answer")
    turn = _Turn(rules, formatters, args)
    policy = policy_of(args)
    call_ids = _call_ids(args)
    argv, patch = _command(rules, patch_rules, args)
    if "sandbox" in args and rules.command_tool != "shell":
        raise InvalidArgs("`sandbox` is given only to editions asking approvals in the v1 conversation")
    if _sandbox(args) != "read-only" and not patch:
        raise NotModelled("a command under workspace-write: not modelled")
    if len(call_ids) > 1 and (patch or policy != "untrusted" or "rules" in args):
        raise NotModelled(
            "a call made again other than a command under untrusted without rules: not modelled"
        )
    items: list[JSON] = []
    for call_id in call_ids:
        if patch:
            if rules.patch_via_shell_warning is not None:
                items.append(_user_message(rules.patch_via_shell_warning))
            output = _patch(turn, policy, patch_rules, argv)
        else:
            output = _exec(turn, argv, policy, safety)
        if output is None:
            return {"asked": turn.asked, "written_back": None}
        item: dict[str, JSON] = {"type": "function_call_output"}
        if rules.item_id_prefix is not None:
            item["id"] = f"{rules.item_id_prefix}_{uuid.uuid4()}"  # made up per run: checked by form
        items.append({**item, "call_id": call_id, "output": output})
    return {"asked": turn.asked, "written_back": items}
