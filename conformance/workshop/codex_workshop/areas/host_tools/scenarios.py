"""Capture inputs of the host_tools ops: ``fixtures/host_tools/_scenarios.json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from codex_workshop.areas.scenarios import Scenario, load_area_scenarios

# The placeholder every case names its directory by (spec/host_tools.md, HOST-TREE-1).
SANDBOX = "/home/codex/work/codex-conformance-sandbox"


class HostToolsScenario(Scenario):
    tool: Literal["read_file", "list_dir", "grep_files", "shell_command", "apply_patch"]
    tree: list[dict[str, Any]] = Field(default_factory=list)
    # apply_patch: the patch and the form of the call.  A custom (freeform)
    # call carries the patch as its input; a function call carries
    # `{"input": patch}` as its arguments, or `raw_arguments` as given.
    patch: str | None = None
    call: Literal["custom", "function"] = "custom"
    # The call's arguments as an object (sent as its JSON text), or as the exact text.
    arguments: dict[str, Any] | None = None
    raw_arguments: str | None = None
    # grep_files: whether ripgrep is on PATH; None leaves the arg out (the op's default: true).
    ripgrep: bool | None = True

    @model_validator(mode="after")
    def _one_argument_form(self) -> HostToolsScenario:
        if self.tool == "apply_patch":
            if (self.patch is None) == (self.raw_arguments is None) or self.arguments is not None:
                raise ValueError("an apply_patch scenario gives exactly one of `patch` and `raw_arguments`")
            if self.raw_arguments is not None and self.call != "function":
                raise ValueError("`raw_arguments` are a function call's")
            return self
        if (self.arguments is None) == (self.raw_arguments is None):
            raise ValueError("a scenario gives exactly one of `arguments` and `raw_arguments`")
        return self

    @property
    def op(self) -> str:
        return f"host_tools.{self.tool}"

    def args(self, version: str) -> dict[str, Any]:
        if self.tool == "apply_patch":
            return self._patch_args(version)
        text = self.raw_arguments if self.raw_arguments is not None else json.dumps(self.arguments)
        args: dict[str, Any] = {
            "edition": version,
            "cwd": SANDBOX,
            "tree": list(self.tree),
            "arguments": text,
        }
        if self.tool == "grep_files" and self.ripgrep is not None:
            args["ripgrep"] = self.ripgrep
        return args

    def _patch_args(self, version: str) -> dict[str, Any]:
        args: dict[str, Any] = {"edition": version, "cwd": SANDBOX, "tree": list(self.tree)}
        args["call"] = self.call
        if self.call == "custom":
            args["input"] = self.patch
        elif self.patch is not None:
            args["arguments"] = json.dumps({"input": self.patch})
        else:
            args["arguments"] = self.raw_arguments
        return args


def load_host_tools_scenarios(root: Path) -> list[HostToolsScenario]:
    """``_scenarios.json`` and, where the explorer wrote one, ``_explored.json``."""
    return load_area_scenarios(root, "host_tools", HostToolsScenario)
