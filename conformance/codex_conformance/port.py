"""Building blocks for a Python port's adapter (spec/adapter-protocol.md).

``make_handle`` answers ``hello`` and the ops and editions a port does not
declare, so a port writes only its ops; the file-tree helpers read and write
the protocol's ``files`` maps (UTF-8 text as a string, anything else as
``{"base64": ...}``) and refuse paths that leave the directory::

    from codex_conformance.port import make_handle

    def apply(args): ...  # returns {"result": ...}, {"error": ...} or {"unsupported": ...}

    handle = make_handle(
        {"name": "my-port", "version": "1.0", "language": "python"},  # "homepage": optional
        editions=["0.169.0"],
        ops={"apply_patch.apply": apply},
    )
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from codex_conformance.file_tree import (
    decode_content,
    encode_content,
    read_tree,
    safe_relative,
    write_tree,
)
from codex_conformance.input_errors import FileTreeError

# One op of a port: the request's args -> the whole response.
PortOp = Callable[[dict[str, Any]], dict[str, Any]]
Handle = Callable[[dict[str, Any]], dict[str, Any]]


def make_handle(
    implementation: Mapping[str, str],
    editions: Sequence[str],
    ops: Mapping[str, PortOp],
    *,
    measures_volatile: bool = False,
) -> Handle:
    """A protocol-v1 ``handle`` for a port that implements ``ops`` in ``editions``.

    ``measures_volatile``: the port prints the wall times and ids it measures
    itself, not those the case args give (see the hello's field of that name).
    """
    result: dict[str, Any] = {
        "protocol": 1,
        "implementation": dict(implementation),
        "editions": list(editions),
        "ops": list(ops),
    }
    if measures_volatile:
        result["measures_volatile"] = True
    hello = {"result": result}

    def handle(request: dict[str, Any]) -> dict[str, Any]:
        op = request.get("op")
        if op == "hello":
            return hello
        if not isinstance(op, str) or op not in ops:
            return {"unsupported": f"op {op} is not implemented by this adapter"}
        args = request.get("args", {})
        if not isinstance(args, dict) or args.get("edition") not in editions:
            edition = args.get("edition") if isinstance(args, dict) else None
            return {"unsupported": f"edition {edition} is not declared"}
        return ops[op](args)

    return handle


__all__ = [
    "FileTreeError",
    "Handle",
    "PortOp",
    "decode_content",
    "encode_content",
    "make_handle",
    "read_tree",
    "safe_relative",
    "write_tree",
]
