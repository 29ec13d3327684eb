"""Adapters around the reference model that differ on one facet of ``apply_patch.apply`` (spec/levels.md).

``own_messages`` prints its own texts (as library ports do) and gets
everything else right: it passes every ``apply_patch.apply`` case at the
behaviour level and fails those with output at the bytes level.
``own_messages_lost_file`` also drops the first file of every success: it
fails at both levels, on the ``files`` facet.
"""

from __future__ import annotations

from typing import Any

from codex_reference.adapter import handle as reference

OP = "apply_patch.apply"


def _own_texts(result: dict[str, Any]) -> dict[str, Any]:
    done = result["exit_code"] == 0
    return {**result, "stdout": "Done!\n" if done else "", "stderr": "" if done else "Failed.\n"}


def own_messages(request: dict[str, Any]) -> dict[str, Any]:
    response = reference(request)
    if request["op"] == OP and "result" in response:
        return {"result": _own_texts(response["result"])}
    return response


def own_messages_lost_file(request: dict[str, Any]) -> dict[str, Any]:
    response = own_messages(request)
    if request["op"] == OP and "result" in response and response["result"]["exit_code"] == 0:
        files = dict(response["result"]["files"])
        if files:
            files.pop(next(iter(files)))
        return {"result": {**response["result"], "files": files}}
    return response
