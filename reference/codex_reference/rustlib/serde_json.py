"""serde_json 1.x's ``from_str`` errors, as the releases build it (DISPATCH-ARGS-1, SKILLS-ARGS-1).

The releases parse a call's ``arguments`` with ``serde_json::from_str`` into
the handler's argument struct and write back the error's Display (after
``failed to parse function arguments: `` in dispatch; alone in the skills
tools).  This module is a model of that parse:
a byte-level reader with serde_json's error categories and positions, driven
by a small description of the target type (``Shape``), so that type errors
(``invalid type: …, expected …``, ``missing field …``, ``unknown variant …``)
come out where serde puts them.

Positions follow serde_json's reader: line is 1 + the newlines before the
position, column the bytes since the last newline.  An error "at" the byte
just read uses the current index; one "at" a byte only peeked uses the index
plus one (capped at the input's length).  Errors a visitor raises carry no
position; the innermost enclosing ``deserialize_*`` gives them the current
index when it returns.

What is not modelled raises ``NotModelled``: a struct given as an array past
the fields modelled (or reaching a field whose serde default is not known),
type errors on strings that are not plain ASCII, and a parse that succeeds
with a value for a declined field (its type is read, its effect on the run
is not modelled: Shape.declined).

serde_json's recursion limit (128 arrays and objects entered through typed
deserializers) is left out: no argument type of the releases' handlers
nests typed containers more than three deep (update_plan's plan, a list of
structs), and values skipped as unknown fields are read by ``ignore_value``,
which has no limit, so no call's arguments can reach it.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from codex_reference.errors import NotModelled
from codex_reference.rustlib.serde_json_write import f64_text
from codex_reference.rustlib.strings import debug_str

__all__ = ["SerdeError", "Shape", "check_syntax", "from_str"]

_WHITESPACE = b" \n\t\r"
_WHITESPACE_RUN = re.compile(rb"[ \n\t\r]*")
# A run of a string's content serde_json reads without an error: bytes that are
# no quote, backslash or control byte, escapes of no surrogate, and a leading
# surrogate's escape followed by a trailing one's (one code point, as json.loads
# reads the pair too).  A lone surrogate's escape is left to the loop.
_READS_CLEAN = re.compile(
    rb'(?:[^"\\\x00-\x1f]+|\\["\\/bfnrt]|\\u(?![dD][89a-fA-F])[0-9a-fA-F]{4}'
    rb"|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2})*"
)
# The same when the content is only skipped (ignore_str): every \uXXXX reads clean.
_SKIPS_CLEAN = re.compile(rb'(?:[^"\\\x00-\x1f]+|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*')


class SerdeError(Exception):
    """One serde_json error: its message and, once known, line and column."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def __str__(self) -> str:
        # Only placed errors are shown: from_str and check_syntax place every
        # error before it leaves them (fix), so line and column are known here.
        return f"{self.message} at line {self.line} column {self.column}"


