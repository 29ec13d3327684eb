"""Rust string and number behaviours the exec output formats depend on."""

from __future__ import annotations

import json
import math
import struct


def rust_lines(text: str) -> list[str]:
    """``str::lines()``: splits on ``\\n`` only (a ``\\r`` before it is dropped); no
    empty last line after a final newline.  Python's ``splitlines`` also
    splits on ``\\r``, form feed, U+2028 and more."""
    if not text:
        return []
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return [part[:-1] if part.endswith("\r") else part for part in parts]


def take_bytes_at_char_boundary(text: str, max_bytes: int) -> str:
    """The longest prefix of at most ``max_bytes`` UTF-8 bytes that ends on a char boundary."""
    data = text.encode("utf-8")
    if len(data) <= max_bytes:
        return text
    return data[:max_bytes].decode("utf-8", errors="ignore")


def take_last_bytes_at_char_boundary(text: str, max_bytes: int) -> str:
    """The longest suffix of at most ``max_bytes`` UTF-8 bytes that starts on a char boundary."""
    data = text.encode("utf-8")
    if len(data) <= max_bytes:
        return text
    # errors="ignore" drops the continuation bytes of a character cut at the start.
    return data[len(data) - max_bytes :].decode("utf-8", errors="ignore") if max_bytes > 0 else ""


def json_string(text: str) -> str:
    """serde_json's string literal: like Python's with ``ensure_ascii=False``
    (named escapes, ``\\u00xx`` in lowercase for other controls, DEL and
    U+2028 left raw)."""
    return json.dumps(text, ensure_ascii=False)


def to_f32(value: float) -> float:
    result: float = struct.unpack("<f", struct.pack("<f", value))[0]
    return result


def round_half_away(value: float) -> float:
    """Rust ``f32::round``: halves away from zero (Python's ``round`` goes to even)."""
    return math.copysign(math.floor(abs(value) + 0.5), value)


def serde_f32(value: float) -> str:
    """An f32 as serde_json writes it: the shortest digits that read back as the
    same f32 (ryu), with ``.0`` on integral values."""
    value = to_f32(value)
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    digits = ""
    for precision in range(1, 10):
        digits = f"{value:.{precision}g}"
        if to_f32(float(digits)) == value:
            break
    if 1e-5 <= abs(value) < 1e16:
        text = f"{float(digits):f}".rstrip("0")
        return text + "0" if text.endswith(".") else text
    mantissa, exponent = f"{float(digits):e}".split("e")
    mantissa = mantissa.rstrip("0").rstrip(".")
    return f"{mantissa}e{int(exponent)}"
