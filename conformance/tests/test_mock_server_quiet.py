"""The mock server stays quiet when a client drops its connection, and only then."""

from __future__ import annotations

import socket
import struct
import time
import urllib.error
import urllib.request

import pytest

from codex_conformance.mock_responses_server import MockResponsesServer, RecordedRequest, Stream


def _reset_mid_request(port: int) -> None:
    """Send half a request body, then close with a reset (SO_LINGER 0), as a release giving up does."""
    with socket.create_connection(("127.0.0.1", port)) as client:
        client.sendall(b"POST /v1/responses HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def _wait_for_handlers() -> None:
    time.sleep(0.3)  # the handler thread reports its error after the client is gone


def test_a_dropped_connection_prints_no_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    with MockResponsesServer() as server:
        port = int(server.base_url.split(":")[2].split("/")[0])
        _reset_mid_request(port)
        _wait_for_handlers()
    assert "Traceback" not in capfd.readouterr().err


def test_any_other_handler_error_still_prints(capfd: pytest.CaptureFixture[str]) -> None:
    def broken_script(_requests: list[RecordedRequest]) -> Stream:
        raise ValueError("a script that fails is the kit's failure and must show")

    with MockResponsesServer(streams=[broken_script]) as server:
        request = urllib.request.Request(server.base_url + "/responses", data=b"{}", method="POST")
        with pytest.raises((urllib.error.URLError, ConnectionError)):
            urllib.request.urlopen(request, timeout=5)
        _wait_for_handlers()
    err = capfd.readouterr().err
    assert "Traceback" in err and "a script that fails" in err
