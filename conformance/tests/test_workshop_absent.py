"""Where only the kit is installed, the workshop's commands and ``release:`` say what to install.

The kit finds the workshop through entry points (``codex_conformance.commands``,
``codex_conformance.impls``); here none are registered, as in a plain install
of the kit's wheel (.ci/newcomer-from-wheel runs the same from a real one).
"""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from codex_conformance import cli, impl
from codex_conformance.errors import UsageError


def _none_installed(group: str) -> list[EntryPoint]:
    return []


@pytest.mark.parametrize(
    "argv",
    [
        ["capture", "--all", "--check"],
        ["edition", "add", "0.999.0"],
        ["explore", "sse"],
        ["gateway", "-h"],
        ["timeline"],
    ],
)
def test_a_workshop_command_says_what_to_install(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "entry_points", _none_installed)
    assert cli.main(argv) == cli.EXIT_USAGE
    err = capsys.readouterr().err.strip()
    assert err == f"codex-conformance {argv[0]}: {cli.WORKSHOP_HINT}"
    assert "pip install -e ./conformance/workshop" in err


def test_release_impl_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(impl, "entry_points", _none_installed)
    with pytest.raises(UsageError, match=r"release:0\.25\.0: the release adapter is not installed.*workshop"):
        impl.load_handler("release:0.25.0")


def test_a_registered_command_that_does_not_load_is_a_warning_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = EntryPoint(name="capture", value="no_such_module_anywhere:register", group=cli.COMMANDS_GROUP)
    monkeypatch.setattr(cli, "entry_points", lambda group: [broken])
    args = cli.build_parser().parse_args(["certify", "reference"])
    assert args.handler is not None  # the kit's own commands are still there
    err = capsys.readouterr().err
    assert "warning: command capture (no_such_module_anywhere:register) not loaded" in err
