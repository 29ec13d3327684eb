"""Certify a gateway: every scenario of every edition, through the gateway and direct, judged by clause.

One upstream (the kit's mock server, Responses and Chat Completions) lives
for the whole run, so a gateway started once keeps forwarding to it; each
scenario resets its script.  The direct runs get an upstream of their own.
A gateway that dies ends the run: the scenarios left are errors, and what
the gateway printed goes into the report.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from codex_conformance.editions import get_edition
from codex_conformance.mock_responses_server import MockResponsesServer
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError, ReleaseUnavailableError
from codex_workshop.gateway.http_wire import upgrade_status
from codex_workshop.gateway.observe import Observation, observe
from codex_workshop.gateway.plug import DEFAULT_READY_SECONDS, GatewayError, GatewaySpec, running_gateway
from codex_workshop.gateway.record import Recorder
from codex_workshop.gateway.relay import RecordingRelay
from codex_workshop.gateway.scenarios import NotApplicable, Scenario, scenarios
from codex_workshop.gateway.verdicts import Verdict, judge


@dataclass(frozen=True)
class ScenarioResult:
    edition: str
    slug: str
    title: str
    verdicts: tuple[Verdict, ...] = ()
    # Why the scenario could not be judged (the release, the kit or the gateway failed).
    error: str | None = None
    # The APIs the gateway called upstream, in order ("responses", "chat").
    upstream_apis: tuple[str, ...] = ()
    # How many model requests the upstream received in the direct run.
    direct_requests: int = 0
    # Why the release has no way to show the scenario (nothing ran).
    not_applicable: str | None = None
    # The model Codex ran the scenario under: the gateway's verdicts are given per model too.
    model: str | None = None
    # How the model requests reached the upstream through the gateway ("websocket", "http"), in
    # a scenario where the upstream speaks both (spec/gateway.md, `websocket`); else None.
    transport: str | None = None
    # There, the status the gateway answered each of the release's WebSocket upgrades with
    # (101: it took the WebSocket itself; 0: no answer); empty where it could not be seen.
    upgrade_answers: tuple[int, ...] = ()

    @property
    def outcome(self) -> str:
        if self.not_applicable is not None:
            return "not applicable"
        if self.error is not None:
            return "error"
        return "pass" if all(verdict.passed for verdict in self.verdicts) else "fail"

    @property
    def judged(self) -> bool:
        return self.outcome in {"pass", "fail"}

    def failed_clauses(self) -> list[str]:
        return [verdict.clause for verdict in self.verdicts if not verdict.passed]

    def passes_apart_from(self, clause: str) -> bool:
        """Whether every clause but ``clause`` holds (the scenario was judged)."""
        return self.judged and set(self.failed_clauses()) <= {clause}


@dataclass
class GatewayRun:
    gateway: str
    editions: list[str]
    results: list[ScenarioResult] = field(default_factory=list)
    # What the gateway printed; kept when anything failed.
    gateway_output: str = ""
    # Why the run stopped before its scenarios (the gateway never became ready, or died).
    aborted: str | None = None
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """Every applicable scenario passed, and at least one ran: a run that judged nothing is not."""
        applicable = [result for result in self.results if result.outcome != "not applicable"]
        return self.aborted is None and bool(applicable) and all(r.outcome == "pass" for r in applicable)

    def of_edition(self, edition: str) -> list[ScenarioResult]:
        return [result for result in self.results if result.edition == edition]


Progress = Callable[[ScenarioResult], None]


def _portable(output: str) -> str:
    """The gateway's output with the directory the kit ran in written `.`: reports are
    committed (docs/reports/), and a traceback's paths would name the machine they came from."""
    return output.replace(str(Path.cwd()) + "/", "./")


def _plan(editions: Sequence[str], only: Sequence[str]) -> list[tuple[str, Scenario | NotApplicable]]:
    return [
        (version, scenario)
        for version in editions
        for scenario in scenarios(get_edition(version))
        if not only or scenario.slug in only
    ]


def _direct(version: str, scenario: Scenario, *, websocket: bool | None = None) -> Observation:
    with MockResponsesServer() as upstream:
        return observe(version, scenario, upstream, upstream.base_url, websocket=websocket)


