"""The WebSocket messages a relayed connection carried after the gateway answered the upgrade 101.

``http_wire`` reads a connection's HTTP exchanges; once a gateway takes the
WebSocket, the rest of the connection is frames, which it leaves alone.
Here they are read back, both ways: what the release sent (masked frames,
read as the gateway read them) and what the gateway sent the release
(unmasked), each side in its own order: the relay keeps no clock, so how the
two sides interleave is not known.  A fragmented message is joined; a
compressed one (``permessage-deflate``, which releases offer and a gateway
may accept) is inflated with the parameters the 101 accepted, as the
release inflates it.  The ``websockets`` library does the framing.  Bytes
that end inside a frame, or that are not frames, end that side's messages
and mark the exchange incomplete: a recording keeps what could be read.
"""

from __future__ import annotations

import base64
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import WebSocketException
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Close, Frame, Opcode
from websockets.headers import parse_extension

from codex_workshop.gateway.http_wire import head_end, upgrade_status
from codex_workshop.gateway.relay import Connection

_DEFAULT_WINDOW_BITS = 15
_DATA = {Opcode.TEXT: "text", Opcode.BINARY: "binary"}
_CONTROL = {Opcode.PING: "ping", Opcode.PONG: "pong"}


@dataclass(frozen=True)
class WebSocketExchange:
    """The 101 and the messages each side sent after it."""

    headers: list[tuple[str, str]]
    # Each message as {"type": "text", "data": ...}: binary data in base64, a close as its code and reason.
    from_release: list[dict[str, Any]]
    from_gateway: list[dict[str, Any]]
    complete: bool


def _window_bits(given: dict[str, str | None], key: str) -> int:
    """A window size the 101 gave, else the largest (a bare ``client_max_window_bits`` names none)."""
    value = given.get(key)
    return int(value) if value is not None and value.isdigit() else _DEFAULT_WINDOW_BITS


def _deflate(headers: list[tuple[str, str]], *, reading_release: bool) -> list[Extension]:
    """The permessage-deflate the 101 accepted, set up to inflate one side's frames (or none)."""
    accepted = ", ".join(value for name, value in headers if name.lower() == "sec-websocket-extensions")
    if not accepted:
        return []
    for name, params in parse_extension(accepted):
        if name != "permessage-deflate":
            continue
        given = dict(params)
        sender, receiver = ("client", "server") if reading_release else ("server", "client")
        return [
            PerMessageDeflate(
                remote_no_context_takeover=f"{sender}_no_context_takeover" in given,
                local_no_context_takeover=f"{receiver}_no_context_takeover" in given,
                remote_max_window_bits=_window_bits(given, f"{sender}_max_window_bits"),
                local_max_window_bits=_window_bits(given, f"{receiver}_max_window_bits"),
            )
        ]
    return []


class _Bytes:
    """``read_exact`` over bytes already all here, in the generator form ``Frame.parse`` drives."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def read_exact(self, count: int) -> Generator[None, None, bytes]:
        if self.at + count > len(self.data):
            raise EOFError(f"{count} bytes wanted, {len(self.data) - self.at} left")
        piece, self.at = self.data[self.at : self.at + count], self.at + count
        return piece
        yield  # a generator, as Frame.parse expects; it never waits: the bytes are all here


def _frames(data: bytes, *, masked: bool, extensions: Sequence[Extension]) -> tuple[list[Frame], bool]:
    """(the whole frames in ``data``, whether the bytes ended on a frame's end)."""
    reader = _Bytes(data)
    frames: list[Frame] = []
    while reader.at < len(data):
        parser = Frame.parse(reader.read_exact, mask=masked, extensions=extensions)
        try:
            next(parser)
        except StopIteration as parsed:
            frames.append(parsed.value)
            continue
        except (EOFError, WebSocketException, ValueError):
            return frames, False
        return frames, False  # unreachable while read_exact never waits; kept as a stop
    return frames, True


def _messages(frames: list[Frame]) -> tuple[list[dict[str, Any]], bool]:
    """The messages the frames make, continuations joined; false when a message is left unfinished."""
    messages: list[dict[str, Any]] = []
    pending: tuple[Opcode, bytearray] | None = None
    for frame in frames:
        if frame.opcode == Opcode.CLOSE:
            close = Close.parse(frame.data) if frame.data else None
            code, reason = (close.code, close.reason) if close is not None else (None, "")
            messages.append({"type": "close", "code": code, "reason": reason})
        elif frame.opcode in _CONTROL:
            messages.append(
                {"type": _CONTROL[frame.opcode], "data": bytes(frame.data).decode("utf-8", "replace")}
            )
        else:
            if frame.opcode == Opcode.CONT and pending is not None:
                pending[1].extend(frame.data)
            else:
                pending = (frame.opcode, bytearray(frame.data))
            if frame.fin:
                messages.append(_data_message(*pending))
                pending = None
    return messages, pending is None


def _data_message(opcode: Opcode, data: bytearray) -> dict[str, Any]:
    if opcode == Opcode.TEXT:
        try:
            return {"type": "text", "data": data.decode("utf-8")}
        except UnicodeDecodeError:
            pass  # not valid text: kept as bytes, as a release would refuse it
    return {"type": _DATA.get(opcode, "binary"), "data_base64": base64.b64encode(data).decode("ascii")}


def _side(data: bytes, *, masked: bool, extensions: list[Extension]) -> tuple[list[dict[str, Any]], bool]:
    frames, whole = _frames(data, masked=masked, extensions=extensions)
    messages, finished = _messages(frames)
    return messages, whole and finished


def websocket_exchange(connection: Connection) -> WebSocketExchange | None:
    """The messages after the gateway's 101, or None when the connection was no WebSocket it took."""
    if upgrade_status(connection) != 101:
        return None
    sent, received = bytes(connection.sent), b"".join(connection.received)
    request, answer = head_end(sent), head_end(received)
    if request is None or answer is None:
        return None
    answer_end, headers = answer
    from_release, release_whole = _side(
        sent[request[0] :], masked=True, extensions=_deflate(headers, reading_release=True)
    )
    from_gateway, gateway_whole = _side(
        received[answer_end:], masked=False, extensions=_deflate(headers, reading_release=False)
    )
    return WebSocketExchange(headers, from_release, from_gateway, release_whole and gateway_whole)


__all__ = ["WebSocketExchange", "websocket_exchange"]
