"""The quick pass before the exact protocol checks (issue #31): it clears only what they clear.

``plainly_within`` lets a request or reply skip the per-value walks of
``unicode_problem``, ``request_problem`` and ``reply_problem``.  Held here
to never clearing a value those find a problem in, on generated values full
of what they look for, and shown to be what the adapter runs on a wide
request (the exact walks are not called).
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference import adapter, editions
from codex_reference.args import unicode_problem
from codex_reference.container_sizes import ContainsItself, TooLarge, size_and_depth
from codex_reference.limits import MAX_LINE_BYTES, reply_problem, request_problem
from codex_reference.plainly_within import plainly_within

_TEXT = st.text(st.characters(codec=None, categories=None), max_size=8) | st.sampled_from(
    ["\ud800", "a\udfff", "\ud83d\ude80", "\U0001f680", "\u00e9", "0" * 1_200, ""]
)
_SCALAR = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([999, 1000, 4000]).map(lambda digits: 10**digits)  # 10**5000: below
    | st.sampled_from([-(10**1000), 2**64])
    | st.floats(allow_nan=True, allow_infinity=True)
    | _TEXT
)


def _shared(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    lists = st.lists(children, max_size=4)
    objects = st.dictionaries(_TEXT, children, max_size=4)
    # The same list or object at several places, as the fuzzer's wide shapes make them.
    repeated = st.tuples(lists | objects, st.integers(1, 5)).map(lambda pair: [pair[0]] * pair[1])
    return lists | objects | repeated


_VALUE = st.recursive(_SCALAR, _shared, max_leaves=30)
_ARGS = st.dictionaries(_TEXT, _VALUE, max_size=4)


@settings(max_examples=200, deadline=None)
@given(_ARGS)
def test_args_it_clears_have_no_problem_the_exact_checks_find(args: dict[str, Any]) -> None:
    if plainly_within(args, strict=False):
        assert unicode_problem(args) is None
        assert request_problem(args) is None


@settings(max_examples=200, deadline=None)
@given(_ARGS)
def test_replies_it_clears_have_no_problem_the_exact_check_finds(reply: dict[str, Any]) -> None:
    if plainly_within(reply):
        assert reply_problem(reply) is None


def _cycle() -> list[Any]:
    loop: list[Any] = [1]
    loop.append([loop])
    return loop


def _deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    "value",
    [
        {"s": "\ud800"},
        {"\udc00": 1},
        {"s": ["ok", "\ud83d\ude80"]},  # two code points a UTF-8 text cannot hold
        {"n": 10**1000},
        {"n": [1, -(10**1000)]},
        {"n": 10**5000},
        {"loop": _cycle()},
        {"t": (1, 2)},
        {"k": {1: "a number key"}},
        {"big": ["x" * (1 << 20)] * 70},
    ],
    ids=lambda value: next(iter(value)),
)
def test_what_the_exact_checks_refuse_is_not_cleared(value: dict[str, Any]) -> None:
    assert not plainly_within(value, strict=False)
    assert unicode_problem(value) is not None or request_problem(value) is not None


@pytest.mark.parametrize(
    "reply",
    [{"result": math.nan}, {"result": [math.inf]}, {"result": _deep(200)}],
    ids=["nan", "inf", "deep"],
)
def test_a_reply_the_exact_check_refuses_is_not_cleared(reply: dict[str, Any]) -> None:
    assert not plainly_within(reply)
    assert reply_problem(reply) is not None


def test_args_within_the_limits_are_cleared() -> None:
    # The shapes the fuzzer makes wide: a million numbers, strings, or references to a list.
    wide: list[Any]
    for wide in (list(range(100_000)), ["s"] * 100_000, [[]] * 100_000, [{"k": 1.5}] * 1_000):
        assert plainly_within({"edition": "0.169.0", "files": {"m.py": wide}}, strict=False)
    assert plainly_within({"result": _deep(199)})


def test_the_adapter_answers_a_wide_request_without_the_exact_walks(monkeypatch: pytest.MonkeyPatch) -> None:
    def walked(_: Any) -> None:
        raise AssertionError("the exact per-value walk ran on a request the quick pass clears")

    handler = adapter.make_handler(editions.EDITIONS)
    for name in ("unicode_problem", "request_problem", "reply_problem"):
        monkeypatch.setattr(adapter, name, walked)
    files = {"m.py": list(range(100_000))}
    reply = handler({"op": "apply_patch.apply", "args": {"edition": "0.169.0", "patch": "", "files": files}})
    assert reply["error"]["kind"] == "invalid-args"
    assert "content must be a string" in reply["error"]["message"]


def test_the_adapter_still_names_what_the_quick_pass_leaves_to_the_exact_checks() -> None:
    reply = adapter.handle({"op": "apply_patch.apply", "args": {"edition": "0.169.0", "patch": "\ud800"}})
    assert reply["error"]["kind"] == "invalid-args"
    assert "`args.patch` is not valid Unicode text: a lone surrogate (U+D800 at character 0)" in str(reply)


def _json_bytes(container: Any, scalars: list[Any]) -> int:
    total = 2 + 2 * max(len(container) - 1, 0) + sum(len(json.dumps(item)) for item in scalars)
    return total + (sum(len(json.dumps(key)) + 2 for key in container) if isinstance(container, dict) else 0)


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(st.integers() | st.text(max_size=5), _shared, max_leaves=25).filter(
        lambda value: isinstance(value, list | dict) and all(isinstance(key, str) for key in _keys(value))
    )
)
def test_sizes_count_each_place_a_shared_value_stands(value: Any) -> None:
    size, _depth = size_and_depth(value, _json_bytes, MAX_LINE_BYTES)
    assert size == len(json.dumps(value))


def _keys(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [*value, *(key for item in value.values() for key in _keys(item))]
    if isinstance(value, list):
        return [key for item in value for key in _keys(item)]
    return []


def test_sizes_refuse_a_cycle_and_stop_past_the_limit() -> None:
    with pytest.raises(ContainsItself):
        size_and_depth(_cycle(), _json_bytes, MAX_LINE_BYTES)
    with pytest.raises(TooLarge):
        size_and_depth([[1, 2, 3]] * 10, _json_bytes, 50)
    assert size_and_depth(_deep(5), _json_bytes, MAX_LINE_BYTES) == (10, 5)
