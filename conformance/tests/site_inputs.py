"""A small report set for the site's tests, and a spec and fixtures cut down to the clauses it cites.

``data/site/`` holds trimmed copies of committed reports (docs/reports): two
ports on five apply_patch cases of 0.25.0 (codex-apply-patch passes three,
openai-agents one; one of its failures is in texts only), and two gateways
on four scenarios of 0.25.0 (ds4codex fails only identity headers and the
freeform apply_patch scenario; open-responses-server records no answer).
The spec and fixtures given to the site are the kit's, cut to what those
reports cite, so that a clause added to the kit's spec changes no snapshot.
"""

from __future__ import annotations

import json
from pathlib import Path

from codex_conformance import paths
from codex_conformance.cases import case_files, read_json
from codex_conformance.lint import declared_clauses
from codex_conformance.site.build import Built, build_site
from codex_conformance.tiers import load_tiers

DATA = Path(__file__).resolve().parent / "data" / "site"
REPORTS = sorted(DATA.glob("*.json"))
RECORDED_AT = "2026-11-26T19:20:04+00:00"


def _cited(reports: list[Path]) -> tuple[set[str], set[str]]:
    """The case ids and clauses the reports cite."""
    ids: set[str] = set()
    clauses: set[str] = set()
    for path in reports:
        raw = json.loads(path.read_text(encoding="utf-8"))
        for outcome in raw.get("outcomes", []):
            ids.add(outcome["id"])
            clauses.update(outcome["clauses"])
        for result in raw.get("results", []):
            clauses.update(verdict["clause"] for verdict in result["verdicts"])
    return ids, clauses


def cut_spec(root: Path, clauses: set[str]) -> Path:
    """A spec directory declaring ``clauses`` on their own pages, with their tiers."""
    spec = root / "spec"
    spec.mkdir()
    declared, _ = declared_clauses(paths.spec_dir())
    tiers = load_tiers(paths.spec_dir())
    pages: dict[str, list[str]] = {}
    groups = []
    for clause in sorted(clauses):
        pages.setdefault(declared[clause].split(":", 1)[0], []).append(f"### `{clause}` the rule\n")
        tiered = tiers.clauses[clause]
        groups.append(f'[[group]]\ntier = "{tiered.tier.value}"\nwhy = {json.dumps(tiered.why)}\n')
        groups[-1] += f'clauses = ["{clause}"]\n'
    for name, headings in pages.items():
        (spec / name).write_text("".join(headings), encoding="utf-8")
    for name, tiered in sorted(tiers.scenarios.items()):
        groups.append(
            f'[[scenario]]\nname = "{name}"\ntier = "{tiered.tier.value}"\nwhy = {json.dumps(tiered.why)}\n'
        )
    (spec / "tiers.toml").write_text("\n".join(groups), encoding="utf-8")
    return spec


def cut_fixtures(root: Path, ids: set[str]) -> Path:
    """A fixtures directory holding only the kit's cases named in ``ids``, as captured."""
    fixtures = root / "fixtures"
    for path in case_files(paths.fixtures_dir()):
        raw = read_json(path)
        kept = [case for case in raw["cases"] if case["id"] in ids]
        if kept:
            target = fixtures / path.relative_to(paths.fixtures_dir())
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(
                json.dumps({**raw, "cases": kept}, indent=2, ensure_ascii=False), encoding="utf-8"
            )
    return fixtures


def build_small_site(root: Path, reports: list[Path] = REPORTS) -> Built:
    """The site of the small report set, built into ``root/out`` with its history in ``root``."""
    ids, clauses = _cited(REPORTS)
    spec = root / "spec" if (root / "spec").is_dir() else cut_spec(root, clauses)
    fixtures = root / "fixtures" if (root / "fixtures").is_dir() else cut_fixtures(root, ids)
    return build_site(
        root / "out",
        reports,
        history_path=root / "history.json",
        recorded_at=RECORDED_AT,
        fixtures_dir=fixtures,
        spec_dir=spec,
    )
