"""The items explorer: every item type the Responses API's models name is sent, with the shapes
field reports name; a batch's answers are cut apart at its markers; made-up ids are settled.

The types are read from the ``openai`` package's union, not listed here: a
type the package adds is one the strategy must send (shown failing by
dropping one).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from openai.types.responses import ResponseOutputItem

from codex_conformance.generators import generated
from codex_reference.adapter import handle
from codex_workshop.areas import typed_values
from codex_workshop.areas.items import explore, field, release

OPENAI_ITEM_TYPES = {typed_values.literal_type(model) for model in typed_values.members(ResponseOutputItem)}
ITEMS = 1500


def _items(seed: str = "items") -> list[Any]:
    return generated(explore.generate_item, ITEMS, seed)


def _types(items: list[Any]) -> set[Any]:
    return {item.get("type") for item in items if isinstance(item, dict)}


def test_every_openai_item_type_is_sent() -> None:
    assert field.item_types() == OPENAI_ITEM_TYPES
    assert OPENAI_ITEM_TYPES - _types(_items()) == set()


def test_dropping_an_item_type_from_the_strategy_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    dropped = typed_values.literal_type(field.ITEM_MODELS[0])
    monkeypatch.setattr(field, "ITEM_MODELS", field.ITEM_MODELS[1:])
    # The reported shapes and the kit's scenarios send messages too: count the models' own alone.
    models_only = generated(
        lambda draw: typed_values.object_of(draw, draw.choice(field.ITEM_MODELS)), 800, "d"
    )
    assert dropped not in _types(models_only)


def test_the_shapes_field_reports_name_are_sent() -> None:
    items = [item for item in _items() if isinstance(item, dict)]
    calls = [item for item in items if item.get("type") == "function_call"]
    assert any(call.get("name") == "" for call in calls)
    assert any("call_id" not in call for call in calls)
    namespaces = [call.get("namespace", "absent") for call in calls]
    assert "functions" in namespaces and None in namespaces and 1 in namespaces
    assert any(not isinstance(call.get("arguments"), str) for call in calls)
    reasoning = [item for item in items if item.get("type") == "reasoning"]
    assert any(item.get("content", "absent") is None and "encrypted_content" in item for item in reasoning)
    assert any("status" in item for item in reasoning)
    outputs = [item for item in items if item.get("type") == "function_call_output"]
    assert any(item.get("call_id", "absent") in (None, "absent") for item in outputs)
    assert {"item_reference", "additional_tools", "image_generation_call"} <= _types(items)
    messages = [item for item in items if item.get("type") == "message"]
    assert any(isinstance(item.get("id"), str) and len(item["id"]) > 300 for item in messages)


def _differing_members(item: dict[str, Any], known: dict[str, Any]) -> int:
    names = set(item) | set(known)
    return sum(
        json.dumps(item.get(name, "absent")) != json.dumps(known.get(name, "absent")) for name in names
    )


def test_the_kit_s_scenarios_are_sent_with_one_member_damaged() -> None:
    known = [item for item in map(json.loads, explore._scenario_items()) if isinstance(item, dict)]
    items = [item for item in _items("share") if isinstance(item, dict)]
    damaged = [item for item in items if any(_differing_members(item, scenario) == 1 for scenario in known)]
    # About one in KIT_ONE_IN (a damage that leaves the value as it was is not counted).
    assert len(damaged) > len(items) / explore.KIT_ONE_IN / 2


@pytest.mark.parametrize("version", ["0.25.0", "0.94.0", "0.169.0", "0.171.0"])
def test_the_reference_answers_every_generated_item(version: str) -> None:
    for item in generated(explore.generate_item, 400, f"ref-{version}"):
        response = handle({"op": "items.serialize", "args": {"edition": version, "item": item}})
        assert "result" in response, (item, response)


def _marker(index: int) -> str:
    return json.dumps(
        {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "output_text", "text": f"codex-conformance item marker {index}"}],
        }
    )


CALL = {"type": "function_call", "name": "x", "arguments": "{}", "call_id": "c1"}
OUTPUT = {"type": "function_call_output", "call_id": "c1", "output": "unsupported call: x"}
PROBE = {"type": "function_call", "name": "shell", "arguments": "{}", "call_id": "call_conformance_probe"}
PROBE_OUTPUT = {"type": "function_call_output", "call_id": "call_conformance_probe", "output": "ok"}


def _written(monkeypatch: pytest.MonkeyPatch, elements: list[Any]) -> None:
    texts = [element if isinstance(element, str) else json.dumps(element) for element in elements]
    monkeypatch.setattr(release, "written_back", lambda version, items: texts)


def test_a_batch_is_cut_at_its_markers_and_each_call_gets_its_own_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    message = {"type": "message", "role": "assistant", "content": []}
    _written(monkeypatch, [_marker(0), CALL, _marker(1), _marker(2), message, PROBE, OUTPUT, PROBE_OUTPUT])
    found = release.written_back_items("0.169.0", [CALL, "dropped", message])
    assert found is not None
    answers = [
        release.answer_of("0.169.0", item, elements)
        for item, elements in zip([CALL, "dropped", message], found, strict=True)
    ]
    assert answers == [{"json": json.dumps(CALL)}, {"json": None}, {"json": json.dumps(message)}]


def test_an_output_sent_as_an_item_is_its_answer_not_a_call_s(monkeypatch: pytest.MonkeyPatch) -> None:
    _written(monkeypatch, [OUTPUT, PROBE, PROBE_OUTPUT])
    assert release.items_serialize("0.169.0", {"item": OUTPUT}) == {"json": json.dumps(OUTPUT)}
    _written(monkeypatch, [CALL, PROBE, OUTPUT, PROBE_OUTPUT])
    assert release.items_serialize("0.169.0", {"item": CALL}) == {"json": json.dumps(CALL)}


@pytest.mark.parametrize("order", [[1, 0], [0], [2, 0, 1]], ids=["swapped", "one missing", "unknown first"])
def test_a_batch_whose_markers_do_not_come_back_in_order_answers_nothing(
    monkeypatch: pytest.MonkeyPatch, order: list[int]
) -> None:
    _written(monkeypatch, [_marker(index) for index in order])
    assert release.written_back_items("0.169.0", ["a", "b"]) is None


def test_a_made_up_id_is_settled_to_the_zero_uuid_and_a_given_one_kept() -> None:
    made_up = (
        '{"type":"message","id":"msg_019a1b2c-3d4e-7f00-8123-456789abcdef","role":"assistant","content":[]}'
    )
    zero = made_up.replace("019a1b2c-3d4e-7f00-8123-456789abcdef", "00000000-0000-0000-0000-000000000000")
    without_id = {"item": {"type": "message", "role": "assistant", "content": []}}
    assert explore._settle({"result": {"json": made_up}}, without_id) == ({"result": {"json": zero}}, {})
    # The same id sent with the item (a recorded one a release made up) is the input's.
    given = {"item": {**without_id["item"], "id": "msg_019a1b2c-3d4e-7f00-8123-456789abcdef"}}
    assert explore._settle({"result": {"json": made_up}}, given) == ({"result": {"json": made_up}}, {})
    assert explore._settle({"result": {"json": None}}, without_id) == ({"result": {"json": None}}, {})


def test_a_disagreement_is_described_by_the_keys_each_side_writes() -> None:
    release_side = {"result": {"json": '{"type":"message","status":"completed","id":"m"}'}}
    reference_side = {"result": {"json": None}}
    assert explore.describe(release_side, reference_side) == "message[type,status,id]≠dropped"
    assert explore.describe(release_side, {"unsupported": "x"}) == "release result, reference unsupported"
