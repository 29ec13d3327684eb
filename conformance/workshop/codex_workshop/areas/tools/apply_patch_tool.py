"""Capture the ``apply_patch`` tool a release puts in the request's ``tools`` array.

Which variant a release sends (``custom`` with a Lark grammar, or a
``function`` with a JSON schema) depends on the model and on settings that
differ by release, so each scenario of ``fixtures/tools/_scenarios.json``
names, per edition, the *route* that asks the release for that variant.
The scenario file is the one place this is written down: the capture
command and the ``release:<version>`` adapter both read it.

A route either makes the release send the tool (the result is the tool
object exactly as sent) or makes the release refuse the configuration that
would ask for it (a ``no-such-variant`` rejection carrying the release's
own error line).  Anything else is a harness failure, never a golden.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from codex_workshop.checkout import fixtures_dir
from codex_workshop.drive import config_toml
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.codex_mcp import run_new_conversation
from codex_workshop.drive.errors import CaptureError, VariantRejectedError
from codex_workshop.drive.exec_run import ExecRun, run_exec
from codex_workshop.drive.scratch import scratch_dir

Variant = Literal["freeform", "function"]

# The Responses tool type each variant is sent as.
_TOOL_TYPE: dict[str, str] = {"freeform": "custom", "function": "function"}


class Route(BaseModel):
    """How one release is asked for one variant."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    launcher: Literal["exec", "mcp-new-conversation"] = Field(
        description="`codex exec`, or a `newConversation` through `codex mcp`."
    )
    model: str
    config: dict[str, Any] = Field(
        default_factory=dict, description="Extra config.toml keys (dotted keys name nested tables)."
    )
    model_catalog: dict[str, Any] | None = Field(
        default=None, description="Written to a file that config.toml's model_catalog_json names."
    )
    new_conversation: dict[str, Any] = Field(
        default_factory=dict, description="Extra newConversation params (mcp-new-conversation only)."
    )
    why: str = Field(description="What makes this route select the variant (evidence, for readers).")


class ToolsScenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    slug: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    description: str
    clauses: list[str] = Field(min_length=1)
    variant: Variant
    editions: dict[str, Route] = Field(min_length=1)


def scenarios_path(root: Path | None = None) -> Path:
    return (root or fixtures_dir()) / "tools" / "_scenarios.json"


def load_tools_scenarios(path: Path) -> list[ToolsScenario]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    scenarios = TypeAdapter(list[ToolsScenario]).validate_python(raw)
    slugs = [scenario.slug for scenario in scenarios]
    if len(set(slugs)) != len(slugs):
        raise ValueError(f"{path}: duplicate scenario slugs")
    variants = [scenario.variant for scenario in scenarios]
    if len(set(variants)) != len(variants):
        # The op is keyed by (edition, variant): two routes for one variant would be ambiguous.
        raise ValueError(f"{path}: more than one scenario per variant")
    return scenarios


def route_for(version: str, variant: str, root: Path | None = None) -> Route:
    for scenario in load_tools_scenarios(scenarios_path(root)):
        if scenario.variant == variant and version in scenario.editions:
            return scenario.editions[version]
    raise KeyError(f"no route in {scenarios_path(root)} for variant {variant!r} of release {version}")


def _run(version: str, route: Route) -> ExecRun:
    binary = release_binary(version)
    if route.launcher == "mcp-new-conversation":
        return run_new_conversation(binary, model=route.model, params=route.new_conversation)
    if route.model_catalog is None:
        return run_exec(binary, model=route.model, servers=[], extra=route.config)
    with scratch_dir(prefix="codex-conformance-catalog-") as directory:
        catalog = Path(directory) / "model-catalog.json"
        catalog.write_text(json.dumps(route.model_catalog), encoding="utf-8")
        extra = config_toml.merged({"model_catalog_json": str(catalog)}, config_toml.nested(route.config))
        return run_exec(binary, model=route.model, servers=[], extra=extra, shared=[Path(directory)])


def _config_error(run: ExecRun) -> str | None:
    """The release's ``Error: ...`` line when it refused its configuration and exited."""
    if run.returncode == 0 or run.requests:
        return None
    for line in run.stderr.splitlines():
        if line.startswith("Error: "):
            # The catalog lives in a temporary file; its path is noise.
            return re.sub(r"`/[^`]*model-catalog\.json`", "`<model_catalog_json>`", line)
    return None


def apply_patch_tool(version: str, variant: str, root: Path | None = None) -> dict[str, Any]:
    """The ``apply_patch`` tool object the release sends for ``variant``, byte for byte."""
    if variant not in _TOOL_TYPE:
        raise KeyError(f"variant must be one of {sorted(_TOOL_TYPE)}, not {variant!r}")
    route = route_for(version, variant, root)
    run = _run(version, route)
    refused = _config_error(run)
    if refused is not None:
        raise VariantRejectedError(refused)
    tools = run.first_responses_body().get("tools", [])
    found = [tool for tool in tools if isinstance(tool, dict) and tool.get("name") == "apply_patch"]
    if len(found) != 1 or found[0].get("type") != _TOOL_TYPE[variant]:
        kinds = [tool.get("type") for tool in found]
        raise CaptureError(
            f"release {version} sent apply_patch as {kinds or 'nothing'} on the {variant} route "
            f"(model {route.model}); expected one {_TOOL_TYPE[variant]} tool"
        )
    return found[0]
