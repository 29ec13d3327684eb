"""Hostile inputs against the real releases: nothing outside the run's sandbox changes.

Sentinel files are laid out in a directory of the host (the release does
not even see it: test_a_case_that_reads_the_host_finds_no_canary), and every hostile
path points at them: absolute headers (add, delete, update, move), five and
ten ``..`` segments, ``files`` keys that leave the tree, a cwd of ``/``, and
a scripted shell call.  Whatever the release answers, the sentinels must be
untouched and nothing new may appear beside them.  Without bubblewrap the
same inputs are refused before the release runs (the fallback), which the
unit tests at the end check without it.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import tarfile
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

from codex_conformance.cases import load_cases
from codex_conformance.editions import EDITIONS, get_edition
from codex_conformance.paths import fixtures_dir
from codex_workshop.areas.apply_patch import patch_run as apply_patch_run
from codex_workshop.areas.apply_patch.patch_paths import check_header_paths, header_paths
from codex_workshop.areas.apply_patch.patch_run import run_apply_patch
from codex_workshop.areas.dispatch.run import decode_files
from codex_workshop.drive import cache, sandbox
from codex_workshop.drive.cache import check_tarball, release_binary, tarball_digest
from codex_workshop.drive.conversation_run import function_call, written_back
from codex_workshop.drive.errors import FileTreeError, InvalidInputError, ReleaseUnavailableError
from codex_workshop.release.adapter import ReleaseAdapter, release_ops

VERSIONS = list(EDITIONS)


def _release(version: str) -> None:
    try:
        release_binary(version)
    except ReleaseUnavailableError as exc:
        pytest.skip(f"release {version} cannot be fetched here: {exc}")


def _snapshot(top: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(top)): path.read_bytes() for path in sorted(top.rglob("*")) if path.is_file()
    }


@pytest.fixture
def host() -> Iterator[Path]:
    """A host directory of sentinel files, outside /tmp (so the OS barrier's private /tmp
    does not hide it: a write there must fail because the host is read-only)."""
    top = Path(tempfile.mkdtemp(prefix="codex-conformance-sentinel-", dir="/var/tmp"))
    (top / "keep.txt").write_text("keep\n", encoding="utf-8")
    (top / "sub").mkdir()
    (top / "sub" / "other.txt").write_text("other\n", encoding="utf-8")
    try:
        yield top
    finally:
        shutil.rmtree(top, ignore_errors=True)


def _hostile_patches(host: Path) -> dict[str, tuple[str, dict[str, Any]]]:
    rel = str(host).lstrip("/")
    five, ten = "../" * 5, "../" * 10

    def patch(*lines: str) -> str:
        return "\n".join(["*** Begin Patch", *lines, "*** End Patch"])

    return {
        "add-absolute": (patch(f"*** Add File: {host}/added.txt", "+x"), {}),
        "delete-absolute": (patch(f"*** Delete File: {host}/keep.txt"), {}),
        "update-absolute": (patch(f"*** Update File: {host}/keep.txt", "@@", "-keep", "+changed"), {}),
        "move-absolute": (
            patch("*** Update File: f.txt", f"*** Move to: {host}/moved.txt", "@@", "-a", "+b"),
            {"f.txt": "a\n"},
        ),
        "move-over-sentinel": (
            patch("*** Update File: f.txt", f"*** Move to: {host}/keep.txt", "@@", "-a", "+b"),
            {"f.txt": "a\n"},
        ),
        "five-dot-dot": (patch(f"*** Add File: {five}{rel}/five.txt", "+x"), {}),
        "ten-dot-dot": (patch(f"*** Add File: {ten}{rel}/ten.txt", "+x"), {}),
        "ten-dot-dot-delete": (patch(f"*** Delete File: {ten}{rel}/sub/other.txt"), {}),
        "lenient-header": (patch(f"***   add FILE :  {host}/lenient.txt\r", "+x"), {}),
    }


@pytest.mark.parametrize("version", VERSIONS)
def test_hostile_patches_change_nothing_outside_the_sandbox(version: str, host: Path) -> None:
    _release(version)
    before = _snapshot(host)
    for name, (patch, files) in _hostile_patches(host).items():
        try:
            result = run_apply_patch(version, patch, files)
        except InvalidInputError:
            assert not sandbox.barrier_available(), f"{name}: refused although the OS barrier is there"
            continue
        assert _snapshot(host) == before, name
        if name == "add-absolute" and result["exit_code"] == 0:
            # The release wrote where it was told: inside its own root, reported beside cwd.
            assert result["files"] == {f"..{host}/added.txt": "x\n"}
    assert _snapshot(host) == before


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize(
    ("files", "cwd"),
    [({"../../x": "x"}, "/workspace"), ({"/abs/x": "x"}, "/workspace"), ({"a/../../x": "x"}, "/workspace")],
)
def test_file_keys_outside_the_tree_are_invalid_input(version: str, files: dict[str, Any], cwd: str) -> None:
    with pytest.raises(FileTreeError):
        run_apply_patch(version, "*** Begin Patch\n*** End Patch", files, cwd)


@pytest.mark.parametrize("cwd", ["/", "relative", "/a/../b", ""])
def test_a_cwd_outside_a_tree_is_invalid_input(cwd: str) -> None:
    with pytest.raises(FileTreeError):
        run_apply_patch(VERSIONS[0], "*** Begin Patch\n*** End Patch", {}, cwd)


@pytest.mark.parametrize("files", [{"../../x": ""}, {"/abs": ""}, {"a/../../x": ""}, {"ok": "not base64!"}])
def test_dispatch_files_outside_the_cwd_are_invalid_input(files: dict[str, Any]) -> None:
    with pytest.raises(InvalidInputError):
        decode_files(files)


def _shell_call(version: str, script: str) -> dict[str, Any]:
    edition = get_edition(version)
    arguments: dict[str, Any] = (
        {"command": ["bash", "-c", script]} if edition.command_tool == "shell" else {"cmd": script}
    )
    return function_call(edition.command_tool, arguments, "call_hostile")


@pytest.mark.parametrize("version", VERSIONS)
def test_a_scripted_shell_call_cannot_write_the_host(version: str, host: Path) -> None:
    if not sandbox.barrier_available():
        pytest.skip("bubblewrap is not available: shell calls are held only by the release's own sandbox")
    _release(version)
    before = _snapshot(host)
    # No `rm -f`: 0.169.0 refuses such a command itself, and the point is that it runs.
    script = (
        f"echo pwned > {host}/new.txt; echo pwned >> {host}/keep.txt; "
        f"mv {host}/sub/other.txt {host}/moved.txt; echo done"
    )
    elements = written_back(version, [_shell_call(version, script)])
    outputs = [element for element in elements if "call_hostile" in element and "_output" in element]
    assert len(outputs) == 1, elements
    # The command ran, and each write failed: the host's /var/tmp is not there to write to.
    assert outputs[0].count("No such file or directory") == 3, outputs[0]
    assert "done" in outputs[0]
    assert _snapshot(host) == before


def _shell_command_case(version: str) -> dict[str, Any]:
    for case in load_cases(fixtures_dir() / "host_tools"):
        if case.op == "host_tools.shell_command" and case.edition == version:
            return dict(case.args)
    raise AssertionError(f"no host_tools.shell_command case of {version}")


SHELL_COMMAND_EDITIONS = [v for v in VERSIONS if "host_tools.shell_command" in release_ops(v)]


@pytest.mark.parametrize("version", SHELL_COMMAND_EDITIONS)
def test_a_case_that_reads_the_host_finds_no_canary(version: str, host: Path) -> None:
    """A host_tools case whose command reads a canary on the host, by its path and through a
    link in the case's tree, and the host's secrets: the release finds none of them."""
    if not sandbox.barrier_available():
        pytest.skip("bubblewrap is not available: a release run sees the whole host (docs/releases.md)")
    _release(version)
    canary = host / "keep.txt"
    home_canary = Path.home() / f".codex-conformance-canary-{host.name}"
    home_canary.write_text("home canary\n", encoding="utf-8")
    peeks = [canary, home_canary, "peek/keep.txt", "/etc/shadow", "/etc/gitconfig", "/srv"]
    command = " ".join(f"[ -e {path} ] && echo SEEN {path} && cat {path};" for path in peeks) + " echo PEEKED"
    args = {
        **_shell_command_case(version),
        "tree": [{"path": "peek", "link": str(host)}],
        "arguments": json.dumps({"command": command}),
    }
    try:
        response = ReleaseAdapter(version).handle({"op": "host_tools.shell_command", "args": args})
    finally:
        home_canary.unlink()
    output = response["result"]["output"]
    assert "PEEKED" in output, response  # the command ran
    assert "SEEN" not in output and "keep" not in output and "home canary" not in output, output


@pytest.mark.parametrize("version", SHELL_COMMAND_EDITIONS)
def test_a_tree_through_a_link_to_the_host_changes_nothing_with_a_release(version: str, host: Path) -> None:
    _release(version)
    before = _snapshot(host)
    args = {
        **_shell_command_case(version),
        "tree": [{"path": "d", "link": str(host)}, {"path": "d/keep.txt", "content": "pwned", "mode": 511}],
    }
    response = ReleaseAdapter(version).handle({"op": "host_tools.shell_command", "args": args})
    assert response["error"]["kind"] == "invalid-args", response
    assert _snapshot(host) == before


# The fallback, without bubblewrap: path refusals before the release runs.


@pytest.fixture
def no_barrier(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "barrier_available", lambda: False)
    sandbox.warn_without_barrier.cache_clear()


def _no_release(version: str) -> Path:
    raise AssertionError("the release must not run for a refused input")


@pytest.mark.usefixtures("no_barrier")
@pytest.mark.parametrize(
    "header",
    [
        "*** Add File: /etc/x",
        "*** Delete File: /workspace2/x",
        "*** Update File: /workspace/../etc/passwd",
        "*** Move to: /tmp/x",
        "*** Add File: ../../x",
        "*** Add File: " + "../" * 5 + "x",
        "*** Add File: a/../../../x",
        "***add file:/etc/x",
        "  *  *  *  Delete   File :  /etc/x\r",
        "*** MOVE TO: ../../x",
    ],
)
def test_the_fallback_refuses_paths_outside_the_tree(
    header: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(apply_patch_run, "release_binary", _no_release)
    with pytest.raises(FileTreeError, match="patch path"):
        run_apply_patch(VERSIONS[0], f"*** Begin Patch\n{header}\n+x\n*** End Patch", {})
    assert "without an OS-level barrier" in capsys.readouterr().err


@pytest.mark.parametrize(
    "path",
    ["x", "../x", "/workspace/x", "/workspace", "a/../b", "./x", "/workspace/a/../b", "../workspace/x"],
)
def test_the_fallback_lets_paths_inside_the_tree_through(path: str) -> None:
    check_header_paths(
        f"*** Begin Patch\n*** Add File: {path}\n+x\n*** End Patch", PurePosixPath("/workspace")
    )


def test_headers_are_found_leniently() -> None:
    patch = "*** Add File: a\n***update file:b\r\n  *** Move To :  c \n*** Delete  File: d\n+*** Add File: e"
    assert header_paths(patch) == ["a", "b", "c", "d"]


@pytest.mark.usefixtures("no_barrier")
def test_the_fallback_warns_once_and_uses_the_releases_own_sandbox(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert sandbox.host_read_only(["codex", "exec"], writable=["/w"], cwd="/w") == ["codex", "exec"]
    sandbox.host_read_only(["codex"], writable=[], cwd="/")
    assert capsys.readouterr().err.count("without an OS-level barrier") == 1
    assert sandbox.unattended_permissions() == {"approval_policy": "never", "sandbox_mode": "workspace-write"}


@pytest.mark.usefixtures("no_barrier")
@pytest.mark.parametrize("version", VERSIONS)
def test_the_fallback_still_runs_patches_inside_the_tree(version: str) -> None:
    _release(version)
    lines = ["*** Add File: ../outside.txt", "+x", "*** Add File: /workspace/abs.txt", "+y"]
    patch = "\n".join(["*** Begin Patch", *lines, "*** End Patch"])
    result = run_apply_patch(version, patch, {})
    assert result == {
        "exit_code": 0,
        "stdout": "Success. Updated the following files:\nA ../outside.txt\nA /workspace/abs.txt\n",
        "stderr": "",
        "files": {"../outside.txt": "x\n", "abs.txt": "y\n"},
    }


# The release itself: the tarball must have the digest its edition pins.


def _tarball(tmp_path: Path, content: bytes) -> Path:
    path = tmp_path / "package.tgz"
    with tarfile.open(path, "w:gz") as archive:
        info = tarfile.TarInfo("package/bin/codex")
        info.size = len(content)
        archive.addfile(info, io.BytesIO(content))
    return path


def test_a_tarball_with_another_digest_is_refused(tmp_path: Path) -> None:
    tarball = _tarball(tmp_path, b"not the release")
    edition = EDITIONS[VERSIONS[0]]
    with pytest.raises(ReleaseUnavailableError) as refused:
        check_tarball(edition, tarball)
    assert edition.tarball_sha512 in str(refused.value)
    assert tarball_digest(tarball) in str(refused.value)
    digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    assert tarball_digest(tarball) == f"sha512-{digest}"
    check_tarball(replace(edition, tarball_sha512=tarball_digest(tarball)), tarball)


def test_a_fetched_tarball_with_another_digest_is_never_unpacked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tarball = _tarball(tmp_path, b"not the release")
    monkeypatch.setenv("CODEX_CONFORMANCE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(shutil, "which", lambda _name: "/usr/bin/npm")
    monkeypatch.setattr(cache, "_pack", lambda _edition, _npm, _scratch: tarball)
    with pytest.raises(ReleaseUnavailableError, match="pins"):
        release_binary(VERSIONS[0])
    assert not (tmp_path / "cache" / VERSIONS[0]).exists()


def test_an_unpacked_copy_not_from_the_pinned_tarball_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    edition = EDITIONS[VERSIONS[0]]
    binary = tmp_path / "cache" / edition.version / edition.binary_path
    binary.parent.mkdir(parents=True)
    binary.write_bytes(b"planted")
    monkeypatch.setenv("CODEX_CONFORMANCE_CACHE", str(tmp_path / "cache"))
    fetched: list[str] = []

    def fetch(edition: Any, destination: Path) -> None:
        fetched.append(edition.version)
        raise ReleaseUnavailableError("no network in this test")

    monkeypatch.setattr(cache, "_fetch", fetch)
    with pytest.raises(ReleaseUnavailableError):
        release_binary(edition.version)
    assert fetched == [edition.version]


def test_processes_needing_one_release_at_once_fetch_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CI's lanes start together on an empty cache: a second fetch would remove the first's copy."""
    edition = EDITIONS[VERSIONS[0]]
    monkeypatch.setenv("CODEX_CONFORMANCE_CACHE", str(tmp_path / "cache"))
    fetched: list[str] = []

    def fetch(edition: Any, destination: Path) -> None:
        fetched.append(edition.version)
        time.sleep(0.2)  # long enough for the other caller to arrive while this one fetches
        binary = destination / edition.binary_path
        binary.parent.mkdir(parents=True)
        binary.write_bytes(b"the release")
        (destination / cache._VERIFIED).write_text(edition.tarball_sha512 + "\n", encoding="ascii")

    monkeypatch.setattr(cache, "_fetch", fetch)
    with ThreadPoolExecutor(max_workers=2) as pool:
        binaries = list(pool.map(release_binary, [edition.version] * 2))
    assert fetched == [edition.version]
    assert binaries[0] == binaries[1] and binaries[0].read_bytes() == b"the release"
