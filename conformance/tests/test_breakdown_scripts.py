"""The breakdown scripts in examples/adapters judge the reference as the suite does.

The reference passes every case, so each part a script names "the case's own
comparison" must agree on every case (``mcp_breakdown.py`` once counted 0:
it compared the kit's ``reruns`` report field as part of the answer, and
judged subset cases as exact ones).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from codex_conformance.editions import EDITIONS

ADAPTERS = Path(__file__).resolve().parents[2] / "examples" / "adapters"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _run(script: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ADAPTERS / script), "reference"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _editions_with_cases(area: str) -> list[str]:
    """The editions the fixtures hold captured cases of ``area`` for."""
    return [version for version in EDITIONS if (FIXTURES / area / f"captured-{version}.json").is_file()]


def test_mcp_breakdown_counts_every_case_exact_for_the_reference() -> None:
    lines = [line for line in _run("mcp_breakdown.py").splitlines() if "cases; agree on" in line]
    assert len(lines) == len(_editions_with_cases("mcp"))  # one line an edition
    for line in lines:
        match = re.search(r": (\d+) mcp.tools_to_responses cases;.*\bexact (\d+)$", line)
        assert match, line
        assert match.group(2) == match.group(1), line


def test_chat_breakdown_counts_every_case_for_the_reference() -> None:
    line = _run("chat_breakdown.py").strip().splitlines()[-1]
    match = re.fullmatch(r"(\d+) chat.request cases; agree on (.*); no body (\d+)", line)
    assert match, line
    parts = dict(re.findall(r"(\w+) (\d+)", match.group(2)))
    assert set(parts) == {"keys", "roles", "messages", "flat", "tools", "order"}, line
    assert set(parts.values()) == {match.group(1)}, line
    assert match.group(3) == "0", line
