"""pytest plugin: ``pytest --conformance-impl=X`` runs the conformance suite against X.

Thin on purpose (like syrupy's): options under one prefix with explicit
``dest``, a fixture, and hooks that forward to the ``PytestRun`` object in
``codex_conformance.pytest_run``.  Without ``--conformance-impl`` (or ``conformance_impl``
in the ini file) every hook returns at once, so installing the kit changes
nothing for other test suites; with it, the suite joins only a run of the
whole project, and stays silent when -k, -m or --deselect leave out every case.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pytest

if TYPE_CHECKING:
    from codex_conformance.connection import Connection
    from codex_conformance.harnesses.port_check import MockServerSessions, RespxSessions
    from codex_conformance.pytest_run import PytestRun

_RUN_KEY = pytest.StashKey["PytestRun"]()


# Every option is spelled --conformance-*, the prefix pytest plugins use so
# that theirs never collide (syrupy's --snapshot-*); the names the kit had
# first stay as aliases, so existing command lines and CI files keep working.
# Help shows the prefixed name first.  flag -> alias.
ALIASES = {
    "--conformance-impl": "--impl",
    "--conformance-edition": "--edition",
    "--conformance-op": "--op",
    "--conformance-area": "--area",
    "--conformance-expected-failures": "--expected-failures",
    "--conformance-write-expected-failures": "--write-expected-failures",
    "--conformance-prune-expected-failures": "--prune-expected-failures",
    "--conformance-strict-runs": "--strict-runs",
    "--conformance-fixtures-dir": "--fixtures-dir",
}

# The options that narrow a run, each repeatable: flag -> (dest, metavar, help).
_NARROWING = {
    "--conformance-edition": (
        "conformance_editions",
        "VERSION",
        "edition to run (repeatable); default: every edition the implementation declares",
    ),
    "--conformance-op": (
        "conformance_ops",
        "OP",
        "run only this op's cases and properties (repeatable), e.g. apply_patch.apply",
    ),
    "--conformance-area": (
        "conformance_areas",
        "AREA",
        "run only this area's cases and properties (repeatable), e.g. mcp",
    ),
}

# The options that name a file the run reads or writes: flag -> (dest, help).
_FILES = {
    "--conformance-report": (
        "conformance_report",
        "write the JSON report here and a Markdown summary beside it (.md); missing folders are created",
    ),
    "--conformance-expected-failures": (
        "conformance_expected_failures",
        "TOML file of known failures ([[expected-failure]] case/reason); stale entries fail the run",
    ),
    "--conformance-write-expected-failures": (
        "conformance_write_expected_failures",
        "write (or update) an expected-failures file listing this run's failures; existing reasons "
        "are kept, new entries get a TODO reason",
    ),
}


def _names(flag: str) -> tuple[str, ...]:
    """The flag, then its old name if it has one."""
    alias = ALIASES.get(flag)
    return (flag,) if alias is None else (flag, alias)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("codex-conformance", "conformance run against a Codex wire-format implementation")
    group.addoption(
        *_names("--conformance-impl"),
        dest="conformance_impl",
        default=None,
        metavar="IMPL",
        help="implementation to certify: reference, release:<version>, cmd:<command>, package.module[:attr]",
    )
    for flag, (dest, metavar, help_text) in _NARROWING.items():
        group.addoption(
            *_names(flag), dest=dest, action="append", default=[], metavar=metavar, help=help_text
        )
    for flag, (dest, help_text) in _FILES.items():
        group.addoption(*_names(flag), dest=dest, type=Path, default=None, metavar="PATH", help=help_text)
    group.addoption(
        "--conformance-update-expected",
        dest="conformance_update_expected",
        action="store_true",
        help="update the --conformance-expected-failures file from this run (created if missing): its "
        "comments, order and reasons kept, new failures added with a TODO reason, stale entries removed",
    )
    group.addoption(
        *_names("--conformance-prune-expected-failures"),
        dest="conformance_prune_expected_failures",
        action="store_true",
        help="with --conformance-write-expected-failures: also remove stale entries (no such case, "
        "or now passing)",
    )
    group.addoption(
        "--conformance-timeout",
        dest="conformance_timeout",
        type=float,
        default=None,  # --conformance-timeout, else conformance_timeout in the ini file, else per transport
        metavar="SECONDS",
        help="per-case timeout in seconds for every adapter, above 0 and at most 86400 "
        "(default 10 for cmd:, 300 in process)",
    )
    group.addoption(
        *_names("--conformance-strict-runs"),
        dest="conformance_strict_runs",
        action="store_true",
        help="a case the implementation ran more than once (a stalled release run, run again) is an error",
    )
    group.addoption(
        "--conformance-examples",
        dest="conformance_examples",
        type=int,
        default=None,  # the flag, else conformance_examples in the ini file, else 100
        metavar="N",
        help="generated examples per property check (default 100; 0 disables property checks)",
    )
    group.addoption(
        "--conformance-level",
        dest="conformance_level",
        choices=("behaviour", "bytes"),  # codex_conformance.facets.LEVELS; the plugin imports nothing heavy
        default=None,  # the flag, else conformance_level in the ini file, else bytes
        help="verdict level to certify: behaviour (leaves out printed texts, key order and serialization) "
        "or bytes (every byte of each result; default); the report shows both (spec/levels.md)",
    )
    group.addoption(
        *_names("--conformance-fixtures-dir"),
        dest="conformance_fixtures_dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="fixtures to run (default: the fixtures shipped with the kit)",
    )
    for name, (kind, help_text) in _INI.items():
        parser.addini(name, help_text, type=kind, default=None)


# Options a project can keep in its pytest configuration ([tool.pytest.ini_options]
# in pyproject.toml, [pytest] in pytest.ini) instead of its command line; each is
# the option's dest, and the command line wins.  Paths are relative to that file.
_INI: dict[str, tuple[Literal["string", "linelist", "paths"], str]] = {
    "conformance_impl": ("string", "default for --conformance-impl"),
    "conformance_editions": ("linelist", "default for --conformance-edition (one per line)"),
    "conformance_expected_failures": ("paths", "default for --conformance-expected-failures"),
    "conformance_report": ("paths", "default for --conformance-report"),
    "conformance_timeout": ("string", "default for --conformance-timeout (seconds)"),
    "conformance_examples": ("string", "default for --conformance-examples"),
    "conformance_level": ("string", "default for --conformance-level (behaviour or bytes)"),
}
# Built-in defaults of the numbers an ini key may also set (a literal: the
# plugin imports nothing heavy; properties.DEFAULT_EXAMPLES says the same).
# No timeout: the session's default, which depends on the transport.
_DEFAULTS: dict[str, float | int | None] = {"conformance_timeout": None, "conformance_examples": 100}
_KINDS: dict[str, type[float] | type[int]] = {"conformance_timeout": float, "conformance_examples": int}


def _apply_ini(config: pytest.Config) -> None:
    """Fill in from the ini file each option its command line left unset."""
    option = config.option
    for name in _INI:
        if getattr(option, name) not in (None, []):
            continue
        value = config.getini(name)
        if name in _DEFAULTS:
            setattr(option, name, _number(name, value, _KINDS[name]))
        elif value:
            # A "paths" key gives a list: its one path; "linelist" keeps its list.
            setattr(option, name, value[0] if _INI[name][0] == "paths" else value)


def _number(name: str, value: object, kind: type[float] | type[int]) -> float | int | None:
    if value is None or value == "":
        return _DEFAULTS[name]
    try:
        return kind(str(value).strip())
    except ValueError:
        raise pytest.UsageError(f"{name} in the pytest configuration: not a number: {value!r}") from None


def _names_other_tests(config: pytest.Config) -> bool:
    """Whether the command line names test files, folders or node ids, and not the whole project.

    The conformance items hang from the session, under none of them: as
    pytest runs only what such arguments name, ``pytest test_own.py::test_a``
    runs that test alone, even with ``conformance_impl`` in the ini file.  A
    bare ``pytest`` (or ``pytest .``, or the rootdir) names everything.
    """
    if config.args_source is not pytest.Config.ArgsSource.ARGS:
        return False
    here = config.invocation_params.dir
    whole = {here.resolve(), config.rootpath.resolve()}
    for arg in config.args:
        path = Path(arg.split("::", 1)[0])
        if (path if path.is_absolute() else here / path).resolve() in whole and "::" not in arg:
            return False
    return True


def _run(config: pytest.Config) -> PytestRun | None:
    return config.stash.get(_RUN_KEY, None)


def pytest_configure(config: pytest.Config) -> None:
    # Registered with or without --impl, so that -m "not conformance" and --strict-markers work anywhere.
    config.addinivalue_line(
        "markers", "conformance: a codex-conformance case (-m 'not conformance' leaves them out)"
    )
    _apply_ini(config)
    if not config.option.conformance_impl:
        return
    from codex_conformance.pytest_run import PytestRun

    # With files or node ids named, no suite: only the conformance_connection fixture, on demand.
    config.stash[_RUN_KEY] = PytestRun.from_config(config, suite=not _names_other_tests(config))


def pytest_sessionstart(session: pytest.Session) -> None:
    run = _run(session.config)
    if run is not None:
        run.start(session.config)


@pytest.hookimpl(tryfirst=True)  # before -k / -m / --deselect look at the items
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    run = _run(config)
    if run is not None:
        items.extend(run.collect(session))


def pytest_collection_finish(session: pytest.Session) -> None:
    run = _run(session.config)
    if run is not None:
        run.selected(session)


@pytest.hookimpl(tryfirst=True)  # before --junitxml writes its file, which carries the run's counts
def pytest_sessionfinish(session: pytest.Session) -> None:
    run = _run(session.config)
    if run is not None:
        run.finish(session)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    run = _run(terminalreporter.config)
    if run is not None:
        run.summarize(terminalreporter)


def pytest_unconfigure(config: pytest.Config) -> None:
    run = _run(config)
    if run is not None:
        run.close()


@pytest.fixture(scope="session")
def conformance_connection(pytestconfig: pytest.Config) -> Iterator[Connection]:
    """The live connection to ``--impl``, for a user's own tests (property tests, say)."""
    run = _run(pytestconfig)
    if run is None:
        pytest.skip("no --impl given")
    yield run.connection()


@pytest.fixture
def conformance_mock_server() -> MockServerSessions:
    """``session.run`` cases served by the kit's mock Responses server on a loopback socket.

    ``with conformance_mock_server.serve(case) as served:`` run your client
    against ``served.base_url`` with ``served.prompt``; then
    ``conformance_mock_server.check(case, served.requests)`` (cases:
    ``conformance_mock_server.cases(edition)``).  Works without ``--impl``.
    """
    from codex_conformance.harnesses.port_check import MockServerSessions

    return MockServerSessions()


@pytest.fixture
def conformance_respx() -> RespxSessions:
    """The same as ``conformance_mock_server``, in process: respx intercepts a Python port's httpx client."""
    from codex_conformance.harnesses.port_check import RespxSessions

    return RespxSessions()
