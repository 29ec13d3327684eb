"""The word-only shell scripts a release looks inside: ``bash -lc "ls && pwd"``.

The release parses the script with tree-sitter-bash and accepts it only if
every node is a plain command of literal words joined by ``&&``, ``||``,
``;`` or ``|``.  The reference has no bash grammar: it tokenizes a
conservative subset whose parse is not in doubt, answers "not plain" for
constructs the release certainly rejects (subshells, redirections,
substitutions, a quoted program name, comments), and declines
(``NotModelled``) any character whose tree-sitter reading it cannot vouch
for (globs, braces, tildes, escapes, carriage returns).  A newline ends a
command as `;` does; a script of no command at all parses as an empty list,
which only some releases judge safe (SafetyRules.empty_script_safe).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from dataclasses import dataclass

from codex_reference.errors import NotModelled

__all__ = ["Commands", "ScriptRules", "lazy_commands", "plain_commands"]

# Characters of a bare word whose tree-sitter node is certainly `word` (or `number`).
_BARE = frozenset(string.ascii_letters + string.digits + "-_./,=:@%+")
# Characters that start a node the release's allow-list rejects.
_REJECTED = frozenset("()<>`$")

# The bare characters as regular expressions: a script is read a run at a time,
# not a character at a time (a megabyte of `:\n` is half a million commands).
_BARE_CLASS = "[" + "".join(re.escape(char) for char in sorted(_BARE)) + "]"
_BARE_RUN = re.compile(_BARE_CLASS + "*")
_BARE_CHARS = "".join(sorted(_BARE))
# Text of bare words, spaces, tabs, newlines and operators only: what the loop
# of _commands reads without going into _word (a word of it that the script
# goes on after is left to _word).
_PLAIN = re.compile(_BARE_CLASS[:-1] + " \t\n&|;]*")
# A newline (with the blank lines and spaces after it: the blank lines end no
# command), then the operators, `&&` before `&` and `||` before `|`, then a lone
# `&` (background, rejected).
_SPLIT = re.compile(r"(\n[ \t\n]*|&&|\|\||;|\||&)")


@dataclass(frozen=True)
class ScriptRules:
    # 0.94.0 and 0.169.0 accept `concatenation` nodes (-n'1,5p'); 0.25.0 does not.
    concatenation: bool


class _NotPlain(Exception):
    """The release's parse is certain and it is not a word-only sequence."""


def _quoted(script: str, start: int, quote: str) -> tuple[str, int]:
    end = script.find(quote, start + 1)
    if end < 0:
        raise _NotPlain  # unterminated: a parse error
    content = script[start + 1 : end]
    if quote == '"':
        if "`" in content or "$(" in content:
            raise _NotPlain  # command substitution inside the string
        if content == "" or "$" in content or "\\" in content:
            raise NotModelled(
                "double-quoted string with `$`, `\\` or no content: tree-sitter reading not modelled"
            )
    return content, end + 1


def _word(script: str, index: int, rules: ScriptRules) -> tuple[str, bool, int]:
    """(text, whether it is one bare word, next index) for the word starting at ``index``."""
    parts: list[tuple[str, bool]] = []
    while index < len(script) and script[index] not in " \t\n&|;":
        char = script[index]
        if char in "'\"":
            content, index = _quoted(script, index, char)
            parts.append((content, False))
        elif char in _BARE:
            run = _BARE_RUN.match(script, index)
            assert run is not None  # it matches the empty run too
            end = run.end()
            parts.append((script[index:end], True))
            index = end
        elif char in _REJECTED:
            raise _NotPlain
        else:
            raise NotModelled(f"character {char!r} in a shell script: tree-sitter reading not modelled")
    if len(parts) > 1 and not rules.concatenation:
        raise _NotPlain  # a `concatenation` node
    text = "".join(part for part, _ in parts)
    if len(parts) > 1 and text == "":
        raise _NotPlain
    return text, len(parts) == 1 and parts[0][1], index


