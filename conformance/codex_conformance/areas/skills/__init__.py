"""Area ``skills``: see spec/skills.md."""

from __future__ import annotations

from codex_conformance.areas import Area
from codex_conformance.editions import CLOUD_SKILLS

AREA = Area(
    name="skills",
    description=(
        "0.169.0's remote-skills namespace: the `skills` tools and catalog a cloud skills snapshot "
        "gives, and the output the release writes back for each `skills.list` / `skills.read` call."
    ),
    ops=(
        "skills.tools",
        "skills.list",
        "skills.read",
    ),
    feature=CLOUD_SKILLS,
)
