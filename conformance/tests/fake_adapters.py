"""Tiny fake adapters for testing the kit's frame on the synthetic ``demo`` fixtures.

They are not the reference model and know nothing about Codex: each one is
correct or broken in one deliberate way, so every outcome status can be
asserted exactly.  ``python misbehaving_server.py MODE`` wraps ``correct``
for the subprocess-only misbehaviours (garbage, exit, hang).
"""

from __future__ import annotations

import secrets
import time
from typing import Any

ALL_EDITIONS = ["0.25.0", "0.94.0", "0.169.0"]
DECLARED_OPS = ["demo.echo", "demo.upper", "demo.reject", "demo.stamp", "demo.bag"]
# Declared by ``declining`` alone, which answers it ``unsupported``.
DECLINED_OP = "demo.maybe"


def hello_result(
    ops: list[str] | None = None, protocol: int = 1, editions: list[str] | None = None
) -> dict[str, Any]:
    return {
        "protocol": protocol,
        "implementation": {
            "name": "fake",
            "version": "0.0.1",
            "language": "python",
            "homepage": "https://example.invalid/fake",
        },
        "editions": ALL_EDITIONS if editions is None else editions,
        "ops": DECLARED_OPS if ops is None else ops,
    }


def correct(request: dict[str, Any]) -> dict[str, Any]:
    op, args = request["op"], request["args"]
    if op == "hello":
        return {"result": hello_result()}
    if op == "demo.echo":
        return {"result": {"value": args["value"]}}
    if op == "demo.upper":
        return {"result": {"text": args["text"].upper()}}
    if op == "demo.reject":
        return {"error": {"kind": "invalid-input", "message": "nothing to do"}}
    if op == "demo.stamp":
        return {"result": {"call_id": "call_" + secrets.token_hex(4), "name": args["name"]}}
    if op == "demo.bag":
        # Reverse order: only json-unordered accepts this.
        return {"result": {key: index for index, key in reversed(list(enumerate(args["keys"], start=1)))}}
    if op == DECLINED_OP:
        # Not declared: asked anyway, a port says so (as codex_conformance.port.make_handle does).
        return {"unsupported": f"feature {args['feature']!r} is not implemented"}
    return {"error": {"kind": "unknown-op", "message": op}}


def measuring(request: dict[str, Any]) -> dict[str, Any]:
    """Like ``correct``, but says in hello that it measures volatile values itself."""
    if request["op"] == "hello":
        return {"result": {**hello_result(), "measures_volatile": True}}
    return correct(request)


def declining(request: dict[str, Any]) -> dict[str, Any]:
    """Like ``correct``, but declares ``demo.maybe`` too, and answers it ``unsupported``."""
    if request["op"] == "hello":
        return {"result": hello_result(ops=[*DECLARED_OPS, DECLINED_OP])}
    return correct(request)


def wrong_bytes(request: dict[str, Any]) -> dict[str, Any]:
    """Valid replies with wrong content: every applicable case fails."""
    response = correct(request)
    op = request["op"]
    if op == "demo.echo":
        value = request["args"]["value"]
        # A dict keeps its content with keys reversed (only the order differs).
        value = dict(reversed(list(value.items()))) if isinstance(value, dict) else value + "!"
        return {"result": {"value": value}}
    if op == "demo.upper":
        return {"result": {"text": request["args"]["text"].upper().rstrip("\n")}}
    if op == "demo.reject":
        return {"error": {"kind": "other-kind", "message": "nope"}}
    if op == "demo.stamp":
        return {"result": {"call_id": "CALL-1", "name": request["args"]["name"]}}
    if op == "demo.bag":
        return {"result": {"x": 1, "y": 2, "z": 4}}
    return response


def wrong_echo(request: dict[str, Any]) -> dict[str, Any]:
    """Like ``correct``, but wrong on ``demo.echo`` alone: some cases pass, some fail."""
    return wrong_bytes(request) if request["op"] == "demo.echo" else correct(request)


def wrong_but_upper(request: dict[str, Any]) -> dict[str, Any]:
    """``wrong_bytes`` with one case fixed: ``demo.upper`` answers correctly."""
    return correct(request) if request["op"] == "demo.upper" else wrong_bytes(request)


def raises(request: dict[str, Any]) -> dict[str, Any]:
    if request["op"] == "hello":
        return correct(request)
    raise RuntimeError(f"boom in {request['op']}")


def no_ops(request: dict[str, Any]) -> dict[str, Any]:
    if request["op"] == "hello":
        return {"result": hello_result(ops=[])}
    raise AssertionError("the kit must not send an op the adapter did not declare")


def malformed(request: dict[str, Any]) -> dict[str, Any]:
    """Replies that break the protocol in a different way per op (``demo.maybe``: kind ``internal``)."""
    op = request["op"]
    if op == "hello":
        return declining(request)
    if op == "demo.echo":
        return {"result": {"value": 1}, "error": {"kind": "x", "message": "both"}}
    if op == "demo.upper":
        return {"results": {"text": "typo"}}
    if op == "demo.reject":
        return {"error": {"kind": "invalid-input"}}  # message missing
    if op == "demo.stamp":
        return {"result": ["not", "an", "object"]}
    if op == "demo.bag":
        return {"result": {"x": float("nan")}}
    return {"error": {"kind": "internal", "message": "adapter broke"}}


def misspelled_op(request: dict[str, Any]) -> dict[str, Any]:
    """Declares ``demo.ecko`` for ``demo.echo``: a name the kit does not know."""
    if request["op"] == "hello":
        return {"result": hello_result(ops=["demo.ecko", "demo.upper"])}
    return correct(request)


def short_edition(request: dict[str, Any]) -> dict[str, Any]:
    """Declares edition ``0.25`` for ``0.25.0``: a version the kit does not know."""
    if request["op"] == "hello":
        return {"result": hello_result(editions=["0.25"])}
    return correct(request)


def only_0_169_0(request: dict[str, Any]) -> dict[str, Any]:
    """Declares 0.169.0 alone, and ``demo.upper``, whose one case is a 0.25.0 case."""
    if request["op"] == "hello":
        return {"result": hello_result(editions=["0.169.0"])}
    return correct(request)


def future_protocol(request: dict[str, Any]) -> dict[str, Any]:
    return {"result": hello_result(protocol=2)}


class ObjectAdapter:
    """An object with a ``.handle`` method, as ``--impl=fake_adapters:instance`` accepts."""

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        return correct(request)


instance = ObjectAdapter()
handle = correct  # so that --impl=fake_adapters works without an attribute


def dies_on_upper(request: dict[str, Any]) -> dict[str, Any]:
    """Like ``correct``, but the whole process exits on ``demo.upper`` (a crash no transport survives)."""
    if request["op"] == "demo.upper":
        import os

        os._exit(3)
    return correct(request)


def slow_upper(request: dict[str, Any]) -> dict[str, Any]:
    """Like ``correct``, but takes 3 s to answer demo.upper (past a short --conformance-timeout)."""
    if request["op"] == "demo.upper":
        time.sleep(3)
    return correct(request)


RERUN_WHY = "stalled: the release did not finish within 1 s"


def rerunning(request: dict[str, Any]) -> dict[str, Any]:
    """Like ``correct``, but says it ran demo.upper twice (as the release adapter does after a stall)."""
    reply = correct(request)
    return {**reply, "reruns": [RERUN_WHY]} if request["op"] == "demo.upper" else reply
