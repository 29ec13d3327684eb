"""The request ops a release answers by being run: ``request.build`` and ``request.builtins``.

``request.build``: the release is configured from the args and the first
request it sends is the answer (drive/request_observe.py).  A release that
refuses the configuration answers with an error of kind ``config-rejected``.

``request.builtins``: the built-in instruction texts of that first request,
exactly (the ``request.build`` cases check them by first line and length).
"""

from __future__ import annotations

from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.drive import request_observe, request_volatile
from codex_workshop.drive.errors import ReleaseRejectedError


def request_build(version: str, args: dict[str, Any]) -> dict[str, Any]:
    run = request_observe.run_request(version, args)
    refused = request_observe.config_error(run)
    if refused is not None and not run.requests:
        raise ReleaseRejectedError("config-rejected", refused)
    return request_observe.first_request(version, args, run)


def request_builtins(version: str, args: dict[str, Any]) -> dict[str, Any]:
    build_args = {"provider": {"base_url": "http://127.0.0.1:8080/v1"}, **args}
    request = request_build(version, build_args)
    return {"texts": request_volatile.builtin_texts(request["body"])}


OPS: dict[str, ReleaseOp] = {"request.build": request_build, "request.builtins": request_builtins}
