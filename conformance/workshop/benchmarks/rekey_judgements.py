"""Judgements whose mutant moved: find each one's site again by its source line.

    python conformance/workshop/benchmarks/rekey_judgements.py [--write]

A judgement in mutation_equivalent.json is keyed by its mutant's id (module,
line, column, operator, change) and holds the source line it was made on.
Any edit above the line moves the id, and the mutation tool then ignores the
judgement (it names it as stale): the mutant counts as a survivor again.
This finds, for every judgement whose id no longer names a site showing that
source, the site of the same module, operator and change that shows it now;
with ``--write`` the judgement moves to that id.  Only a source that one
site of the module shows moves: where several do (a common line written in
several functions) the judgement is listed as ambiguous, for a person.  A judgement no site shows any more
(the code changed, not just moved) is listed as changed (its id names a
site showing other source) or gone (no such site), for a person to judge
again or delete; only ``--drop-gone`` deletes the gone ones.

Not a test and not in CI: a tool for whoever edits the reference.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import mutation_sites
from mutation_sites import Site

BENCHMARKS = Path(__file__).resolve().parent
JUDGEMENTS = BENCHMARKS / "mutation_equivalent.json"
REFERENCE = BENCHMARKS.parents[2] / "reference" / "codex_reference"


@dataclass(frozen=True)
class MutantId:
    module: str
    line: int
    col: int
    operator: str
    replacement: str

    @classmethod
    def parse(cls, text: str) -> MutantId:
        # The change itself may hold colons (a string constant): split off the first four fields only.
        module, line, col, operator, replacement = text.split(":", 4)
        return cls(module, int(line), int(col), operator, replacement)


@dataclass
class Outcome:
    moved: dict[str, str]
    ambiguous: dict[str, list[str]]
    # The id still names a site, which shows another source: the code changed there.
    changed: list[str]
    # No site has the id or shows the source: the code changed, or the tool no
    # longer mutates such a node (mutation_sites.py leaves some out by construction).
    gone: list[str]


class ModuleSites:
    """A module's sites and the source each one shows, computed once per module."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._sites: dict[str, list[Site]] = {}
        self._shown: dict[str, str] = {}

    def sites(self, module: str) -> list[Site]:
        if module not in self._sites:
            exists = (self.root / module).is_file()
            self._sites[module] = mutation_sites.sites(self.root, module) if exists else []
        return self._sites[module]

    def shown(self, site: Site) -> str:
        if site.id not in self._shown:
            self._shown[site.id] = mutation_sites.shown_lines(self.root, site)[0].strip()
        return self._shown[site.id]


def rekey(judgements: dict[str, dict[str, str]], modules: ModuleSites) -> Outcome:
    outcome = Outcome({}, {}, [], [])
    staying: set[str] = set()
    for mutant, entry in judgements.items():
        old = MutantId.parse(mutant)
        source = entry.get("source", "").strip()
        same_kind = [
            site
            for site in modules.sites(old.module)
            if site.operator == old.operator and site.replacement == old.replacement
        ]
        if any(site.id == mutant and modules.shown(site) == source for site in same_kind):
            staying.add(mutant)  # still where it was judged
            continue
        candidates = [site for site in same_kind if modules.shown(site) == source]
        if not candidates:
            at_id = any(site.id == mutant for site in same_kind)
            (outcome.changed if at_id else outcome.gone).append(mutant)
            continue
        # Only a source shown by one site of the module moves: a common line
        # (`self.index += 1`) may sit in several functions, and a judgement's
        # reason holds for the one it was made in.
        if len(candidates) == 1:
            outcome.moved[mutant] = candidates[0].id
        else:
            outcome.ambiguous[mutant] = [site.id for site in candidates]
    # Two judgements found at one site (a statement written twice, one copy deleted), or a
    # site whose own judgement stays there: no move.  (A site whose judgement moves on is free.)
    targets = Counter(outcome.moved.values())
    for mutant, new_id in list(outcome.moved.items()):
        if targets[new_id] > 1 or new_id in staying:
            outcome.ambiguous[mutant] = [new_id]
            del outcome.moved[mutant]
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="move the judgements to their new ids")
    parser.add_argument(
        "--drop-gone", action="store_true", help="with --write, also delete the gone judgements"
    )
    parser.add_argument("--judgements", type=Path, default=JUDGEMENTS)
    args = parser.parse_args(argv)
    judgements: dict[str, dict[str, str]] = json.loads(args.judgements.read_text(encoding="utf-8"))
    outcome = rekey(judgements, ModuleSites(REFERENCE))
    for old, new in sorted(outcome.moved.items()):
        print(f"moved     {old}\n       -> {new}")
    for old, found in sorted(outcome.ambiguous.items()):
        print(f"ambiguous {old}: {', '.join(found) or 'its new id is judged already'}")
    for label, mutants in (("changed", outcome.changed), ("gone", outcome.gone)):
        for old in mutants:
            print(f"{label:9} {old}: no site shows `{judgements[old].get('source', '')[:70]}` any more")
    print(
        f"{len(judgements)} judgements: {len(outcome.moved)} moved, {len(outcome.ambiguous)} ambiguous, "
        f"{len(outcome.changed)} changed, {len(outcome.gone)} gone"
    )
    dropped = outcome.gone if args.drop_gone else []
    if args.write and (outcome.moved or dropped):
        # All at once: a judgement may move onto the id another one is leaving.
        judgements = {
            outcome.moved.get(mutant, mutant): entry
            for mutant, entry in judgements.items()
            if mutant not in dropped
        }
        text = json.dumps(dict(sorted(judgements.items())), indent=2) + "\n"
        args.judgements.write_text(text, encoding="utf-8")
        print(f"wrote {args.judgements}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
