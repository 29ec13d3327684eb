"""request.build: a Lite model, a login, the built-in provider and a service tier in the combinations
no case shows are declined, and bad observed values are refused (spec/request.md, REQ-LITE-4, REQ-TIER-1)."""

from __future__ import annotations

from typing import Any

import pytest

from codex_conformance.cases import load_cases
from codex_conformance.paths import fixtures_dir
from codex_reference.adapter import handle


def _args(case_id: str) -> dict[str, Any]:
    for case in load_cases(fixtures_dir()):
        if case.id == case_id:
            return dict(case.args)
    raise AssertionError(f"no case {case_id}")


def _answer(args: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = handle({"op": "request.build", "args": args})
    return answer


@pytest.mark.parametrize(
    ("case_id", "config"),
    [
        ("request/0.169.0/lite-service-tier-fast", {"service_tier": "priority"}),  # a value no case sends
        ("request/0.169.0/lite-gpt-5.6-sol", {"model_supports_reasoning_summaries": True}),
        ("request/0.94.0/default-gpt-5", {"service_tier": "flex"}),  # no case in this edition
    ],
)
def test_a_config_no_case_shows_is_unsupported_not_guessed(case_id: str, config: dict[str, Any]) -> None:
    args = _args(case_id)
    assert "unsupported" in _answer({**args, "config": config})


def test_a_lite_model_whose_tags_are_not_captured_is_unsupported() -> None:
    # gpt-5.6-luna's `<tools>` text has no captured tag on the built-in provider.
    args = _args("request/0.169.0/lite-builtin-openai-api-key")
    # Its four messages after the item, each with an id and a create time.
    given = args["observed"]
    observed = {
        **given,
        "message_ids": given["message_ids"][:5],
        "message_create_times": given["message_create_times"][:4],
    }
    assert "unsupported" in _answer({**args, "model": "gpt-5.6-luna", "observed": observed})


def test_one_create_time_per_message_on_the_builtin_provider() -> None:
    args = _args("request/0.169.0/lite-builtin-openai-api-key")
    observed = {**args["observed"], "message_create_times": ["1.0"]}
    assert _answer({**args, "observed": observed})["error"]["kind"] == "invalid-args"


def test_the_captured_lite_login_case_is_rebuilt_with_the_login_sections() -> None:
    args = _args("request/0.169.0/lite-chatgpt-login")
    description = _answer(args)["result"]["body"]["input"][0]["tools"][0]["tools"][0]["description"]
    assert "\n\n## image_gen\n" in description
    assert description.index("## image_gen") < description.index("## web")
