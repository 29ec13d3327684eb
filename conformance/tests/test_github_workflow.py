"""examples/github-actions/conformance.yml: its commands are ones the kit's CLI accepts, and they chain.

The workflow is read as text (no YAML parser is a dependency of the kit): a
shell line that starts with ``codex-conformance`` is a command, its ``$VAR``
words take their values from the workflow's top-level ``env``.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from conftest import DEMO_FIXTURES

from codex_conformance.cli import build_parser, main

WORKFLOW = Path(__file__).resolve().parents[2] / "examples" / "github-actions" / "conformance.yml"
_ENV_LINE = re.compile(r"^  ([A-Z_]+): (.*)$")


def workflow_env() -> dict[str, str]:
    env: dict[str, str] = {}
    inside = False
    for line in WORKFLOW.read_text(encoding="utf-8").splitlines():
        if not line.startswith(" "):
            inside = line == "env:"
            continue
        match = _ENV_LINE.match(line) if inside else None
        if match:
            env[match.group(1)] = shlex.split(match.group(2))[0]
    return env


def commands() -> list[list[str]]:
    """Each ``codex-conformance`` command of a ``run`` step, as argv (without the program name)."""
    env = workflow_env()
    found = []
    for line in WORKFLOW.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if text.startswith("#"):
            continue
        text = text.removeprefix("run:").strip()
        if text.startswith("codex-conformance "):
            words = shlex.split(text)[1:]
            found.append([re.sub(r"\$([A-Z_]+)", lambda match: env[match.group(1)], word) for word in words])
    return found


def test_the_workflow_runs_certify_then_badge() -> None:
    assert [argv[0] for argv in commands()] == ["certify", "badge"]
    assert set(workflow_env()) >= {"ADAPTER", "EXPECTED_FAILURES"}


@pytest.mark.parametrize("argv", commands(), ids=lambda argv: argv[0])
def test_each_command_is_one_the_cli_accepts(argv: list[str]) -> None:
    args = build_parser().parse_args(argv)  # an unknown command or option exits 2
    assert args.handler is not None


def test_the_badge_reads_the_report_certify_writes_and_both_are_uploaded() -> None:
    certify, badge = (build_parser().parse_args(argv) for argv in commands())
    assert certify.expected_failures == Path(workflow_env()["EXPECTED_FAILURES"])
    assert badge.report == certify.report
    text = WORKFLOW.read_text(encoding="utf-8")
    uploaded = re.search(r"uses: actions/upload-artifact@\S+\n(?:\s+.*\n)*?\s+path: (\S+)", text)
    assert uploaded is not None
    for path in (certify.report, badge.svg, badge.json):
        assert path.parent == Path(uploaded.group(1))
    # The gate: no step may swallow certify's exit code.
    assert "continue-on-error" not in text


def test_the_commands_chain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run as written, on the demo fixtures with a correct adapter: the report is written, the badge green."""
    monkeypatch.chdir(tmp_path)
    certify, badge = commands()
    Path(workflow_env()["EXPECTED_FAILURES"]).parent.mkdir(parents=True)
    Path(workflow_env()["EXPECTED_FAILURES"]).write_text("", encoding="utf-8")
    certify[1] = "fake_adapters:correct"
    assert main([*certify, f"--fixtures-dir={DEMO_FIXTURES}", "--quiet"]) == 0  # the folder made by --report
    assert Path("conformance-report/report.md").is_file()  # what the Summary step shows
    assert main(badge) == 0
    assert '"color": "brightgreen"' in Path("conformance-report/badge.json").read_text(encoding="utf-8")
    assert Path("conformance-report/badge.svg").read_text(encoding="utf-8").startswith("<svg ")


def test_the_workflow_puts_the_markdown_report_on_the_runs_page() -> None:
    # certify --report X.json writes X.md beside it; the Summary step appends that file to
    # $GITHUB_STEP_SUMMARY, whatever the verdict.
    [certify] = [argv for argv in commands() if argv[0] == "certify"]
    args = build_parser().parse_args(certify)
    markdown = Path(args.report).with_suffix(".md").as_posix()
    text = WORKFLOW.read_text(encoding="utf-8")
    summary = text.split("- name: Summary", 1)[1].split("- name:", 1)[0]
    assert "if: ${{ !cancelled() }}" in summary
    assert f'{markdown} >> "$GITHUB_STEP_SUMMARY"' in summary
