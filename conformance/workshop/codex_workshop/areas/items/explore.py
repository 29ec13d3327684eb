"""Inputs for exploring ``items.serialize``: items a model (or a gateway) hands Codex back.

Three pools: the field's (``field.py``: every item type of the Responses
API's typed models, fields missing, null, empty or mistyped, and the shapes
field reports name), the kit's own (each captured scenario's item with one
member damaged), and, replayed before any of these, the items real gateways
handed back and the items of the Responses requests they forwarded upstream
(``replays_recorded``: explore/recorded.py, conformance/workshop/recorded/).

One release run answers a batch: the inputs are streamed as one response's
items, each after a marker message of its own, so that what the release
writes back between two markers is the answer for the input between them.
A batch whose markers do not all come back in order (an item that changes
what the release sends, a compaction) answers nothing, and each input is
run alone.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from hypothesis import strategies as st

from codex_conformance.generators import Draw, as_strategy
from codex_workshop.areas.items.field import field_item, with_one_field_damaged
from codex_workshop.areas.items.release import answer_of, written_back_items
from codex_workshop.areas.items.scenarios import load_item_scenarios
from codex_workshop.checkout import fixtures_dir
from codex_workshop.drive.errors import CaptureError, ReleaseRejectedError
from codex_workshop.explorer import Args, Explorer, Response, answer_kinds, args_as_scenario
from codex_workshop.explorer.made_up_ids import UUID_V7, ZERO_UUID

__all__ = ["EXPLORERS", "KIT_ONE_IN", "explored_items_args", "generate_item"]

# One item in this many is the kit's (a captured scenario's, damaged), the others the field's.
KIT_ONE_IN = 4


@cache
def _scenario_items() -> tuple[str, ...]:
    # As JSON texts, so that a drawn item is a fresh copy.
    scenarios = load_item_scenarios(fixtures_dir() / "items" / "_scenarios.json")
    return tuple(json.dumps(scenario.item) for scenario in scenarios)


def generate_item(draw: Draw) -> Any:
    if draw.integer(1, KIT_ONE_IN) == 1:
        return with_one_field_damaged(draw, json.loads(draw.choice(_scenario_items())))
    return field_item(draw)


def _args(draw: Draw, edition: str) -> Args:
    return {"edition": edition, "item": generate_item(draw)}


def explored_items_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's items as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: _args(draw, edition))


def _batch(version: str, inputs: list[Args]) -> list[Response | None]:
    try:
        found = written_back_items(version, [args["item"] for args in inputs])
    except (ReleaseRejectedError, CaptureError):
        return [None] * len(inputs)
    if found is None:
        return [None] * len(inputs)
    answers: list[Response | None] = []
    for args, elements in zip(inputs, found, strict=True):
        try:
            answers.append({"result": answer_of(version, args["item"], elements)})
        except CaptureError:
            answers.append(None)
    return answers


# 0.169.0 makes up `<prefix>_<UUIDv7>` for an item without an id; the reference writes the
# zero UUID (spec/items.md, ITEMS-ID-1), so the release's is settled to it.  An id the input
# carried is the input's, whatever its form: recorded items carry ids a release made up.
_MADE_UP_ID = re.compile(rf"\"id\":\"([a-z]+_{UUID_V7})\"")


def _settle(release: Response, args: Args) -> tuple[Response, Args]:
    text = release["result"].get("json")
    match = _MADE_UP_ID.search(text) if isinstance(text, str) else None
    item = args.get("item")
    if match is None or (isinstance(item, dict) and item.get("id") == match.group(1)):
        return release, {}
    prefix = match.group(1).split("_", 1)[0]
    settled = text[: match.start()] + f'"id":"{prefix}_{ZERO_UUID}"' + text[match.end() :]
    return {"result": {"json": settled}}, {}


def _form(text: Any) -> str:
    """An item text's form: its type and its keys, in order, without values."""
    if not isinstance(text, str):
        return "dropped"
    item = json.loads(text)
    if not isinstance(item, dict):
        return "no object"
    return f"{item.get('type')}[{','.join(item)}]"


def describe(release: Response, reference: Response) -> str:
    """The item's type and the keys each side writes (or that it drops it), values left out."""
    if (kinds := answer_kinds(release, reference)) is not None:
        return kinds
    forms = [_form(response["result"].get("json")) for response in (release, reference)]
    return f"{forms[0]}≠{forms[1]}" if forms[0] != forms[1] else f"{forms[0]} values"


EXPLORERS = (
    Explorer(
        op="items.serialize",
        generate=_args,
        scenario=args_as_scenario("item"),
        clauses=("ITEMS-EXPLORE-1",),
        batch=_batch,
        batch_size=20,
        settle_given=_settle,
        describe=describe,
        replays_recorded=True,
    ),
)
