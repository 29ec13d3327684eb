"""``--timeout`` bounds the release adapter, and a release run repeated after a stall is reported.

Issue #31: the in-process release adapter ignored ``--timeout`` (one case took
241 s under ``--timeout 60``: two runs of 120 s), and a release stopped with
SIGSTOP was run again and its case passed with no trace in the report.

No real release is run: a stand-in "release" (a shell script that stops
itself with SIGSTOP) is run by the real ``drive.exec_run.run_exec``, behind
the real ``ReleaseAdapter.handle``, through ``certify`` as a user would run
it; only the adapter's ops and its binary are replaced.  The stand-in wakes
by itself after ``WAKES_AFTER`` seconds, so a kit that ignores the timeout
fails these tests instead of hanging them.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import DEMO_FIXTURES

from codex_conformance import cli
from codex_workshop.drive.exec_run import run_exec
from codex_workshop.release import adapter as release_adapter

TIMEOUT = 3.0  # the --timeout given: each run of the stand-in gets a little less
WAKES_AFTER = 30  # seconds a stopped stand-in waits before it continues (and exits)
# A kit that ignores the timeout waits for the stand-in to wake: at least WAKES_AFTER.
# One that keeps it takes about one or two timeouts; the bound leaves room for a
# loaded machine (CI runs these beside the release lanes) and still tells them apart.
BOUND = WAKES_AFTER - 5
STATE_ENV = "STAND_IN_STATE"

# Stopped like a stalled release, on every run, or on its first run only.
_STOPS = f"""(sleep {WAKES_AFTER}; kill -CONT $$) &
kill -STOP $$
"""
ALWAYS_STOPS = "#!/bin/sh\n" + _STOPS
STOPS_ONCE = f"""#!/bin/sh
if [ -e "${STATE_ENV}/stopped-once" ]; then exit 0; fi
touch "${STATE_ENV}/stopped-once"
{_STOPS}"""


def stand_in_release(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, script: str) -> None:
    """``release:0.25.0`` becomes the stand-in: demo.upper runs it with ``run_exec``, then upper-cases."""
    binary = tmp_path / "codex"
    binary.write_text(script, encoding="utf-8")
    binary.chmod(0o755)
    state = tmp_path / "state"
    state.mkdir()

    def upper(version: str, args: dict[str, Any]) -> dict[str, Any]:
        run_exec(binary, model="gpt-5", servers=[], env={STATE_ENV: str(state)}, shared=[state])
        return {"text": args["text"].upper()}

    class StandIn(release_adapter.ReleaseAdapter):
        def __init__(self, version: str) -> None:
            super().__init__(version)
            self.ops = {"demo.upper": upper}
            self.hidden = {}

        def handle(self, request: dict[str, Any]) -> dict[str, Any]:
            # A release case's args name its edition; the demo cases' do not.
            args = {**(request.get("args") or {}), "edition": self.version}
            return super().handle({**request, "args": args})

    monkeypatch.setattr(release_adapter, "ReleaseAdapter", StandIn)
    monkeypatch.setattr(release_adapter, "release_binary", lambda version: binary)


def certify(tmp_path: Path, *options: str) -> tuple[int, dict[str, Any], str, float]:
    """Exit code, JSON report, Markdown printed, seconds taken."""
    report = tmp_path / "report.json"
    # The command's first parse imports every subcommand's module (under pytest's
    # assertion rewriting, on a loaded machine, tens of seconds): not the run's time.
    cli.build_parser()
    started = time.monotonic()
    code = cli.main(
        [
            "certify",
            "release:0.25.0",
            f"--fixtures-dir={DEMO_FIXTURES}",
            "--examples=0",
            "--quiet",
            "-k",
            "upper",
            f"--report={report}",
            *options,
        ]
    )
    elapsed = time.monotonic() - started
    markdown = report.with_suffix(".md").read_text(encoding="utf-8")
    return code, json.loads(report.read_text(encoding="utf-8")), markdown, elapsed


def certify_stand_in(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, script: str, *options: str
) -> tuple[int, dict[str, Any], str]:
    """The one demo case certified under ``--timeout`` against a stand-in running ``script``:
    exit code, the case's outcome, Markdown printed; within the bound whatever the stand-in does."""
    stand_in_release(monkeypatch, tmp_path, script)
    code, report, markdown, elapsed = certify(tmp_path, f"--timeout={TIMEOUT:g}", *options)
    # At most two runs of a little under the timeout each, not two of 120 s.
    assert elapsed < BOUND, elapsed
    [outcome] = report["outcomes"]
    return code, outcome, markdown


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        # Stalled on its retry too: an error, bounded by the timeout and its one retry.
        (ALWAYS_STOPS, (cli.EXIT_PROBLEMS, "error", "it stalled the first time too")),
        # Passed on its retry: a pass, but not one without a trace.
        (STOPS_ONCE, (cli.EXIT_OK, "pass", "")),
    ],
    ids=["stalled-twice", "passes-on-its-retry"],
)
def test_a_release_case_run_again_after_a_stall_says_it_ran_twice(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, script: str, expected: tuple[int, str, str]
) -> None:
    code, status, reason = expected
    exit_code, outcome, markdown = certify_stand_in(monkeypatch, tmp_path, script)
    assert (exit_code, outcome["status"]) == (code, status)
    assert reason in (outcome.get("reason") or "")
    [why] = outcome["reruns"]
    assert why.startswith("stalled: ") and "exec did not finish within" in why
    assert "## Ran more than once (1)" in markdown
    assert f"- `{outcome['id']}` ({status}): ran twice: stalled: " in markdown


def test_strict_runs_makes_a_retried_release_case_an_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, outcome, _ = certify_stand_in(monkeypatch, tmp_path, STOPS_ONCE, "--strict-runs")
    assert code == cli.EXIT_PROBLEMS
    assert outcome["status"] == "error"
    assert outcome["reason"].startswith("ran twice: stalled: ")
    assert "an error with --strict-runs; it would have been: pass" in outcome["reason"]
