"""What an implementation declares in ``hello``, held against what the kit can test.

A declaration decides which cases apply, and every other case is "not
applicable", which tests nothing.  So a misspelled op or an edition written
``"0.25"`` used to turn a whole run into not-applicable items and a green
verdict.  Three checks close that gap:

- a declared edition or op the kit does not know is a usage error naming the
  known ones (``unknown_declaration``), before any case runs;
- a declared op with no case in the editions run is reported by name
  (``unmatched_ops``): the port may believe it is certified on it;
- a run in which no item applied (or none was selected) tested nothing and
  fails (``nothing_tested``), with what was declared beside what was run.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable, Sequence

from codex_conformance.cases import Case
from codex_conformance.outcome import Outcome, Status
from codex_conformance.protocol import Hello


def unknown_declaration(
    hello: Hello, known_editions: Sequence[str], known_ops: Collection[str]
) -> str | None:
    """What ``hello`` declares that the kit does not know, with the known names; None if nothing."""
    for what, declared, known in (
        ("edition", hello.editions, list(known_editions)),
        ("op", hello.ops, sorted(known_ops)),
    ):
        unknown = [name for name in declared if name not in known]
        if unknown:
            names = ", ".join(repr(name) for name in unknown)
            close = difflib.get_close_matches(unknown[0], known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            return (
                f"hello declares {what}{'s' if len(unknown) > 1 else ''} {names} that the kit does not know"
                f"{hint}; known {what}s: {', '.join(known)}"
            )
    return None


def unmatched_ops(hello: Hello, cases: Iterable[Case]) -> list[str]:
    """The declared ops that no case applies to in the editions run (those declared too), in hello order."""
    matched = {case.op for case in cases if case.edition in hello.editions}
    return [op for op in hello.ops if op not in matched]


def nothing_tested(hello: Hello, editions: Sequence[str], outcomes: Sequence[Outcome]) -> str | None:
    """Why the run tested nothing, naming what was declared and what was run; None if it tested something."""
    if any(outcome.status is not Status.NOT_APPLICABLE for outcome in outcomes):
        return None
    declared = (
        f"the implementation declares ops {_names(hello.ops)} and editions {_names(hello.editions)}; "
        f"editions run: {_names(editions)}"
    )
    if not outcomes:
        return f"no case or property was selected; {declared}"
    ops = sorted({outcome.op for outcome in outcomes})
    return f"all {len(outcomes)} items run were not applicable (their ops: {_names(ops)}); {declared}"


def _names(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "(none)"
