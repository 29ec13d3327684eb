"""Adapter protocol v1: the messages between the kit and an implementation.

One op catalogue serves two transports (see ``spec/adapter-protocol.md``):
a Python callable ``handle(request) -> response`` and a subprocess speaking
one JSON object per line.  Every message is a pydantic model here, and the
JSON Schemas in ``spec/schemas/`` are generated from these classes, so the
code and the published protocol cannot drift apart.

The protocol version lives in the ``hello`` reply only; a mismatch is one
exception, ``ProtocolMismatch``, raised before anything else is read.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from codex_conformance.errors import HarnessError

PROTOCOL_VERSION = 1

HELLO_OP = "hello"

# An error of this kind means "the adapter itself broke" (an exception, an
# invalid reply from the wrapped code).  It is never a correct rejection of
# the input: the runner turns it into an ERROR outcome.
INTERNAL_ERROR_KIND = "internal"


class _Message(BaseModel):
    # Unknown keys are a protocol violation, not something to ignore: a typo
    # like "results" must not be read as an empty reply.
    model_config = ConfigDict(extra="forbid", frozen=True)


class Request(_Message):
    """The kit asks the implementation to perform one op.

    ``id`` is present on the subprocess transport only; a Python adapter
    receives ``{"op": ..., "args": ...}``.
    """

    id: int | None = Field(default=None, description="Correlates the reply; subprocess transport only.")
    op: str = Field(min_length=1)
    args: dict[str, Any]

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class Implementation(_Message):
    """How an implementation describes itself in its hello reply."""

    name: str
    version: str
    language: str
    homepage: str


class Hello(_Message):
    """The ``result`` of the ``hello`` op: who the implementation is and what it declares."""

    protocol: int
    implementation: Implementation
    editions: list[str] = Field(description="Editions (release versions) the implementation follows.")
    ops: list[str] = Field(description="Ops the implementation performs; other ops are not applicable.")


class ErrorBody(_Message):
    kind: str = Field(
        min_length=1, description=f"Compared with the case; {INTERNAL_ERROR_KIND!r} is reserved."
    )
    message: str


class ResultResponse(_Message):
    """The op succeeded; ``result`` is compared with the case's expected result."""

    id: int | None = None
    result: dict[str, Any]


class ErrorResponse(_Message):
    """The implementation rejected the input, as the release would."""

    id: int | None = None
    error: ErrorBody

    @property
    def is_internal(self) -> bool:
        return self.error.kind == INTERNAL_ERROR_KIND


class UnsupportedResponse(_Message):
    """The implementation declines this particular request (not applicable, with a reason)."""

    id: int | None = None
    unsupported: str


Response = ResultResponse | ErrorResponse | UnsupportedResponse

_RESPONSE_CLASSES: dict[str, type[ResultResponse] | type[ErrorResponse] | type[UnsupportedResponse]] = {
    "result": ResultResponse,
    "error": ErrorResponse,
    "unsupported": UnsupportedResponse,
}


class ProtocolError(HarnessError):
    """A message that does not follow the adapter protocol."""


class ProtocolMismatch(ProtocolError):
    """The implementation speaks another version of the adapter protocol."""

    def __init__(self, theirs: object) -> None:
        super().__init__(
            f"implementation speaks adapter protocol {theirs!r}; this kit speaks protocol {PROTOCOL_VERSION}"
        )
        self.theirs = theirs


def parse_response(raw: object, *, expected_id: int | None = None) -> Response:
    """Validate one reply: exactly one of result/error/unsupported (plus ``id`` on the wire)."""
    if not isinstance(raw, dict):
        raise ProtocolError(f"a response must be a JSON object, got {type(raw).__name__}")
    kinds = [key for key in raw if key in _RESPONSE_CLASSES]
    if len(kinds) != 1:
        raise ProtocolError(
            f"a response must hold exactly one of result/error/unsupported, got keys {list(raw)}"
        )
    try:
        response = _RESPONSE_CLASSES[kinds[0]].model_validate(raw)
    except ValidationError as exc:
        raise ProtocolError(f"invalid {kinds[0]} response: {_summarize(exc)}") from exc
    if response.id != expected_id:
        raise ProtocolError(f"response id {response.id!r} does not match request id {expected_id!r}")
    return response


def parse_hello(response: Response) -> Hello:
    """Read the hello reply, checking the protocol version before anything else."""
    if isinstance(response, UnsupportedResponse):
        raise ProtocolError(f"hello answered unsupported: {response.unsupported}")
    if isinstance(response, ErrorResponse):
        raise ProtocolError(f"hello failed: {response.error.kind}: {response.error.message}")
    protocol = response.result.get("protocol")
    if protocol != PROTOCOL_VERSION or isinstance(protocol, bool):
        raise ProtocolMismatch(protocol)
    try:
        return Hello.model_validate(response.result)
    except ValidationError as exc:
        raise ProtocolError(f"invalid hello result: {_summarize(exc)}") from exc


def _summarize(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors()[:5]:
        location = ".".join(str(part) for part in error["loc"]) or "(root)"
        parts.append(f"{location}: {error['msg']}")
    return "; ".join(parts)
