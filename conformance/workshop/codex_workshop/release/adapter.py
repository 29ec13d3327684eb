"""An adapter backed by a real release: ``--impl=release:<version>``.

It declares only the ops a release can answer by being run (each area's
``release.py``), less those it runs but never shows the answer of
(``hidden_ops``), and only its own edition.  Running the conformance suite
against it re-derives every captured golden from the real binary, which is
how the kit checks its own captures.

What a release run ends in (drive/errors.py): the release's own refusal is
an ``error`` response compared with the case; an input that cannot be given
to a release is ``invalid-args``; a release that does not show the answer is
``unsupported``; a harness that could not observe the answer, a missing
release, or any other exception (a bug in the harness) is an error outcome,
never an answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from codex_conformance.areas import Area, discover
from codex_conformance.editions import get_edition
from codex_workshop.areas import ReleaseOp, parts_of
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import (
    CaptureError,
    InvalidInputError,
    NotObservableError,
    ReleaseRejectedError,
    ReleaseUnavailableError,
)
from codex_workshop.drive.stall import recording_reruns


def _areas_of(version: str) -> Iterator[Area]:
    """The areas release ``version`` has."""
    edition = get_edition(version)
    return (area for area in discover().values() if edition.has_area(area.name, area.feature))


def hidden_ops(version: str) -> dict[str, str]:
    """The ops release ``version`` runs but never shows the answer of, with why."""
    return {
        op: why
        for area in _areas_of(version)
        for op, why in parts_of(area).release_hidden_ops(version).items()
        if area.op_in(op, version)
    }


def release_ops(version: str) -> dict[str, ReleaseOp]:
    """The ops release ``version`` answers: every area's release ops, for the areas it has."""
    return {
        op: run
        for area in _areas_of(version)
        for op, run in parts_of(area).release_ops().items()
        if area.op_in(op, version)
    }


class ReleaseAdapter:
    def __init__(self, version: str) -> None:
        self.edition = get_edition(version)  # an unknown version fails here, naming the known ones
        self.version = version
        self.ops = release_ops(version)
        # Answered (unsupported, with the reason) if asked, but not declared: an
        # unsupported answer to a declared op fails the run (runner.py).
        self.hidden = hidden_ops(version)

    @property
    def declared_ops(self) -> list[str]:
        """The ops its hello lists: those the release runs and shows the answer of."""
        return sorted(op for op in self.ops if op not in self.hidden)

    def hello(self) -> dict[str, Any]:
        release_binary(self.version)  # fetch now, so a missing release is one clear error up front
        return {
            "protocol": 1,
            "implementation": {
                "name": f"codex-cli release {self.version}",
                "version": self.version,
                "language": "rust",
                "homepage": "",
            },
            "editions": [self.version],
            "ops": self.declared_ops,
            # A real run measures its own wall times and ids: the ones a case's args
            # carry are those of the run that captured it.
            "measures_volatile": True,
        }

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        op = request.get("op")
        args = request.get("args") or {}
        if op == "hello":
            return {"result": self.hello()}
        if not isinstance(op, str) or op not in self.ops:
            return {"unsupported": f"a release cannot be run to answer {op!r}"}
        if args.get("edition") != self.version:
            return {"unsupported": f"this adapter is release {self.version}, not {args.get('edition')!r}"}
        # A stalled run is run once more (drive/stall.py); the reply says so, and why.
        with recording_reruns() as reruns:
            reply = self._run(op, args)
        return {**reply, "reruns": reruns} if reruns else reply

    def _run(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        try:
            return {"result": self.ops[op](self.version, args)}
        except ReleaseRejectedError as rejected:
            return {"error": {"kind": rejected.kind, "message": rejected.message}}
        except NotObservableError as hidden:
            # The release runs, but does not show the answer (e.g. 0.169.0's safety classification).
            return {"unsupported": str(hidden)}
        except InvalidInputError as bad_args:
            return {"error": {"kind": "invalid-args", "message": f"{op}: {bad_args}"}}
        except (CaptureError, ReleaseUnavailableError) as failure:
            return {"error": {"kind": "internal", "message": str(failure)}}
