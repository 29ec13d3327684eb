"""Capture the whole built-in tool catalog a release sends: op ``tools.build``.

The release is run once, with no MCP server, on a model slug and a
configuration, and the first Responses request is read:

- ``tools``: the request's ``tools`` member exactly as sent (key present
  only when the request has that member: code-mode models send none);
- ``additional_tools``: the ``additional_tools`` input item a code-mode
  model receives instead (present only when the input has one).

How the configuration reaches each release differs, because the switches
live in different places (see spec/tools.md, "Configuration"):

- 0.25.0 is started as ``codex mcp`` and a conversation opened with
  ``newConversation``: ``codex exec`` forces ``approval_policy = never`` and
  has no switch for the plan tool or the freeform apply_patch tool, while
  ``newConversation`` takes ``approvalPolicy``, ``sandbox``,
  ``includePlanTool``, ``includeApplyPatchTool`` and a map of dotted
  config.toml overrides for everything else;
- 0.169.0 is started as ``codex exec`` with each key written as a dotted
  ``config.toml`` key (the exec launcher honours all of them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from codex_conformance.compare import PATTERN_KEY
from codex_conformance.editions import get_edition
from codex_workshop.drive import config_toml
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.codex_mcp import run_new_conversation
from codex_workshop.drive.errors import ConfigRejectedError
from codex_workshop.drive.exec_run import ExecRun, run_exec

# 0.25.0: config keys that are newConversation parameters, not config.toml overrides.
_NEW_CONVERSATION_PARAMS = {
    "approval_policy": "approvalPolicy",
    "sandbox_mode": "sandbox",
    "include_plan_tool": "includePlanTool",
    "include_apply_patch_tool": "includeApplyPatchTool",
}


def new_conversation_params(config: Mapping[str, Any]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    overrides: dict[str, Any] = {}
    for key, value in config.items():
        if key in _NEW_CONVERSATION_PARAMS:
            params[_NEW_CONVERSATION_PARAMS[key]] = value
        else:
            overrides[key] = value
    if overrides:
        params["config"] = overrides
    return params


def run_configured(version: str, model: str, config: Mapping[str, Any], **exec_options: Any) -> ExecRun:
    """One run of ``version`` on ``model`` with ``config``, through the edition's launcher."""
    config_toml.case_config(config)  # a reserved key is refused whichever way it would travel
    binary = release_binary(version)
    if get_edition(version).configured_through == "codex-mcp":
        return run_new_conversation(binary, model=model, params=new_conversation_params(config))
    return run_exec(binary, model=model, servers=[], extra=config, **exec_options)


def config_error(run: ExecRun) -> str | None:
    """The release's ``Error: ...`` line when it refused its configuration and sent nothing."""
    if run.requests:
        return None
    for line in run.stderr.splitlines():
        if line.startswith("Error: "):
            # Temporary directories are noise in a golden.
            return re.sub(r"/tmp/codex-conformance-[a-z]+-[A-Za-z0-9_]+", "<tmp>", line)
    return None


def catalog_of(body: Mapping[str, Any]) -> dict[str, Any]:
    """The tool catalog parts of one Responses request body, exactly as sent."""
    result: dict[str, Any] = {}
    if "tools" in body:
        result["tools"] = body["tools"]
    inputs = body.get("input")
    if isinstance(inputs, list):
        extra = [item for item in inputs if isinstance(item, dict) and item.get("type") == "additional_tools"]
        if len(extra) > 1:
            raise ValueError(f"{len(extra)} additional_tools items in one request")
        if extra:
            result["additional_tools"] = extra[0]
    return result


def build_tools(version: str, model: str, config: Mapping[str, Any]) -> dict[str, Any]:
    run = run_configured(version, model, config)
    refused = config_error(run)
    if refused is not None:
        raise ConfigRejectedError(refused)
    return catalog_of(run.first_responses_body())


# The id of the additional_tools item: "at_" and a UUID the release makes up per run.
ADDITIONAL_TOOLS_ID_FORM = r"at_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


def expected_catalog(observed: dict[str, Any]) -> dict[str, Any]:
    """The golden for one observed catalog: the made-up item id becomes its form."""
    expected = dict(observed)
    item = expected.get("additional_tools")
    if isinstance(item, dict) and "id" in item:
        expected["additional_tools"] = {
            key: ({PATTERN_KEY: ADDITIONAL_TOOLS_ID_FORM} if key == "id" else value)
            for key, value in item.items()
        }
    return expected
