"""The reference SSE reader never raises, and a stream's result does not depend on
where it is cut into reads (SSE-FRAME-4), on thousands of generated streams."""

from __future__ import annotations

import itertools
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference.editions import EDITIONS
from codex_reference.sse.responses import read_responses

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
    st.binary(max_size=300),
    st.lists(_event_text(), max_size=6).map(lambda events: "".join(events).encode("utf-8")),
    st.lists(_event_text(), max_size=6).map(lambda events: ("\ufeff" + "".join(events)).encode("utf-8")),
)


def _cut(data: bytes, cuts: list[int]) -> list[bytes]:
    bounds = [0, *sorted({c % (len(data) + 1) for c in cuts}), len(data)]
    return [data[a:b] for a, b in itertools.pairwise(bounds)]


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(data=_streams, cuts=st.lists(st.integers(0, 10_000), max_size=12))
def test_reader_never_raises_and_ignores_read_boundaries(data: bytes, cuts: list[int]) -> None:
    for edition in EDITIONS.values():
        whole = read_responses(edition.sse, [data])
        assert read_responses(edition.sse, _cut(data, cuts)) == whole
        assert read_responses(edition.sse, [data[i : i + 1] for i in range(len(data))]) == whole
        assert whole["end"]["kind"] in ("completed", "error")
