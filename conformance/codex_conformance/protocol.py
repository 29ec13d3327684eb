"""Adapter protocol v1: the messages between the kit and an implementation.

One op catalogue serves two transports (see ``spec/adapter-protocol.md``):
a Python callable ``handle(request) -> response`` and a subprocess speaking
one JSON object per line.  Every message is a pydantic model here, and the
JSON Schemas in ``spec/schemas/`` are generated from these classes, so the
code and the published protocol cannot drift apart.

The protocol version lives in the ``hello`` reply only; a mismatch is one
exception, ``ProtocolMismatch``, raised before anything else is read.

Ids are JSON integers and nothing else: ``"5"``, ``true`` and ``2.0`` are
protocol errors on both sides, never coerced (pydantic's lax mode would
turn each of them into an int, so ids are declared strict).
"""

from __future__ import annotations

from typing import Any, TypeGuard

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from codex_conformance.errors import HarnessError

PROTOCOL_VERSION = 1

HELLO_OP = "hello"

# An error of this kind means "the adapter itself broke" (an exception, an
# invalid reply from the wrapped code).  It is never a correct rejection of
# the input: the runner turns it into an ERROR outcome.
INTERNAL_ERROR_KIND = "internal"

# An error of this kind answers a request line the adapter could not read
# (not JSON, too deep, a mistyped member) but could tie to its id.  The kit
# never sends such a line, so receiving one is a harness ERROR as well.
PROTOCOL_ERROR_KIND = "protocol"

# Characters of an adapter's free text (an error message, an unsupported
# reason) the kit keeps; a longer text is cut with a marker, so a 50 MB
# message cannot end up whole in a report, the Markdown and the terminal.
REPORT_TEXT_CHARS = 64 * 1024


def is_wire_id(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a valid id: a JSON integer (``bool`` is an int subclass in Python, not here)."""
    return type(value) is int


def truncate_text(text: str, limit: int = REPORT_TEXT_CHARS) -> str:
    """``text`` cut to ``limit`` characters with a marker saying how much was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n... [truncated: {len(text) - limit:,} more characters]"


class _Message(BaseModel):
    # Unknown keys are a protocol violation, not something to ignore: a typo
    # like "results" must not be read as an empty reply.
    model_config = ConfigDict(extra="forbid", frozen=True)


class Request(_Message):
    """The kit asks the implementation to perform one op.

    ``id`` is present on the subprocess transport only; a Python adapter
    receives ``{"op": ..., "args": ...}``.
    """

    id: StrictInt | None = Field(default=None, description="Correlates the reply; subprocess transport only.")
    op: str = Field(min_length=1)
    args: dict[str, Any]

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class Implementation(_Message):
    """How an implementation describes itself in its hello reply."""

    name: str
    version: str
    language: str
    # Optional: most ports have no page of their own yet (the report prints it when given).
    homepage: str = ""


class Hello(_Message):
    """The ``result`` of the ``hello`` op: who the implementation is and what it declares."""

    protocol: int
    implementation: Implementation
    editions: list[str] = Field(description="Editions (release versions) the implementation follows.")
    ops: list[str] = Field(description="Ops the implementation performs; other ops are not applicable.")
    measures_volatile: bool = Field(
        default=False,
        description="The implementation prints the wall times, chunk ids and process ids it measures "
        "itself, not those the case args give (a release run): such values are compared by their form "
        "only. False (the default): the given values must be printed exactly.",
    )


class ErrorBody(_Message):
    kind: str = Field(
        min_length=1,
        description=f"Compared with the case; {INTERNAL_ERROR_KIND!r} and {PROTOCOL_ERROR_KIND!r} "
        "are reserved.",
    )
    message: str


# How many reasons of ``reruns`` the kit keeps, each cut to this many characters.
MAX_RERUNS_KEPT = 10
RERUN_REASON_CHARS = 2000


class _Response(_Message):
    id: StrictInt | None = None
    reruns: list[str] = Field(
        default_factory=list,
        description="Optional, any kind of response: why the implementation did the work of this request "
        "more than once, one reason per extra run (a release run that stalled and was run again). The "
        "case's outcome says it ran twice and why; --strict-runs makes it an error. Absent or empty: it "
        "ran once.",
    )


class ResultResponse(_Response):
    """The op succeeded; ``result`` is compared with the case's expected result."""

    result: dict[str, Any]


class ErrorResponse(_Response):
    """The implementation rejected the input, as the release would."""

    error: ErrorBody

    @property
    def is_internal(self) -> bool:
        return self.error.kind == INTERNAL_ERROR_KIND


class UnsupportedResponse(_Response):
    """The implementation declines this particular request (not applicable, with a reason)."""

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
            f"a response must hold exactly one of result/error/unsupported, got keys {list(raw)[:10]!r:.300}"
        )
    if "id" in raw and not is_wire_id(raw["id"]):
        mistyped = raw["id"]
        raise ProtocolError(
            f"a response id must be an integer, got {type(mistyped).__name__} {mistyped!r:.80}"
        )
    try:
        response = _RESPONSE_CLASSES[kinds[0]].model_validate(raw)
    except ValidationError as exc:
        raise ProtocolError(f"invalid {kinds[0]} response: {summarize_validation(exc)}") from exc
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
    if protocol != PROTOCOL_VERSION or type(protocol) is not int:
        raise ProtocolMismatch(protocol)
    try:
        return Hello.model_validate(response.result)
    except ValidationError as exc:
        raise ProtocolError(f"invalid hello result: {summarize_validation(exc)}") from exc


def summarize_validation(exc: ValidationError) -> str:
    """The first few problems pydantic found, one short phrase each (keys can be any length)."""
    parts = []
    for error in exc.errors()[:5]:
        location = ".".join(str(part)[:100] for part in error["loc"])[:300] or "(root)"
        parts.append(f"{location}: {error['msg']}")
    return "; ".join(parts)
