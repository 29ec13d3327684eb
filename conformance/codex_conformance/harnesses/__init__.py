"""Op-specific harnesses: what the kit must set up around a request before an adapter can answer it.

Most ops are pure: the args go to the adapter and its result is compared.
A few need the kit to run something alongside the adapter; ``session.run``
needs the kit's mock Responses server listening before the port's client
connects to it, and its observation is what the server *received*, not
what the adapter returned.  The runner stays area-agnostic: it asks this
registry whether an op has a harness and, if so, lets the harness turn the
case's args into the request's args and the adapter's answer into the
result that is compared.  An area adds its harness with ``register``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

__all__ = ["HarnessFactory", "Harnessed", "get", "register"]


@dataclass
class Harnessed:
    """One harnessed request: the args to send, and how to read the observation."""

    args: dict[str, Any]
    # The adapter's result in, the result to compare out (called after it answered).
    observe: Callable[[dict[str, Any]], dict[str, Any]]


# case args -> a context manager that is live while the adapter answers.
HarnessFactory = Callable[[dict[str, Any]], AbstractContextManager[Harnessed]]

_HARNESSES: dict[str, HarnessFactory] = {}


def register(op: str, factory: HarnessFactory) -> None:
    _HARNESSES[op] = factory


def get(op: str) -> HarnessFactory | None:
    _load_builtin()
    return _HARNESSES.get(op)


def _load_builtin() -> None:
    # Imported on first use so that a run without harnessed ops pays nothing.
    from codex_conformance.harnesses import session_run  # noqa: F401


def ops() -> Iterator[str]:
    _load_builtin()
    yield from _HARNESSES