@dataclass(frozen=True)
class Shape:
    """The Rust type a value deserializes into, as far as its errors show.

    kind: ``struct``, ``seq``, ``string``, ``u64``, ``u32``, ``bool``, ``option``,
    ``enum``.
    ``expecting`` is what serde names the type in ``invalid type``
    errors (``a string``, ``a sequence``, ``u64``, ``struct Name``).
    """

    kind: str
    expecting: str = ""
    # struct: fields in declaration order, name → shape; aliases → field name.
    fields: tuple[tuple[str, Shape], ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()
    # struct: keys that are not fields: "ignore" (serde's default) or "deny"
    # (deny_unknown_fields).  Keys in `declined` are fields whose type is not
    # known well enough to model: reaching one raises NotModelled.  A declined
    # key that is also in `fields` has a known type but an effect the model
    # does not run: its value is read (so a wrong type fails where serde
    # fails), and a parse that then succeeds raises NotModelled.
    others: str = "ignore"
    declined: frozenset[str] = frozenset()
    item: Shape | None = None  # seq element, option content
    variants: tuple[str, ...] = ()  # enum of unit variants
    required: frozenset[str] = field(default_factory=frozenset)
    # struct read from a JSON array: the fields with `#[serde(default)]`,
    # which a short array may leave out (None: not known; an Option field is
    # no such field unless named here).
    defaulted: frozenset[str] | None = None
    # struct: how many fields it has, where `fields` does not list them all
    # (None: `fields` does; a struct with `declined` keys must say).
    field_count: int | None = None


# The characters whose Debug form no case shows: unassigned in Python's Unicode tables (the
# releases' Rust may know them), private use, and marks whose grapheme-extend property the
# general category does not settle.
_DEBUG_UNCAPTURED = frozenset({"Cn", "Co", "Mc", "Me"})


def rust_debug_str(text: str) -> str:
    """A str as Rust's ``{:?}`` prints it: printable characters as they are, controls, format
    characters, separators but the space and combining marks as ``\\u{hex}``, wherever they
    stand (captured: dispatch serde-debug-non-ascii-*, serde-debug-combining-first-*)."""
    if not text.isascii() and any(unicodedata.category(char) in _DEBUG_UNCAPTURED for char in text):
        raise NotModelled(
            "serde's Debug text of unassigned, private-use and spacing-mark characters is not modelled"
        )
    return debug_str(text)


@dataclass
class _Number:
    kind: str  # "u64", "i64", "f64", "number" (arbitrary_precision, neither integer)
    value: float | int

    def unexpected(self) -> str:
        if self.kind == "number":
            return "number"
        if self.kind == "f64":
            return f"floating point `{f64_text(float(self.value))}`"
        return f"integer `{self.value}`"


_U64_MAX = 2**64 - 1
_I32_MAX = 2**31 - 1
_U32_MAX = 2**32 - 1


# serde_json's POW10 table: each power as its literal (correctly rounded), not as pow() computes it.
def _at_most(digits: str, limit: int) -> bool:
    """Whether an integer's digits (no sign, no leading zero) are at most ``limit``.

    Counted before converted: Python refuses to convert over 4,300 digits, and
    nothing longer than ``limit`` can be at most it.
    """
    return len(digits) <= len(str(limit)) and int(digits) <= limit


_POW10 = [float(f"1e{power}") for power in range(309)]


def f64_without_roundtrip(text: str) -> tuple[float | None, int | None]:
    """A number's f64 as serde_json reads it without its ``float_roundtrip``
    feature: (value, None), or (None, where it stopped) when out of range.

    Not correctly rounded: the digits go into a u64 until the next one would
    overflow it (an integer's later digits each add one to the exponent, a
    fraction's are dropped), and that u64, as f64, is multiplied or divided
    by a power of ten, in steps of 1e308 beyond it.  So
    ``23456789012345678901`` reads as 2.3456789012345676e19, not ...68e19.
    """
    mantissa, _, exponent_text = text.lower().partition("e")
    whole, _, fraction = mantissa.partition(".")
    significand = 0
    exponent = 0
    long_integer = False
    for digit in whole:
        if long_integer or significand * 10 + int(digit) > _U64_MAX:
            long_integer = True
            exponent += 1
        else:
            significand = significand * 10 + int(digit)
    for digit in fraction:
        if significand * 10 + int(digit) > _U64_MAX:
            break  # the rest of the fraction is ignored
        significand = significand * 10 + int(digit)
        exponent -= 1
    if exponent_text:
        negative = exponent_text.startswith("-")
        digits = exponent_text.lstrip("+-")
        value = 0
        for index, digit in enumerate(digits):
            if value * 10 + int(digit) > _I32_MAX:
                if significand and not negative:
                    return None, len(text) - len(digits) + index + 1
                return 0.0, None
            value = value * 10 + int(digit)
        exponent = max(exponent - value, -(2**31)) if negative else min(exponent + value, _I32_MAX)
    number = float(significand)
    while True:
        if abs(exponent) <= 308:
            if exponent >= 0:
                number *= _POW10[exponent]
                if math.isinf(number):
                    return None, None
            else:
                number /= _POW10[-exponent]
            return number, None
        if number == 0.0:
            return number, None
        if exponent >= 0:
            return None, None
        number /= 1e308
        exponent += 308


class _Reader:
    def __init__(self, text: str, arbitrary_precision: bool) -> None:
        self.arbitrary_precision = arbitrary_precision
        self.f64_numbers = False  # check_syntax: numbers read as f64s, not skipped
        # Declined fields read with their type (Shape.declined): declined once the parse succeeds.
        self.unmodelled: list[str] = []
        self.data = text.encode("utf-8")
        self.index = 0

    # -- positions ---------------------------------------------------------
    def _position(self, index: int) -> tuple[int, int]:
        start = self.data.rfind(b"\n", 0, index) + 1
        return 1 + self.data.count(b"\n", 0, start), index - start

    def error(self, message: str) -> SerdeError:
        return SerdeError(message, *self._position(self.index))

    def peek_error(self, message: str) -> SerdeError:
        return SerdeError(message, *self._position(min(len(self.data), self.index + 1)))

    def fix(self, err: SerdeError) -> SerdeError:
        if err.line == 0:
            err.line, err.column = self._position(self.index)
        return err

    # -- bytes ---------------------------------------------------------------
    def peek(self) -> int | None:
        return self.data[self.index] if self.index < len(self.data) else None

    def peek_or_null(self) -> int:
        byte = self.peek()
        return 0 if byte is None else byte

    def next(self) -> int | None:
        byte = self.peek()
        if byte is not None:
            self.index += 1
        return byte

    def whitespace(self) -> int | None:
        match = _WHITESPACE_RUN.match(self.data, self.index)
        assert match is not None  # it matches the empty run too
        self.index = match.end()
        return self.peek()

    # -- scalars ---------------------------------------------------------------
    def _struct_from_seq(self, shape: Shape) -> dict[str, object]:
        """A struct given as a JSON array: serde's derived visit_seq reads the fields in
        declaration order, one element each; at the array's end a field with
        `#[serde(default)]` takes its default and any other is ``invalid length I,
        expected struct X with N elements`` (I its index, N every field).  serde_json
        then ends the array (end_seq: an element left over is ``trailing characters``)
        even after the visitor failed, and places an error the visitor raised
        unplaced after that (captured: host_tools read-arguments-array, dispatch
        serde-empty-array-*, serde-array-*)."""
        result: dict[str, object] = {}
        self.index += 1
        try:
            self._visit_fields_in_order(shape, result)
        except SerdeError as err:
            self._end_seq_quietly()
            raise self.fix(err) from None
        self._end_seq()
        return result

    def _visit_fields_in_order(self, shape: Shape, result: dict[str, object]) -> None:
        names = [name for name, _ in shape.fields]
        count = shape.field_count if shape.field_count is not None else len(names)
        first = True
        for index, (name, field_shape) in enumerate(shape.fields):
            if self._next_element(first):
                first = False
                result[name] = self.value(field_shape)
                self._note_if_declined(shape, name)
                continue
            if shape.defaulted is not None and name in shape.defaulted:
                continue
            if name not in shape.required and shape.defaulted is None:
                raise NotModelled("whether a struct's field has a serde default is not known")
            elements = "element" if count == 1 else "elements"
            raise SerdeError(f"invalid length {index}, expected {shape.expecting} with {count} {elements}")
        if len(names) < count and self._next_element(first):
            # The fields `fields` leaves out are not known in their order or type.
            raise NotModelled("a struct's fields past those modelled, given as an array")
        if shape.declined and shape.field_count is None:
            raise NotModelled("how many fields a struct with declined keys has is not known")

    def _note_if_declined(self, shape: Shape, name: str) -> None:
        if name in shape.declined:
            self.unmodelled.append(name)

    def _next_element(self, first: bool) -> bool:
        """SeqAccess::next_element: whether an element follows (the reader then at its first byte)."""
        peek = self.whitespace()
        if peek == b"]"[0]:
            return False
        if peek is None:
            raise self.peek_error("EOF while parsing a list")
        if not first:
            if peek != b","[0]:
                raise self.peek_error("expected `,` or `]`")
            self.index += 1
            peek = self.whitespace()
            if peek == b"]"[0]:
                raise self.peek_error("trailing comma")
            if peek is None:
                raise self.peek_error("EOF while parsing a value")
        return True

    def _end_seq(self) -> None:
        """serde_json's end_seq after a struct's visit_seq."""
        peek = self.whitespace()
        if peek == b"]"[0]:
            self.index += 1
            return
        if peek is None:
            raise self.peek_error("EOF while parsing a list")
        if peek == b","[0]:
            self.index += 1
            if self.whitespace() == b"]"[0]:
                raise self.peek_error("trailing comma")
        raise self.peek_error("trailing characters")

    def _end_seq_quietly(self) -> None:
        """end_seq after a failed visit: its error loses to the visitor's, its reading stays."""
        with contextlib.suppress(SerdeError):
            self._end_seq()

    def ident(self, rest: bytes) -> None:
        for expected in rest:
            byte = self.next()
            if byte is None:
                raise self.error("EOF while parsing a value")
            if byte != expected:
                raise self.error("expected ident")

    def _hex4(self) -> int:
        chunk = self.data[self.index : self.index + 4]
        if len(chunk) < 4:
            self.index = len(self.data)
            raise self.error("EOF while parsing a string")
        self.index += 4
        try:
            if not all(c in b"0123456789abcdefABCDEF" for c in chunk):
                raise ValueError
            return int(chunk, 16)
        except ValueError:
            raise self.error("invalid escape") from None

    def _next_or_eof(self) -> int:
        byte = self.next()
        if byte is None:
            raise self.error("EOF while parsing a string")
        return byte

    def _peek_or_eof(self) -> int:
        byte = self.peek()
        if byte is None:
            raise self.error("EOF while parsing a string")
        return byte

    def _escape(self, out: list[str], validate: bool) -> None:
        byte = self._next_or_eof()
        simple = {b'"'[0]: '"', b"\\"[0]: "\\", b"/"[0]: "/", b"b"[0]: "\b", b"f"[0]: "\f"}
        simple.update({b"n"[0]: "\n", b"r"[0]: "\r", b"t"[0]: "\t"})
        if byte in simple:
            out.append(simple[byte])
            return
        if byte != b"u"[0]:
            raise self.error("invalid escape")
        code = self._hex4()
        if not validate:
            return
        if 0xDC00 <= code <= 0xDFFF:
            # serde_json names a lone trailing surrogate this way too.
            raise self.error("lone leading surrogate in hex escape")
        if not 0xD800 <= code <= 0xDBFF:
            out.append(chr(code))
            return
        for expected in b"\\u":
            if self._peek_or_eof() != expected:
                self.index += 1
                raise self.error("unexpected end of hex escape")
            self.index += 1
        low = self._hex4()
        if not 0xDC00 <= low <= 0xDFFF:
            raise self.error("lone leading surrogate in hex escape")
        out.append(chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)))

    def string(self, validate: bool = True) -> str:
        """After the opening quote: the string's content (parse_str / ignore_str)."""
        out: list[str] = []
        start = self.index
        while True:
            # What reads without an error is read at once (a megabyte of escapes is
            # a megabyte of work in C, not a step each); the loop below reads the rest.
            run = (_READS_CLEAN if validate else _SKIPS_CLEAN).match(self.data, self.index)
            if run is not None and run.end() > self.index:
                if validate:
                    out.append(json.loads('"' + run.group().decode("utf-8") + '"'))
                self.index = start = run.end()
            while (
                self.index < len(self.data)
                and self.data[self.index] not in b'"\\'
                and self.data[self.index] >= 0x20
            ):
                self.index += 1
            if self.index == len(self.data):
                raise self.error("EOF while parsing a string")
            byte = self.data[self.index]
            out.append(self.data[start : self.index].decode("utf-8"))
            if byte == b'"'[0]:
                self.index += 1
                return "".join(out)
            if byte == b"\\"[0]:
                self.index += 1
                self._escape(out, validate)
                start = self.index
                continue
            if validate:
                self.index += 1  # parse_str counts the control byte as read
            raise self.error("control character (\\u0000-\\u001F) found while parsing a string")

    def integer(self, positive: bool, scan: bool) -> _Number:
        """parse_integer (scan: arbitrary_precision's scan_integer): a number after its '-'."""
        byte = self.next()
        if byte is None:
            raise self.error("EOF while parsing a value")
        if byte == b"0"[0]:
            if b"0"[0] <= self.peek_or_null() <= b"9"[0]:
                raise self.peek_error("invalid number")
        elif not b"1"[0] <= byte <= b"9"[0]:
            raise self.error("invalid number")
        start = self.index - 1
        while b"0"[0] <= self.peek_or_null() <= b"9"[0]:
            self.index += 1
        is_float = False
        if self.peek_or_null() == b"."[0]:
            is_float = True
            self.index += 1
            digits = 0
            while b"0"[0] <= self.peek_or_null() <= b"9"[0]:
                self.index += 1
                digits += 1
            if digits == 0:
                if self.peek() is None:
                    raise self.peek_error("EOF while parsing a value")
                raise self.peek_error("invalid number")
        if self.peek_or_null() in b"eE":
            is_float = True
            self.index += 1
            if self.peek_or_null() in b"+-":
                self.index += 1
            byte = self.next()
            if byte is None:
                raise self.error("EOF while parsing a value")
            if not b"0"[0] <= byte <= b"9"[0]:
                raise self.error("invalid number")
            while b"0"[0] <= self.peek_or_null() <= b"9"[0]:
                self.index += 1
        text = self.data[start : self.index].decode("ascii")
        if scan:
            # arbitrary_precision keeps the text: an integer if it fits, else "number".
            if not is_float and _at_most(text, 2**64 - 1 if positive else 2**63):
                return _Number("u64" if positive else "i64", int(text) if positive else -int(text))
            return _Number("number", 0)
        if not is_float and _at_most(text, 2**64 - 1 if positive else 2**63):
            magnitude = int(text)
            if positive:
                return _Number("u64", magnitude)
            if not positive and 0 < magnitude <= 2**63:
                return _Number("i64", -magnitude)
        # `-0` and integers beyond i64/u64 read as f64 (`-0` as -0.0).
        value, failed_at = f64_without_roundtrip(text)
        if value is None:
            self.index = start + (len(text) if failed_at is None else failed_at)
            raise self.error("number out of range")
        return _Number("f64", value if positive else -value)

    def number(self, scan: bool = False) -> _Number:
        if self.peek() == b"-"[0]:
            self.index += 1
            return self.integer(False, scan)
        return self.integer(True, scan)

    # -- ignore_value -----------------------------------------------------------
    def _ignore_number(self) -> None:
        byte = self.next()
        if byte == b"0"[0]:
            if b"0"[0] <= self.peek_or_null() <= b"9"[0]:
                raise self.peek_error("invalid number")
        elif byte is not None and b"1"[0] <= byte <= b"9"[0]:
            while b"0"[0] <= self.peek_or_null() <= b"9"[0]:
                self.index += 1
        else:
            raise self.error("invalid number")
        if self.peek_or_null() == b"."[0]:
            self.index += 1
            digits = 0
            while b"0"[0] <= self.peek_or_null() <= b"9"[0]:
                self.index += 1
                digits += 1
            if digits == 0:
                raise self.peek_error("invalid number")
        if self.peek_or_null() in b"eE":
            self.index += 1
            if self.peek_or_null() in b"+-":
                self.index += 1
            byte = self.next()
            if byte is None or not b"0"[0] <= byte <= b"9"[0]:
                raise self.error("invalid number")
            while b"0"[0] <= self.peek_or_null() <= b"9"[0]:
                self.index += 1

    def _ignore_head(self) -> int | None:
        """One value's head: a scalar skipped whole (None), or the `[`/`{` opened."""
        peek = self._head()
        self.index += 1
        if peek in b"ntf":
            self.ident({b"n"[0]: b"ull", b"t"[0]: b"rue", b"f"[0]: b"alse"}[peek])
        elif peek == b"-"[0] and not self.f64_numbers:
            self._ignore_number()
        elif peek == b"-"[0] or b"0"[0] <= peek <= b"9"[0]:
            self.index -= 1
            if self.f64_numbers:
                self.number()  # a Value's own read: past f64 is "number out of range"
            else:
                self._ignore_number()
        elif peek == b'"'[0]:
            self.string(validate=False)
        elif peek in b"[{":
            return peek
        else:
            self.index -= 1
            raise self.peek_error("expected value")
        return None

    def _ignore_key(self) -> None:
        """Inside an object being skipped: the next key and its colon."""
        byte = self.whitespace()
        if byte is None:
            raise self.peek_error("EOF while parsing an object")
        if byte != b'"'[0]:
            raise self.peek_error("key must be a string")
        self.index += 1
        self.string(validate=False)
        self._colon()

    def _ignore_close(self, current: int, accept_comma: bool, stack: list[int]) -> int | None:
        """After a value: close what ends here; the container the next value is in."""
        while True:
            byte = self.whitespace()
            if byte == b","[0] and accept_comma:
                self.index += 1
                return current
            if (byte == b"]"[0] and current == b"["[0]) or (byte == b"}"[0] and current == b"{"[0]):
                self.index += 1
                if not stack:
                    return None
                current = stack.pop()
                accept_comma = True
                continue
            if byte is None:
                raise self.peek_error(
                    "EOF while parsing a list" if current == b"["[0] else "EOF while parsing an object"
                )
            if accept_comma:
                raise self.peek_error("expected `,` or `]`" if current == b"["[0] else "expected `,` or `}`")
            return current

    def ignore_value(self) -> None:
        """Skip one value as serde_json's ignore_value does (no depth limit)."""
        stack: list[int] = []
        enclosing: int | None = None
        while True:
            frame = self._ignore_head()
            if frame is not None:
                if enclosing is not None:
                    stack.append(enclosing)
                current, accept_comma = frame, False
            elif enclosing is not None:
                current, accept_comma = enclosing, True
            else:
                return
            enclosing = self._ignore_close(current, accept_comma, stack)
            if enclosing is None:
                return
            if enclosing == b"{"[0]:
                self._ignore_key()

    # -- typed deserialization ------------------------------------------------------
    def _invalid_type(self, expecting: str) -> SerdeError:
        """peek_invalid_type: consume the value's head, name what it is."""
        peek = self.peek_or_null()
        if peek in b"ntf":
            self.index += 1
            rest, what = {
                b"n"[0]: (b"ull", "null"),
                b"t"[0]: (b"rue", "boolean `true`"),
                b"f"[0]: (b"alse", "boolean `false`"),
            }[peek]
            self.ident(rest)
        elif peek == b"-"[0] or b"0"[0] <= peek <= b"9"[0]:
            what = self.number(scan=self.arbitrary_precision).unexpected()
        elif peek == b'"'[0]:
            self.index += 1
            what = "string " + rust_debug_str(self.string())
        elif peek == b"["[0]:
            what = "sequence"
        elif peek == b"{"[0]:
            what = "map"
        else:
            raise self.peek_error("expected value")
        return self.fix(SerdeError(f"invalid type: {what}, expected {expecting}"))

    def _head(self) -> int:
        peek = self.whitespace()
        if peek is None:
            raise self.peek_error("EOF while parsing a value")
        return peek

    def _container(self, visit: Callable[[], None], close: int) -> None:
        """The `[`/`{` arm: visit, then serde_json's end_seq/end_map, which eats the
        closing bracket even after the visitor failed (the error's position, fixed
        later, then falls after it).

        end_seq/end_map's own errors (trailing comma, trailing characters, EOF)
        lose to the visitor's, so they show only after a visitor that returns
        before the bracket: a tuple or a struct from a non-empty array, neither
        modelled (an enum given as an object checks its own end: _enum_from_map).
        The visitors modelled here read to the bracket or fail, so eating it is
        all that is left of the end.
        """
        self.index += 1
        try:
            visit()
        finally:
            if self.whitespace() == close:
                self.index += 1

    def value(self, shape: Shape) -> object:
        kind = shape.kind
        if kind == "option":
            assert shape.item is not None
            if self.whitespace() == b"n"[0]:
                self.index += 1
                self.ident(b"ull")
                return None
            return self.value(shape.item)
        if kind == "enum":
            return self._enum(shape)
        peek = self._head()
        try:
            if kind == "string":
                if peek != b'"'[0]:
                    raise self._invalid_type(shape.expecting or "a string")
                self.index += 1
                return self.string()
            if kind == "bool":
                if peek in (b"t"[0], b"f"[0]):
                    self.index += 1
                    self.ident(b"rue" if peek == b"t"[0] else b"alse")
                    return peek == b"t"[0]
                raise self._invalid_type("a boolean")
            if kind in ("u64", "u32"):
                # usize reads as u64 and names itself (HOST-ARGS-1); a u32 past its
                # range is an invalid value (0.25.0's session id: write-stdin-session-id-*).
                expecting = shape.expecting or kind
                if peek == b"-"[0] or b"0"[0] <= peek <= b"9"[0]:
                    number = self.number()
                    if number.kind == "u64" and (kind == "u64" or int(number.value) <= _U32_MAX):
                        return number.value
                    if number.kind == "u64":
                        raise SerdeError(f"invalid value: {number.unexpected()}, expected {expecting}")
                    if number.kind == "i64":
                        raise SerdeError(f"invalid value: {number.unexpected()}, expected {expecting}")
                    raise SerdeError(f"invalid type: {number.unexpected()}, expected {expecting}")
                raise self._invalid_type(expecting)
            if kind == "seq":
                if peek != b"["[0]:
                    raise self._invalid_type(shape.expecting or "a sequence")
                items: list[object] = []
                self._container(lambda: self._visit_seq(shape, items), b"]"[0])
                return items
            if kind == "struct":
                if peek == b"["[0]:
                    return self._struct_from_seq(shape)
                if peek != b"{"[0]:
                    raise self._invalid_type(shape.expecting)
                result: dict[str, object] = {}
                self._container(lambda: self._visit_struct(shape, result), b"}"[0])
                return result
        except SerdeError as err:
            raise self.fix(err) from None
        raise NotModelled(f"values of kind {kind!r} are not modelled")

    def _elements(self, close: int, eof: str) -> Iterator[int]:
        """The first byte of each element of a seq (``close`` is ``]``) or a map
        (``}``), the commas between them checked (has_next_element / has_next_key)."""
        first = True
        while True:
            peek = self.whitespace()
            if peek is None:
                raise self.peek_error(eof)
            if peek == close:
                return
            if not first:
                if peek != b","[0]:
                    raise self.peek_error(f"expected `,` or `{chr(close)}`")
                self.index += 1
                peek = self.whitespace()
                if peek == close:
                    raise self.peek_error("trailing comma")
                if peek is None:
                    raise self.peek_error("EOF while parsing a value")
            first = False
            yield peek

    def _visit_seq(self, shape: Shape, items: list[object]) -> None:
        assert shape.item is not None
        for _ in self._elements(b"]"[0], "EOF while parsing a list"):
            items.append(self.value(shape.item))

    def _key(self) -> str:
        """MapKey: the key string (the opening quote was peeked)."""
        self.index += 1
        return self.string()

    def _visit_struct(self, shape: Shape, result: dict[str, object]) -> None:
        fields = dict(shape.fields)
        aliases = dict(shape.aliases)
        for peek in self._elements(b"}"[0], "EOF while parsing an object"):
            if peek != b'"'[0]:
                raise self.peek_error("key must be a string")
            key = self._key()
            name = aliases.get(key, key)
            if name in fields:
                if name in result:
                    raise SerdeError(f"duplicate field `{name}`")
            elif key in shape.declined:
                raise NotModelled(f"the type of argument field {key!r} is not modelled")
            elif shape.others == "deny":
                raise SerdeError(f"unknown field `{key}`, {_expected_fields(shape)}")
            self._colon()
            if name in fields:
                result[name] = self.value(fields[name])
                self._note_if_declined(shape, name)
            else:
                self.ignore_value()
        for name, _ in shape.fields:
            if name in shape.required and name not in result:
                raise SerdeError(f"missing field `{name}`")

    def _colon(self) -> None:
        byte = self.whitespace()
        if byte == b":"[0]:
            self.index += 1
            return
        if byte is None:
            raise self.peek_error("EOF while parsing an object")
        raise self.peek_error("expected `:`")

    def _enum(self, shape: Shape) -> object:
        peek = self._head()
        if peek == b"{"[0]:
            return self._enum_from_map(shape)
        if peek != b'"'[0]:
            raise self.peek_error("expected value")
        self.index += 1
        return self._variant(shape)

    def _variant(self, shape: Shape) -> str:
        """The variant named by the string whose opening quote was read."""
        name = self.string()
        if name not in shape.variants:
            expected = _one_of([f"`{variant}`" for variant in shape.variants])
            raise self.fix(SerdeError(f"unknown variant `{name}`, {expected}"))
        return name

    def _enum_from_map(self, shape: Shape) -> object:
        """An enum given as a JSON object, serde's externally tagged form `{"variant": null}`
        (every variant modelled is a unit variant): the key is read as the variant's
        identifier, its value as `()`, then the object must close; a second key is
        `expected value` where it starts (captured: dispatch serde-plan-status-object-*)."""
        self.index += 1
        peek = self.whitespace()
        if peek is None:
            raise self.peek_error("EOF while parsing a value")
        if peek != b'"'[0]:
            raise self._invalid_type("variant identifier")
        self.index += 1
        name = self._variant(shape)
        self._colon()
        if self._head() != b"n"[0]:
            raise self._invalid_type("unit")
        self.index += 1
        self.ident(b"ull")
        close = self.whitespace()
        if close != b"}"[0]:
            raise self.error("EOF while parsing an object" if close is None else "expected value")
        self.index += 1
        return name


