"""Capture inputs of the ``http`` area (``fixtures/http/_scenarios.json``)."""

from __future__ import annotations

from pydantic import Field

from codex_workshop.areas.scenarios import Scenario


class HttpScenario(Scenario):
    status: int = Field(ge=100, le=599)
    headers: list[tuple[str, str]] = Field(
        default_factory=list, description="Header lines as sent (Content-Type among them, or none)."
    )
    body: str = ""
    abort: bool = Field(default=False, description="The connection is closed after the body, mid-transfer.")
    # The provider's retry limits; None leaves the key out (the release's default).
    request_max_retries: int | None = 1
    stream_max_retries: int | None = 1
