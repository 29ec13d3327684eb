"""Area ``session``: see spec/session.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="session",
    description=(
        "Every request a release sends over a scripted conversation, as the kit's mock server received it."
    ),
    ops=("session.run",),
    reference_does_not_answer={
        "session.run": "the reference model is no client; examples/session-client is, and is certified "
        "by conformance/tests/test_session_run.py"
    },
    no_broken_adapter={
        "session.run": "a harnessed op: the broken clients (examples/session-client with a header or "
        "a write-back changed) are run in conformance/tests/test_session_run.py"
    },
)
