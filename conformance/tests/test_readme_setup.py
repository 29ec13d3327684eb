"""The README's two set-up commands: exactly two, and CI runs the test command as written."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def setup_commands() -> list[str]:
    """The ``sh`` blocks of the README's "On a fresh machine": the main job, then the tests."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## On a fresh machine") :].split("\n## ")[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_there_are_two_one_line_commands_from_a_fresh_venv() -> None:
    commands = setup_commands()
    assert len(commands) == 2, commands
    for command in commands:
        assert "\n" not in command, command
        assert command.startswith("python3 -m venv .venv && "), command
    main_job, tests = commands
    assert main_job.endswith("codex-conformance certify reference")
    assert tests.endswith(".venv/bin/python -m pytest")


def test_ci_runs_the_test_command_as_written() -> None:
    ci_lines = (REPO / ".ci" / "kit").read_text(encoding="utf-8").splitlines()
    assert setup_commands()[1] in ci_lines
    # and .ci/run starts that lane
    ci_run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^lane kit (nice -n 1?[0-9] )?\.ci/kit$", ci_run, re.M)
