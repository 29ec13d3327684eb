"""The host_tools area's own machinery: trees written for a release, the placeholder's length,
the wall-time pattern, and the reference's in-memory tree."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest

from codex_conformance.compare import PATTERN_KEY
from codex_reference.adapter import handle
from codex_reference.errors import InvalidArgs
from codex_reference.host_tools.tree import ENOENT, OsError, load_tree
from codex_workshop.areas.host_tools.host_tree import DEFAULT_MTIME, check_tree, write_host_tree
from codex_workshop.areas.host_tools.run import _same_length
from codex_workshop.areas.host_tools.scenarios import SANDBOX
from codex_workshop.areas.host_tools.wall_time import settle
from codex_workshop.drive.errors import FileTreeError, InvalidInputError


@pytest.mark.parametrize(
    ("tree", "message"),
    [
        ({"path": "a"}, "must be an array"),
        ([{"content": "x"}], "path must be a string"),
        ([{"path": "a", "content": "x", "dir": True}], "exactly one of"),
        ([{"path": "../a", "content": "x"}], "not a plain relative path"),
        ([{"path": "a", "content": "x"}, {"path": "a", "dir": True}], "described twice"),
        ([{"path": "a", "content_base64": "!!"}], "invalid base64"),
        ([{"path": "a", "content": "x", "mtime": -1}], "non-negative integer"),
        ([{"path": "a", "content": "x", "colour": 1}], "unknown keys colour"),
        ([{"path": "a", "fifo": False}], "must be true"),
    ],
)
def test_a_bad_tree_is_refused_with_its_reason(tree: Any, message: str) -> None:
    with pytest.raises(FileTreeError, match=re.escape(message)):
        check_tree(tree)


def test_a_tree_is_written_with_kinds_and_times(tmp_path: Path) -> None:
    tree = check_tree(
        [
            {"path": "d/a.txt", "content": "é\n"},
            {"path": "empty", "dir": True},
            {"path": "l", "link": "d/a.txt"},
            {"path": "p", "fifo": True},
            {"path": "b", "content_base64": "/w==", "mtime": 5},
        ]
    )
    write_host_tree(tmp_path, tree)
    assert (tmp_path / "d/a.txt").read_bytes() == "é\n".encode()
    assert (tmp_path / "empty").is_dir()
    assert os.readlink(tmp_path / "l") == "d/a.txt"
    assert stat.S_ISFIFO((tmp_path / "p").lstat().st_mode)
    assert (tmp_path / "b").read_bytes() == b"\xff"
    assert (tmp_path / "d/a.txt").stat().st_mtime == DEFAULT_MTIME
    assert (tmp_path / "b").stat().st_mtime == 5
    assert sorted(path.name for path in tmp_path.iterdir()) == ["b", "d", "empty", "l", "p"]


def test_the_release_directory_is_as_long_as_the_placeholder(tmp_path: Path) -> None:
    real = _same_length(tmp_path, SANDBOX + "/x" * 40)
    assert len(str(real)) == len(SANDBOX + "/x" * 40)
    assert real.parent == tmp_path
    with pytest.raises(InvalidInputError, match="bytes long"):
        _same_length(tmp_path, "/a")


def test_the_wall_time_becomes_a_pattern_and_an_arg() -> None:
    expected, observed = settle("Exit code: 0\nWall time: 1.2 seconds\nOutput:\nx")
    assert observed == {"duration_seconds": 1.2}
    assert re.fullmatch(expected[PATTERN_KEY], "Exit code: 0\nWall time: 13 seconds\nOutput:\nx")
    assert not re.fullmatch(expected[PATTERN_KEY], "Exit code: 0\nWall time: 1.25 seconds\nOutput:\nx")
    assert settle("aborted") == ("aborted", {})


def _tree(entries: list[dict[str, Any]]) -> Any:
    return load_tree({"cwd": "/w", "tree": entries})


def test_the_in_memory_tree_follows_links_as_the_kernel_does() -> None:
    tree = _tree(
        [
            {"path": "sub/x/f", "content": "f"},
            {"path": "up", "link": "sub/x/.."},
            {"path": "loop", "link": "loop"},
        ]
    )
    assert tree.lookup("/w/up/x/f").content == b"f"
    with pytest.raises(OsError, match="Symbolic link loop"):
        tree.lookup("/w/loop")
    with pytest.raises(OsError) as missing:
        tree.lookup("/w/sub/nope")
    assert missing.value.text == ENOENT
    assert tree.lookup("/w/loop", follow_last=False).kind == "link"


def test_the_reference_refuses_args_no_release_can_be_given() -> None:
    with pytest.raises(InvalidArgs, match="cwd"):
        load_tree({"cwd": "relative", "tree": []})
    response = handle(
        {"op": "host_tools.read_file", "args": {"edition": "0.94.0", "cwd": "/w", "tree": [], "arguments": 3}}
    )
    assert response["error"]["kind"] == "invalid-args"


def test_editions_without_the_tools_are_not_answered() -> None:
    args = {"edition": "0.25.0", "cwd": "/w", "tree": [], "arguments": "{}"}
    assert "unsupported" in handle({"op": "host_tools.list_dir", "args": args})