def certify_gateway(
    spec: GatewaySpec,
    editions: Sequence[str],
    *,
    only: Sequence[str] = (),
    ready_seconds: float = DEFAULT_READY_SECONDS,
    upstream_port: int = 0,
    progress: Progress | None = None,
    name: str | None = None,
    recorder: Recorder | None = None,
) -> GatewayRun:
    """Run the plan; raises ``ReleaseUnavailableError`` before starting anything if a release is missing.

    With a ``recorder``, each run through the gateway goes by its recording relay (record.py)."""
    for version in editions:
        release_binary(version)
    started = time.monotonic()
    run = GatewayRun(name or spec.label, list(editions))
    plan = _plan(editions, only)
    with ExitStack() as stack:
        upstream = stack.enter_context(MockResponsesServer(port=upstream_port))
        try:
            gateway = stack.enter_context(
                running_gateway(spec, upstream.base_url, ready_seconds=ready_seconds)
            )
        except GatewayError as failed:
            run.aborted, run.gateway_output = str(failed), _portable(failed.output)
        else:
            for version, scenario in plan:
                if isinstance(scenario, NotApplicable):
                    result = _not_applicable(version, scenario)
                    run.results.append(result)
                    if progress is not None:
                        progress(result)
                    continue
                result = _one(
                    version, scenario, upstream, gateway.base_url, gateway.check_alive, recorder=recorder
                )
                run.results.append(result)
                if progress is not None:
                    progress(result)
                if result.error is not None and result.error.startswith("gateway: "):
                    run.aborted = result.error.removeprefix("gateway: ")
                    break
            run.gateway_output = _portable(gateway.output())
    # Every scenario planned is in the report, run or not.
    for version, scenario in plan[len(run.results) :]:
        if isinstance(scenario, NotApplicable):
            run.results.append(_not_applicable(version, scenario))
        else:
            error = f"not run: {run.aborted}"
            run.results.append(
                ScenarioResult(version, scenario.slug, scenario.title, error=error, model=scenario.model)
            )
    run.seconds = time.monotonic() - started
    return run


def _not_applicable(version: str, scenario: NotApplicable) -> ScenarioResult:
    return ScenarioResult(version, scenario.slug, scenario.title, not_applicable=scenario.reason)


def _through(
    version: str, scenario: Scenario, upstream: MockResponsesServer, url: str, recorder: Recorder | None
) -> tuple[Observation, tuple[int, ...]]:
    """The run through the gateway, and how the gateway answered the release's WebSocket upgrades
    where the scenario asks (seen on a recording relay: what the upstream receives cannot tell a
    gateway that refused the upgrade from one that took the WebSocket and called over HTTP)."""
    if recorder is None and not scenario.websocket:
        return observe(version, scenario, upstream, url), ()
    relay: RecordingRelay | None = None
    with ExitStack() as stack:
        try:
            relayed_url, relay = stack.enter_context((recorder or Recorder()).relaying(url))
        except ValueError:
            if recorder is not None:
                raise
            relayed_url = url  # a gateway reached over TLS: its answers cannot be read on the way
        through = observe(version, scenario, upstream, relayed_url)
    if relay is None:
        return through, ()
    # Kept once the relay is closed: every byte it passed is in by then.
    if recorder is not None:
        recorder.keep(version, scenario.slug, scenario.model, relay, through)
    answers = [upgrade_status(connection) for connection in relay.connections]
    return through, tuple(answer for answer in answers if answer is not None)


def _one(
    version: str,
    scenario: Scenario,
    upstream: MockResponsesServer,
    url: str,
    check_alive: Callable[[], None],
    *,
    recorder: Recorder | None = None,
) -> ScenarioResult:
    try:
        direct = _direct(version, scenario)
        check_alive()
        through, upgrade_answers = _through(version, scenario, upstream, url, recorder)
        check_alive()
        if scenario.websocket and through.transport != "websocket":
            # The gateway refused the upgrade (or forwarded it as plain HTTP) and the release fell
            # back: what reached the upstream is judged against the release's own fallback, a
            # direct run whose upstream refuses the upgrade too (spec/gateway.md, `websocket`).
            direct = _direct(version, scenario, websocket=False)
    except GatewayError as died:
        error = f"gateway: {died}"
        return ScenarioResult(version, scenario.slug, scenario.title, error=error, model=scenario.model)
    except (CaptureError, ReleaseUnavailableError) as failed:
        error = f"release run: {failed}"
        return ScenarioResult(version, scenario.slug, scenario.title, error=error, model=scenario.model)
    apis = tuple(request.api for request in through.upstream)
    verdicts = tuple(judge(scenario, direct, through))
    counted = len(direct.upstream)
    transport = through.transport if scenario.websocket else None
    return ScenarioResult(
        version,
        scenario.slug,
        scenario.title,
        verdicts,
        None,
        apis,
        counted,
        model=scenario.model,
        transport=transport,
        upgrade_answers=upgrade_answers if scenario.websocket else (),
    )


__all__ = ["GatewayRun", "Progress", "ScenarioResult", "certify_gateway"]
