"""The approvals capture asks for what a v1 conversation client is sent only where the edition has one."""

from __future__ import annotations

from codex_conformance.paths import fixtures_dir
from codex_workshop.areas.approvals.capture import cases

CLIENT_SLUG = "client-plan-update"


def test_an_edition_without_a_v1_conversation_client_captures_no_client_case() -> None:
    # 0.171.0's whole-area recapture once stopped here ("no v1 conversation client; nothing
    # written"): a scenario meant for every edition that has the client reached one without.
    assert list(cases(fixtures_dir(), "0.171.0", {CLIENT_SLUG})) == []
    assert list(cases(fixtures_dir(), "0.169.0", {CLIENT_SLUG})) == []
