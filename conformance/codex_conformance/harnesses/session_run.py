"""The harness of ``session.run``: the kit's mock Responses server, scripted from the case.

The case's args carry the ``transcript`` (one SSE text per model turn, as
``MockResponsesServer`` replays them).  The harness starts the server,
sends the adapter the args with ``base_url`` set to it (and without the
transcript: the port must not see what the model will say before it asks),
and, once the adapter returns, the observation is ``{"requests": [...]}``:
every request the server received, in arrival order (harnesses/recorded.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from codex_conformance.harnesses import Harnessed, register
from codex_conformance.harnesses.recorded import recorded
from codex_conformance.mock_responses_server import MockResponsesServer

OP = "session.run"


def port_args(args: dict[str, Any], base_url: str) -> dict[str, Any]:
    """The args a port receives: the case's, minus the transcript, plus ``base_url``."""
    out = {key: value for key, value in args.items() if key != "transcript"}
    out["base_url"] = base_url
    return out


@contextmanager
def mock_server_harness(args: dict[str, Any]) -> Iterator[Harnessed]:
    transcript = args.get("transcript")
    if not isinstance(transcript, list) or not all(isinstance(s, str) for s in transcript) or not transcript:
        raise ValueError("session.run: `transcript` must be a non-empty list of SSE texts")
    with MockResponsesServer(streams=list(transcript)) as server:

        def observe(_result: dict[str, Any]) -> dict[str, Any]:
            return {
                "requests": [recorded(r.method, r.path, r.headers, r.body) for r in list(server.requests)]
            }

        yield Harnessed(port_args(args, server.base_url), observe)


register(OP, mock_server_harness)
