"""The parts several areas' explorers share (codex_workshop/explorer/): made-up ids settled to the
zero UUID, and a describe's words for the keys two results differ on; the http and sse describes
give the words they gave before they shared them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from codex_workshop.areas.http.explore import describe as describe_http
from codex_workshop.areas.sse.explore import describe as describe_sse
from codex_workshop.explorer.key_differences import key_differences
from codex_workshop.explorer.made_up_ids import ANY_UUID, UUID_V7, ZERO_UUID, with_settled_id

_V7 = "01a23717-1906-7193-9643-3b37371a8466"
_V4 = "9b2f0c7e-3d1a-4c55-8e2b-6f7a1d0c9e42"


def test_a_made_up_id_is_settled_in_its_place() -> None:
    made_up = re.compile(rf"\A(fco|msg)_{UUID_V7}\Z")
    item = {"type": "message", "id": f"msg_{_V7}", "content": []}
    settled = with_settled_id(item, made_up)
    assert settled == {"type": "message", "id": f"msg_{ZERO_UUID}", "content": []}
    assert list(settled) == ["type", "id", "content"]
    assert item["id"] == f"msg_{_V7}"  # the release's answer itself is left as it came


def test_an_id_the_pattern_does_not_match_and_a_non_item_are_kept() -> None:
    made_up = re.compile(rf"\A(fco)_{UUID_V7}\Z")
    for item in ({"id": f"fco_{_V4}"}, {"id": "fco_1"}, {"id": 5}, {"type": "message"}, ["fco"], None):
        assert with_settled_id(item, made_up) is item
    assert with_settled_id({"id": f"fco_{_V4}"}, re.compile(rf"\A(fco)_{ANY_UUID}\Z")) == {
        "id": f"fco_{ZERO_UUID}"
    }


def test_key_differences_name_each_differing_key_in_order() -> None:
    mine = {"a": 1, "b": "long text", "c": None}
    theirs = {"a": 2, "b": "long text", "d": "x"}
    assert key_differences(mine, theirs, ("d", "a", "b", "c")) == ["d:None≠x", "a:1≠2"]

    def presence(side: Mapping[str, Any], key: str) -> object:
        return key in side

    assert key_differences(mine, theirs, ("c", "d"), presence, prefix="end.") == ["end.d:False≠True"]


def test_the_http_describe_words_are_unchanged() -> None:
    release = {
        "result": {
            "requests": 2,
            "waits": [1000],
            "exit_code": 1,
            "error": "stream disconnected before completion: x" * 2,
            "notices": None,
            "resent_items": [],
        }
    }
    reference = {
        "result": {
            "requests": 1,
            "waits": [],
            "exit_code": 1,
            "error": "unexpected status 500",
            "resent_items": [],
        }
    }
    assert (
        describe_http(release, reference)
        == "requests:2≠1 waits:[1000]≠[] error:stream disconnected before com≠unexpected status 500"
    )
    assert describe_http(release, release) == "key order"


def test_the_sse_describe_words_are_unchanged() -> None:
    release = {
        "result": {
            "events": [{"item": {"type": "message"}}],
            "end": {
                "kind": "failed",
                "error": "context 123 exceeded",
                "message": "m 7",
                "retry_after_ms": 1500,
                "usage": {"a": 1},
            },
        }
    }
    reference = {
        "result": {
            "events": [{"item": {"type": "reasoning"}}],
            "end": {
                "kind": "failed",
                "error": "context 45 exceeded",
                "message": "m 7",
                "response_id": "resp_1",
            },
        }
    }
    assert describe_sse(release, reference) == (
        "events:message item form end.error:context # exceeded≠context # exceeded "
        "end.retry_after_ms:True≠False end.usage:True≠False end.response_id:False≠True"
    )
