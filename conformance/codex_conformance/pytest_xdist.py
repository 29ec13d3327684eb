"""Outcomes judged by pytest-xdist workers, gathered on the controller.

Under ``pytest -n N`` every worker is a whole pytest process with its own
adapter connection: it collects and runs its share of the items, but the
report, the expected-failures checks, the summary line and the exit code
belong to the controller, which runs no item at all.  Each worker therefore
sends the ``Outcome`` of an item along with the item's test report, as one
extra attribute (pytest serializes a report's plain attributes for xdist and
restores them on the controller), and the controller records it as a serial
run records its own.  Nothing else crosses: both sides apply the same
expected-failures file, so the outcome arrives already marked.

Only the controller keeps the verdict; a worker writes no report and leaves
the exit code to pytest.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from codex_conformance.cases import Case
from codex_conformance.outcome import Outcome, kit_error_outcome
from codex_conformance.properties import Property
from codex_conformance.session import ConformanceSession

# The report attribute carrying the outcome as JSON text (ASCII: a lone
# surrogate in a reply survives as its \\udXXX escape).
OUTCOME_ATTRIBUTE = "codex_conformance_outcome"


def is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def is_controller(config: pytest.Config) -> bool:
    """True on the process that hands items to xdist workers and runs none itself."""
    return config.pluginmanager.has_plugin("dsession")


def attach(report: pytest.TestReport, outcome: Outcome) -> None:
    setattr(report, OUTCOME_ATTRIBUTE, json.dumps(outcome.model_dump(mode="json")))


def attached(report: pytest.TestReport) -> Outcome | None:
    text = getattr(report, OUTCOME_ATTRIBUTE, None)
    return None if text is None else Outcome.model_validate(json.loads(text))


# The key of a worker's ``config.workeroutput`` (sent to the controller when the
# worker finishes) carrying the outcomes its end_connection() revised.
LATE_KEY = "codex_conformance_late_errors"


def send_late_errors(config: pytest.Config, session: ConformanceSession) -> None:
    """On a worker: hand the controller the last item's outcome if it became an error after its test."""
    late = [
        {"outcome": outcome.model_dump(mode="json"), "error": session.late_errors[outcome.id]}
        for outcome in session.outcomes
        if outcome.id in session.late_errors
    ]
    output = getattr(config, "workeroutput", None)
    if late and output is not None:
        output[LATE_KEY] = json.dumps(late)


class WorkerCrashed(RuntimeError):
    """A worker died on an item (xdist's words as the message); the item is an error of the kit."""


class WorkerOutcomes:
    """A plugin for the controller: records each outcome a worker reports, once."""

    def __init__(self, session: ConformanceSession) -> None:
        self.session = session
        self.items = {item.id: item for item in session.items}
        self.recorded: set[str] = set()
        self.selected_any = False  # whether a worker kept a conformance item after -k, -m, --deselect

    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        self.selected_any = self.selected_any or any(node_id in self.items for node_id in ids)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.nodeid not in self.items or report.nodeid in self.recorded:
            return
        outcome = attached(report)
        if outcome is None:
            if not report.failed:
                return  # setup or teardown of an item whose call report carries the outcome
            # A worker that died on the item (xdist reports it failed) judged
            # nothing: the item still counts, as an error of the run.
            item = self.items[report.nodeid]
            lines = [line.strip() for line in report.longreprtext.splitlines() if line.strip()]
            said = [line for line in lines if "crashed" in line] or lines or ["the worker failed"]
            crash = WorkerCrashed(said[0])
            if isinstance(item, Property):
                outcome = kit_error_outcome(item, crash, kind="property")
            else:
                outcome = kit_error_outcome(item, crash)
        self.recorded.add(report.nodeid)
        self.session.record(outcome)

    def pytest_testnodedown(self, node: Any, error: object) -> None:
        """A worker finished: the outcomes its end of connection turned into errors replace its reports'."""
        text = getattr(node, "workeroutput", {}).get(LATE_KEY)
        for late in json.loads(text) if text else []:
            self.session.record_late(Outcome.model_validate(late["outcome"]), str(late["error"]))

    def pytest_xdist_make_scheduler(self, config: pytest.Config, log: Any) -> Any:
        """xdist's ``load`` (the default of ``-n N``) with each property group kept on one worker.

        The properties of one op x edition share one exploration (properties.py):
        dealt out item by item, as ``load`` does, every worker would generate
        and send the same inputs again, and ``-n 2`` was slower than a serial
        run.  A property group is one unit of work here; cases are dealt in
        runs.  Another ``--dist`` is the user's choice and is left alone.
        """
        if config.getvalue("dist") != "load":
            return None
        workers = len(config.getvalue("tx") or ()) or 1
        return _grouped_scheduler(scopes(self.session.items, workers), config, log)


# Units of cases per worker: enough for the workers to finish together, few
# enough that the controller does not send thousands of messages (a unit per
# case made a whole run twice as slow under -n 2).
UNITS_PER_WORKER = 10


def scopes(items: list[Case | Property], workers: int) -> dict[str, str]:
    """item id -> its unit of work: a property's group, or a run of consecutive cases."""
    cases = [item for item in items if not isinstance(item, Property)]
    size = max(1, len(cases) // (max(1, workers) * UNITS_PER_WORKER))
    found = {case.id: f"cases/{index // size}" for index, case in enumerate(cases)}
    for item in items:
        if isinstance(item, Property):
            found[item.id] = f"property/{item.op}/{item.edition}/{item.group.label}"
    return found


def _grouped_scheduler(units: dict[str, str], config: pytest.Config, log: Any) -> Any:
    # Imported here: the kit does not need xdist, and only xdist calls this.
    from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]

    class GroupedScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            # A user's own tests beside the suite keep xdist's module scopes.
            return units.get(nodeid) or str(super()._split_scope(nodeid))

        def remove_node(self, node: Any) -> str | None:
            """As xdist's, but the item a worker died on is not queued again.

            xdist reports that item failed (WorkerOutcomes makes it an error
            of the run); queued again, it would take the next worker down too.
            """
            workload: dict[str, dict[str, bool]] = self.assigned_work.pop(node)
            pending = [nodeid for unit in workload.values() for nodeid, done in unit.items() if not done]
            if not pending:
                return None
            crashed = pending[0]
            for unit in workload.values():
                unit.pop(crashed, None)
            self.workqueue.update({scope: unit for scope, unit in workload.items() if not all(unit.values())})
            for other in self.assigned_work:
                self._reschedule(other)
            return crashed

    return GroupedScheduling(config, log)
