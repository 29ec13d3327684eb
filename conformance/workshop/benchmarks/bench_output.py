"""A benchmark's printout, kept: ``--save`` also writes it to ``output/<script>.txt``.

That file is committed, and docs/speed.md and the README quote it:
``conformance/workshop/tests/test_docs_figures.py`` finds every number a
row quotes in the output of the script the row names.  Its first lines say
when, how and on what the figures were measured (the command, the date, the
cores and the load average).
"""

from __future__ import annotations

import argparse
import io
import os
import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

OUTPUT = Path(__file__).resolve().parent / "output"


class _Tee(io.StringIO):
    """What is printed, written through to the terminal and kept."""

    def __init__(self, terminal: TextIO) -> None:
        super().__init__()
        self.terminal = terminal

    def write(self, text: str) -> int:
        self.terminal.write(text)
        return super().write(text)

    def flush(self) -> None:
        self.terminal.flush()


def add_save_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--save",
        action="store_true",
        help="also write the printout to conformance/workshop/benchmarks/output/<script>.txt "
        "(committed: docs/speed.md quotes it)",
    )


def output_path(script: str) -> Path:
    return OUTPUT / f"{Path(script).stem}.txt"


@contextmanager
def saved(script: str, save: bool) -> Iterator[None]:
    """Print as usual; with ``save``, the printout also goes to the script's output file at the end."""
    if not save:
        yield
        return
    kept = _Tee(sys.stdout)
    with redirect_stdout(kept):
        yield
    load = ", ".join(f"{figure:.2f}" for figure in os.getloadavg())
    header = (
        f"# python {shlex.join(['conformance/workshop/benchmarks/' + Path(script).name, *sys.argv[1:]])}\n"
        f"# measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {os.cpu_count()} cores, "
        f"load average {load} (1, 5, 15 minutes) at the end\n"
    )
    path = output_path(script)
    path.parent.mkdir(exist_ok=True)
    path.write_text(header + kept.getvalue(), encoding="utf-8")
    print(f"saved: {path}", file=sys.stderr)
