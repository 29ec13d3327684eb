"""The ``Connection`` interface every transport implements."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from types import TracebackType
from typing import Any, Self

from codex_conformance.protocol import (
    HELLO_OP,
    PROTOCOL_ERROR_KIND,
    ErrorResponse,
    Hello,
    ProtocolError,
    Response,
    UnsupportedResponse,
    parse_hello,
    truncate_text,
)

# A Python adapter: ``handle({"op": ..., "args": ...}) -> {"result" | "error" | "unsupported": ...}``.
Handler = Callable[[dict[str, Any]], dict[str, Any]]


class Connection(ABC):
    """A live link to one implementation.

    ``request`` returns a validated ``Response`` or raises ``HarnessError``
    (crash, timeout, invalid message); it never returns something the
    runner would have to second-guess.  ``hello`` is asked once and cached.
    """

    def __init__(self) -> None:
        self._hello: Hello | None = None

    def hello(self) -> Hello:
        if self._hello is None:
            self._hello = parse_hello(self._send(HELLO_OP, {}))
        return self._hello

    def request(self, op: str, args: dict[str, Any]) -> Response:
        return screened(self._send(op, args))

    @abstractmethod
    def _send(self, op: str, args: dict[str, Any]) -> Response:
        """Deliver one request and return its validated response."""

    @abstractmethod
    def describe(self) -> str:
        """A short human description of the transport, for error messages and reports."""

    def end(self) -> None:
        """Close the connection after the run's last request, checking the implementation's last words.

        ``HarnessError`` if it wrote anything after its last reply that no
        request asked for (a reply sent twice, a moment late).  ``close()``
        ends a connection without this check (after a failure, on Ctrl-C).
        """
        self.close()

    def close(self) -> None:  # noqa: B027 - optional hook; in-process has nothing to release
        """Release whatever the transport holds (a child process, ...)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def screened(response: Response) -> Response:
    """``response`` as the runner may use it.

    An error of the reserved kind ``protocol`` says the adapter could not
    read our request; that is a harness problem, never a rejection to
    compare, so it is raised.  Free text (an error message, an unsupported
    reason) is never compared, only shown, so it is cut to a size a report
    can hold.
    """
    if isinstance(response, ErrorResponse):
        if response.error.kind == PROTOCOL_ERROR_KIND:
            raise ProtocolError(
                f"the adapter could not read the request: {truncate_text(response.error.message)}"
            )
        message = truncate_text(response.error.message)
        if message is not response.error.message:
            error = response.error.model_copy(update={"message": message})
            return response.model_copy(update={"error": error})
    if isinstance(response, UnsupportedResponse):
        reason = truncate_text(response.unsupported)
        if reason is not response.unsupported:
            return response.model_copy(update={"unsupported": reason})
    return response
