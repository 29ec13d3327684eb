"""A fixtures directory is somebody's data: hostile cases against a stand-in release.

No real release runs here (the real ones meet the same inputs in
test_release_sandbox.py): a stand-in, a shell script put where the kit
looks for a release, shows what a release run could reach.

- A case's ``tree`` that puts a link to a host directory and then entries
  below it changes nothing on the host, in any host_tools op of any edition.
- A release run behind the barrier finds no canary the test leaves on the
  host (home, /var/tmp, beside the kit's package), nor the host's secrets.
- A fixtures directory's links and FIFOs are refused, unread (a linked
  directory is not entered), and loading never waits on a FIFO.
- Each check is shown failing on a deliberate violation: a writer that
  follows links, a run without the barrier, a read through a link.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import stat
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import codex_conformance
from codex_conformance import file_tree
from codex_conformance.cases import FixtureError, load_cases
from codex_conformance.editions import EDITIONS, get_edition
from codex_conformance.paths import fixtures_dir
from codex_workshop.areas.host_tools import host_tree
from codex_workshop.capture.fixture_writer import write_fixture_text
from codex_workshop.drive import sandbox
from codex_workshop.drive.cache import cache_root
from codex_workshop.drive.errors import FileTreeError
from codex_workshop.drive.exec_run import run_exec
from codex_workshop.release.adapter import ReleaseAdapter, release_ops

RELEASES_PAGE = Path(__file__).resolve().parents[3] / "docs" / "releases.md"
State = dict[str, tuple[int, bytes | str]]


def _state(top: Path) -> State:
    """Every entry under ``top`` with its mode and content (a link: its target)."""
    found: State = {}
    for path in [top, *sorted(top.rglob("*"))]:
        info = path.lstat()
        key = str(path.relative_to(top))
        if stat.S_ISLNK(info.st_mode):
            found[key] = (info.st_mode, os.readlink(path))
        elif stat.S_ISREG(info.st_mode):
            found[key] = (info.st_mode, path.read_bytes())
        else:
            found[key] = (info.st_mode, b"")
    return found


@pytest.fixture
def host() -> Iterator[Path]:
    """A host directory the user can write, outside /tmp, with a file in it."""
    top = Path(tempfile.mkdtemp(prefix="codex-conformance-host-", dir="/var/tmp"))
    (top / "x").write_text("the user's file\n", encoding="utf-8")
    top.chmod(0o755)
    try:
        yield top
    finally:
        for path in [top, *top.rglob("*")]:
            if not path.is_symlink():
                path.chmod(0o700)
        shutil.rmtree(top, ignore_errors=True)


def hostile_trees(host: Path) -> dict[str, list[dict[str, Any]]]:
    """Trees that write below a link to ``host`` (a file there, one deeper, a directory, a
    FIFO, a link, and a mode meant for the host directory itself)."""
    link = {"path": "d", "link": str(host)}
    return {
        "file": [link, {"path": "d/x", "content": "overwritten\n", "mode": 0o777}],
        "new-file": [link, {"path": "d/new", "content_base64": "AA=="}],
        "deeper": [link, {"path": "d/sub/y", "content": "y"}],
        "directory": [link, {"path": "d/made", "dir": True, "mode": 0o777}],
        "fifo": [link, {"path": "d/pipe", "fifo": True}],
        "link": [link, {"path": "d/l", "link": "/"}],
        "mode": [link, {"path": "d/.", "dir": True, "mode": 0o777}],
        "nested-link": [
            {"path": "a", "dir": True},
            {"path": "a/d", "link": str(host)},
            {"path": "a/d/x", "content": "overwritten\n"},
        ],
    }


def _following_writer(root: Path, tree: list[dict[str, Any]]) -> None:
    """The writer as it was before: paths joined as text, links followed (the deliberate violation)."""
    for index, entry in enumerate(tree):
        target = root / str(entry["path"])
        target.parent.mkdir(parents=True, exist_ok=True)
        if "link" in entry:
            target.symlink_to(entry["link"])
        elif entry.get("dir"):
            target.mkdir(exist_ok=True)
        elif entry.get("fifo"):
            os.mkfifo(target)
        else:
            target.write_bytes(host_tree._content(index, "content", entry.get("content", "")))
        if "mode" in entry and "link" not in entry:
            target.chmod(entry["mode"])


def _write_without_check(root: Path, tree: list[dict[str, Any]]) -> None:
    with contextlib.suppress(FileTreeError):  # check_tree refuses these first; this is the layer below
        host_tree.write_host_tree(root, tree)


@pytest.mark.parametrize("name", list(hostile_trees(Path("/h"))))
@pytest.mark.parametrize(
    ("writer", "holds"), [(_write_without_check, True), (_following_writer, False)], ids=["kit", "following"]
)
def test_a_tree_written_below_a_link_never_reaches_the_host(
    name: str, writer: Callable[[Path, list[dict[str, Any]]], None], holds: bool, host: Path, tmp_path: Path
) -> None:
    tree = hostile_trees(host)[name]
    before = _state(host)
    writer(tmp_path, tree)
    assert (_state(host) == before) is holds


@pytest.mark.parametrize("name", list(hostile_trees(Path("/h"))))
def test_a_tree_below_a_link_is_refused_with_its_reason(name: str, host: Path) -> None:
    tree = hostile_trees(host)[name]
    # "d/." is "d" again: described twice, before it could be below anything.
    with pytest.raises(FileTreeError, match=r"lies below the link tree\[\d\]; no entry is written|twice"):
        host_tree.check_tree(tree)


def test_files_are_never_written_through_a_link(host: Path, tmp_path: Path) -> None:
    (tmp_path / "d").symlink_to(host)
    before = _state(host)
    with pytest.raises(FileTreeError, match=r"files\['d/x'\] cannot be written"):
        file_tree.write_files(tmp_path, {"d/x": b"overwritten"})
    with pytest.raises(FileTreeError, match=r"files\['d'\] cannot be written"):
        file_tree.write_files(tmp_path, {"d": b"overwritten"})
    assert _state(host) == before


def _host_tools_cases() -> list[tuple[str, str, dict[str, Any]]]:
    """(edition, op, args of one captured case) for every host_tools op the release adapter runs."""
    chosen: dict[tuple[str, str], dict[str, Any]] = {}
    for case in load_cases(fixtures_dir() / "host_tools"):
        if case.op in release_ops(case.edition):
            chosen.setdefault((case.edition, case.op), dict(case.args))
    return [(edition, op, args) for (edition, op), args in sorted(chosen.items())]


HOST_TOOLS_CASES = _host_tools_cases()


def test_every_host_tools_op_of_every_edition_is_tried() -> None:
    tried = {(edition, op) for edition, op, _ in HOST_TOOLS_CASES}
    expected = {
        (version, op) for version in EDITIONS for op in release_ops(version) if op.startswith("host_tools.")
    }
    assert tried == expected and tried


STAND_IN = """#!/bin/sh
echo "stand-in release ran: $*" >> {log}
exit 1
"""


@pytest.fixture
def stand_in_releases(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A release cache in which every edition's binary is a stand-in that notes it ran; the log."""
    log = tmp_path / "ran.log"
    monkeypatch.setenv("CODEX_CONFORMANCE_CACHE", str(tmp_path / "cache"))
    for version in EDITIONS:
        edition = get_edition(version)
        unpacked = cache_root() / version
        binary = unpacked / edition.binary_path
        binary.parent.mkdir(parents=True)
        binary.write_text(STAND_IN.format(log=log), encoding="utf-8")
        binary.chmod(0o755)
        (unpacked / ".codex-conformance-tarball-sha512").write_text(edition.tarball_sha512, encoding="ascii")
    return log


