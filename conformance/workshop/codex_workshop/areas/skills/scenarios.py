"""Capture inputs of the ``skills`` area: ``fixtures/skills/_scenarios.json``.

A scenario is the snapshot release 0.169.0 loads with
``--cloud-skills-snapshot`` (an object, written as compact JSON, or the
file's raw text) and, for ``skills.list`` / ``skills.read``, the arguments
of each call the scripted model makes in one thread (an object, or the raw
arguments text; a cursor ``{"$next_cursor": K}`` stands for the cursor call
K returned).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from codex_workshop.areas.scenarios import OpScenario, load_scenarios


class SkillsScenario(OpScenario):
    op: Literal["skills.tools", "skills.list", "skills.read"]
    snapshot: Any
    calls: list[Any] | None = None

    def args(self, version: str) -> dict[str, Any]:
        if self.op == "skills.tools":
            return {"edition": version, "snapshot": self.snapshot}
        if not self.calls:
            raise ValueError(f"{self.slug}: a {self.op} scenario needs `calls`")
        return {"edition": version, "snapshot": self.snapshot, "calls": self.calls}


def load_skills_scenarios(root: Path) -> list[SkillsScenario]:
    return load_scenarios(root / "skills" / "_scenarios.json", SkillsScenario)
