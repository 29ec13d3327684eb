"""An argv as the exec-policy refusal quotes it: words joined by spaces, quoted as a shell reads them.

The captures show bare words and words with spaces (single-quoted); the
reference declines any other character, whose quoting it cannot vouch for.
"""

from __future__ import annotations

import string

from codex_reference.errors import NotModelled

__all__ = ["shell_join"]

_BARE = frozenset(string.ascii_letters + string.digits + "-_./")
# Characters a single-quoted word may hold that the captures show (besides bare ones).
_QUOTABLE = _BARE | frozenset(" &>;|")


def _word(word: str) -> str:
    if word and set(word) <= _BARE:
        return word
    if word and set(word) <= _QUOTABLE:
        return f"'{word}'"
    raise NotModelled(f"quoting {word!r} in a refusal: not modelled")


def shell_join(argv: list[str]) -> str:
    return " ".join(_word(word) for word in argv)
