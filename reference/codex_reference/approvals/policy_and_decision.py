"""The ``approval_policy`` and the client's ``decision``: the args both approvals ops
(``written_back``, ``client_events``) read, each one of a few words, with one message when it is not."""

from __future__ import annotations

from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON

__all__ = ["DECISIONS", "POLICIES", "decision_of", "policy_of"]

DECISIONS = ("denied", "abort", "approved", "approved_for_session")
POLICIES = ("untrusted", "on-failure", "on-request", "never")


def _one_of(args: dict[str, JSON], key: str, choices: tuple[str, ...]) -> str:
    value = args.get(key)
    if not isinstance(value, str) or value not in choices:
        raise InvalidArgs(f"`{key}` must be one of {', '.join(choices)}")
    return value


def decision_of(args: dict[str, JSON]) -> str:
    return _one_of(args, "decision", DECISIONS)


def policy_of(args: dict[str, JSON]) -> str:
    return _one_of(args, "approval_policy", POLICIES)
