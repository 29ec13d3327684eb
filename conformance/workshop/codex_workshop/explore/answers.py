"""One input asked of the release and of the reference, as two protocol responses."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from codex_reference.adapter import handle as reference_handle
from codex_workshop.areas import ReleaseOp
from codex_workshop.drive.errors import (
    CaptureError,
    InvalidInputError,
    NotObservableError,
    ReleaseRejectedError,
    ReleaseUnavailableError,
)
from codex_workshop.explorer import Args, Response, Settle, SettleGiven


class HarnessFailure(Exception):
    """The release could not be asked (the harness failed, or the release hides the answer)."""


@dataclass(frozen=True)
class Answers:
    args: Args
    release: Response
    reference: Response

    @property
    def agree(self) -> bool:
        return same_response(self.release, self.reference)

    @property
    def declined(self) -> bool:
        """The reference does not model this input: no rule to compare."""
        return "unsupported" in self.reference


def release_response(run: ReleaseOp, version: str, args: Args) -> Response:
    try:
        return {"result": run(version, args)}
    except ReleaseRejectedError as rejected:
        return {"error": {"kind": rejected.kind, "message": rejected.message}}
    except InvalidInputError as bad:
        return {"error": {"kind": "invalid-args", "message": str(bad)}}
    except (NotObservableError, CaptureError, ReleaseUnavailableError) as failure:
        raise HarnessFailure(f"{type(failure).__name__}: {failure}") from failure
    except Exception as bug:  # a bug in the harness: reported with the input, never a traceback
        raise HarnessFailure(f"harness error: {type(bug).__name__}: {bug}") from bug


def ask(
    run: ReleaseOp,
    version: str,
    op: str,
    args: Args,
    release: Response | None = None,
    *,
    settle: Settle | None = None,
    settle_given: SettleGiven | None = None,
) -> Answers:
    """The two answers to ``args``; ``release`` is the release's, where a batch already gave it.

    With ``settle``, the release's volatile values are fixed and the reference
    is given them; ``Answers.args`` stays the input, without them.
    """
    if release is None:
        release = release_response(run, version, args)
    observed: Args = {}
    if settle is not None and "result" in release:
        release, observed = settle(release)
    if settle_given is not None and "result" in release:
        release, observed = settle_given(release, args)
    return Answers(args, release, reference_handle({"op": op, "args": {**args, **observed}}))


def _text(value: Any) -> str:
    # Key order is part of the wire (json-exact), so it is part of the comparison.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def same_response(release: Response, reference: Response) -> bool:
    """As a case compares them: results byte for byte (key order included), errors by kind."""
    if "result" in release and "result" in reference:
        return _text(release["result"]) == _text(reference["result"])
    if "error" in release and "error" in reference:
        return bool(release["error"].get("kind") == reference["error"].get("kind"))
    return False
