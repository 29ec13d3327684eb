"""What the ``*_breakdown.py`` scripts beside this file share.

Each takes an implementation and the cases of one op, judges the answers part
by part, and can print an expected-failures file for a report.  Their command
line, the cases they send and the shape of an expected-failures entry are the
same; what a part is and how a reason reads is each script's own.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from codex_conformance import paths
from codex_conformance.cases import Case, load_cases
from codex_conformance.connection import Connection


def parse_arguments(doc: str, argv: list[str] | None) -> argparse.Namespace:
    """The command line of every breakdown script; ``doc`` is its docstring, whose first line describes it."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("impl")
    parser.add_argument("--cases", action="store_true", help="one line per case: the parts that differ")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--expected-failures", metavar="REPORT", help="write TOML for this report's failures")
    return parser.parse_args(argv)


def cases_of(op: str) -> list[Case]:
    """The captured cases of ``op``, every edition's."""
    return [case for case in load_cases(paths.fixtures_dir()) if case.op == op]


def answer(connection: Connection, case: Case) -> dict[str, Any]:
    """The implementation's response to ``case`` as the case's expected answer is written: what the
    kit adds to report a run (``reruns``) is left out, or no answer would agree exactly."""
    response = connection.request(case.op, case.args)
    return response.model_dump(exclude_none=True, exclude={"id", "reruns"})


def failed_outcomes(report_path: str) -> list[dict[str, Any]]:
    """The outcomes of a report (JSON) that an expected-failures file may list."""
    report = json.loads(Path(report_path).read_text(encoding="utf-8"))
    return [outcome for outcome in report["outcomes"] if outcome["status"] in ("fail", "error")]


def expected_failure(case_id: str, reason: str) -> list[str]:
    """One ``[[expected-failure]]`` entry, after a blank line; the reason cut to what a reader takes in."""
    return [
        "",
        "[[expected-failure]]",
        f"case = {json.dumps(case_id)}",
        f"reason = {json.dumps(reason[:400], ensure_ascii=False)}",
    ]