def _expected_fields(shape: Shape) -> str:
    return _one_of([f"`{name}`" for name, _ in shape.fields])


def _one_of(names: list[str]) -> str:
    """serde's ``OneOf``: two names joined by ``or``, more listed (HOST-ARGS-1).
    Every enum and every struct denying unknown fields that the releases'
    handlers declare has two or more (serde's forms for none and for one are
    never reached, so they are left out)."""
    if len(names) == 2:
        return f"expected {names[0]} or {names[1]}"
    return "expected one of " + ", ".join(names)


def from_str(text: str, shape: Shape, arbitrary_precision: bool = False) -> object:
    """``serde_json::from_str`` into ``shape``: the value, or ``SerdeError``.

    ``arbitrary_precision``: serde_json built with that feature (numbers read
    where another type is expected are named ``number`` unless integers).
    """
    reader = _Reader(text, arbitrary_precision)
    value = reader.value(shape)
    if reader.whitespace() is not None:
        raise reader.peek_error("trailing characters")
    if reader.unmodelled:
        raise NotModelled(f"the effect of argument field {reader.unmodelled[0]!r} on the run is not modelled")
    return value


def check_syntax(text: str, f64_numbers: bool = False) -> None:
    """``serde_json::from_str::<Value>``'s syntax errors (``SerdeError``), or None.

    A ``Value`` takes any JSON, so only syntax can fail, and it fails where
    skipping the value fails (``ignore_value``), with differences left
    unmodelled: a ``Value`` names a trailing comma (a skip calls it a key
    that is no string) and nests at most 128 deep.  ``f64_numbers``: the
    numbers are read as serde_json without ``arbitrary_precision`` reads
    them, so one beyond an f64 is ``number out of range`` (captured:
    mcp_output list-server-past-f64); without it they are only skipped.
    """
    reader = _Reader(text, arbitrary_precision=False)
    reader.f64_numbers = f64_numbers
    try:
        reader.ignore_value()
        if reader.whitespace() is not None:
            raise reader.peek_error("trailing characters")
    except SerdeError:
        if _TRAILING_COMMA.search(text):
            raise NotModelled("a Value's trailing-comma error is not modelled") from None
        raise


_TRAILING_COMMA = re.compile(r",[ \t\n\r]*[}\]]")
