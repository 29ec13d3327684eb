"""pytest's default output of a run: one line per area and edition, with counts; ``-v`` per case.

The lines are the kit's own rendering, kept as a syrupy snapshot (after a
deliberate change: ``pytest conformance/tests/test_compact_output.py
--snapshot-update``, and read the diff).  pytest's progress figure at the end
of the last line depends on the terminal's width, and is left out.
"""

from __future__ import annotations

import re
from collections import Counter
from types import SimpleNamespace
from typing import Any, cast

import pytest
from conftest import DEMO_FIXTURES
from syrupy.assertion import SnapshotAssertion

from codex_conformance.compact_output import group_line, group_of

# Cases of 0.25.0 known to fail: xfailed; those of 0.169.0 are failures.
EXPECTED = '[[expected-failure]]\ncase = "demo/0.25.0/*"\nreason = "known"\n'
CASE_IDS = re.compile(r"demo/[0-9.]+/[a-z]")


# A run of the demo cases through an adapter with wrong bytes, gated by EXPECTED.
GATED_RUN = (
    "-p",
    "no:cacheprovider",
    f"--fixtures-dir={DEMO_FIXTURES}",
    "--conformance-examples=0",
    "--impl=fake_adapters:wrong_bytes",
    "--expected-failures=expected.toml",
)


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    pytester.makepyfile(test_own="def test_a():\n    pass\n")
    pytester.makefile(".toml", expected=EXPECTED)
    return pytester.runpytest(*GATED_RUN, *args)


def progress_block(result: pytest.RunResult) -> list[str]:
    """The lines between pytest's 'collected' line and its first section, progress figures left out."""
    lines = result.outlines
    start = next(number for number, line in enumerate(lines) if line.startswith("collected "))
    end = next(number for number, line in enumerate(lines) if number > start and line.startswith("===="))
    return [re.sub(r"\s*\[\s*\d+%\]$", "", line) for line in lines[start + 1 : end]]


def test_default_output_is_a_line_per_area_and_edition(
    pytester: pytest.Pytester, snapshot: SnapshotAssertion
) -> None:
    result = run(pytester)
    result.assert_outcomes(passed=1, failed=3, xfailed=3, skipped=2)
    block = progress_block(result)
    assert block == snapshot
    groups = [line for line in block if line.startswith("demo/")]
    assert sorted(groups) == [
        "demo/0.169.0: 3 failed, 1 skipped",
        "demo/0.25.0: 1 skipped, 3 xfailed",
    ]
    assert not any(CASE_IDS.search(line) for line in block), block
    # The user's own test keeps pytest's line.
    assert "test_own.py ." in block


@pytest.mark.parametrize("flag", ["-q", "-qq"])
def test_quieter_output_is_compact_too(pytester: pytest.Pytester, flag: str) -> None:
    result = run(pytester, flag)
    groups = [line for line in result.outlines if line.startswith("demo/0.")]
    assert len(groups) == 2, result.outlines
    assert not any(CASE_IDS.match(line) for line in result.outlines)


def test_verbose_output_keeps_a_line_per_case(pytester: pytest.Pytester) -> None:
    result = run(pytester, "-v")
    result.stdout.fnmatch_lines(
        ["demo/0.25.0/echo-key-order XFAIL*", "demo/0.169.0/echo-unicode FAILED*"], consecutive=False
    )
    assert not [line for line in result.outlines if re.match(r"demo/[0-9.]+: ", line)]


def test_a_run_cut_short_still_counts_its_group(pytester: pytest.Pytester) -> None:
    # -x stops at the first failure: the group of that case is written with what it came to.
    result = run(pytester, "-x", "-p", "no:randomly")
    groups = [line for line in progress_block(result) if line.startswith("demo/")]
    assert groups and any("1 failed" in line for line in groups), groups


@pytest.mark.usefixtures("child_env")
def test_xdist_controller_writes_the_same_lines(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_own="def test_a():\n    pass\n")
    pytester.makefile(".toml", expected=EXPECTED)
    result = pytester.runpytest_subprocess(
        *GATED_RUN,
        "-n",
        "2",
    )
    groups = sorted(
        re.sub(r"\s*\[\s*\d+%\]$", "", line) for line in result.outlines if line.startswith("demo/")
    )
    assert groups == ["demo/0.169.0: 3 failed, 1 skipped", "demo/0.25.0: 1 skipped, 3 xfailed"]


def test_group_line_names_pytest_categories_in_order() -> None:
    counts = Counter({"xfailed": 2, "passed": 5, "failed": 1, "custom": 1, "skipped": 0})
    assert group_line("mcp/0.25.0", counts) == "mcp/0.25.0: 1 failed, 5 passed, 2 xfailed, 1 custom"
    assert group_line("mcp/0.25.0", Counter()) == "mcp/0.25.0: no result"


def test_items_are_grouped_by_id_whatever_their_class() -> None:
    # A property of another import of the kit's modules (pytester re-imports them) is still a property.
    other_import: Any = SimpleNamespace(
        id="property/apply_patch.apply/0.25.0/differential", op="apply_patch.apply", edition="0.25.0"
    )
    assert group_of(cast(Any, other_import)) == "apply_patch/0.25.0 properties"
    case: Any = SimpleNamespace(id="mcp/0.169.0/long-names", op="mcp.tools_to_responses", edition="0.169.0")
    assert group_of(cast(Any, case)) == "mcp/0.169.0"
