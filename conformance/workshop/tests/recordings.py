"""Which editions the committed gateway recordings (conformance/workshop/recorded/) hold traffic of.

An edition no gateway's traffic has been recorded against yet (`codex-conformance gateway
--record` runs a gateway in front of a release, recorded/README.md) feeds its explorers nothing.
The tests name it here, each gives it a test of its own that says so, and that test fails once
a recording of it is committed, so that the edition then joins the others.
"""

from __future__ import annotations

from codex_conformance.editions import EDITIONS

NOT_YET_RECORDED = frozenset({"0.171.0"})
RECORDED = [version for version in EDITIONS if version not in NOT_YET_RECORDED]
