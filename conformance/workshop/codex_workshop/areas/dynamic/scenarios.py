"""Capture inputs of the ``dynamic`` area: ``fixtures/dynamic/_scenarios.json``.

A ``dynamic.to_responses`` scenario lists the dynamic tool specs a client
passes to ``thread/start`` (as written: invalid specs are scenarios too,
the release's refusal is the observation); a ``dynamic.call_output``
scenario is the client's JSON-RPC answer to the release's ``item/tool/call``,
with large texts described as in mcp_output's scenarios (``"$lines:N"``,
``"$repeat:N:C"``); a ``dynamic.call_request`` scenario is the arguments the
model streams for the call whose ``item/tool/call`` request is observed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from codex_workshop.areas.scenarios import OpScenario, load_scenarios
from codex_workshop.areas.tool_answers import expand

CALL_ID = "call_conformance_dynamic"


class DynamicScenario(OpScenario):
    op: Literal["dynamic.to_responses", "dynamic.call_output", "dynamic.call_request"]
    # As passed to thread/start's dynamicTools: an array, or any other JSON for the release to refuse.
    tools: Any = None
    # {"result": DynamicToolCallResponse} or {"error": JSON-RPC error}, as the client answers.
    answer: dict[str, Any] | None = None
    # dynamic.call_request: the dynamic tool the model calls (a function spec of
    # that name is given to the thread) and the `arguments` it streams.
    tool: str = "echo"
    arguments: str = "{}"

    def args(self, version: str) -> dict[str, Any]:
        if self.op == "dynamic.to_responses":
            if self.tools is None:
                raise ValueError(f"{self.slug}: a dynamic.to_responses scenario needs `tools`")
            return {"edition": version, "tools": self.tools}
        if self.op == "dynamic.call_request":
            return {"edition": version, "call_id": CALL_ID, "tool": self.tool, "arguments": self.arguments}
        if self.answer is None:
            raise ValueError(f"{self.slug}: a dynamic.call_output scenario needs `answer`")
        return {"edition": version, "call_id": CALL_ID, "answer": expand(self.answer)}


def load_dynamic_scenarios(root: Path) -> list[DynamicScenario]:
    return load_scenarios(root / "dynamic" / "_scenarios.json", DynamicScenario)
