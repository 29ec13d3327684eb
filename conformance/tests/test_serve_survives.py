"""``serve`` survives every input: 10,000 generated malformed lines, valid requests in between.

Each malformed line either carries an integer id that ``serve`` can find
(it must answer with a ``protocol`` error carrying that id) or does not (it
must log it and answer nothing).  The valid requests interleaved with them
must get their ordinary answers, in order, from the same ``serve`` call.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import fake_adapters
import pytest

from codex_conformance.connection.limits import Limits
from codex_conformance.serve import serve

MALFORMED_LINES = 10_000
SEED = 20_240_611


@dataclass(frozen=True)
class Line:
    raw: bytes
    answer_id: int | None  # the id of the reply this line must get, None for no reply
    valid: bool = False  # a valid request, answered by the adapter


def _request(request_id: int, value: Any) -> bytes:
    return json.dumps({"id": request_id, "op": "demo.echo", "args": {"value": value}}).encode()


# Malformed lines that name their integer id before anything unreadable.
def _attributable(rng: random.Random, n: int) -> bytes:
    head = b'{"id": %d, ' % n
    kinds: list[Callable[[], bytes]] = [
        # cut short anywhere after the id
        lambda: _request(n, "some text")[: rng.randrange(len(head), len(_request(n, "some text")))],
        # wrong types and shapes
        lambda: head + b'"op": 5, "args": {}}',
        lambda: head + b'"op": "demo.echo", "args": []}',
        lambda: head + b'"op": "demo.echo", "args": null}',
        lambda: head + b'"op": "", "args": {}}',
        lambda: head + b'"op": "demo.echo"}',
        lambda: head + b'"op": "demo.echo", "args": {}, "extra": 1}',
        lambda: b'{"id": %d}' % n,
        # nested too deep for the kit (and, mostly, for json itself)
        lambda: head + b'"op": "demo.echo", "args": {"value": %s}}' % _deep(rng.choice([199, 600, 5000])),
        # lone surrogates as raw bytes, other non-UTF-8 bytes
        lambda: head + b'"op": "demo.echo", "args": {"value": "\xed\xa0\x80"}}',
        lambda: head + b'"op": "demo.echo", "args": {"\xff\xfe": 1}}',
        # numbers JSON or the protocol refuse
        lambda: head + b'"op": "demo.echo", "args": {"value": 1%s}}' % (b"0" * rng.randrange(1000, 6000)),
        lambda: head + b'"op": "demo.echo", "args": {"value": 1e999}}',
        lambda: head + b'"op": "demo.echo", "args": {"value": NaN}}',
        lambda: head + b'"op": "demo.echo", "args": {"value": -Infinity}}',
        # garbage after a valid start
        lambda: head + b'"op": "demo.echo", "args": {"value": tru}}',
        lambda: head + b'"op": "demo.echo", "args": {"value": "x"}} trailing',
    ]
    return rng.choice(kinds)()


# Malformed lines with no usable id: they are logged, never answered.
def _unattributable(rng: random.Random, n: int) -> bytes:
    kinds: list[Callable[[], bytes]] = [
        lambda: b'{"id": "%d", "op": "demo.echo", "args": {}}' % n,
        lambda: b'{"id": true, "op": "demo.echo", "args": {}}',
        lambda: b'{"id": %d.0, "op": "demo.echo", "args": {}}' % n,
        lambda: b'{"id": null, "op": "demo.echo", "args": {}}',
        lambda: b'{"id": 1e400, "op": "demo.echo"',
        lambda: b'{"id": 1%s, "op": "demo.echo", "args": {}}' % (b"0" * 5000),
        lambda: b'{"op": "demo.echo", "args": {}}',
        lambda: b'{"id": [%d], "op": "demo.echo", "args": {}}' % n,
        lambda: b'{"id": ',
        lambda: b'{"i',
        lambda: b"",
        lambda: b"   ",
        lambda: b"[1, 2, 3]",
        lambda: b'"just a string"',
        lambda: b"42",
        lambda: b"not json at all",
        lambda: b"}{",
        lambda: _deep(rng.choice([300, 3000, 100_000])),
        lambda: bytes(rng.choice([byte for byte in range(256) if byte != 0x0A]) for _ in range(40)),
        lambda: b'{"id": %d "op": "demo.echo"}' % n,  # no comma: where the id ends is unclear
    ]
    return rng.choice(kinds)()


def _deep(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def generate(seed: int = SEED) -> list[Line]:
    rng = random.Random(seed)
    lines: list[Line] = []
    next_id = 1
    surrogate = "\ud800"
    for index in range(MALFORMED_LINES):
        if index % 5 == 0:
            # A valid request between the bad ones; every tenth echoes a lone surrogate.
            value = surrogate if index % 50 == 0 else f"value {next_id}"
            lines.append(Line(_request(next_id, value), next_id, valid=True))
            next_id += 1
        if rng.random() < 0.6:
            lines.append(Line(_attributable(rng, next_id), next_id))
            next_id += 1
        else:
            lines.append(Line(_unattributable(rng, next_id), None))
    return lines


def run_serve(data: bytes, **options: Any) -> tuple[list[dict[str, Any]], str]:
    stdout, log = io.BytesIO(), io.StringIO()
    assert serve(fake_adapters.correct, io.BytesIO(data), stdout, log, **options) == 0
    replies = stdout.getvalue().splitlines()
    for reply in replies:
        assert reply.isascii()  # no UnicodeEncodeError can happen on the way out
    return [json.loads(reply) for reply in replies], log.getvalue()


def test_serve_survives_10000_malformed_lines_and_answers_every_attributable_one() -> None:
    lines = generate()
    assert sum(not line.valid for line in lines) == MALFORMED_LINES
    assert all(b"\n" not in line.raw for line in lines)
    replies, log = run_serve(b"".join(line.raw + b"\n" for line in lines))

    expected = [line for line in lines if line.answer_id is not None]
    assert [reply.get("id") for reply in replies] == [line.answer_id for line in expected]
    for line, reply in zip(expected, replies, strict=True):
        if line.valid:
            assert reply["result"] == {"value": json.loads(line.raw)["args"]["value"]}
        else:
            assert set(reply) == {"id", "error"}, reply
            assert reply["error"]["kind"] == "protocol", (line.raw[:200], reply)
            assert reply["error"]["message"]
    unanswered = sum(line.answer_id is None for line in lines)
    assert log.count("codex-conformance serve: ignoring a line") == unanswered


def test_serve_echoes_a_lone_surrogate_escaped() -> None:
    replies, _ = run_serve(b'{"id": 7, "op": "demo.echo", "args": {"value": "a\\ud800b"}}\n')
    assert replies == [{"id": 7, "result": {"value": "a\ud800b"}}]


@pytest.mark.parametrize("bad_id", [b'"5"', b"true", b"2.0", b"5e0"])
def test_serve_never_coerces_an_id(bad_id: bytes) -> None:
    replies, log = run_serve(b'{"id": %s, "op": "demo.echo", "args": {"value": 1}}\n' % bad_id)
    assert replies == []
    assert "a request needs an integer id" in log


def test_serve_answers_an_oversize_line_by_the_id_at_its_start() -> None:
    big = b'{"id": 3, "op": "demo.echo", "args": {"value": "%s"}}\n' % (b"x" * 10_000)
    then = b'{"id": 4, "op": "demo.echo", "args": {"value": "ok"}}\n'
    replies, _ = run_serve(big + then, limits=Limits(max_line_bytes=1024))
    assert replies[0]["id"] == 3
    assert replies[0]["error"] == {
        "kind": "protocol",
        "message": "a line longer than the limit of 1,024 bytes per line",
    }
    assert replies[1] == {"id": 4, "result": {"value": "ok"}}


def test_serve_answers_an_adapter_that_breaks_with_internal() -> None:
    def deep_reply(request: dict[str, Any]) -> dict[str, Any]:
        value: Any = 0
        for _ in range(100_000):
            value = [value]
        return {"result": {"value": value}}

    stdout = io.BytesIO()
    serve(deep_reply, io.BytesIO(b'{"id": 1, "op": "demo.echo", "args": {}}\n'), stdout, io.StringIO())
    reply = json.loads(stdout.getvalue())
    assert reply["id"] == 1
    assert reply["error"]["kind"] == "internal"
    assert "nested deeper than the limit of 200 levels" in reply["error"]["message"]


def test_serve_stops_quietly_when_its_stdout_is_gone() -> None:
    class Gone(io.BytesIO):
        def write(self, data: Any) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    log = io.StringIO()
    stdin = io.BytesIO(b'{"id": 1, "op": "demo.echo", "args": {"value": 1}}\n')
    assert serve(fake_adapters.correct, stdin, Gone(), log) == 1
    assert "cannot write a reply, stopping" in log.getvalue()
