"""The README's newcomer path, run as written: its module in the current directory, its three commands.

.ci/newcomer-from-wheel runs this file against a kit installed from a wheel
into an empty directory, so the README is found beside this file, not by
the kit (whose installed data holds only fixtures/ and spec/).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def newcomer_blocks() -> tuple[str, list[list[str]]]:
    """The README's first-port module and the pytest commands that follow it."""
    text = README.read_text(encoding="utf-8")
    start = text.index("A first\nport of one op")
    module = re.search(r"```python\n(.*?)```", text[start:], re.S)
    commands = re.search(r"```sh\n(.*?)```", text[start:], re.S)
    assert module is not None and commands is not None, "the README lost its newcomer example"
    argvs = [shlex.split(line, comments=True) for line in commands.group(1).splitlines()]
    return module.group(1), [argv for argv in argvs if argv]


def test_the_readme_module_and_commands_work_as_written(pytester: pytest.Pytester) -> None:
    module, commands = newcomer_blocks()
    assert [argv[:2] for argv in commands] == [["pytest", "--conformance-impl=mymodule"]] * 3
    # Written in pytester's directory, which is the current one and is not on
    # sys.path: the kit itself must look there, as the README says.
    (pytester.path / "mymodule.py").write_text(module, encoding="utf-8")
    first, write, gated = (pytester.runpytest(*argv[1:]) for argv in commands)

    assert first.ret == pytest.ExitCode.TESTS_FAILED
    first.stdout.fnmatch_lines(["FAIL safety/0.25.0/*", "clauses: SAFETY-*"])
    assert (pytester.path / "report.json").is_file()
    assert write.ret == pytest.ExitCode.TESTS_FAILED
    assert "TODO" in (pytester.path / "expected-failures.toml").read_text(encoding="utf-8")
    assert gated.ret == pytest.ExitCode.OK, gated.stdout.str()[-2000:]
    outcomes = gated.parseoutcomes()
    assert outcomes["passed"] > 0 and outcomes["xfailed"] > 0
