"""Op ``dispatch.call``: what a release writes back for one streamed tool call.

The scripted model turn carries the call (conversation_run.written_back);
the answer is the output item the release writes back for that call_id in
its next request, parsed (key order kept).  Files named in the args are
placed in the run's working directory first, so a relative path in the
call (``view_image``) finds them.  Both editions are run as ``codex exec``
with approval ``never`` and, behind the OS barrier, full access, so no
sandbox or approval prompt of the release's stands between the call and its
handler (drive/sandbox.py, ``unattended_permissions``).
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping
from typing import Any

from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY
from codex_conformance.file_tree import safe_relative
from codex_workshop.drive import config_toml
from codex_workshop.drive.args import required
from codex_workshop.drive.conversation_run import MODEL, written_back
from codex_workshop.drive.errors import CaptureError, InvalidInputError

# Ids 0.169.0 makes up for output items: a prefix, an underscore and a UUID.
_ID = re.compile(r"\A([a-z]+)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\Z")
_UUID_FORM = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
# The run's working directory, a temporary directory named by exec_run.
_CWD = re.compile(r"/tmp/codex-conformance-work-[A-Za-z0-9_]+")
CWD_FORM = r"/tmp/codex-conformance-work-[A-Za-z0-9_]+"


def decode_files(files: Mapping[str, Any]) -> dict[str, bytes]:
    """``{"path": "<base64>"}`` → bytes per relative path (each must stay inside the run's cwd)."""
    decoded: dict[str, bytes] = {}
    for path, content in files.items():
        relative = safe_relative(path).as_posix()
        if not isinstance(content, str):
            raise InvalidInputError(f"`files[{path!r}]` must be a base64 string")
        try:
            decoded[relative] = base64.b64decode(content, validate=True)
        except ValueError as exc:
            raise InvalidInputError(f"`files[{path!r}]`: invalid base64: {exc}") from exc
    return decoded


def _files_arg(args: Mapping[str, Any]) -> Mapping[str, Any]:
    files = args.get("files") or {}
    if not isinstance(files, dict):
        raise InvalidInputError("`files` must be an object of relative path to base64")
    return files


def call_output(version: str, args: Mapping[str, Any]) -> tuple[dict[str, Any], str | None]:
    """(the output item written back for ``args["item"]``, the run's cwd if the item names it)."""
    item = required(args, "item", dict)
    if not isinstance(item, dict) or not isinstance(item.get("call_id"), str):
        raise InvalidInputError("`item` must be a call object with a string call_id")
    config = args.get("config") or {}
    if not isinstance(config, dict):
        raise InvalidInputError("`config` must be an object of config.toml keys")
    elements = written_back(
        version,
        [item],
        model=str(args.get("model") or MODEL),
        config=config_toml.case_config(config),
        files=decode_files(_files_arg(args)),
    )
    for element in elements:
        parsed = json.loads(element)
        if (
            isinstance(parsed, dict)
            and parsed.get("call_id") == item["call_id"]
            and str(parsed.get("type", "")).endswith("_output")
        ):
            cwd = _CWD.search(element)
            return parsed, (cwd.group(0) if cwd else None)
    raise CaptureError(f"release {version} wrote back no output for call {item['call_id']}: {elements}")


def expected_item(observed: dict[str, Any]) -> dict[str, Any]:
    """The golden for one observed item: a made-up id and the run's cwd become their forms."""
    expected: dict[str, Any] = {}
    for key, value in observed.items():
        match = _ID.match(value) if key == "id" and isinstance(value, str) else None
        if match:
            expected[key] = {PATTERN_KEY: re.escape(match.group(1) + "_") + _UUID_FORM}
        elif isinstance(value, str) and _CWD.search(value):
            pieces = _CWD.split(value)
            # The text too: a port given the cwd (the case's args) prints it as the release did.
            pattern = CWD_FORM.join(re.escape(piece) for piece in pieces)
            expected[key] = {PATTERN_KEY: pattern, OBSERVED_KEY: value}
        else:
            expected[key] = value
    return expected
