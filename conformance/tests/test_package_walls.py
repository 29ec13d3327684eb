"""The walls between the three packages (CONTRIBUTING.md, "Two products"), each shown failing.

- The kit (``codex_conformance``) never imports the workshop (``codex_workshop``): a port author
  installs the kit alone.  Checked twice: no import statement or ``import_module`` call in the kit's
  source names the workshop, and every kit module imports, and the CLI answers, in a process where
  the workshop cannot be imported at all.
- The reference (``codex_reference``) imports neither the kit nor the workshop: it is the model the
  kit certifies, and must not lean on the kit's own reading of the cases.

This test lives in the kit's tests and imports nothing of the workshop.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import codex_conformance
import codex_reference

KIT = Path(codex_conformance.__file__).parent
REFERENCE = Path(codex_reference.__file__).parent

# What each package may not reach.
FORBIDDEN = {
    "codex_conformance": ("codex_workshop",),
    "codex_reference": ("codex_workshop", "codex_conformance"),
}


def named_imports(source: str) -> list[str]:
    """Every module a source imports: import statements and ``import_module("...")`` calls."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif (
            isinstance(node, ast.Call)
            and (
                (isinstance(node.func, ast.Attribute) and node.func.attr in ("import_module", "__import__"))
                or (isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__"))
            )
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(node.args[0].value)
    return found


def wall_breaches(package: str, source: str) -> list[str]:
    """The imports of ``source`` (a module of ``package``) that cross the package's wall."""
    return [
        name
        for name in named_imports(source)
        if any(name == other or name.startswith(f"{other}.") for other in FORBIDDEN[package])
    ]


SOURCES = [("codex_conformance", path) for path in sorted(KIT.rglob("*.py"))] + [
    ("codex_reference", path) for path in sorted(REFERENCE.rglob("*.py"))
]


@pytest.mark.parametrize(
    ("package", "path"), SOURCES, ids=[str(path.relative_to(KIT.parent.parent)) for _, path in SOURCES]
)
def test_no_module_crosses_its_package_wall(package: str, path: Path) -> None:
    assert wall_breaches(package, path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("package", "source", "breach"),
    [
        ("codex_conformance", "from codex_workshop.drive import sandbox\n", "codex_workshop.drive"),
        ("codex_conformance", "import codex_workshop\n", "codex_workshop"),
        (
            "codex_conformance",
            "import importlib\nimportlib.import_module('codex_workshop.release.adapter')\n",
            "codex_workshop.release.adapter",
        ),
        ("codex_reference", "from codex_conformance.cases import Case\n", "codex_conformance.cases"),
        ("codex_reference", "from codex_workshop import broken\n", "codex_workshop"),
    ],
)
def test_a_crossing_is_reported(package: str, source: str, breach: str) -> None:
    assert wall_breaches(package, source) == [breach]


# Run first in a child process: from there on, importing the workshop fails as it does where only
# the kit is installed.
NO_WORKSHOP = textwrap.dedent(
    """
    import importlib, importlib.abc, pkgutil, sys

    class NoWorkshop(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "codex_workshop" or name.startswith("codex_workshop."):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, NoWorkshop())
    """
)


def test_the_kit_needs_no_workshop_to_run(tmp_path: Path) -> None:
    # Every kit module is imported, and the CLI builds its parser and certifies a small slice, in a
    # process where importing the workshop fails as it does where only the kit is installed.
    script = NO_WORKSHOP + textwrap.dedent(
        """
        import codex_conformance
        for info in pkgutil.walk_packages(codex_conformance.__path__, "codex_conformance."):
            if info.name != "codex_conformance.__main__":
                importlib.import_module(info.name)
        from codex_conformance import cli
        sys.exit(cli.main(["certify", "reference", "--op", "sse.responses", "--edition", "0.25.0",
                           "--report", sys.argv[1]]))
        """
    )
    with_report = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "report.json")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert with_report.returncode == 0, with_report.stderr[-2000:]
    assert '"passed"' in (tmp_path / "report.json").read_text(encoding="utf-8")


def test_a_kit_that_needs_the_workshop_fails_the_run_check() -> None:
    # The same barrier stops a module that does import the workshop: the check above can fail.
    script = NO_WORKSHOP + "import codex_workshop.drive.sandbox\n"
    blocked = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert blocked.returncode != 0
    assert "No module named 'codex_workshop" in blocked.stderr
