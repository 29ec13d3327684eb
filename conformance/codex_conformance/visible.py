"""Characters a reader cannot see, or cannot tell from others, written as escapes in diffs.

A no-break space, a zero-width joiner or a Cyrillic ``o`` (U+043E) prints exactly
like a space, nothing or a Latin ``o``, so a diff line that differs only by
one of them shows two identical lines.  Changed lines of every diff, and
summary lines, write such characters as ``\\u00a0`` (``\\U0001f600`` above
the BMP; ``\\t`` and ``\\r`` for tab and carriage return), the form a JSON
or Python string literal would use.

What is escaped, and why:

- invisible: control characters other than the line feed the diff splits
  on (tab included: it looks like spaces), format characters (zero-width
  spaces and joiners, the BOM, bidirectional controls), every space
  separator but U+0020, line and paragraph separators, combining marks
  (they attach to the character before them), private-use and unassigned
  code points;
- look-alike: characters whose compatibility form is ASCII (fullwidth
  letters, the ``fi`` ligature U+FB01, superscript digits) and the Cyrillic and Greek
  letters that share their glyph with a Latin one (``CONFUSABLE_LETTERS``).

Other non-ASCII text (accents, CJK, emoji) stays as it is: escaping it
would make real text unreadable without making anything visible.
"""

from __future__ import annotations

import unicodedata

# Categories whose characters print as nothing, as blank, or on top of their neighbour.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "Me", "Co", "Cn", "Cs"})

# Cyrillic and Greek letters drawn like a Latin letter in common fonts (the
# "confusables" of Unicode TR 39 that are single letters of those scripts).
CONFUSABLE_LETTERS = frozenset(
    "\u0410\u0412\u0415\u0405\u0406\u0408\u041a\u041c\u041d\u041e"  # Cyrillic
    "\u0420\u0421\u0422\u0423\u0425\u0430\u0435\u04bb\u0456\u0458"  # Cyrillic
    "\u043e\u0455\u0440\u0441\u0443\u0445\u0501\u051b\u051d\u04cf"  # Cyrillic
    "\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f"  # Greek
    "\u03a1\u03a4\u03a5\u03a7\u03b1\u03bf\u03b9\u03bd"  # Greek
)


def needs_escape(character: str) -> bool:
    """Whether ``character`` is shown as an escape in a diff (see the module's docstring)."""
    if character == "\n":
        return False
    if character.isascii():
        return character != " " and unicodedata.category(character) == "Cc"
    if unicodedata.category(character) in _INVISIBLE_CATEGORIES or character in CONFUSABLE_LETTERS:
        return True
    compatible = unicodedata.normalize("NFKC", character)
    return compatible != character and compatible.isascii()


_SHORT_ESCAPES = {"\t": "\\t", "\r": "\\r"}


def escape(character: str) -> str:
    if character in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[character]
    code = ord(character)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def visible(text: str) -> str:
    """``text`` with every character a reader could not see or tell apart written as an escape."""
    if text.isascii() and text.isprintable():
        return text  # the common case, without a pass per character
    return "".join(escape(character) if needs_escape(character) else character for character in text)
