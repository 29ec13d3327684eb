"""One more run for a release run that stalled.

A run that hit its deadline saw nothing: it is no answer from the release,
so running it again cannot hide a behaviour.  Under the load of CI's
parallel lanes a release occasionally goes quiet on an input it answers in
a second alone (a 0.25.0 safety probe, once in about 2,000); one more run
turns that into the answer, and a second stall is still an error outcome
that names both.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from codex_conformance.drive.errors import ReleaseStalledError

Args = ParamSpec("Args")
Answer = TypeVar("Answer")


def once_more_if_stalled(run: Callable[Args, Answer]) -> Callable[Args, Answer]:
    """``run`` as a decorator: called once more if it raised ``ReleaseStalledError``."""

    @functools.wraps(run)
    def run_again_if_stalled(*args: Args.args, **kwargs: Args.kwargs) -> Answer:
        try:
            return run(*args, **kwargs)
        except ReleaseStalledError as first:
            try:
                return run(*args, **kwargs)
            except ReleaseStalledError as second:
                raise ReleaseStalledError(f"{second}; it stalled the first time too ({first})") from second

    return run_again_if_stalled
