"""Turn an observed output into an expected value that tolerates only what varies.

A release's exec output carries values no input fixes: the measured
duration, a random chunk id, a process id.  The expected value of such a
case is the observed text with exactly those spans replaced by a regex of
their form (everything else escaped literally), and the observed values are
put into the case's args, so a port given them must reproduce the text byte
for byte, while the release itself, re-run, still matches.
"""

from __future__ import annotations

import json
import re
from typing import Any

from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY

# One volatile span: the arg that carries its observed value, how to read it,
# and the regex a re-run must match.
_DURATION_CLASSIC = re.compile(r'"duration_seconds":((?:0|[1-9][0-9]*)\.[0-9]+)\}\}\Z')
# 0.94.0 names a timed-out command's measured duration in milliseconds; a
# long output's ``Total output lines`` header comes first (JSON-escaped here).
_TIMED_OUT_MILLIS = re.compile(
    r'\A\{"output":"(?:Total output lines: [0-9]+\\n\\n)?command timed out after ([0-9]+) milliseconds'
)
_UNIFIED_HEADER = re.compile(
    r"\AChunk ID: (?P<chunk_id>[0-9a-f]+)\n"
    r"Wall time: (?P<duration_seconds>[0-9]+\.[0-9]{4}) seconds\n"
    r"(?:Process exited with code -?[0-9]+|Process running with session ID (?P<session_id>[0-9]+))\n"
)
# 0.25.0's exec_command: the wall time in milliseconds, no chunk id.
_PTY_HEADER = re.compile(
    r"\AWall time: (?P<duration_seconds>[0-9]+\.[0-9]{3}) seconds\n"
    r"(?:Process exited with code -?[0-9]+|Process running with session ID (?P<session_id>[0-9]+))\n"
)
_FORMS = {
    "duration_seconds_classic": r"(?:0|[1-9][0-9]*)\.[0-9]",
    "timed_out_millis": r"[0-9]+",
    "chunk_id": r"[0-9a-f]{6}",
    "duration_seconds": r"[0-9]+\.[0-9]{4}",
    "duration_seconds_millis": r"[0-9]+\.[0-9]{3}",
    "session_id": r"[0-9]+",
}
# Ids the release makes up: a short prefix, an underscore and a UUID.
_GENERATED_ID = re.compile(r"\b([a-z]+)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
_UUID_FORM = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


def _pattern(text: str, spans: list[tuple[int, int, str]], *, given: bool = False) -> dict[str, str]:
    """``text`` as a regex with each span replaced by its form; ``given``: the case's args
    give every span's value back, so the text itself is kept too (``$observed``)."""
    pieces: list[str] = []
    position = 0
    for start, end, form in sorted(spans):
        pieces.append(re.escape(text[position:start]))
        pieces.append(form)
        position = end
    pieces.append(re.escape(text[position:]))
    pattern = {PATTERN_KEY: "".join(pieces)}
    return {**pattern, OBSERVED_KEY: text} if given else pattern


def _exec_spans(observed: str) -> list[tuple[int, int, str, str, Any]]:
    """(start, end, form name, arg name, observed value) of each volatile span of an exec output."""
    spans: list[tuple[int, int, str, str, Any]] = []
    # First: its value, exact to the millisecond, is the one the duration arg
    # keeps (the classic duration is the same measure rounded to a tenth).
    millis = _TIMED_OUT_MILLIS.match(observed)
    if millis is not None:
        spans.append(
            (
                millis.start(1),
                millis.end(1),
                "timed_out_millis",
                "duration_seconds",
                int(millis.group(1)) / 1000,
            )
        )
    classic = _DURATION_CLASSIC.search(observed)
    if classic is not None:
        value = float(classic.group(1))
        spans.append(
            (classic.start(1), classic.end(1), "duration_seconds_classic", "duration_seconds", value)
        )
    for header, duration_form in (
        (_UNIFIED_HEADER, "duration_seconds"),
        (_PTY_HEADER, "duration_seconds_millis"),
    ):
        unified = header.match(observed)
        if unified is None:
            continue
        for name in ("chunk_id", "duration_seconds", "session_id"):
            text = unified.group(name) if name in header.groupindex else None
            if text is None:
                continue
            parsed: Any = (
                float(text) if name == "duration_seconds" else int(text) if name == "session_id" else text
            )
            form = duration_form if name == "duration_seconds" else name
            spans.append((unified.start(name), unified.end(name), form, name, parsed))
    return sorted(spans)


def exec_output(observed: str) -> tuple[Any, dict[str, Any]]:
    """(expected output value, observed volatile args) for one exec output text."""
    spans = _exec_spans(observed)
    volatile: dict[str, Any] = {}
    for _, _, _, arg, value in spans:
        volatile.setdefault(arg, value)  # the first span of an arg is its most exact
    forms = [(start, end, _FORMS[form]) for start, end, form, _, _ in spans]
    return (_pattern(observed, forms, given=True) if forms else observed), volatile


# Fixed stand-ins for the volatile values, each of its span's form, and as an arg.
_FIXED: dict[str, tuple[str, Any]] = {
    "duration_seconds_classic": ("0.0", 0.0),
    "timed_out_millis": ("0", 0.0),
    "duration_seconds": ("0.0000", 0.0),
    "duration_seconds_millis": ("0.000", 0.0),
    "chunk_id": ("000000", "000000"),
    "session_id": ("0", 0),
}


def fixed_exec_output(observed: str) -> tuple[str, dict[str, Any]]:
    """The exec output text with each volatile value replaced by a fixed one, and those as args.

    Two runs of the release give the same such text (the explorer's test of
    a steady answer).  It is not what the reference is compared with: the
    length of a value moves where a byte budget cuts the text after it (a
    timed-out command's milliseconds precede its output), so the reference
    is given the observed values (``exec_output``) and compared with the
    observed text.
    """
    pieces: list[str] = []
    fixed: dict[str, Any] = {}
    position = 0
    for start, end, form, arg, _ in _exec_spans(observed):
        text, value = _FIXED[form]
        pieces += [observed[position:start], text]
        fixed[arg] = value
        position = end
    pieces.append(observed[position:])
    return "".join(pieces), fixed


def generated_ids(item: Any, observed: str) -> Any:
    """The observed item text, with ids the input did not carry replaced by their form."""
    given = json.dumps(item, ensure_ascii=False)
    spans = [
        (match.start(), match.end(), re.escape(match.group(1) + "_") + _UUID_FORM)
        for match in _GENERATED_ID.finditer(observed)
        if match.group(0) not in given
    ]
    return _pattern(observed, spans) if spans else observed
