"""apply_patch on hostile input: a defined answer, in memory, quickly; never a crash or a hang."""

from __future__ import annotations

import base64
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any

import pytest

from codex_reference.adapter import handle

EDITIONS = ("0.25.0", "0.94.0", "0.169.0")
HUNG_AFTER_SECONDS = 300


def _apply(edition: str, patch: str, files: dict[str, Any], cwd: str = "/workspace") -> dict[str, Any]:
    request = {
        "op": "apply_patch.apply",
        "args": {"edition": edition, "patch": patch, "files": files, "cwd": cwd},
    }
    # A bound on hanging, not a speed target (speed lives in conformance/workshop/benchmarks/):
    # an answer that takes this long never comes.
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        response = pool.submit(handle, request).result(timeout=HUNG_AFTER_SECONDS)
    except FutureTimeout:
        pytest.fail(f"hung: no answer within {HUNG_AFTER_SECONDS} s")
    finally:
        pool.shutdown(wait=False)
    assert "result" in response or response["error"]["kind"] != "internal", response
    return response


def _update(path: str, *lines: str) -> str:
    return "\n".join(["*** Begin Patch", f"*** Update File: {path}", *lines, "*** End Patch"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_patch_of_several_megabytes(edition: str) -> None:
    added = [f"+line {i} " + "x" * 60 for i in range(60_000)]  # ~4.5 MB
    patch = "\n".join(["*** Begin Patch", "*** Add File: big.txt", *added, "*** End Patch"])
    result = _apply(edition, patch, {})["result"]
    assert result["exit_code"] == 0
    assert result["files"]["big.txt"].count("\n") == 60_000


@pytest.mark.parametrize("edition", EDITIONS)
def test_file_of_100k_lines(edition: str) -> None:
    content = "".join(f"line {i}\n" for i in range(100_000))
    chunks = [line for i in range(0, 100_000, 1000) for line in ("@@", f"-line {i}", f"+LINE {i}")]
    result = _apply(edition, _update("f.txt", *chunks), {"f.txt": content})["result"]
    assert result["exit_code"] == 0
    assert result["files"]["f.txt"].count("LINE ") == 100


@pytest.mark.parametrize("edition", EDITIONS)
def test_missing_lines_in_a_big_file_fail_quickly(edition: str) -> None:
    content = "".join(f"line {i}\n" for i in range(100_000))
    result = _apply(edition, _update("f.txt", "@@", "-nowhere", "+x"), {"f.txt": content})["result"]
    assert result["exit_code"] == 1 and "Failed to find expected lines" in result["stderr"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_binary_looking_content_and_nul_bytes(edition: str) -> None:
    files = {"f.bin": "\x00\x01\x02\nb\n\x7f\x00"}
    result = _apply(edition, _update("f.bin", "@@", "-b", "+B"), files)["result"]
    assert result["exit_code"] == 0 and "\x00\x01\x02\nB\n" in result["files"]["f.bin"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_invalid_utf8_is_kept_as_base64(edition: str) -> None:
    raw = {"base64": base64.b64encode(b"\xff\xfe\x00a\n").decode()}
    result = _apply(edition, _update("f.txt", "@@", "-a", "+b"), {"f.txt": raw, "g.bin": raw})["result"]
    assert result["exit_code"] == 1 and "Failed to read file to update" in result["stderr"]
    assert result["files"] == {"f.txt": raw, "g.bin": raw}


@pytest.mark.parametrize("edition", EDITIONS)
def test_nul_in_patch_is_invalid_args(edition: str) -> None:
    response = _apply(edition, "*** Begin Patch\n*** Add File: a\x00b\n+x\n*** End Patch", {})
    assert response["error"]["kind"] == "invalid-args"


@pytest.mark.parametrize("edition", EDITIONS)
def test_absolute_paths_and_dot_dot_never_touch_the_real_file_system(edition: str, tmp_path: Path) -> None:
    target = tmp_path / "escaped.txt"
    victim = tmp_path / "victim.txt"
    victim.write_text("keep\n")
    patch = "\n".join(
        [
            "*** Begin Patch",
            f"*** Add File: {target}",
            "+pwned",
            "*** Add File: ../../../../../../../tmp/also-escaped.txt",
            "+pwned",
            f"*** Delete File: {victim}",
            "*** End Patch",
        ]
    )
    result = _apply(edition, patch, {})["result"]
    assert result["exit_code"] == 1  # the victim is not in the in-memory file system
    assert not target.exists() and not Path("/tmp/also-escaped.txt").exists()
    assert victim.read_text() == "keep\n"
    assert any(name.endswith("escaped.txt") for name in result["files"])


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("kind", ["Add", "Delete", "Update"])
def test_a_path_of_40_000_components_is_answered(edition: str, kind: str) -> None:
    # Paths are walked once, component by component: an 80 KB path used to cost
    # seconds (every ancestor listed as a string, for every check).
    path = "a/" * 40_000 + "f.txt"
    body = {"Add": ["+x"], "Delete": [], "Update": ["@@", "-a", "+b"]}[kind]
    patch = "\n".join(["*** Begin Patch", f"*** {kind} File: {path}", *body, "*** End Patch"])
    result = _apply(edition, patch, {"a/b.txt": "a\n"})["result"]
    if kind == "Add":
        assert result["exit_code"] == 0 and path in result["files"]
    else:
        assert result["exit_code"] == 1 and result["files"] == {"a/b.txt": "a\n"}


@pytest.mark.parametrize(
    "args",
    [
        {"patch": 7, "files": {}},
        {"patch": "", "files": []},
        {"patch": "", "files": {"../x": "a"}},
        {"patch": "", "files": {"x": {"base64": "!!"}}},
        {"patch": "", "files": {}, "cwd": "relative"},
        {"patch": "", "files": {}, "cwd": "/"},
        {"patch": "", "files": {}, "cwd": "/workspace/../elsewhere"},
        {"patch": "", "files": {"a": "x", "a/b": "y"}},
        {"patch": "", "files": {}, "cwd": "/work\0space"},
        {"patch": "", "files": {"/abs.txt": "a"}},
        {"patch": "", "files": {"a\0b": "x"}},
        {"patch": "", "files": {"x": {"base64": "eA==", "other": 1}}},
        {"patch": "", "files": {"x": 7}},
    ],
)
def test_malformed_args_are_invalid_args(args: dict[str, Any]) -> None:
    response = handle({"op": "apply_patch.apply", "args": {"edition": "0.169.0", **args}})
    assert response["error"]["kind"] == "invalid-args", response


def test_file_content_of_another_shape_is_named() -> None:
    # The content check's own message, not the "conflicts with another entry" of a failed write.
    args = {"edition": "0.169.0", "patch": "", "files": {"x": 7}}
    response = handle({"op": "apply_patch.apply", "args": args})
    assert response["error"] == {
        "kind": "invalid-args",
        "message": "files['x']: content must be a string or {'base64': ...}",
    }


def test_files_left_out_means_no_files() -> None:
    patch = "*** Begin Patch\n*** Add File: new.txt\n+x\n*** End Patch"
    response = handle({"op": "apply_patch.apply", "args": {"edition": "0.169.0", "patch": patch}})
    assert response["result"]["exit_code"] == 0, response
    assert response["result"]["files"] == {"new.txt": "x\n"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_parse_op_gives_hunks_or_a_parse_error(edition: str) -> None:
    ok = handle(
        {"op": "apply_patch.parse", "args": {"edition": edition, "patch": _update("f", "@@", "-a", "+b")}}
    )
    assert ok["result"]["hunks"][0]["type"] == "update"
    bad = handle({"op": "apply_patch.parse", "args": {"edition": edition, "patch": "nope"}})
    assert bad["result"] == {
        "parse_error": {"line": None, "message": "The first line of the patch must be '*** Begin Patch'"}
    }
