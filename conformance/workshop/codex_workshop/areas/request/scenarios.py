"""Capture inputs of the ``request`` area (``fixtures/request/_scenarios.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from codex_workshop.areas.scenarios import Scenario, load_scenarios

# The origin every scenario names; the release adapter serves it from its mock.
DEFAULT_BASE_URL = "http://127.0.0.1:8080/v1"


class RequestScenario(Scenario):
    op: Literal["request.build", "request.builtins"] = "request.build"
    model: str = "gpt-5"
    prompt: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)
    provider: dict[str, Any] = Field(default_factory=dict)
    env: dict[str, str] = Field(default_factory=dict)
    # The text of CODEX_HOME/AGENTS.md (the user's own instructions).
    agents_md: str | None = None
    # The text of a file the config names as `experimental_instructions_file`.
    instructions_file: str | None = None

    def args(self, version: str) -> dict[str, Any]:
        args: dict[str, Any] = {"edition": version, "model": self.model}
        if self.op == "request.build":
            args["provider"] = {"base_url": DEFAULT_BASE_URL, **self.provider}
            if self.prompt is not None:
                args["prompt"] = self.prompt
            if self.config:
                args["config"] = self.config
            if self.env:
                args["env"] = self.env
            for key in ("agents_md", "instructions_file"):
                if getattr(self, key) is not None:
                    args[key] = getattr(self, key)
        return args


def load_request_scenarios(path: Path) -> list[RequestScenario]:
    return load_scenarios(path, RequestScenario)
