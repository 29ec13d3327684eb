"""A release that refuses `wire_api = "chat"` answers the chat ops with that refusal.

Releases from 0.95.0 on refuse the Chat wire in config.toml (spec/timeline.md);
the chat harness read the refusal as a harness failure ("the rollout has no
prompt message"), which hid the release's own words from the timeline and
from a certification run against such a release.
"""

from __future__ import annotations

from typing import Any

import pytest

from codex_workshop.areas.chat import observe, release
from codex_workshop.drive.errors import CaptureError, ConfigRejectedError, ReleaseRejectedError
from codex_workshop.drive.exec_run import ExecRun

REFUSAL_STDERR = (
    "Error loading config.toml:\n"
    '/tmp/home/config.toml:7:12: `wire_api = "chat"` is no longer supported.\n'
    'How to fix: set `wire_api = "responses"` in your provider config.\n'
)


def test_a_refused_configuration_is_the_release_s_answer() -> None:
    run = ExecRun(returncode=1, stdout="", stderr=REFUSAL_STDERR, requests=[])
    with pytest.raises(ConfigRejectedError, match=r"`wire_api = \"chat\"` is no longer supported"):
        observe._recorded(run)


def test_a_run_without_prompt_or_refusal_stays_a_harness_failure() -> None:
    run = ExecRun(returncode=1, stdout="", stderr="something else\n", requests=[])
    with pytest.raises(CaptureError, match="no prompt message"):
        observe._recorded(run)


def test_the_chat_ops_answer_a_refusal_as_config_rejected() -> None:
    def refusing(version: str, args: dict[str, Any]) -> dict[str, Any]:
        raise ConfigRejectedError('`wire_api = "chat"` is no longer supported.')

    with pytest.raises(ReleaseRejectedError) as rejected:
        release._refusal_answered(refusing)("a-release", {})
    assert rejected.value.kind == "config-rejected"
    assert "no longer supported" in rejected.value.message
