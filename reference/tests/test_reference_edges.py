"""Reference answers that no captured case pins on its own: arguments, edges and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from codex_reference import __version__
from codex_reference.adapter import handle
from codex_reference.safety import SAFETY_0_169_0, is_known_safe_command


def test_chat_ops_unsupported_for_0_169() -> None:
    # 0.169.0 refuses `wire_api = "chat"` (REQ-WIRE-1, request.build's config-rejected), so the chat
    # area has no 0.169.0: the reference declines its ops there, as the release adapter does.
    for op in ("chat.request", "chat.sse"):
        response = handle(
            {"op": op, "args": {"edition": "0.169.0", "model": "gpt-5", "input": [], "tools": []}}
        )
        assert "wire_api" in response["unsupported"]


@pytest.mark.parametrize(
    "script",
    ["ls *.py", "echo {a,b}", "ls ~", 'echo "$"', "ls\rpwd"],
)
def test_reference_declines_scripts_it_cannot_read(script: str) -> None:
    # Globs, braces, tildes, bare `$` and carriage returns depend on tree-sitter's reading.
    response = handle(
        {
            "op": "safety.is_known_safe_command",
            "args": {"edition": "0.169.0", "argv": ["bash", "-lc", script]},
        }
    )
    assert "unsupported" in response, response


@pytest.mark.parametrize(
    ("argv", "safe"),
    [
        (["bash", "-lc", "ls &"], False),  # background job
        (["bash", "-lc", "ls &&"], False),  # dangling operator
        (["bash", "-lc", "ls;"], True),  # a trailing `;` ends the list
        (["bash", "-lc", ""], False),  # no command at all
        (["bash", "-lc", "ls # note"], False),  # a comment node (captured for 0.25.0 and 0.94.0)
        (["bash", "-lc", "ls\npwd"], True),  # a newline ends a command (captured likewise)
        (["bash", "-lc", "ls &&\n pwd"], True),  # after an operator a newline is only space
        (["bash", "-lc", "echo $(id)"], False),  # substitution
        (["/usr/bin/zsh", "-c", "sed -n '1,5'p f"], True),  # 0.169.0: stem, -c, concatenation
        (["ls/"], True),  # Path::file_name drops the trailing slash
        ([".."], False),
    ],
)
def test_reference_script_edges_0_169(argv: list[str], safe: bool) -> None:
    assert is_known_safe_command(SAFETY_0_169_0, argv) is safe


def _skill(name: str, contents: str = "# Demo") -> dict[str, Any]:
    package = f"skill://cloud/{name}"
    main = f"{package}/SKILL.md"
    return {
        "package": package,
        "name": name,
        "description": "Demo.",
        "alias_root": "skill://cloud",
        "main_resource": main,
        "resources": {main: contents},
    }


def _outputs(op: str, calls: list[Any], skills: list[Any]) -> list[Any]:
    args = {"edition": "0.169.0", "snapshot": {"skills": skills}, "calls": calls}
    outputs: list[Any] = handle({"op": op, "args": args})["result"]["outputs"]
    return outputs


@pytest.mark.parametrize(
    ("cursor", "message"),
    [
        ("nocolon", "skills.list cursor is invalid"),
        ("0000000000000000:1", "skills.list cursor is stale; restart from the first page"),
    ],
)
def test_list_cursor_errors(cursor: str, message: str) -> None:
    calls = [{"authority": {"kind": "cloud"}, "cursor": cursor}]
    assert _outputs("skills.list", calls, [_skill("p0")]) == [{"text": message}]


def test_read_pages_follow_one_another() -> None:
    contents = "é" * 20_000  # two bytes each: pages end on characters
    first = {"package": "c0/big"}
    calls = [first, *({**first, "cursor": {"$next_cursor": index}} for index in range(3))]
    outputs = _outputs("skills.read", calls, [_skill("big", contents)])
    assert "".join(output["json"]["contents"] for output in outputs) == contents
    assert outputs[-1]["json"]["next_cursor"] is None


def test_0_25_has_no_skills_and_bad_args_are_clear() -> None:
    assert "unsupported" in handle({"op": "skills.list", "args": {"edition": "0.25.0"}})
    error = handle({"op": "skills.read", "args": {"edition": "0.169.0", "snapshot": {"skills": []}}})
    assert error["error"]["kind"] == "invalid-args"
    refused = handle(
        {
            "op": "skills.tools",
            "args": {"edition": "0.169.0", "snapshot": {"skills": [{**_skill("a"), "package": "x"}]}},
        }
    )
    assert refused["error"] == {"kind": "invalid-snapshot", "message": "invalid skill package or resource"}


def test_hello_names_the_reference() -> None:
    # No case compares hello's implementation block (it is no behaviour of Codex); reports show it.
    response = handle({"op": "hello", "args": {}})
    assert response["result"]["implementation"] == {
        "name": "codex-reference",
        "version": __version__,
        "language": "python",
        "homepage": "",
    }
