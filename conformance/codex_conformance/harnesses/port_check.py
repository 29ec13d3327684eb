"""``session.run`` for a port's own tests: serve a case's transcript, then check what the port sent.

Two ways to serve, one check.  ``MockServerSessions`` starts the kit's
loopback mock Responses server (any language, a real socket);
``RespxSessions`` intercepts a Python port's httpx client with respx (no
socket: the port must send through httpx).  Both record requests in the
form of harnesses/recorded.py, and ``check`` compares them with the case
exactly as the runner does (``json-pattern``), raising ``AssertionError``
that names the case's clauses.  The pytest plugin exports them as the
``conformance_mock_server`` and ``conformance_respx`` fixtures.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from codex_conformance import paths
from codex_conformance.cases import Case, ExpectedResult, load_cases
from codex_conformance.compare import compare
from codex_conformance.errors import UsageError
from codex_conformance.harnesses.recorded import recorded
from codex_conformance.harnesses.session_run import OP, mock_server_harness

__all__ = ["MockServerSessions", "RespxSessions", "ServedSession", "check", "session_cases"]


def session_cases(edition: str | None = None) -> list[Case]:
    """The kit's ``session.run`` cases (of one edition)."""
    return [
        case
        for case in load_cases(paths.fixtures_dir())
        if case.op == OP and (edition is None or case.edition == edition)
    ]


def check(case: Case, requests: list[dict[str, Any]]) -> None:
    """Raise ``AssertionError`` naming the case's clauses if ``requests`` differ from the release's."""
    assert isinstance(case.expected, ExpectedResult)
    mismatch = compare(case.compare, case.expected.result, {"requests": requests})
    if mismatch is not None:
        raise AssertionError(
            f"{case.id} (clauses: {', '.join(case.clauses)}): {mismatch.summary}\n{mismatch.diff}"
        )


@dataclass
class ServedSession:
    """A live transcript: point the port at ``base_url``; read ``requests`` afterwards."""

    base_url: str
    prompt: str
    args: dict[str, Any]  # what a session.run adapter would receive
    requests: list[dict[str, Any]] = field(default_factory=list)


class MockServerSessions:
    """The kit's mock server on a loopback socket, scripted from a case."""

    @contextmanager
    def serve(self, case: Case) -> Iterator[ServedSession]:
        with mock_server_harness(dict(case.args)) as harnessed:
            served = ServedSession(
                harnessed.args["base_url"], str(case.args.get("prompt", "hi")), harnessed.args
            )
            yield served
            served.requests[:] = harnessed.observe({})["requests"]

    cases = staticmethod(session_cases)
    check = staticmethod(check)


class RespxSessions:
    """respx routes that answer a Python port's httpx client in process (no socket)."""

    base_url = "http://conformance.invalid/v1"

    @contextmanager
    def serve(self, case: Case) -> Iterator[ServedSession]:
        try:
            import httpx
            import respx
        except ImportError as missing:
            # Optional: only Python ports checked in process need them.
            raise UsageError(
                f"the in-process session check needs httpx and respx ({missing.name} is not installed): "
                "pip install 'codex-conformance[test]'"
            ) from None

        transcript = list(case.args["transcript"])
        served = ServedSession(
            self.base_url,
            str(case.args.get("prompt", "hi")),
            {**{k: v for k, v in case.args.items() if k != "transcript"}, "base_url": self.base_url},
        )
        answered = 0

        def answer(request: httpx.Request) -> httpx.Response:
            nonlocal answered
            served.requests.append(
                recorded(
                    request.method,
                    request.url.raw_path.decode("ascii"),
                    request.headers.multi_items(),
                    request.content,
                )
            )
            if request.method == "POST" and request.url.path.rstrip("/").endswith("/responses"):
                stream = transcript[min(answered, len(transcript) - 1)]
                answered += 1
                return httpx.Response(200, headers={"content-type": "text/event-stream"}, text=stream)
            return httpx.Response(404, json={"error": {"message": "not found"}})

        with respx.mock(base_url="http://conformance.invalid", assert_all_called=False) as router:
            router.route().mock(side_effect=answer)
            yield served

    cases = staticmethod(session_cases)
    check = staticmethod(check)
