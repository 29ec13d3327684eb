"""pytest's progress output for the suite, compact: one line per area and edition, with counts.

At its default verbosity pytest writes a line per test file, each test a
letter after it.  A case id holds no ``::``, so pytest took each case for a
file of its own: a line per case, over 5,000 for the reference.  Here, at
verbosity 0 or below (``-q``), a case writes nothing while it runs, and when
the last selected case of an area and edition has been reported one line
says what they came to, in pytest's words::

    apply_patch/0.169.0: 212 passed, 3 xfailed
    demo/0.25.0 properties: 4 passed

``-v`` keeps pytest's own line per case (this plugin is then not registered).
The failures, the short summary and pytest's last line are pytest's, as
before; a user's own tests beside the suite keep their usual lines.  Under
pytest-xdist the controller learns the selected items from the workers'
collections (``XdistCompactLines``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterable
from typing import Any

import pytest

from codex_conformance.cases import Case
from codex_conformance.properties import Property

# pytest's categories, in the order a group line names them; any other (a
# plugin's own) comes after them.
_ORDER = ("failed", "error", "passed", "skipped", "xfailed", "xpassed")
_BAD = {"failed", "error", "xpassed"}


def group_of(item: Case | Property) -> str:
    """The line an item is counted on: its area and edition (properties on a line of their own).

    Told apart by id, not class: under pytester's in-process runs the kit's
    modules are imported again, and the areas' cached properties may be of
    the first import's class (README's first port from a wheel: every
    property failed ``isinstance``).
    """
    if item.id.startswith("property/"):
        return f"{item.op.split('.', 1)[0]}/{item.edition} properties"
    return f"{item.id.split('/', 1)[0]}/{item.edition}"


def group_line(group: str, counts: Counter[str]) -> str:
    named = [name for name in _ORDER if counts[name]]
    named += sorted(name for name in counts if name not in _ORDER and counts[name])
    return f"{group}: " + (", ".join(f"{counts[name]} {name}" for name in named) or "no result")


def wanted(config: pytest.Config) -> bool:
    """Whether the compact lines replace pytest's: the default verbosity or quieter, and a terminal."""
    quiet = config.get_verbosity(pytest.Config.VERBOSITY_TEST_CASES) <= 0
    return quiet and config.pluginmanager.get_plugin("terminalreporter") is not None


class CompactLines:
    """A plugin: blanks the suite's per-case output and writes a line per finished group."""

    def __init__(self, config: pytest.Config, items: Iterable[Case | Property]) -> None:
        self.config = config
        self.groups = {item.id: group_of(item) for item in items}
        self.left: Counter[str] = Counter()  # group -> selected items not yet finished
        self.counts: dict[str, Counter[str]] = {}  # group -> category -> items, while it runs
        self.selected = False
        # The category pytest gave the report being logged (the terminal reporter asks first):
        # counted without asking every hook again.
        self.last: tuple[pytest.TestReport, str] | None = None

    @property
    def reporter(self) -> pytest.TerminalReporter:
        reporter: pytest.TerminalReporter = self.config.pluginmanager.getplugin("terminalreporter")
        return reporter

    def select(self, node_ids: Iterable[str]) -> None:
        """The items pytest kept after -k, -m and --deselect (once: xdist's workers each report theirs)."""
        if self.selected:
            return
        self.selected = True
        for node_id in node_ids:
            group = self.groups.get(node_id)
            if group is not None:
                self.left[group] += 1

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.select(item.nodeid for item in session.items)

    @pytest.hookimpl(tryfirst=True)  # before the terminal reporter writes the item's "file" line
    def pytest_runtest_logstart(self, nodeid: str, location: tuple[str, int | None, str]) -> None:
        self.reporter.showfspath = False if nodeid in self.groups else None

    @pytest.hookimpl(wrapper=True)
    def pytest_report_teststatus(
        self, report: pytest.TestReport, config: pytest.Config
    ) -> Generator[None, Any, Any]:
        status = yield
        if report.nodeid in self.groups and status is not None:
            category, _letter, word = status
            self.last = (report, category)
            return category, "", word  # no letter: the group line counts it; the word is -v's
        return status

    @pytest.hookimpl(trylast=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        group = self.groups.get(report.nodeid)
        if group is None:
            return
        if self.last is not None and self.last[0] is report:
            category = self.last[1]
        else:
            category = self.config.hook.pytest_report_teststatus(report=report, config=self.config)[0]
        counts = self.counts.setdefault(group, Counter())
        if category:
            counts[category] += 1
        if report.when == "teardown":
            self.left[group] -= 1
            if self.left[group] <= 0:
                self.write(group)

    @pytest.hookimpl(wrapper=True, trylast=True)  # inside the terminal reporter's, which writes [100%]
    def pytest_runtestloop(self, session: pytest.Session) -> Generator[None, object, object]:
        try:
            return (yield)
        finally:
            for group in list(self.counts):  # groups cut short (-x, a crashed worker): what they came to
                self.write(group)

    def write(self, group: str) -> None:
        counts = self.counts.pop(group, Counter())
        markup = {"red": True} if _BAD & set(+counts) else {"green": True}
        if not _BAD & set(+counts) and (counts["xfailed"] or counts["skipped"]):
            markup = {"yellow": True}
        reporter = self.reporter
        reporter.line("")  # as pytest before a file's line: ends the open line, or leaves a blank one
        reporter.write(group_line(group, counts), **markup)
        # The line stays open for pytest's progress ([100%]) and ends at the next write.
        reporter.currentfspath = -2


class XdistCompactLines(CompactLines):
    """On an xdist controller, which collects nothing: the selected items from a worker's collection."""

    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        self.select(ids)


def register(config: pytest.Config, items: Iterable[Case | Property], *, controller: bool) -> None:
    if wanted(config):
        plugin = (XdistCompactLines if controller else CompactLines)(config, items)
        config.pluginmanager.register(plugin, "codex-conformance-compact")
