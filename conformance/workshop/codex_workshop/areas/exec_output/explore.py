"""Inputs for exploring ``exec.format_output``: outputs around every cut the releases make.

Sizes aim at each limit either edition has (spec/exec_output.md): the byte
limits (5120 and 10240 for shell's head and whole output, 10000 for
exec_command's budget), the line limits (128 head and tail lines of 256),
and token budgets (``max_output_tokens`` times 4 bytes), each exactly, just
under and just over; the text is of one- to four-byte characters so that
cuts fall inside them, with LF, CRLF and lone-CR lines, with and without a
final newline; empty output; any exit code, stderr, a timed-out command.
Every edition gets every boundary: one edition's limit is an ordinary
length for the other, and that is a case too.

The op's ``output`` is a string, so the output's bytes are always valid
UTF-8: invalid UTF-8 cannot be expressed and is not generated.

One release run answers a whole batch: each input is its own call (a
distinct call id) of the edition's command tool in one scripted model turn.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import strategies as st

from codex_conformance.editions import get_edition
from codex_conformance.generators import Draw, as_strategy
from codex_workshop.areas.exec_output.release import written_outputs
from codex_workshop.areas.sized_text import exactly
from codex_workshop.drive import volatile
from codex_workshop.drive.errors import ReleaseRejectedError
from codex_workshop.explorer import Args, Explorer, Response, answer_kinds

__all__ = ["EXPLORERS", "explored_exec_args", "generate_output"]

# Byte lengths at which some edition cuts or splits an output.
BYTE_LIMITS = [5120, 10000, 10240]
# Line counts at which 0.25.0's head/tail split changes (128 + 128 of 256).
LINE_LIMITS = [128, 129, 256, 257]
# Token budgets: none, tiny, and around the default byte budget (10000 / 4).
TOKEN_BUDGETS = [0, 1, 2, 3, 7, 100, 1249, 2499, 2500, 2501, 100000]
# Characters of one to four bytes, and the texts a line may be made of.
FILLERS = ["a", "\u00e9", "\u20ac", "\U0001f600"]
PIECES = [
    "a",
    "word ",
    "\t",
    '"',
    "\\",
    "\u00e9",
    "\u20ac",
    "\U0001f600",
    "e\u0301",
    "\u2028",
    "\u0000",
    "\u001b[31m",
    "\u007f",
    "\u000c",
    "{}",
    "</>",
]
ENDS = ["\n", "\n", "\n", "\r\n", "\r"]
EXIT_CODES = [0, 0, 0, 1, 2, 126, 127, 128, 255]


def _line(draw: Draw, width: int) -> str:
    return "".join(draw.choice(PIECES) for _ in range(draw.integer(0, width)))


def _sized(draw: Draw, size: int) -> str:
    """About ``size`` bytes of lines of mixed-width characters, cut to exactly ``size`` when it can be."""
    filler = draw.choice(FILLERS)
    other = draw.choice(FILLERS)
    width = draw.choice([8, 40, 79, 200, 20000])
    end = draw.choice(ENDS)
    text: list[str] = []
    length = 0
    column = 0
    while length < size:
        char = end if column >= width else (other if draw.integer(0, 9) == 0 else filler)
        column = 0 if char == end else column + 1
        text.append(char)
        length += len(char.encode("utf-8"))
    return exactly(text, size)


def _lines(draw: Draw, count: int) -> str:
    end = draw.choice(ENDS)
    width = draw.choice([0, 1, 5, 30, 60])
    return "".join(_line(draw, width) + end for _ in range(count))


def generate_output(draw: Draw) -> str:
    """An output text: short and odd, or sized to a byte or line boundary."""
    kind = draw.integer(0, 5)
    if kind == 0:
        return draw.choice(["", "\n", "\r", "\r\n", "a", "no final newline", "\n\n\n"])
    if kind == 1:
        return "".join(_line(draw, 6) + draw.choice([*ENDS, ""]) for _ in range(draw.integer(1, 6)))
    if kind in (2, 3):
        size = draw.choice(BYTE_LIMITS) + draw.choice([-5, -3, -2, -1, 0, 0, 1, 2, 3, 5, 400])
        return _sized(draw, size)
    if kind == 4:
        count = draw.choice(LINE_LIMITS) + draw.choice([-1, 0, 0, 1, 2])
        text = _lines(draw, count)
        return text if draw.integer(0, 2) else text.rstrip("\r\n")
    return _sized(draw, draw.integer(0, 30000))


def _args(draw: Draw, edition: str) -> Args:
    tool = get_edition(edition).command_tool
    args: Args = {"edition": edition, "tool": tool}
    budget: int | None = None
    if tool == "exec_command" and draw.integer(0, 2) == 0:
        budget = draw.choice(TOKEN_BUDGETS)
    if budget is not None and draw.boolean():
        # An output at the token budget's own byte boundary.
        output = _sized(draw, max(budget * 4 + draw.choice([-2, -1, 0, 1, 2, 5]), 0))
    else:
        output = generate_output(draw)
    args["output"] = output
    args["exit_code"] = draw.choice(EXIT_CODES)
    # A timed-out command costs the release a second; a few are enough.
    args["timed_out"] = draw.integer(0, 19) == 0
    if draw.integer(0, 4) == 0:
        args["stream"] = "stderr"
    if budget is not None:
        args["max_output_tokens"] = budget
    return args


def explored_exec_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's exec outputs as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: _args(draw, edition))


def _parts(output: str) -> list[dict[str, Any]]:
    """The output as scenario parts: runs of one repeated line as one part, so the file stays readable."""
    parts: list[dict[str, Any]] = []
    for line in output.splitlines(keepends=True):
        if parts and parts[-1]["text"] == line:
            parts[-1]["times"] += 1
        else:
            parts.append({"text": line, "times": 1})
    return [part if part["times"] > 1 else {"text": part["text"]} for part in parts]


def scenario(args: Args) -> dict[str, Any]:
    fields: dict[str, Any] = {"parts": _parts(args["output"]), "exit_code": args["exit_code"]}
    if args["tool"] != get_edition(args["edition"]).command_tool:
        fields["tool"] = args["tool"]
    for key in ("stream", "max_output_tokens"):
        if key in args:
            fields[key] = args[key]
    if args.get("timed_out"):
        fields["timed_out"] = True
    return fields


def _settle(release: Response) -> tuple[Response, Args]:
    """The observed text, and its volatile values for the reference: their length moves its cuts."""
    _, observed = volatile.exec_output(release["result"]["output"])
    return release, observed


def _steady_form(release: Response) -> Response:
    if "result" not in release:
        return release
    output, _ = volatile.fixed_exec_output(release["result"]["output"])
    return {"result": {"output": output}}


_MARKER = re.compile(r"\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]|…\d+ (?:chars|tokens) truncated…")
_DIGITS = re.compile(r"\d+")


def _parts_of(text: str) -> tuple[str, str]:
    """(header, body) of one output: 0.25.0's JSON metadata or 0.169.0's lines before ``Output:``."""
    if text.startswith('{"output":'):
        cut = text.rfind(',"metadata":')
        return text[cut:], text[:cut]
    head, found, body = text.partition("Output:\n")
    return (head, body) if found else ("", text)


def _where(release: str, reference: str) -> str:
    """Where two bodies first differ: before, in or after the truncation marker, or at the end."""
    common = next(
        (index for index, pair in enumerate(zip(release, reference, strict=False)) if pair[0] != pair[1]),
        min(len(release), len(reference)),
    )
    marker = _MARKER.search(release)
    if common >= min(len(release), len(reference)):
        return "one is longer"
    if marker is None:
        return "content"
    if common < marker.start():
        return "head"
    return "marker" if common < marker.end() else "tail"


def describe(release: Response, reference: Response) -> str:
    """Which part of the output differs, and whether each side cut it: not the output's own text."""
    if (kinds := answer_kinds(release, reference)) is not None:
        return kinds
    mine, theirs = release["result"].get("output"), reference["result"].get("output")
    if not isinstance(mine, str) or not isinstance(theirs, str):
        return "output type"
    (mine_header, mine_body), (their_header, their_body) = _parts_of(mine), _parts_of(theirs)
    found = []
    if mine_header != their_header:
        found.append(f"header {_DIGITS.sub('#', mine_header)[:60]!r}≠{_DIGITS.sub('#', their_header)[:60]!r}")
    if mine_body != their_body:
        markers = [_MARKER.search(body) for body in (mine_body, their_body)]
        cuts = [_DIGITS.sub("#", marker.group(0)) if marker else "whole" for marker in markers]
        found.append(f"body {cuts[0]!r}≠{cuts[1]!r} at {_where(mine_body, their_body)}")
    return " ".join(found) or "same"


def _call_id(index: int) -> str:
    return f"call_conformance_explore_{index}"


def _batch(version: str, inputs: list[Args]) -> list[Response | None]:
    """One release run for the batch; an input whose call got no output is asked alone."""
    ids = [_call_id(index) for index in range(len(inputs))]
    try:
        outputs = written_outputs(version, inputs, ids)
    except ReleaseRejectedError:
        return [None] * len(inputs)
    return [{"result": {"output": outputs[call_id]}} if call_id in outputs else None for call_id in ids]


EXPLORERS = (
    Explorer(
        op="exec.format_output",
        generate=_args,
        scenario=scenario,
        clauses=("EXEC-EXPLORE-1",),
        batch=_batch,
        batch_size=20,
        settle=_settle,
        steady_form=_steady_form,
        describe=describe,
    ),
)
