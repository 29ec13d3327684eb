"""Capture inputs of the ``transport`` area (``fixtures/transport/_scenarios.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from codex_workshop.areas.scenarios import Scenario, load_scenarios
from codex_workshop.drive.chatgpt_login import fake_tokens

# What the mock does with the release's n-th message (areas/transport/release.py, SERVER_TURNS).
ServerTurn = Literal["full", "error", "close", "cut", "call", "silent"]


def _whole_turn() -> list[ServerTurn]:
    return ["full"]


class TransportScenario(Scenario):
    op: Literal["transport.turn"] = "transport.turn"
    model: str = "gpt-5"
    # The provider table's `supports_websockets`, and the config's `features.responses_websockets`
    # (None: not written, the release's default).
    supports_websockets: bool | None = True
    feature: bool | None = True
    # The mock's answer to each upgrade: "accept", an HTTP status, or "drop" (closed unanswered);
    # `refused_upgrades` upgrades are refused that way before one is accepted (None: all of them).
    upgrade: Literal["accept", "drop"] | int = "accept"
    refused_upgrades: int | None = None
    turns: list[ServerTurn] = Field(default_factory=_whole_turn)
    # The `x-codex-websocket-max-message-bytes` header of the mock's handshake answer (None: not sent).
    max_message_bytes: int | None = None
    # A ChatGPT login (made-up tokens naming this account) on the mock's provider table,
    # which then takes it (`requires_openai_auth`) and reads no API key.
    chatgpt_login: str | None = None
    # The release's own provider (`openai`) instead of the mock's table, pointed at the mock;
    # it says itself whether it talks WebSockets (`supports_websockets` must then be None).
    builtin: str | None = None

    def args(self, version: str) -> dict[str, Any]:
        args: dict[str, Any] = {"edition": version, "model": self.model}
        if self.supports_websockets is not None:
            args["provider"] = {"supports_websockets": self.supports_websockets}
        if self.builtin is not None:
            args["provider"] = {"builtin": self.builtin}
        if self.feature is not None:
            args["features"] = {"responses_websockets": self.feature}
        server: dict[str, Any] = {"upgrade": self.upgrade, "turns": list(self.turns)}
        if self.refused_upgrades is not None:
            server["refused_upgrades"] = self.refused_upgrades
        if self.max_message_bytes is not None:
            server["max_message_bytes"] = self.max_message_bytes
        args["server"] = server
        if self.chatgpt_login is not None:
            args["auth"] = {"chatgpt": fake_tokens(self.chatgpt_login, "plus", "conformance@example.invalid")}
        return args


def load_transport_scenarios(path: Path) -> list[TransportScenario]:
    return load_scenarios(path, TransportScenario)
