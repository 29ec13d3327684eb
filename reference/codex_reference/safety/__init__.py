"""``safety.is_known_safe_command``: whether a release runs an argv without asking.

A command is known safe if it is safe to run directly, or if it is a shell
invocation (``bash -lc SCRIPT``) whose script is a word-only sequence of
commands that are each safe to run directly (spec/safety.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from codex_reference.errors import InvalidArgs
from codex_reference.safety.rules import (
    SAFETY_0_25_0,
    SAFETY_0_94_0,
    SAFETY_0_169_0,
    SafetyRules,
    file_stem,
    safe_to_exec,
)
from codex_reference.safety.shell_script import lazy_commands, plain_commands

__all__ = [
    "SAFETY_0_25_0",
    "SAFETY_0_94_0",
    "SAFETY_0_169_0",
    "SafetyRules",
    "is_known_safe_command",
    "known_safe",
    "script_commands",
]


def _script(rules: SafetyRules, argv: list[str]) -> str | None:
    """The script of a shell invocation the release looks into, else None."""
    if len(argv) != 3 or argv[1] not in rules.shell_flags:
        return None
    return argv[2] if _is_shell(rules, argv[0]) else None


def _is_shell(rules: SafetyRules, shell: str) -> bool:
    """detect_shell_type where the release has it: the name as given, else its
    file stem, read again until it stops changing (`bash.x.y` → `bash.x` →
    `bash`; captured: bash-with-two-extensions-lc)."""
    if shell in rules.shells:
        return True
    stem = file_stem(shell) if rules.shell_by_stem else None
    return stem is not None and stem != shell and _is_shell(rules, stem)


def script_commands(rules: SafetyRules, argv: list[str]) -> list[list[str]] | None:
    """The commands of a shell invocation's plain script (``bash -lc "ls && pwd"``), else None."""
    script = _script(rules, argv)
    return None if script is None else plain_commands(script, rules.script)


def is_known_safe_command(rules: SafetyRules, argv: list[str]) -> bool:
    # 0.94.0 and 0.169.0 first read every `zsh` argument as `bash`; no
    # answer shows it (zsh is one of their shells, and neither name is a
    # safe program or a word any check reads), so the reference skips it.
    if safe_to_exec(rules, argv):
        return True
    script = _script(rules, argv)
    if script is None:
        return False
    commands = lazy_commands(script, rules.script)  # each command's argv made as it is checked
    if commands is None or not (len(commands) or rules.empty_script_safe):
        return False
    return all(safe_to_exec(rules, command) for command in commands)


def known_safe(rules: SafetyRules, args: Mapping[str, Any]) -> dict[str, Any]:
    argv = args.get("argv")
    if not isinstance(argv, list) or not all(isinstance(arg, str) for arg in argv):
        raise InvalidArgs("`argv` must be an array of strings")
    return {"safe": is_known_safe_command(rules, argv)}
