"""The reference SSE reader never raises (but NotModelled, where it declines), and a
stream's result does not depend on where it is cut into reads (SSE-FRAME-4), on
thousands of generated streams.

A stream is text (the ops' ``stream`` argument, encoded by ``wire.chunks_of``),
so its bytes are always UTF-8; reads may cut a character anywhere."""

from __future__ import annotations

import itertools
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference.editions import EDITIONS
from codex_reference.errors import NotModelled
from codex_reference.sse.responses import SseRules, read_responses

_EVENT_TYPES = [
    "response.output_item.done",
    "response.completed",
    "response.failed",
    "response.incomplete",
    "response.output_text.delta",
    "response.created",
    "x",
]
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def _event_text(draw: st.DrawFn) -> str:
    payload = draw(
        st.dictionaries(st.sampled_from(["item", "response", "delta", "x"]), _json_values, max_size=3)
    )
    if draw(st.booleans()):
        payload["type"] = draw(st.sampled_from(_EVENT_TYPES))
    data = json.dumps(payload) if draw(st.integers(0, 9)) else draw(st.text(max_size=20))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    prefix = draw(st.sampled_from(["", ": c" + newline, "event: e" + newline, "id: 1" + newline]))
    return (
        prefix
        + "data:"
        + draw(st.sampled_from(["", " "]))
        + data
        + newline
        + draw(st.sampled_from([newline, ""]))
    )


_streams = st.one_of(
    st.text(st.characters(exclude_categories=["Cs"]), max_size=300).map(lambda text: text.encode("utf-8")),
    st.lists(_event_text(), max_size=6).map(lambda events: "".join(events).encode("utf-8")),
    st.lists(_event_text(), max_size=6).map(lambda events: ("\ufeff" + "".join(events)).encode("utf-8")),
)


def _result(rules: SseRules, chunks: list[bytes]) -> dict[str, Any] | str:
    """The result, or "declined" where the reference answers unsupported (NotModelled)."""
    try:
        return read_responses(rules, chunks)
    except NotModelled:
        return "declined"


def _cut(data: bytes, cuts: list[int]) -> list[bytes]:
    bounds = [0, *sorted({c % (len(data) + 1) for c in cuts}), len(data)]
    return [data[a:b] for a, b in itertools.pairwise(bounds)]


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(data=_streams, cuts=st.lists(st.integers(0, 10_000), max_size=12))
def test_reader_never_raises_and_ignores_read_boundaries(data: bytes, cuts: list[int]) -> None:
    for edition in EDITIONS.values():
        whole = _result(edition.sse, [data])
        assert _result(edition.sse, _cut(data, cuts)) == whole
        assert _result(edition.sse, [data[i : i + 1] for i in range(len(data))]) == whole
        assert whole == "declined" or (
            isinstance(whole, dict) and whole["end"]["kind"] in ("completed", "error")
        )
