"""JSON text of one message line, both ways, held to the kit's limits.

Every message that crosses a transport (and every in-process round trip,
so a Python adapter is held to the same rules) is encoded and decoded here.
``decode_line`` raises ``ProtocolError`` naming the problem; it never lets
``RecursionError``, ``ValueError`` or ``UnicodeDecodeError`` escape, and it
never returns NaN, an infinity or an integer past the digit limit.
"""

from __future__ import annotations

import json
import math
import re
import sys
from itertools import accumulate

from codex_conformance.connection.limits import DEFAULT_LIMITS, Limits
from codex_conformance.protocol import ProtocolError

QUOTED_CHARS = 300  # characters of an offending line quoted in an error message

# A JSON string, or the rest of the line if it never closes (a backslash at
# the very end included).  Every match attempt that starts at a quote
# succeeds, so skipping strings stays linear even on hostile input.
_STRING = re.compile(rb'"[^"\\]*(?:\\(?:.|\Z)[^"\\]*)*(?:"|\Z)', re.DOTALL)
_BRACKETS = b"[]{}"
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in _BRACKETS)
_DEPTH_STEP = [0] * 256
for _opener in b"[{":
    _DEPTH_STEP[_opener] = 1
for _closer in b"]}":
    _DEPTH_STEP[_closer] = -1


def quote(raw: bytes) -> str:
    """The start of a line for an error message, readable whatever its bytes."""
    shown = raw[:QUOTED_CHARS].decode("utf-8", errors="replace")
    return repr(shown) + (f" ... ({len(raw):,} bytes)" if len(raw) > QUOTED_CHARS else "")


def nesting_depth(raw: bytes) -> int:
    """How deep arrays and objects nest in the JSON text ``raw``, in linear time at C speed."""
    skeleton = _STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_DEPTH_STEP.__getitem__, skeleton)), default=0)


def encode_line(message: object, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """One message as a line (``limits`` only words the errors as ``decode_line`` would).

    ASCII only: a lone surrogate in a string (valid in a Python str, not in
    UTF-8) becomes a ``\\ud800`` escape instead of a ``UnicodeEncodeError``.
    """
    try:
        text = json.dumps(message, ensure_ascii=True, allow_nan=False)
    except RecursionError:
        raise ProtocolError(f"nested deeper than the limit of {limits.max_depth} levels") from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # Python's own cap on int -> str
            raise ProtocolError(
                f"an integer of more than {sys.get_int_max_str_digits():,} digits "
                f"(the limit is {limits.max_int_digits:,} digits)"
            ) from None
        raise ProtocolError(f"not representable as JSON: {exc}") from None
    except TypeError as exc:
        raise ProtocolError(f"not representable as JSON: {exc}") from None
    return text.encode("ascii") + b"\n"


class _Numbers:
    """``json.loads`` hooks that refuse what the protocol refuses, with a reason."""

    def __init__(self, limits: Limits) -> None:
        self._max_digits = limits.max_int_digits

    def integer(self, text: str) -> int:
        digits = len(text) - text.startswith("-")
        if digits > self._max_digits:
            raise ProtocolError(
                f"an integer of {digits:,} digits (the limit is {self._max_digits:,} digits): {text[:20]}..."
            )
        try:
            return int(text)
        except ValueError as exc:  # sys.set_int_max_str_digits set lower than our limit
            raise ProtocolError(f"an integer Python refuses to read: {exc}") from None

    @staticmethod
    def floating(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            raise ProtocolError(f"a number out of range: {text[:40]}")
        return value

    @staticmethod
    def constant(name: str) -> object:
        raise ProtocolError(f"{name} is not JSON (NaN and Infinity are refused)")


def decode_line(raw: bytes, limits: Limits = DEFAULT_LIMITS) -> object:
    """The JSON value on one line (without its newline), or ``ProtocolError`` saying what is wrong."""
    if len(raw) > limits.max_line_bytes:
        raise ProtocolError(
            f"a line of {len(raw):,} bytes, over the limit of {limits.max_line_bytes:,} bytes per line"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtocolError(f"not UTF-8 ({exc.reason} at byte {exc.start}): {quote(raw)}") from None
    numbers = _Numbers(limits)
    try:
        value = json.loads(
            text, parse_int=numbers.integer, parse_float=numbers.floating, parse_constant=numbers.constant
        )
    except RecursionError:
        # The decoder recurses per level; past Python's limit it gives up
        # cleanly, which is already far deeper than allowed.
        raise ProtocolError(f"nested deeper than the limit of {limits.max_depth} levels") from None
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"not a JSON line ({exc}): {quote(raw)}") from None
    # Counting brackets is nearly free and settles almost every line; only a
    # line with more brackets than the limit needs its depth measured.
    if raw.count(b"[") + raw.count(b"{") > limits.max_depth and nesting_depth(raw) > limits.max_depth:
        raise ProtocolError(f"nested deeper than the limit of {limits.max_depth} levels")
    return value
