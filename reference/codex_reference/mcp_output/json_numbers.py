"""JSON read with every number's source text kept, and the two ways a release writes it back.

An MCP server's result reaches the release as JSON text.  0.25.0 parses
numbers into serde_json's u64/i64/f64 and prints them again (an f64 in
ryu's shortest form, ``1e2`` -> ``100.0``); 0.169.0 keeps the text of every
number (serde_json's ``arbitrary_precision``), only normalizing the
exponent marker (``1E400`` -> ``1e+400``).  So the reader keeps the text
and the writers decide.
"""

from __future__ import annotations

import json
import json.encoder
import math
import re
from collections.abc import Callable, Iterable

from codex_reference import collector
from codex_reference.json_types import JSON
from codex_reference.rustlib.serde_json_write import f64_text, json_string


class Number(str):
    """A JSON number, as the text it was written with."""


class NumberOutOfRange(ValueError):
    """serde_json rejects a number that does not fit an f64."""


class _Numbers(dict[str, Number]):
    """The ``Number`` of each text, made once: a repeated number is a lookup in C
    (a server's answer can hold millions of numbers, a Python call each made)."""

    def __missing__(self, text: str) -> Number:
        number = self[text] = Number(text)
        return number


def loads(text: str) -> JSON:
    """Parse JSON, keeping key order (last duplicate wins) and numbers as ``Number``."""
    number = _Numbers().__getitem__
    with collector.paused():  # millions of containers, none in a cycle
        return json.loads(text, parse_int=number, parse_float=number, parse_constant=_reject_constant)


def _reject_constant(name: str) -> JSON:
    raise ValueError(f"{name} is not JSON")


def dumps(value: JSON, number: Callable[[Number], str]) -> str:
    """Compact JSON in the value's own key order, numbers written by ``number`` (a value ``loads``
    read: its numbers are ``Number``s)."""
    texts: dict[str, str] = {}

    def literal(
        text: str,
        _number: type[Number] = Number,
        _string: Callable[[str], str] = json_string,
    ) -> str:
        # A Number is a str too: the encoder hands both here, and only the type tells
        # them apart.  (Called for every key and string: the names are bound once.)
        if text.__class__ is not _number:
            return _string(text)
        written = texts.get(text)
        if written is None:  # a repeated number is written once
            written = texts[text] = number(text)  # a Number, by its class
        return written

    # The json package's encoder walks the lists and objects (a server's answer can
    # hold millions of values: a walk in Python took seconds, issue #31) and hands
    # every string, keys included, to `literal`.
    with collector.paused():  # the encoder makes a tuple per key
        return "".join(_iterencode(literal)(value, 0))


def _not_json(value: object) -> JSON:
    raise TypeError(f"not JSON: {value!r}")


def _iterencode(literal: Callable[[str], str]) -> Callable[[JSON, int], Iterable[str]]:
    """The json package's compact encoder with ``literal`` for every string.

    Both makers are private to the package and unchanged since Python 3.2; the
    C one is absent only where the accelerator is, and the walk in Python
    writes the same text, slower.
    """
    make_c = getattr(json.encoder, "c_make_encoder", None)
    if make_c is not None:
        made: Callable[[JSON, int], Iterable[str]] = make_c(
            None, _not_json, literal, None, ":", ",", False, False, False
        )
        return made
    make_python = getattr(json.encoder, "_make_iterencode")  # noqa: B009  # absent from the type stubs
    walk: Callable[[JSON, int], Iterable[str]] = make_python(
        None, _not_json, literal, None, float.__repr__, ":", ",", False, False, False
    )
    return walk


_EXPONENT = re.compile(r"[eE]([+-]?)")


def kept_text(number: Number) -> str:
    """0.169.0: the source text, exponent marker written ``e+`` / ``e-``.

    An integer ``-0`` is read as the integer zero and written ``0`` (capture
    ``types-negative-zero``).
    """
    if str(number) == "-0":
        return "0"
    return _EXPONENT.sub(lambda m: "e" + (m.group(1) or "+"), str(number))


_U64_MAX = 2**64 - 1
_I64_MIN = -(2**63)


def serde_f64(number: Number) -> str:
    """0.25.0: integers that fit u64/i64 as integers, everything else as a ryu-printed f64.

    ``-0`` is an f64 too (serde_json reads a negative zero as -0.0: ``-0.0``).
    """
    text = str(number)
    # Over 20 digits an integer is past both u64 and i64 (and may be past the 4,300
    # digits Python converts): an f64.
    if not any(char in text for char in ".eE") and len(text.removeprefix("-").lstrip("0")) <= 20:
        value = int(text)
        negative_zero = value == 0 and text.startswith("-")
        if _I64_MIN <= value <= _U64_MAX and not negative_zero:
            return str(value)
    parsed = float(text)
    if math.isinf(parsed):
        raise NumberOutOfRange(text)
    return f64_text(parsed)
