"""0.169.0 makes up an id for a message or a reasoning item sent without one (or with an empty
one), as for calls: the capture writes its form, the explorer settles it to the reference's."""

from __future__ import annotations

from typing import Any

from codex_conformance.compare import PATTERN_KEY
from codex_workshop.areas.sse.capture import patterned
from codex_workshop.areas.sse.explore import settle

_MADE_UP = "rs_01a23717-1906-7193-9643-3b37371a8466"


def _result(item_id: Any) -> dict[str, Any]:
    item = {"type": "reasoning", "id": item_id, "summary": []}
    return {"events": [{"type": "output_item.done", "item": item}], "end": {"kind": "completed"}}


def test_a_made_up_id_is_captured_as_its_form() -> None:
    shown = patterned(_result(_MADE_UP))
    assert shown["events"][0]["item"]["id"] == {
        PATTERN_KEY: "rs_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    }


def test_an_id_the_server_sent_is_kept() -> None:
    for sent in ("rs_1", "", None, "msg_938ccbab669f4719b3d0695f"):
        assert patterned(_result(sent)) == _result(sent)


def test_the_explorer_settles_a_made_up_reasoning_or_message_id() -> None:
    settled, _observed = settle({"result": _result(_MADE_UP)})
    assert settled["result"]["events"][0]["item"]["id"] == "rs_00000000-0000-0000-0000-000000000000"
    message = {"result": {"events": [{"item": {"type": "message", "id": "msg_" + _MADE_UP[3:]}}]}}
    assert (
        settle(message)[0]["result"]["events"][0]["item"]["id"] == "msg_00000000-0000-0000-0000-000000000000"
    )


def test_the_explorer_settles_a_made_up_tool_search_output_id() -> None:
    # The acceptance run final-s24 saw these vary from run to run (0.169.0, 0.171.0).
    output = {"type": "tool_search_output", "id": "tso_01a238df-3cbd-7bf2-8389-b3d1a7213e8f"}
    settled, _observed = settle({"result": {"events": [{"item": output}]}})
    assert settled["result"]["events"][0]["item"]["id"] == "tso_00000000-0000-0000-0000-000000000000"