@pytest.mark.parametrize("name", ["file", "deeper", "nested-link"])
@pytest.mark.parametrize("tried", HOST_TOOLS_CASES, ids=lambda tried: f"{tried[0]}-{tried[1]}")
def test_a_hostile_tree_changes_nothing_on_the_host_in_any_host_tools_op(
    name: str, tried: tuple[str, str, dict[str, Any]], host: Path, stand_in_releases: Path
) -> None:
    edition, op, args = tried
    before = _state(host)
    hostile = {**args, "tree": hostile_trees(host)[name]}
    response = ReleaseAdapter(edition).handle({"op": op, "args": hostile})
    assert response.get("error", {}).get("kind") == "invalid-args", response
    assert "no entry is written through a link" in response["error"]["message"]
    assert _state(host) == before
    assert not stand_in_releases.exists(), "the release ran on a tree it should have refused"


# What a stand-in release prints: each canary and secret of the host it can see.
PEEK = """#!/bin/sh
for path in {paths}; do
    [ -e "$path" ] && echo "SEEN $path" && cat "$path"
done
echo "PEEKED"
exit 0
"""
SECRETS = [
    "/etc/shadow",
    "/etc/gitconfig",
    "/etc/ssh",
    "/etc/ssl/private",
    "/root/.bash_history",
    "/srv",
    "/opt",
]


