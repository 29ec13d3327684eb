"""host_tools.apply_patch run by a release: one scripted apply_patch call on a directory given as data.

The call is sent in the form the args name ("custom": a freeform call whose
input is the patch; "function": a function call with the exact arguments
text) under the edition's model for that form (``apply_patch_models`` in
codex_conformance/editions.py): a release runs apply_patch only for a model
whose tools have it.  What comes back is the output item's text and the
directory's regular files after the call, as the protocol's ``files`` map.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codex_conformance.editions import get_edition
from codex_workshop.areas.host_tools.run import output_of, sandbox
from codex_workshop.drive.args import required
from codex_workshop.drive.conversation_run import written_back
from codex_workshop.drive.errors import InvalidInputError

_CALL_ID = "call_apply_patch"


@dataclass(frozen=True)
class _Form:
    """How a call of one form is written: its item, and the item its output comes back in."""

    call_type: str
    text_field: str  # the args' field holding the call's text, and the item's
    id_prefix: str
    status: str | None
    output_type: str


_FORMS = {
    "custom": _Form("custom_tool_call", "input", "ctc", "completed", "custom_tool_call_output"),
    "function": _Form("function_call", "arguments", "fc", None, "function_call_output"),
}


def _call(form: _Form, args: Mapping[str, Any], cwd: str, real: str) -> dict[str, Any]:
    text = required(args, form.text_field, str)
    # A patch naming the directory by its placeholder names the real one.
    call = {
        "type": form.call_type,
        "name": "apply_patch",
        form.text_field: text.replace(cwd, real),
        "call_id": _CALL_ID,
        "id": f"{form.id_prefix}_{_CALL_ID}",
    }
    if form.status is not None:
        call["status"] = form.status
    return call


def _content(data: bytes) -> Any:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(data).decode("ascii")}


def _files(root: Path) -> dict[str, Any]:
    """The regular files under ``root``, by relative path, sorted (links and others left out)."""
    found = {
        path.relative_to(root).as_posix(): _content(path.read_bytes())
        for path in root.rglob("*")
        if path.is_file() and not path.is_symlink()
    }
    return dict(sorted(found.items()))


def patch_output(version: str, args: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """(the output the release writes back, the files after the call), placeholder restored."""
    form = required(args, "call", str)
    models = dict(get_edition(version).apply_patch_models)
    if form not in models:
        raise InvalidInputError(
            f"release {version} gives no model an apply_patch tool of the {form!r} form; "
            f"it has {', '.join(models) or 'none'}"
        )
    with sandbox(args) as (cwd, real):
        call = _call(_FORMS[form], args, cwd, real)
        elements = written_back(
            version, [call], model=models[form], shared=[Path(real)], exec_flags=("-C", real)
        )
        files = _files(Path(real))
    output = output_of(version, elements, _CALL_ID, _FORMS[form].output_type, "apply_patch")
    return output.replace(real, cwd), files
