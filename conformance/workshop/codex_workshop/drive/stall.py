"""One more run for a release run that stalled, reported; and how long a run may wait.

A run that hit its deadline saw nothing: it is no answer from the release,
so running it again cannot hide a behaviour.  Under the load of CI's
parallel lanes a release occasionally goes quiet on an input it answers in
a second alone (a 0.25.0 safety probe, once in about 2,000); one more run
turns that into the answer, and a second stall is still an error outcome
that names both.

The second run is never silent (issue #31: a release stopped with SIGSTOP
was run again and its case passed after 122 s, with no trace): each one is
noted, with why, in the reruns the release adapter records around a request
(``recording_reruns``), which it sends with its reply (the response's
``reruns``); the case's outcome then says it ran twice, and
``--strict-runs`` makes that an error.

How long a run waits follows the kit's per-case timeout when the adapter is
called with one (``connection.deadline.current_budget``): never longer than
the call has left, less a margin to give up and clean up in, and never
longer than the run's own default.  Before running again, the call's budget
is extended by one more timeout, once; a call the kit has given up on, or
that has been extended already, is not run again.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import Callable, Iterator
from typing import ParamSpec, TypeVar

from codex_conformance.connection.deadline import current_budget
from codex_workshop.drive.errors import ReleaseStalledError

Args = ParamSpec("Args")
Answer = TypeVar("Answer")

# Seconds kept back from a call's budget to stop a stalled run, clean up and
# answer before the kit abandons the call (at most this share of the timeout).
_MARGIN_SECONDS = 2.0
_MARGIN_SHARE = 0.25
_SHORTEST_WAIT = 0.01

_RERUNS: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar(
    "codex_conformance_reruns", default=None
)


@contextlib.contextmanager
def recording_reruns() -> Iterator[list[str]]:
    """The reasons for every run repeated inside the block, one per extra run, in order."""
    reruns: list[str] = []
    token = _RERUNS.set(reruns)
    try:
        yield reruns
    finally:
        _RERUNS.reset(token)


def run_wait(default: float) -> float:
    """How long one release run may wait: ``default``, or less if the adapter call has less left."""
    budget = current_budget()
    if budget is None:
        return default
    margin = min(_MARGIN_SECONDS, _MARGIN_SHARE * budget.timeout)
    return max(_SHORTEST_WAIT, min(default, budget.remaining() - margin))


def once_more_if_stalled(run: Callable[Args, Answer]) -> Callable[Args, Answer]:
    """``run`` as a decorator: called once more if it raised ``ReleaseStalledError``, and noted."""

    @functools.wraps(run)
    def run_again_if_stalled(*args: Args.args, **kwargs: Args.kwargs) -> Answer:
        try:
            return run(*args, **kwargs)
        except ReleaseStalledError as first:
            budget = current_budget()
            if budget is not None and not budget.extend():
                raise  # the kit has given up on the call, or it ran twice already
            reruns = _RERUNS.get()
            if reruns is not None:
                reruns.append(f"stalled: {first}")
            try:
                return run(*args, **kwargs)
            except ReleaseStalledError as second:
                raise ReleaseStalledError(f"{second}; it stalled the first time too ({first})") from second

    return run_again_if_stalled
