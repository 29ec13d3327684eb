"""Commands 0.94.0 refuses under approval policy ``never`` without running them (APPROVAL-NEVER-2).

With no exec-policy rule deciding, 0.94.0 takes some commands for
dangerous: ``rm`` whose first argument is ``-f`` or ``-rf``, ``git reset``
and ``git rm`` (``sudo`` looked through).  A ``bash -lc`` script is judged by
its commands where it is plain (spec/safety.md), as the exec policy's rules
are.  Under ``never`` such a command is not run; the model reads
``\\`<command>\\` rejected: blocked by policy``.  Captured: ``rm -rf``, ``rm
-f``, ``git reset --hard``, ``rm -rf`` inside ``bash -lc``; ``rm`` without
``-f`` runs.
"""

from __future__ import annotations

from codex_reference.safety import SafetyRules, script_commands

__all__ = ["might_be_dangerous"]

_FORCED_RM = frozenset({"-f", "-rf"})
_GIT_DANGEROUS = frozenset({"reset", "rm"})


def _dangerous_word(command: list[str]) -> bool:
    if not command:
        return False
    first, second = command[0], command[1] if len(command) > 1 else None
    if first == "sudo":
        return _dangerous_word(command[1:])
    if first == "rm":
        return second in _FORCED_RM
    if first == "git" or first.endswith("/git"):
        return second in _GIT_DANGEROUS
    return False


def might_be_dangerous(safety: SafetyRules, argv: list[str]) -> bool:
    if _dangerous_word(argv):
        return True
    return any(_dangerous_word(command) for command in script_commands(safety, argv) or [])
