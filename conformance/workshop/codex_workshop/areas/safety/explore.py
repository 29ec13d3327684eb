"""Inputs for exploring ``safety.is_known_safe_command``: argvs built from the shapes of the rules.

An argv is a program (every name on any release's allow-list, near misses,
programs that write or run others, each sometimes written as a path) with
arguments from a pool that holds every flag some rule looks at, or a shell
invocation (``bash``/``sh``/``zsh``, by name or path, with ``-lc``, ``-c``
and their neighbours) whose script joins one to three such commands with
the operators a script may hold (``&&``, ``||``, ``;``, ``|``, ``&``,
newlines, redirections, substitutions, subshells), each word written bare,
quoted, escaped or as a concatenation of quoted parts.

What the release judges safe it runs, so every argument is harmless: no
program that writes is given anything to write but files in the run's own
empty directory, and the release runs behind the kit's sandbox anyway.  An
argv it judges unsafe is asked about, denied, and never runs.
"""

from __future__ import annotations

from codex_conformance.generators import Draw
from codex_workshop.explorer import Args, Explorer, args_as_scenario

__all__ = ["EXPLORERS", "generate_argv"]

# Every program some release treats as safe, with or without conditions.
LISTED = [
    "cat", "cd", "echo", "false", "grep", "head", "ls", "nl", "pwd", "tail", "true", "wc", "which",
    "cut", "expr", "id", "paste", "rev", "seq", "stat", "tr", "uname", "uniq", "whoami", "numfmt", "tac",
    "find", "rg", "git", "cargo", "base64", "sed",
]  # fmt: skip
# Names a rule could confuse with listed ones, and programs no release lists.
UNLISTED = [
    "LS", "ls.exe", "cat.sh", "lsof", "gitk", "sort", "awk", "env", "xargs", "touch", "printf", "date",
]  # fmt: skip
PREFIXES = ["", "", "", "/bin/", "/usr/bin/", "./", "bin/", "../"]
WORDS = [
    "x", "missing.txt", "-n", "1p", "1,5p", "5p", "1,p", "p", "10", "-", "--", "-l", "-a", ".",
    "", "é", "a b", "*", "$HOME", "-o", "out.bin", "-oout.bin", "--output", "--output=out.txt",
    "-exec", "-execdir", "-ok", "-delete", "-fprint", "-name", "--pre", "--pre=x", "--hostname-bin",
    "-z", "--search-zip", "status", "log", "diff", "show", "branch", "fetch", "check", "build",
    "-c", "-C", "core.pager=cat", "--ext-diff", "--show-current", "-d", "--list",
]  # fmt: skip
SHELLS = ["bash", "bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/usr/bin/zsh", "dash", "bash.exe"]
FLAGS = ["-lc", "-lc", "-c", "-c", "-l", "-cl", "-ic", "--login", "-lc "]
JOINERS = [" && ", " || ", "; ", " | ", " & ", "\n", " ;", "&&"]
WRAPS = ["{}", "{} > out.txt", "{} 2>&1", "({})", "{{ {}; }}", "echo $({})", "echo `{}`", "A=1 {}", "{} # c"]


def _program(draw: Draw) -> str:
    name = draw.choice(LISTED) if draw.integer(0, 4) else draw.choice(UNLISTED)
    return draw.choice(PREFIXES) + name


def _command(draw: Draw) -> list[str]:
    return [_program(draw), *(draw.choice(WORDS) for _ in range(draw.integer(0, 4)))]


def _shell_word(draw: Draw, word: str) -> str:
    """One word as a script may spell it: bare, quoted, escaped, or a concatenation of parts."""
    form = draw.integer(0, 6)
    if form == 1:
        return "'" + word + "'"
    if form == 2:
        return '"' + word + '"'
    if form == 3 and len(word) > 1:
        return word[0] + "'" + word[1:] + "'"
    if form == 4:
        return word.replace(" ", "\\ ") or "''"
    if word == "" or any(c in word for c in " *$`"):
        return "'" + word + "'"
    return word


def _script(draw: Draw) -> str:
    commands = [" ".join(_shell_word(draw, w) for w in _command(draw)) for _ in range(draw.integer(1, 3))]
    script = commands[0]
    for command in commands[1:]:
        script += draw.choice(JOINERS) + command
    if draw.integer(0, 3) == 0:
        script = draw.choice(WRAPS).format(script)
    return script


def generate_argv(draw: Draw) -> list[str]:
    if draw.boolean():
        return _command(draw)
    return [draw.choice(SHELLS), draw.choice(FLAGS), _script(draw)]


def _args(draw: Draw, version: str) -> Args:
    return {"edition": version, "argv": generate_argv(draw)}


EXPLORERS = (
    Explorer("safety.is_known_safe_command", _args, args_as_scenario("argv"), ("SAFETY-EXPLORE-1",)),
)
