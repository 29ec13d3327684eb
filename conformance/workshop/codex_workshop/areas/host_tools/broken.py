"""Broken ports of the host_tools ops: the file tools' answers, changed one rule at a time."""

from __future__ import annotations

import re
from typing import Any

from codex_reference.adapter import Handler
from codex_reference.apply_patch.messages import written_path
from codex_reference.editions import V0_94_0
from codex_reference.host_tools.header import headed_output
from codex_workshop.broken import area_adapters, measures_own_time, rewriting, with_rules


def _patch_tool(**changes: Any) -> Handler:
    return with_rules(V0_94_0, "patch_tool", **changes)


def _command_wording(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """A parse error refused by verification in the command's own words (`Invalid patch: ...`)."""
    output = result.get("output")
    prefix = "apply_patch verification failed: invalid patch: "
    if isinstance(output, str) and output.startswith(prefix):
        result["output"] = "apply_patch verification failed: Invalid patch: " + output.removeprefix(prefix)


def _oldest_first(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """grep_files lists the matching files oldest first."""
    output = result.get("output")
    if isinstance(output, str) and output.startswith("/"):
        result["output"] = "\n".join(reversed(output.split("\n")))


def _no_position(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """serde's message without its line and column."""
    output = result.get("output")
    if isinstance(output, str) and output.startswith("failed to parse function arguments: "):
        result["output"] = re.sub(r" at line [0-9]+ column [0-9]+\Z", "", output)


def _crlf_kept(result: dict[str, Any], args: dict[str, Any]) -> None:
    """read_file keeps the CR of a CRLF line end (the line shows it)."""
    output = result.get("output")
    crlf_lines = {
        index + 1
        for entry in args.get("tree", [])
        if isinstance(entry, dict) and isinstance(entry.get("content"), str)
        for index, line in enumerate(entry["content"].split("\n"))
        if line.endswith("\r") and index < entry["content"].count("\n")
    }
    if isinstance(output, str) and crlf_lines:
        lines = output.split("\n")
        for position, line in enumerate(lines):
            number = re.match(r"L([0-9]+): ", line)
            if number and int(number.group(1)) in crlf_lines:
                lines[position] = line + "\r"
        result["output"] = "\n".join(lines)


def _stderr_first(result: dict[str, Any], args: dict[str, Any]) -> None:
    """shell_command writes what went to stderr before stdout (for `printf a >&2; printf b`: `ab`)."""
    output = result.get("output")
    if isinstance(output, str) and ">&2" in args.get("arguments", "") and output.endswith("\nbac"):
        result["output"] = output.removesuffix("bac") + "acb"


def _two_decimals(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """shell_command's wall time with two decimals."""
    output = result.get("output")
    if isinstance(output, str):
        result["output"] = re.sub(r"\nWall time: ([0-9]+)(?:\.([0-9]))? seconds", _padded, output, count=1)


def _padded(match: re.Match[str]) -> str:
    return f"\nWall time: {match.group(1)}.{match.group(2) or '0'}0 seconds"


def _glibc_texts(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """glibc's strerror where the release, a musl binary, has musl's (ELOOP)."""
    output = result.get("output")
    if isinstance(output, str):
        result["output"] = output.replace("Symbolic link loop", "Too many levels of symbolic links")


# The rows whose change is a value are data, in broken.json beside this module,
# which places these rows among them (codex_workshop/broken.py).
BROKEN = area_adapters(
    __file__,
    {
        "patch-function-headed": (
            "HOST-PATCH-3",
            "a function call's output under the freeform header",
            _patch_tool(forms={"custom": headed_output, "function": headed_output}),
        ),
        "patch-verified-paths-as-written": (
            "HOST-PATCH-4",
            "verification errors name the path as the patch wrote it",
            _patch_tool(verified_path=written_path),
        ),
        "patch-parse-error-command-wording": (
            "HOST-PATCH-4",
            "a parse error in the command's wording",
            rewriting("host_tools.apply_patch", _command_wording),
        ),
        "read-crlf-kept": ("HOST-READ-2", "CR of CRLF kept", rewriting("host_tools.read_file", _crlf_kept)),
        "read-glibc-error-texts": (
            "HOST-READ-5",
            "glibc's ELOOP text",
            rewriting("host_tools.read_file", _glibc_texts),
        ),
        "grep-oldest-first": (
            "HOST-GREP-2",
            "oldest file first",
            rewriting("host_tools.grep_files", _oldest_first),
        ),
        "shell-stderr-first": (
            "HOST-SHELL-2",
            "stderr before stdout",
            rewriting("host_tools.shell_command", _stderr_first),
        ),
        "shell-own-wall-time": measures_own_time("HOST-SHELL-1", "host_tools.shell_command"),
        "shell-wall-time-two-decimals": (
            "HOST-SHELL-1",
            "'Wall time: 0.00 seconds'",
            rewriting("host_tools.shell_command", _two_decimals),
        ),
        "args-error-without-position": (
            "HOST-ARGS-1",
            "serde's message cut before its position",
            rewriting("host_tools.read_file", _no_position),
        ),
    },
)
