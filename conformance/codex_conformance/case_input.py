"""What a failing case was given, where it lives, and the command that runs it alone.

A failure's reason and diff say what differs; a port author then needs the
input that shows it (the argv, the patch, the stream) without exporting the
fixtures and searching them.  Each failing, erroring or ``unsupported``
case's outcome carries its args (cut past ``ARGS_SHOWN`` characters, with a
marker saying so), its fixture file and a one-line command; every rendering
(pytest's failure text, so JUnit's too; report.md; report.json) shows them.

The command selects the case with ``-k '[ID]'``: each item has its id in
brackets as a keyword (``pytest_run.ConformanceItem``, ``selection``), and
a bare ``-k ID`` would also select every case whose id starts with it.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any, Literal

from codex_conformance.facets import DEFAULT_LEVEL, Level

# Enough for an argv, a short patch or a tool call; a 20 kB stream is cut.
ARGS_SHOWN = 1_000

FrontEnd = Literal["pytest", "certify"]


def exact_keyword(case_id: str) -> str:
    """The -k name that matches this one case: its id in brackets (no other id contains it)."""
    return f"[{case_id}]"


def shown_args(args: dict[str, Any]) -> str:
    """The args as one line of JSON, cut past ``ARGS_SHOWN`` characters with a visible marker."""
    text = json.dumps(args, ensure_ascii=False)
    if len(text) <= ARGS_SHOWN:
        return text
    return (
        f"{text[:ARGS_SHOWN]} ... [args cut: {ARGS_SHOWN:,} of {len(text):,} characters shown; "
        "the whole case is in its fixture file]"
    )


def rerun_command(
    front_end: FrontEnd,
    impl: str,
    case_id: str,
    *,
    fixtures_dir: Path | None = None,
    level: Level = DEFAULT_LEVEL,
) -> str:
    """The shell command that runs ``case_id`` alone against ``impl``, by the front end that ran it."""
    keyword = shlex.quote(exact_keyword(case_id))
    if front_end == "pytest":
        parts = ["pytest", shlex.quote(f"--conformance-impl={impl}")]
        if fixtures_dir is not None:
            parts.append(shlex.quote(f"--conformance-fixtures-dir={fixtures_dir}"))
        if level != DEFAULT_LEVEL:
            parts.append(f"--conformance-level={level}")
    else:
        parts = ["codex-conformance", "certify", shlex.quote(impl)]
        if fixtures_dir is not None:
            parts += ["--fixtures-dir", shlex.quote(str(fixtures_dir))]
        if level != DEFAULT_LEVEL:
            parts += ["--level", level]
    return " ".join([*parts, "-k", keyword])
