"""Calls of a Python adapter on a worker thread, each with a deadline.

A Python call cannot be interrupted safely, so a call that overruns its
deadline is abandoned, not stopped: its thread runs on in the background
(daemon, so it never keeps the kit alive) and later calls go to a fresh
worker.  Each call has its own result slot, and nobody reads the slot of an
abandoned call, so an answer that arrives after its case timed out is
attributed to that case and discarded; the next case can never receive it.

One worker serves call after call (starting a thread per call would cost
more than a typical reference call), and it ends after a moment without
work, so connections nobody closes leave no threads behind.

The deadline is the adapter's to read: while a call runs, ``current_budget()``
gives it (a context variable), so an adapter that waits on something of its
own (the release adapter waits for a release run) can stop waiting before
the kit stops waiting for it.  A call may take one more timeout once, when
it runs its work again after a stall (``CallBudget.extend``); the kit
reports that the case ran twice (drive/stall.py).

Limits of this: a handler stuck in C code that holds the GIL stops the whole
kit, and an abandoned call still uses CPU and memory.  Adapters that may do
either belong in a child process (``cmd:codex-conformance serve pkg.mod``).
"""

from __future__ import annotations

import contextvars
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from codex_conformance.errors import HarnessError

_Out = TypeVar("_Out")

IDLE_SECONDS = 2.0  # a worker with nothing to do for this long ends


class Hung(HarnessError):
    """The adapter gave no answer within the per-case timeout."""


@dataclass
class Finished(Generic[_Out]):
    """A call that returned (``value``) or raised (``error``)."""

    value: _Out | None = None
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


@dataclass
class _Job:
    call: Finished[Any]
    run: Callable[[], None]


class _Worker:
    """One daemon thread running jobs in order; started on demand, ended when idle."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._running = False

    def submit(self, job: _Job) -> None:
        with self._lock:
            self._jobs.put(job)
            if not self._running:
                self._running = True
                threading.Thread(target=self._loop, name="adapter call", daemon=True).start()

    def _loop(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                with self._lock:  # submit() cannot slip a job in between the check and the exit
                    if self._jobs.empty():
                        self._running = False
                        return
                continue
            job.run()


class CallBudget:
    """The time one call has: ``timeout`` seconds from its start, plus one more ``timeout`` if extended."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self._deadline = time.monotonic() + timeout
        self._lock = threading.Lock()
        self._expired = False  # the kit gave up on the call: no extension any more
        self.extended = False

    def remaining(self) -> float:
        """Seconds left before the kit abandons the call (0 once passed)."""
        return max(0.0, self._deadline - time.monotonic())

    def extend(self) -> bool:
        """One more ``timeout`` from now, for running the work once more; False if no longer possible.

        Allowed once per call, and only while the call is still awaited.
        """
        with self._lock:
            if self._expired or self.extended:
                return False
            self.extended = True
            self._deadline = time.monotonic() + self.timeout
            return True

    def expire_if_due(self) -> bool:
        with self._lock:
            if time.monotonic() >= self._deadline:
                self._expired = True
            return self._expired


_BUDGET: contextvars.ContextVar[CallBudget | None] = contextvars.ContextVar(
    "codex_conformance_call_budget", default=None
)


def current_budget() -> CallBudget | None:
    """The budget of the adapter call running in this context; None outside one, or with no deadline."""
    return _BUDGET.get()


class DeadlineRunner:
    """Runs ``function(argument)`` on the worker; ``Hung`` if it overruns ``timeout`` seconds."""

    def __init__(self) -> None:
        self._worker = _Worker()

    def call(self, function: Callable[[Any], _Out], argument: Any, timeout: float | None) -> Finished[_Out]:
        """The finished call; with ``timeout=None`` it runs in the caller's thread, with no deadline."""
        call: Finished[_Out] = Finished()
        if timeout is None:
            _run(call, function, argument)
            return call
        # The caller's context variables travel with the call, as they would in a direct call.
        context = contextvars.copy_context()
        budget = CallBudget(timeout)
        context.run(_BUDGET.set, budget)
        self._worker.submit(_Job(call, lambda: context.run(_run, call, function, argument)))
        while not call.done.wait(budget.remaining()):
            if budget.expire_if_due():
                # The worker is busy with this call for as long as it likes; the
                # next call must not queue up behind it.
                self._worker = _Worker()
                within = f"{timeout:g} s" + (
                    f" and {timeout:g} s more to run again" if budget.extended else ""
                )
                raise Hung(f"hung: no answer within {within} (the call is abandoned, maybe still running)")
        return call


def _run(call: Finished[_Out], function: Callable[[Any], _Out], argument: Any) -> None:
    try:
        call.value = function(argument)
    except BaseException as exc:  # even SystemExit: on a worker thread it would just vanish
        call.error = exc
    finally:
        call.done.set()
