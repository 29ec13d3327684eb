"""What a disagreement is about, coarse enough that one rule gives one signature.

Two inputs whose answers differ in the same fields, the same way, are
taken to show the same rule: the explorer shrinks one of them and writes
it, and the others are counted in its cluster.
"""

from __future__ import annotations

import re
from typing import Any

from codex_workshop.explorer import Response

_DIGITS = re.compile(r"\d+")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")


def _template(text: str) -> str:
    """A text's first line with numbers and quoted parts blanked: its message, not its values."""
    first = text.split("\n", 1)[0][:80]
    return _DIGITS.sub("#", _QUOTED.sub("…", first))


def _unix(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _how_texts_differ(release: Any, reference: Any) -> str:
    """Line ends only, the final newline only, white space only, or the content."""
    if not (isinstance(release, str) and isinstance(reference, str)):
        return "value"
    if _unix(release) == _unix(reference):
        return "eol"
    if release.rstrip("\r\n") == reference.rstrip("\r\n"):
        return "final-newline"
    if re.sub(r"\s", "", release) == re.sub(r"\s", "", reference):
        return "whitespace"
    return "content"


def _field(name: str, release: Any, reference: Any) -> str:
    if isinstance(release, bool | int) and isinstance(reference, bool | int):
        return f"{name}:{release}≠{reference}"
    if isinstance(release, str) and isinstance(reference, str):
        return f"{name}:{_template(release)!r}≠{_template(reference)!r}"
    if isinstance(release, dict) and isinstance(reference, dict):
        only_release = sorted(set(release) - set(reference))
        only_reference = sorted(set(reference) - set(release))
        changed = [key for key in release if key in reference and release[key] != reference[key]]
        parts = [
            f"+{len(only_release)}" if only_release else "",
            f"-{len(only_reference)}" if only_reference else "",
        ]
        how = sorted({_how_texts_differ(release[key], reference[key]) for key in changed})
        parts.append(f"~{'/'.join(how)}" if changed else "")
        return f"{name}:{''.join(parts)}"
    return f"{name}:{type(release).__name__}≠{type(reference).__name__}"


def signature(release: Response, reference: Response) -> str:
    if "result" in release and "result" in reference:
        mine, theirs = release["result"], reference["result"]
        if isinstance(mine, dict) and isinstance(theirs, dict):
            keys = list(dict.fromkeys([*mine, *theirs]))
            differing = [key for key in keys if mine.get(key) != theirs.get(key)]
            if not differing:
                return "key order"
            return " ".join(_field(key, mine.get(key), theirs.get(key)) for key in differing)
        return "result"
    kinds = [
        "result"
        if "result" in response
        else f"error:{response.get('error', {}).get('kind')}"
        if "error" in response
        else "unsupported"
        for response in (release, reference)
    ]
    return f"release {kinds[0]}, reference {kinds[1]}"