@pytest.fixture
def canaries() -> Iterator[list[Path]]:
    """Files with a secret text in places a user has data: home, /var/tmp, beside the kit."""
    text = f"canary-{secrets.token_hex(8)}\n"
    places = [Path.home(), Path("/var/tmp"), Path(codex_conformance.__file__).resolve().parent.parent]
    made: list[Path] = []
    for place in places:
        path = place / f".codex-conformance-canary-{secrets.token_hex(4)}"
        try:
            path.write_text(text, encoding="utf-8")
        except OSError:
            continue
        made.append(path)
    try:
        yield made
    finally:
        for path in made:
            path.unlink(missing_ok=True)


def _peek(tmp_path: Path, canaries: list[Path]) -> Path:
    script = tmp_path / "codex"
    script.write_text(PEEK.format(paths=" ".join(map(str, [*canaries, *SECRETS]))), encoding="utf-8")
    script.chmod(0o755)
    return script


def test_a_release_run_behind_the_barrier_reads_no_canary(canaries: list[Path], tmp_path: Path) -> None:
    if not sandbox.barrier_available():
        pytest.skip("bubblewrap is not available: a release run sees the whole host (docs/releases.md)")
    assert canaries
    run = run_exec(_peek(tmp_path, canaries), model="m", servers=[], timeout=60)
    assert run.stdout.endswith("PEEKED\n"), run  # the stand-in did run
    assert "SEEN" not in run.stdout
    assert canaries[0].read_text(encoding="utf-8") not in run.stdout


def test_a_run_without_the_barrier_does_read_the_canary(canaries: list[Path], tmp_path: Path) -> None:
    """The deliberate violation: the same stand-in, run as is, finds every canary."""
    printed = subprocess.run([str(_peek(tmp_path, canaries))], capture_output=True, text=True, check=False)
    for path in canaries:
        assert f"SEEN {path}\n" in printed.stdout
    assert canaries[0].read_text(encoding="utf-8") in printed.stdout


def test_what_a_release_can_see_is_what_the_docs_say() -> None:
    text = RELEASES_PAGE.read_text(encoding="utf-8")
    section = text[text.index("### Running releases safely") :]
    section = section[: section.index("\n## ")]
    listed = set(re.findall(r"`(/[^`]+)`", section))
    assert {*sandbox.SYSTEM_DIRECTORIES, *(f"/etc/{entry}" for entry in sandbox.ETC_ENTRIES)} <= listed


# A fixtures directory whose files are links or FIFOs: nothing outside it is read, nothing waits.


