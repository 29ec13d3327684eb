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
import math
import re
from collections.abc import Callable
from decimal import Decimal

from codex_reference.json_types import JSON


class Number(str):
    """A JSON number, as the text it was written with."""


class NumberOutOfRange(ValueError):
    """serde_json rejects a number that does not fit an f64."""


def loads(text: str) -> JSON:
    """Parse JSON, keeping key order (last duplicate wins) and numbers as ``Number``."""
    return json.loads(text, parse_int=Number, parse_float=Number, parse_constant=_reject_constant)


def _reject_constant(name: str) -> JSON:
    raise ValueError(f"{name} is not JSON")


def _string(value: str) -> str:
    # serde_json's escapes: \" \\ \n \r \t \b \f, other controls \u00xx; the rest raw.
    return json.dumps(value, ensure_ascii=False)


def dumps(value: JSON, number: Callable[[Number], str]) -> str:
    """Compact JSON in the value's own key order, numbers written by ``number``."""
    if isinstance(value, Number):
        return number(value)
    if isinstance(value, str):
        return _string(value)
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return number(Number(json.dumps(value)))
    if isinstance(value, list):
        return "[" + ",".join(dumps(item, number) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(_string(k) + ":" + dumps(v, number) for k, v in value.items()) + "}"
    raise TypeError(f"not JSON: {value!r}")


_EXPONENT = re.compile(r"[eE]([+-]?)")


def kept_text(number: Number) -> str:
    """0.169.0: the source text, exponent marker written ``e+`` / ``e-``."""
    return _EXPONENT.sub(lambda m: "e" + (m.group(1) or "+"), str(number))


_U64_MAX = 2**64 - 1
_I64_MIN = -(2**63)


def serde_f64(number: Number) -> str:
    """0.25.0: integers that fit u64/i64 as integers, everything else as a ryu-printed f64."""
    text = str(number)
    if not any(char in text for char in ".eE"):
        value = int(text)
        if _I64_MIN <= value <= _U64_MAX:
            return str(value)
    parsed = float(text)
    if math.isinf(parsed):
        raise NumberOutOfRange(text)
    return ryu(parsed)


def ryu(value: float) -> str:
    """An f64 as Rust's ryu prints it (serde_json's float form)."""
    if value == 0.0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    sign = "-" if value < 0 else ""
    # repr is the shortest round-trip form, the same digits ryu finds.
    exponent_tuple = Decimal(repr(abs(value))).normalize().as_tuple()
    digits = "".join(str(d) for d in exponent_tuple.digits)
    exponent = int(exponent_tuple.exponent)
    length = len(digits)
    point = length + exponent  # the decimal point's position in the digits
    if exponent >= 0 and point <= 16:
        body = digits + "0" * exponent + ".0"
    elif 0 < point <= 16:
        body = digits[:point] + "." + digits[point:]
    elif -5 < point <= 0:
        body = "0." + "0" * -point + digits
    elif length == 1:
        body = f"{digits}e{point - 1}"
    else:
        body = f"{digits[0]}.{digits[1:]}e{point - 1}"
    return sign + body
