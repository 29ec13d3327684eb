"""Shrunk disagreements become capture scenarios, and their goldens come from the release.

Each cluster's shrunk input is added to ``fixtures/<area>/_explored.json``
(slug from the input's hash, so the same input is never written twice),
then captured for every edition the area exists in, exactly as
``codex-conformance capture <area> --only <slug>`` would.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from codex_conformance.areas import Area
from codex_workshop.areas import parts_of
from codex_workshop.areas.scenarios import EXPLORED_FILE
from codex_workshop.capture.fixture_writer import merge_cases, write_fixture, write_fixture_text
from codex_workshop.explore.run import Exploration
from codex_workshop.explorer import Explorer


def _slug(fields: dict[str, Any]) -> str:
    text = json.dumps(fields, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "explored-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def add_scenarios(root: Path, area: Area, explorer: Explorer, found: Exploration) -> list[str]:
    """Add each cluster's shrunk input to the area's explored scenarios; the new slugs."""
    path = root / area.name / EXPLORED_FILE
    entries: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []
    known = {entry["slug"] for entry in entries}
    added: list[str] = []
    for cluster in found.clusters.values():
        shown = cluster.shrunk or cluster.first
        fields = explorer.scenario(shown.args)
        slug = _slug(fields)
        if slug in known:
            continue
        command = f"codex-conformance explore {area.name} --edition {found.version} --seed {found.seed}"
        entries.append(
            {
                "slug": slug,
                "description": f"Found by `{command}`: the release and the reference model disagreed "
                f"({cluster.signature}; {cluster.count} of {found.tried} inputs).",
                "clauses": list(explorer.clauses),
                **fields,
            }
        )
        known.add(slug)
        added.append(slug)
    if added:
        write_fixture_text(path, json.dumps(entries, ensure_ascii=False, indent=1) + "\n")
    return added


def capture_scenarios(root: Path, area: Area, slugs: list[str]) -> int:
    """Capture ``slugs`` from every edition of the area into its captured fixtures; the cases written."""
    written = 0
    for version in area.editions:
        fresh = list(parts_of(area).capture_cases()(root, version, set(slugs)))
        if not fresh:
            continue
        target = root / area.name / f"captured-{version}.json"
        fixture = merge_cases(target, area.name, area.description, fresh, replace_all=False)
        write_fixture(target, fixture)
        written += len(fresh)
    return written