@pytest.fixture
def fixtures_copy(tmp_path: Path) -> Path:
    """A fixtures directory of one real fixture file."""
    root = tmp_path / "fixtures"
    (root / "sse").mkdir(parents=True)
    shutil.copy(fixtures_dir() / "sse" / "captured-0.25.0.json", root / "sse" / "captured-0.25.0.json")
    return root


def _host_fixture(host: Path) -> Path:
    """A file on the host that looks like a fixture file and holds a secret."""
    secret = host / "captured-0.25.0.json"
    secret.write_text('{"area": "sse", "cases": [], "HOSTSECRET": "HOSTSECRET"}', encoding="utf-8")
    return secret


def test_a_fixture_file_that_is_a_link_is_refused_unread(fixtures_copy: Path, host: Path) -> None:
    (fixtures_copy / "sse" / "linked.json").symlink_to(_host_fixture(host))
    with pytest.raises(FixtureError, match="is a symbolic link") as refused:
        load_cases(fixtures_copy)
    assert "HOSTSECRET" not in str(refused.value)


def test_reading_through_the_link_would_reach_the_host(fixtures_copy: Path, host: Path) -> None:
    """The deliberate violation: a plain read of the same link returns the host's file."""
    link = fixtures_copy / "sse" / "linked.json"
    link.symlink_to(_host_fixture(host))
    assert "HOSTSECRET" in link.read_text(encoding="utf-8")


def test_a_linked_directory_in_a_fixtures_directory_is_not_read(fixtures_copy: Path, host: Path) -> None:
    alone = len(load_cases(fixtures_copy))
    _host_fixture(host)
    (fixtures_copy / "sse" / "elsewhere").symlink_to(host, target_is_directory=True)
    (fixtures_copy / "mcp").symlink_to(host, target_is_directory=True)
    assert len(load_cases(fixtures_copy)) == alone > 0


def test_a_fifo_in_a_fixtures_directory_is_refused_without_waiting(fixtures_copy: Path) -> None:
    os.mkfifo(fixtures_copy / "sse" / "pipe.json")
    outcome: list[BaseException | None] = []

    def load() -> None:
        try:
            load_cases(fixtures_copy)
        except FixtureError as exc:
            outcome.append(exc)
        else:
            outcome.append(None)

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(timeout=20)
    assert outcome and isinstance(outcome[0], FixtureError), "loading waited on the FIFO"
    assert "is not a regular file" in str(outcome[0])


def test_capture_replaces_a_linked_fixture_file_instead_of_writing_through_it(
    fixtures_copy: Path, host: Path
) -> None:
    target = fixtures_copy / "sse" / "captured-0.94.0.json"
    victim = host / "x"
    before = _state(host)
    target.symlink_to(victim)
    write_fixture_text(target, '{"area": "sse", "cases": []}\n')
    assert _state(host) == before
    assert not target.is_symlink() and target.read_text(encoding="utf-8").startswith('{"area"')
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_a_plain_write_would_go_through_the_link(fixtures_copy: Path, host: Path) -> None:
    """The deliberate violation: Path.write_text on the same link overwrites the host's file."""
    target = fixtures_copy / "sse" / "captured-0.94.0.json"
    target.symlink_to(host / "x")
    target.write_text("overwritten", encoding="utf-8")
    assert (host / "x").read_text(encoding="utf-8") == "overwritten"


def test_a_fixture_that_cannot_be_put_in_place_leaves_no_temporary_file(fixtures_copy: Path) -> None:
    target = fixtures_copy / "sse" / "captured-0.94.0.json"
    target.mkdir()  # a directory where the file goes: the rename fails
    before = sorted(path.name for path in target.parent.iterdir())
    with pytest.raises(OSError):
        write_fixture_text(target, "{}\n")
    assert sorted(path.name for path in target.parent.iterdir()) == before
