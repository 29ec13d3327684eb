"""Under ``-n N`` a property group is one unit of work, so its shared exploration runs once."""

from __future__ import annotations

from collections import defaultdict

from codex_conformance import areas, pytest_xdist
from codex_conformance.cases import Case
from codex_conformance.paths import fixtures_dir
from codex_conformance.properties import Property
from codex_conformance.session import load_fixture_cases


def test_each_property_group_is_one_unit_and_cases_come_in_runs() -> None:
    cases: list[Case | Property] = list(load_fixture_cases(fixtures_dir())[:120])
    properties = [prop for group in areas.property_sets() for prop in group.properties()]
    units = pytest_xdist.scopes([*cases, *properties], workers=2)

    members: defaultdict[str, set[tuple[str, str, str]]] = defaultdict(set)
    for prop in properties:
        members[units[prop.id]].add((prop.op, prop.edition, prop.group.label))
    assert all(len(groups) == 1 for groups in members.values())
    assert len(members) == len(areas.property_sets())
    case_units = [units[case.id] for case in cases]
    assert case_units == sorted(case_units, key=case_units.index)  # consecutive cases
    assert len(set(case_units)) == 2 * pytest_xdist.UNITS_PER_WORKER
    # A small run: a unit per case, so that every worker gets some.
    assert len(set(pytest_xdist.scopes(cases[:5], workers=2).values())) == 5
