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

import string
from dataclasses import dataclass

from codex_reference.errors import NotModelled

__all__ = ["ScriptRules", "plain_commands"]

# Characters of a bare word whose tree-sitter node is certainly `word` (or `number`).
_BARE = frozenset(string.ascii_letters + string.digits + "-_./,=:@%+")
# Characters that start a node the release's allow-list rejects.
_REJECTED = frozenset("()<>`$")
_OPERATORS = ("&&", "||", ";", "|")


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
            end = index
            while end < len(script) and script[end] in _BARE:
                end += 1
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


def _commands(script: str, rules: ScriptRules) -> list[list[str]]:
    if "\r" in script:
        raise NotModelled("carriage return in a shell script: not modelled")
    commands: list[list[str]] = []
    current: list[str] = []
    expect_command = True  # after an operator a command must follow
    index = 0
    while index < len(script):
        char = script[index]
        if char in " \t":
            index += 1
            continue
        if char == "\n":
            # Ends a command as `;` does; after an operator, or on a blank
            # line, it is only space (probed: `ls\npwd` runs in 0.25.0 and 0.94.0).
            if current:
                commands.append(current)
                current = []
                expect_command = False
            index += 1
            continue
        if char == "#":
            raise _NotPlain  # a `comment` node (probed: `ls # c` asks in 0.25.0 and 0.94.0)
        operator = next((op for op in _OPERATORS if script.startswith(op, index)), None)
        if operator is None and char == "&":
            raise _NotPlain  # background `&`
        if operator is not None:
            if not current:
                raise _NotPlain  # an operator with no command before it
            commands.append(current)
            current = []
            expect_command = operator != ";"  # a trailing `;` ends the list
            index += len(operator)
            continue
        word, bare, index = _word(script, index, rules)
        if not current:
            if not bare:
                raise _NotPlain  # the program name is a string or concatenation, not a word
            if word.isdigit() or "=" in word:
                raise NotModelled(f"program name {word!r}: tree-sitter reading not modelled")
        # expect_command is read only when no command is under way; the
        # operator or newline that ends this one sets it.
        current.append(word)
    if current:
        commands.append(current)
    elif expect_command and commands:
        raise _NotPlain  # a dangling `&&` `||` or `|`
    return commands


def plain_commands(script: str, rules: ScriptRules) -> list[list[str]] | None:
    """The argv of each command of a word-only script, or None if the release would refuse it."""
    try:
        return _commands(script, rules)
    except _NotPlain:
        return None
