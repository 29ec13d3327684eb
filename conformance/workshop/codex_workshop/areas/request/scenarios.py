"""Capture inputs of the ``request`` area (``fixtures/request/_scenarios.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from codex_workshop.areas.scenarios import Scenario, load_scenarios
from codex_workshop.drive.chatgpt_login import fake_tokens

# The origin every scenario names; the release adapter serves it from its mock.
DEFAULT_BASE_URL = "http://127.0.0.1:8080/v1"


class ChatgptLogin(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    account_id: str
    plan_type: str = "plus"
    email: str = "conformance@example.invalid"


class RequestScenario(Scenario):
    op: Literal["request.build", "request.builtins"] = "request.build"
    model: str = "gpt-5"
    prompt: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)
    provider: dict[str, Any] = Field(default_factory=dict)
    env: dict[str, str] = Field(default_factory=dict)
    # A ChatGPT login: the account and plan its made-up tokens name (drive/chatgpt_login.py).
    chatgpt_login: ChatgptLogin | None = None
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
            if self.chatgpt_login is not None:
                login = self.chatgpt_login
                args["auth"] = {"chatgpt": fake_tokens(login.account_id, login.plan_type, login.email)}
            for key in ("agents_md", "instructions_file"):
                if getattr(self, key) is not None:
                    args[key] = getattr(self, key)
        return args


def load_request_scenarios(path: Path) -> list[RequestScenario]:
    return load_scenarios(path, RequestScenario)
