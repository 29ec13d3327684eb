"""What an area declares to be explored: how to generate an op's inputs, and what a found input becomes.

An area's ``explore.py`` lists ``EXPLORERS``.  ``codex-conformance explore``
(``codex_workshop.explore``) sends generated inputs through a release and
through the reference model, clusters their disagreements, shrinks one input
per cluster against the release, and writes it as a capture scenario of the
area (``fixtures/<area>/_explored.json``), whose golden the capture command
then takes from the release like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from codex_conformance.generators import Draw

Args = dict[str, Any]
# A protocol response: {"result": ...}, {"error": {"kind", "message"}} or {"unsupported": ...}.
Response = dict[str, Any]
# Many inputs in one release run: a response per input, or None where the run says nothing about it.
Batch = Callable[[str, list[Args]], list[Response | None]]
# A release response -> (the response to compare with the reference's, the
# args that give the reference the values the release measured or drew at
# random: a duration, a chunk id, a made-up id).  A case carries such values
# as args, so the comparison is exact again.  Either the observed values are
# given (where their length moves a later cut) or fixed ones replace them.
Settle = Callable[[Response], tuple[Response, Args]]
# A Settle that is given the input too: where what the release drew cannot be told from the
# answer alone (an id the input carried has the form of one the release makes up).
SettleGiven = Callable[[Response, Args], tuple[Response, Args]]


@dataclass(frozen=True)
class Explorer:
    op: str
    # (draw, version) -> the op's args, edition included.
    generate: Callable[[Draw, str], Args]
    # args -> the area's scenario fields for them (what _explored.json stores; no slug, no edition).
    scenario: Callable[[Args], dict[str, Any]]
    # The clauses a written case cites until someone names the rule it shows.
    clauses: tuple[str, ...]
    # Inputs the release may run at once (its runs are processes: one per core is the default).
    workers: int = 2
    # Where one release run can answer many inputs; a disagreement it shows is
    # confirmed by a run of that input alone before it counts.
    batch: Batch | None = None
    batch_size: int = 1
    # Where the release's answers carry values no input fixes (see Settle).
    settle: Settle | None = None
    settle_given: SettleGiven | None = None
    # A settled release response -> the same with every value that differs
    # from run to run fixed: two runs answered alike when these are equal.
    # Needed where ``settle`` keeps the observed values; the identity otherwise.
    steady_form: Callable[[Response], Response] | None = None
    # (release, reference) -> the disagreement's signature, where the generic
    # one (explore.signature) would name each input's content and so give
    # every input a cluster of its own (an output text quoted in one line).
    describe: Callable[[Response, Response], str] | None = None
    # Top-level args the shrinker leaves as generated: fixed names the
    # scenario does not store (a case written from a shrunk one would not
    # be the input that disagreed), or settings without which every run
    # waits out its whole window (a silent server's time-out).
    kept: frozenset[str] = frozenset()
    # Replay the recorded traffic of real gateways for this op before any generated input
    # (explore/recorded.py: conformance/workshop/recorded/): what the field sends, which no
    # generator of the kit's own thinks of.
    replays_recorded: bool = False


def args_as_scenario(*names: str) -> Callable[[Args], dict[str, Any]]:
    """An ``Explorer.scenario`` for an op whose scenario fields are some of its args, as they are."""
    return lambda args: {name: args[name] for name in names}


def answer_kinds(release: Response, reference: Response) -> str | None:
    """Where either side gave no result, what each answered instead (``error``, ``unsupported``):
    the start of a ``describe``, which compares results only."""
    if "result" in release and "result" in reference:
        return None
    kinds = [next(iter(response), "?") for response in (release, reference)]
    return f"release {kinds[0]}, reference {kinds[1]}"


__all__ = [
    "Args",
    "Batch",
    "Explorer",
    "Response",
    "Settle",
    "SettleGiven",
    "answer_kinds",
    "args_as_scenario",
]
