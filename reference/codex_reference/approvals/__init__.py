"""``approvals.written_back``: what a release sends the model after its client declines an approval.

In the v1 conversation under approval policy ``untrusted``, a ``shell`` call
whose argv is not known safe (spec/safety.md) asks ``execCommandApproval``,
and ``apply_patch`` run through the shell asks ``applyPatchApproval`` for the
whole patch.  Declined, the call's output is a fixed text (0.94.0 first adds
a user message telling the model to use the apply_patch tool); aborted, the
turn ends and nothing is sent.  The reference does not run commands: an argv
the release runs without asking, and a patch it cannot parse, are declined
(``NotModelled``).
"""

from __future__ import annotations

from dataclasses import dataclass

from codex_reference.apply_patch import parser
from codex_reference.apply_patch.model import PatchParseError
from codex_reference.apply_patch.rules import ApplyPatchRules
from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON
from codex_reference.safety import SafetyRules, is_known_safe_command

__all__ = ["APPROVALS_0_25_0", "APPROVALS_0_94_0", "ApprovalRules", "written_back"]

_DECISIONS = ("denied", "abort")
# The names under which the shell tool runs the patch applier (a two-word argv).
_PATCH_COMMANDS = frozenset({"apply_patch", "applypatch"})


@dataclass(frozen=True)
class ApprovalRules:
    exec_rejected: str  # APPROVAL-EXEC-1
    patch_rejected: str  # APPROVAL-PATCH-1
    # A user message written before a patch's output when apply_patch came
    # through the shell tool (APPROVAL-PATCH-2); None where there is none.
    patch_via_shell_warning: str | None


APPROVALS_0_25_0 = ApprovalRules(
    exec_rejected="exec command rejected by user",
    patch_rejected="patch rejected by user",
    patch_via_shell_warning=None,
)
APPROVALS_0_94_0 = ApprovalRules(
    exec_rejected="exec command rejected by user",
    patch_rejected="patch rejected by user",
    patch_via_shell_warning=(
        "Warning: apply_patch was requested via shell. Use the apply_patch tool instead of exec_command."
    ),
)


def _argv(args: dict[str, JSON]) -> list[str]:
    argv = args.get("argv")
    if not isinstance(argv, list) or not argv or not all(isinstance(arg, str) for arg in argv):
        raise InvalidArgs("`argv` must be a non-empty array of strings")
    return [str(arg) for arg in argv]


def _is_patch(argv: list[str], patch_rules: ApplyPatchRules) -> bool:
    if len(argv) != 2 or argv[0] not in _PATCH_COMMANDS:
        return False
    try:
        parser.parse(argv[1], patch_rules.parser)
    except PatchParseError:
        raise NotModelled(
            "a patch that does not parse is refused before any approval: not modelled"
        ) from None
    return True


def _user_message(text: str) -> dict[str, JSON]:
    return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}


def written_back(
    rules: ApprovalRules | None,
    safety: SafetyRules,
    patch_rules: ApplyPatchRules,
    args: dict[str, JSON],
) -> dict[str, JSON]:
    if rules is None:
        raise NotModelled("this edition has no v1 conversation to ask approvals in")
    argv = _argv(args)
    decision = args.get("decision")
    if decision not in _DECISIONS:
        raise InvalidArgs(f"`decision` must be one of {', '.join(_DECISIONS)}")
    call_id = args.get("call_id")
    if not isinstance(call_id, str):
        raise InvalidArgs("`call_id` must be a string")
    patch = _is_patch(argv, patch_rules)
    if not patch and is_known_safe_command(safety, argv):
        raise NotModelled("a known-safe argv runs without asking; its output is spec/exec_output.md's")
    asked: list[JSON] = ["applyPatchApproval" if patch else "execCommandApproval"]
    if decision == "abort":
        return {"asked": asked, "written_back": None}
    items: list[JSON] = []
    if patch and rules.patch_via_shell_warning is not None:
        items.append(_user_message(rules.patch_via_shell_warning))
    text = rules.patch_rejected if patch else rules.exec_rejected
    items.append({"type": "function_call_output", "call_id": call_id, "output": text})
    return {"asked": asked, "written_back": items}
