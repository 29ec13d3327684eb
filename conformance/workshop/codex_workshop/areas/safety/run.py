"""Op ``safety.is_known_safe_command``, observed: does a release ask before running an argv?

0.25.0 and 0.94.0 show their classification in the v1 conversation
(``drive/v1_conversation.py``): under approval policy ``untrusted``, a
``shell`` call whose argv is known safe runs at once, and any other argv
makes the server send an ``execCommandApproval`` request to its client
first.  This runner scripts one ``shell`` call with the argv, denies every
approval request (so an unsafe argv never runs), and answers whether one
was asked before the run.

0.169.0 cannot be observed this way: under ``untrusted`` (app-server
``thread/start``; its config file refuses the value) it asks before every
``exec_command``, ``ls`` included, and it has no ``shell`` handler
(spec/errata.md E-SAFETY-1).
"""

from __future__ import annotations

from pathlib import Path

from codex_conformance.editions import get_edition
from codex_workshop.drive.errors import CaptureError, NotObservableError
from codex_workshop.drive.stall import once_more_if_stalled
from codex_workshop.drive.v1_conversation import run_v1_turn

# The reason an approval request gives when it asks to run again, unsandboxed,
# a command that failed in the sandbox (probed on 0.94.0 with argv ["/grep"]).
RETRY_WITHOUT_SANDBOX = "command failed; retry without sandbox?"


def not_shown(version: str) -> str | None:
    """Why release ``version`` does not show its classification, or None where it does."""
    if get_edition(version).v1_conversation_through is not None:
        return None
    return (
        f"release {version} does not show is_known_safe_command: under approval `untrusted` "
        "it asks before every exec_command (spec/errata.md E-SAFETY-1)"
    )


def asks_approval(binary: Path, version: str, argv: list[str]) -> bool:
    """Whether the release asked before running ``argv`` (True: not known safe)."""
    hidden = not_shown(version)
    if hidden is not None:
        raise NotObservableError(hidden)
    return _probe(binary, version, argv)


@once_more_if_stalled
def _probe(binary: Path, version: str, argv: list[str]) -> bool:
    subcommand = get_edition(version).v1_conversation_through
    assert subcommand is not None  # asks_approval checked it
    turn = run_v1_turn(binary, subcommand, argv, lambda _request: "denied")
    if len(turn.requests) < 2:
        raise CaptureError(f"release {version} did not finish the turn for argv {argv!r}")
    # An approval request for another command would mean the probe is not measuring argv.
    if any(request.params.get("command") != argv for request in turn.asked):
        raise CaptureError(f"approval asked for another command than {argv!r}: {turn.asked}")
    # A command judged safe runs in the sandbox at once; when it fails there
    # (a program that does not exist, say) the release asks to run it again
    # without the sandbox.  That request comes after the run, so it is no
    # sign that the argv was judged unsafe.
    return any(request.params.get("reason") != RETRY_WITHOUT_SANDBOX for request in turn.asked)
