"""The apply_patch tool texts: the shared grammar constants and the op's argument handling."""

from __future__ import annotations

import json

import pytest

from codex_conformance.cases import Case, load_cases
from codex_conformance.paths import fixtures_dir
from codex_reference.adapter import handle
from codex_reference.tools.apply_patch_spec import GRAMMAR_0_25_0, GRAMMAR_0_169_0


def test_current_grammar_differs_from_classic_only_in_the_line_rules() -> None:
    changed = [
        (old, new)
        for old, new in zip(GRAMMAR_0_25_0.splitlines(), GRAMMAR_0_169_0.splitlines(), strict=True)
        if old != new
    ]
    assert [old.split(":")[0] for old, _ in changed] == ["add_line", "change_line"]
    assert all(new == old.replace("/(.+)/", "/(.*)/") for old, new in changed)


def test_an_unknown_variant_is_invalid_args_and_the_result_is_a_fresh_copy() -> None:
    bad = handle({"op": "tools.apply_patch_spec", "args": {"edition": "0.25.0", "variant": "diff"}})
    assert bad["error"]["kind"] == "invalid-args"
    first = handle({"op": "tools.apply_patch_spec", "args": {"edition": "0.25.0", "variant": "freeform"}})
    first["result"]["tool"]["name"] = "changed"
    second = handle({"op": "tools.apply_patch_spec", "args": {"edition": "0.25.0", "variant": "freeform"}})
    assert second["result"]["tool"]["name"] == "apply_patch"


TOOLS_CASES = [case for case in load_cases(fixtures_dir()) if case.op == "tools.apply_patch_spec"]


@pytest.mark.parametrize("case", TOOLS_CASES, ids=[case.id for case in TOOLS_CASES])
def test_reference_answers_every_captured_tools_case_byte_for_byte(case: Case) -> None:
    response = handle({"op": case.op, "args": json.loads(json.dumps(case.args))})
    expected = case.expected.model_dump()
    if "error" in expected:
        assert response["error"]["kind"] == expected["error"]["kind"]
    else:
        assert _canonical(response["result"]) == _canonical(expected["result"])


def _canonical(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
