"""session.run end to end: the example client is certified, broken ports fail on their clause.

The example client (examples/session-client) is a real Python port of one
loop: it sends its requests with httpx.  It runs against the kit's mock
server through the runner (``--impl`` path) and through the exported
fixtures, socket and respx; deliberately broken variants of it must
fail with the clause of what they break.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol, cast

import pytest

from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.harnesses.port_check import MockServerSessions, RespxSessions, session_cases
from codex_conformance.outcome import Status
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle as reference_handle

_CLIENT = Path(__file__).parents[2] / "examples" / "session-client" / "codex_session_client.py"


class SessionClient(Protocol):
    """What these tests use of the example client (a module loaded from its file)."""

    OUTPUT_ID_PREFIX: dict[str, str | None]
    OUTPUTS_AFTER_REPLY: dict[str, bool]
    _first_request: Callable[[dict[str, Any]], dict[str, Any] | None]

    def handle(self, request: dict[str, Any]) -> dict[str, Any]: ...

    def session_run(self, args: dict[str, Any], *, max_turns: int = 8) -> dict[str, Any]: ...


@pytest.fixture
def client() -> Iterator[SessionClient]:
    """A fresh copy of the example client per test, so a test may break it."""
    spec = importlib.util.spec_from_file_location("codex_session_client_under_test", _CLIENT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield cast(SessionClient, module)  # a module loaded from a file: mypy cannot see its members
    del sys.modules[spec.name]


def _with_wrong_originator(client: SessionClient) -> None:
    first = client._first_request

    def wrong(args: dict[str, Any]) -> dict[str, Any] | None:
        request = first(args)
        assert request is not None
        request["headers"] = [[n, "codex_port" if n == "originator" else v] for n, v in request["headers"]]
        return request

    client._first_request = wrong


def test_every_edition_has_session_cases() -> None:
    assert {case.edition for case in session_cases()} == {"0.25.0", "0.94.0", "0.169.0", "0.171.0"}


def test_example_client_is_certified_through_the_runner(client: SessionClient) -> None:
    with InProcessConnection(client.handle, name="codex-session-client") as connection:
        outcomes = run_cases(connection, session_cases())
    assert [o.status for o in outcomes] == [Status.PASS] * len(outcomes), [(o.id, o.reason) for o in outcomes]


def test_reference_model_does_not_declare_session_run() -> None:
    with InProcessConnection(reference_handle) as connection:
        outcomes = run_cases(connection, session_cases())
    assert {o.status for o in outcomes} == {Status.NOT_APPLICABLE}


def test_wrong_header_fails_through_the_runner_naming_its_clause(client: SessionClient) -> None:
    _with_wrong_originator(client)
    with InProcessConnection(client.handle) as connection:
        outcomes = run_cases(connection, session_cases())
    assert {o.status for o in outcomes} == {Status.FAIL}
    assert all("SESSION-REQUESTS-1" in o.clauses and "originator" in o.reason + o.diff for o in outcomes)


@pytest.mark.parametrize("sessions", [MockServerSessions(), RespxSessions()], ids=["mock-server", "respx"])
def test_correct_port_passes_with_the_fixture_machinery(
    client: SessionClient, sessions: MockServerSessions | RespxSessions
) -> None:
    for case in sessions.cases():
        with sessions.serve(case) as served:
            assert "result" in client.session_run(served.args)
        sessions.check(case, served.requests)


@pytest.mark.parametrize("sessions", [MockServerSessions(), RespxSessions()], ids=["mock-server", "respx"])
def test_output_id_written_back_where_the_edition_omits_it_fails(
    client: SessionClient, sessions: MockServerSessions | RespxSessions
) -> None:
    client.OUTPUT_ID_PREFIX["0.25.0"] = "fco"
    (case,) = [c for c in sessions.cases("0.25.0") if "SESSION-WRITEBACK-1" in c.clauses]
    with sessions.serve(case) as served:
        client.session_run(served.args)
    with pytest.raises(AssertionError, match=r"SESSION-WRITEBACK-1.*\n?.*requests\[1\]\.body\.input\[3\]"):
        sessions.check(case, served.requests)


def test_the_plugin_exports_both_fixtures(conformance_mock_server: object, conformance_respx: object) -> None:
    assert isinstance(conformance_mock_server, MockServerSessions)
    assert isinstance(conformance_respx, RespxSessions)


@pytest.mark.parametrize("sessions", [MockServerSessions(), RespxSessions()], ids=["mock-server", "respx"])
def test_outputs_written_after_each_call_where_the_edition_writes_them_after_the_reply_fail(
    client: SessionClient, sessions: MockServerSessions | RespxSessions
) -> None:
    client.OUTPUTS_AFTER_REPLY["0.94.0"] = False
    (case,) = [c for c in sessions.cases("0.94.0") if "SESSION-WRITEBACK-2" in c.clauses]
    with sessions.serve(case) as served:
        client.session_run(served.args)
    with pytest.raises(AssertionError, match=r"SESSION-WRITEBACK-2.*\n?.*requests\[1\]\.body\.input\[6\]"):
        sessions.check(case, served.requests)
