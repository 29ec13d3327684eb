"""Capture inputs of the conversation areas (exec_output, items).

Kept apart from scenarios.py so that these areas add files instead of
editing a shared one.  Large outputs are described, not spelled out: a
scenario's output is the concatenation of its ``parts``, each a text
repeated ``times`` times, or the decimal lines ``seq`` ``[first, last]``
(``"1\\n2\\n…"``, each line ending in a newline), so the scenario file
stays readable while the fixture carries the literal text.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from codex_conformance.editions import get_edition
from codex_workshop.areas.scenarios import Scenario


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str = ""
    times: int = Field(default=1, ge=0)
    seq: tuple[int, int] | None = None

    def render(self) -> str:
        if self.seq is not None:
            first, last = self.seq
            return "".join(f"{number}\n" for number in range(first, last + 1)) * self.times
        return self.text * self.times


class ExecScenario(Scenario):
    tool: str | None = None
    parts: list[_Part]
    exit_code: int = 0
    stream: Literal["stdout", "stderr"] = "stdout"
    timed_out: bool = False
    # A timed-out command whose call gives no timeout: it outlives the release's default.
    default_timeout: bool = False
    max_output_tokens: int | None = None

    def output(self) -> str:
        return "".join(part.render() for part in self.parts)

    def args(self, version: str) -> dict[str, Any]:
        args: dict[str, Any] = {
            "edition": version,
            # The edition's own command tool unless the scenario names another, to
            # show how the release answers a call to it.
            "tool": self.tool or get_edition(version).command_tool,
            "output": self.output(),
            "exit_code": self.exit_code,
            "timed_out": self.timed_out,
        }
        if self.stream != "stdout":
            args["stream"] = self.stream
        if self.max_output_tokens is not None:
            args["max_output_tokens"] = self.max_output_tokens
        if self.default_timeout:
            args["default_timeout"] = True
        return args
