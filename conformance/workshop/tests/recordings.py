"""Which editions the committed gateway recordings (conformance/workshop/recorded/) hold traffic of.

An edition no gateway's traffic has been recorded against yet (`codex-conformance gateway
--record` runs a gateway in front of a release, recorded/README.md) feeds its explorers nothing.
The tests name it here; test_recorded_inputs checks the list against the recordings, failing
once a recording of a listed edition is committed (it then joins the others) and when an
edition missing from the list has none (a new edition the gateways were not re-run with).
"""

from __future__ import annotations

from codex_conformance.editions import EDITIONS

# 0.171.0 joined the others with the gateways' re-certification of 2026-12-02.
NOT_YET_RECORDED: frozenset[str] = frozenset()
RECORDED = [version for version in EDITIONS if version not in NOT_YET_RECORDED]