def _program(word: str) -> None:
    """The check on a command's first word, a bare word."""
    if word.isdigit() or "=" in word:
        raise NotModelled(f"program name {word!r}: tree-sitter reading not modelled")


def _plain(
    text: str, commands: list[str | list[str]], current: list[str], expect_command: bool
) -> tuple[list[str], bool]:
    """Reads ``text``, bare words, spaces, tabs, newlines and operators only,
    into ``commands``: the command under way after it, and expect_command."""
    if not text.strip(" \t"):
        return current, expect_command  # only space (often between quoted words)
    # The pieces in order: words, a delimiter, words, ...
    pieces = _SPLIT.split(text)
    for words_text, delimiter in zip(pieces[0::2], [*pieces[1::2], ""], strict=True):
        if not current and delimiter not in ("", "&") and words_text.strip(" \t"):
            # A whole command of bare words (the delimiter ends it): kept as text.
            _program(words_text.split(None, 1)[0])
            commands.append(words_text)
            expect_command = delimiter[0] != "\n" and delimiter != ";"
            continue
        words = words_text.split()  # bare words, and the spaces and tabs around them
        if words:
            if not current:
                _program(words[0])
            current += words
        if not delimiter:
            continue  # the last words
        if delimiter[0] == "\n":
            # Ends a command as `;` does; after an operator, or on a blank
            # line, it is only space (probed: `ls\npwd` runs in 0.25.0 and 0.94.0).
            if current:
                commands.append(current)
                current = []
                expect_command = False
        elif delimiter == "&":
            raise _NotPlain  # background `&`
        else:
            if not current:
                raise _NotPlain  # an operator with no command before it
            commands.append(current)
            current = []
            expect_command = delimiter != ";"  # a trailing `;` ends the list
    return current, expect_command


def _commands(script: str, rules: ScriptRules) -> list[str | list[str]]:
    """The script's commands: the text of one of bare words only (split when
    read: half a million lists kept at once cost more in cyclic garbage
    collection than in reading), the words of any other."""
    if "\r" in script:
        raise NotModelled("carriage return in a shell script: not modelled")
    commands: list[str | list[str]] = []
    current: list[str] = []
    expect_command = True  # after an operator a command must follow
    index = 0
    while index < len(script):
        plain = _PLAIN.match(script, index)
        assert plain is not None  # it matches the empty text too
        text = plain.group()
        if plain.end() < len(script):
            text = text.rstrip(_BARE_CHARS)  # a word that goes on past the plain text
        index += len(text)
        current, expect_command = _plain(text, commands, current, expect_command)
        if index == len(script):
            break
        if script[index] == "#":
            raise _NotPlain  # a `comment` node (probed: `ls # c` asks in 0.25.0 and 0.94.0)
        word, bare, index = _word(script, index, rules)
        if not current:
            if not bare:
                raise _NotPlain  # the program name is a string or concatenation, not a word
            _program(word)
        # expect_command is read only when no command is under way; the
        # operator or newline that ends this one sets it.
        current.append(word)
    if current:
        commands.append(current)
    elif expect_command and commands:
        raise _NotPlain  # a dangling `&&` `||` or `|`
    return commands


class Commands:
    """A word-only script's commands, each one's argv made when it is read."""

    def __init__(self, commands: list[str | list[str]]) -> None:
        self._commands = commands

    def __len__(self) -> int:
        return len(self._commands)

    def __iter__(self) -> Iterator[list[str]]:
        for command in self._commands:
            yield command.split() if isinstance(command, str) else command


def lazy_commands(script: str, rules: ScriptRules) -> Commands | None:
    """The commands of a word-only script, or None if the release would refuse it."""
    try:
        return Commands(_commands(script, rules))
    except _NotPlain:
        return None


def plain_commands(script: str, rules: ScriptRules) -> list[list[str]] | None:
    """The argv of each command of a word-only script, or None if the release would refuse it."""
    commands = lazy_commands(script, rules)
    return None if commands is None else list(commands)
