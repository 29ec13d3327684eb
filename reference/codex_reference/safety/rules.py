"""Which argv a release treats as known safe (runs without asking under `untrusted`).

One ``SafetyRules`` per edition; the differences between 0.25.0 and 0.169.0
are fields, not branches (spec/safety.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from codex_reference.safety.shell_script import ScriptRules

__all__ = ["SAFETY_0_25_0", "SAFETY_0_94_0", "SAFETY_0_169_0", "SafetyRules", "file_name", "file_stem"]

_FIND_UNSAFE = frozenset(
    {"-exec", "-execdir", "-ok", "-okdir", "-delete", "-fls", "-fprint", "-fprint0", "-fprintf"}
)
_RG_UNSAFE_FLAGS = frozenset({"--search-zip", "-z"})
_RG_UNSAFE_WITH_VALUE = ("--pre", "--hostname-bin")


@dataclass(frozen=True)
class SafetyRules:
    # Programs safe whatever their arguments (SAFETY-LIST-1).
    plain: frozenset[str]
    # Programs safe only on Linux builds (the binaries the kit runs are Linux).
    linux_only: frozenset[str]
    # git subcommands safe as argv[1]; empty where the release always asks for git.
    git_read_only: frozenset[str]
    cargo_check: bool
    base64: bool  # base64 is safe unless it writes a file (SAFETY-BASE64-1)
    # sed -n: 0.25.0 wants exactly `sed -n ADDR FILE` with FILE non-empty;
    # 0.169.0 takes at most those four words.
    sed_exact_four: bool
    # The program is looked up by its file name (/bin/ls → ls), not as typed.
    by_file_name: bool
    # Shell invocations whose script is looked into (SAFETY-SHELL-1): the
    # shells, matched by name or also by file stem (/bin/bash), and the flags.
    shells: frozenset[str]
    shell_by_stem: bool
    shell_flags: frozenset[str]
    script: ScriptRules
    # A script of no command at all (empty, blanks) is safe: its empty list
    # of commands passes "every command is safe" (0.94.0; others ask).
    empty_script_safe: bool


def file_name(path: str) -> str | None:
    """Rust's ``Path::file_name``: the last normal component (``a/b/`` → ``b``, ``..`` → None)."""
    components = [part for part in path.split("/") if part not in ("", ".")]
    if not components or components[-1] == "..":
        return None
    return components[-1]


def file_stem(path: str) -> str | None:
    """Rust's ``Path::file_stem``: the file name without its last extension."""
    name = file_name(path)
    if name is None:
        return None
    dot = name.rfind(".")
    return name if dot <= 0 else name[:dot]


def _valid_sed_address(arg: str | None) -> bool:
    # /^(\d+,)?\d+p$/ with ASCII digits only.
    if arg is None or not arg.endswith("p"):
        return False
    parts = arg[:-1].split(",")
    return len(parts) in (1, 2) and all(part and part.isascii() and part.isdigit() for part in parts)


def _git_safe(rules: SafetyRules, argv: Sequence[str]) -> bool:
    return len(argv) > 1 and argv[1] in rules.git_read_only


def _rg_safe(argv: Sequence[str]) -> bool:
    return not any(
        arg in _RG_UNSAFE_FLAGS
        or any(arg == opt or arg.startswith(opt + "=") for opt in _RG_UNSAFE_WITH_VALUE)
        for arg in argv
    )


def _base64_safe(argv: Sequence[str]) -> bool:
    return not any(
        arg.startswith("-o") or arg == "--output" or arg.startswith("--output=") for arg in argv[1:]
    )


def _sed_safe(rules: SafetyRules, argv: Sequence[str]) -> bool:
    address = argv[2] if len(argv) > 2 else None
    if rules.sed_exact_four:
        return len(argv) == 4 and argv[1] == "-n" and _valid_sed_address(address) and argv[3] != ""
    return len(argv) <= 4 and len(argv) > 1 and argv[1] == "-n" and _valid_sed_address(address)


def safe_to_exec(rules: SafetyRules, argv: Sequence[str]) -> bool:
    """One command, run directly (no shell): is it on the allow-list with harmless arguments?"""
    if not argv:
        return False
    # A path without a file name (`/`, `..`) gives None, which no list holds.
    program = file_name(argv[0]) if rules.by_file_name else argv[0]
    if program in rules.plain or program in rules.linux_only:
        return True
    if program == "find":
        return not any(arg in _FIND_UNSAFE for arg in argv)
    if program == "rg":
        return _rg_safe(argv)
    if program == "git":
        return _git_safe(rules, argv)
    if program == "cargo":
        return rules.cargo_check and len(argv) > 1 and argv[1] == "check"
    if program == "base64":
        return rules.base64 and _base64_safe(argv)
    if program == "sed":
        return _sed_safe(rules, argv)
    return False


_PLAIN_0_25_0 = frozenset(
    {"cat", "cd", "echo", "false", "grep", "head", "ls", "nl", "pwd", "tail", "true", "wc", "which"}
)

SAFETY_0_25_0 = SafetyRules(
    plain=_PLAIN_0_25_0,
    linux_only=frozenset(),
    git_read_only=frozenset({"branch", "status", "log", "diff", "show"}),
    cargo_check=True,
    base64=False,
    sed_exact_four=True,
    by_file_name=False,
    shells=frozenset({"bash"}),
    shell_by_stem=False,
    shell_flags=frozenset({"-lc"}),
    script=ScriptRules(concatenation=False),
    empty_script_safe=False,
)

SAFETY_0_169_0 = SafetyRules(
    plain=_PLAIN_0_25_0
    | frozenset({"cut", "expr", "id", "paste", "rev", "seq", "stat", "tr", "uname", "uniq", "whoami"}),
    linux_only=frozenset({"numfmt", "tac"}),
    git_read_only=frozenset(),
    cargo_check=False,
    base64=True,
    sed_exact_four=False,
    by_file_name=True,
    shells=frozenset({"bash", "zsh", "sh"}),
    shell_by_stem=True,
    shell_flags=frozenset({"-lc", "-c"}),
    script=ScriptRules(concatenation=True),
    empty_script_safe=False,
)

# 0.169.0's list, program lookup, base64 and sed rules, shells and script
# parse (concatenations: captured bash-lc-concatenated-argument); 0.25.0's
# git (argv[1] only, no flag checks) and `cargo check`; a script of no
# command at all is safe (explored: `sh -c ''` and `zsh -c ''` run at once).
SAFETY_0_94_0 = replace(
    SAFETY_0_169_0,
    git_read_only=SAFETY_0_25_0.git_read_only,
    cargo_check=True,
    empty_script_safe=True,
)
