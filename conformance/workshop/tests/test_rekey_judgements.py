"""rekey_judgements.py moves a judgement whose line moved, and only where its place is certain."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"

MODULE = """def first(value: int) -> bool:
    return value >= 3


def second(value: int) -> int:
    value += 1
    return value


def third(value: int) -> int:
    value += 1
    return value
"""


@pytest.fixture()
def rekey(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import rekey_judgements

    yield rekey_judgements
    sys.modules.pop("rekey_judgements", None)


def _site_ids(rekey: ModuleType, root: Path, source: str) -> list[str]:
    sites = rekey.ModuleSites(root)
    return [site.id for site in sites.sites("m.py") if sites.shown(site) == source]


def test_a_moved_judgement_follows_its_line_and_a_common_one_stays(rekey: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(MODULE, encoding="utf-8")
    compare = next(i for i in _site_ids(rekey, tmp_path, "return value >= 3") if ":cmp:" in i)
    increment = _site_ids(rekey, tmp_path, "value += 1")[0]
    judgements = {
        compare: {"reason": "r1", "source": "return value >= 3"},
        increment: {"reason": "r2", "source": "value += 1"},
    }
    (tmp_path / "m.py").write_text("# a new first line\n\n" + MODULE, encoding="utf-8")
    outcome = rekey.rekey(judgements, rekey.ModuleSites(tmp_path))
    moved_to = compare.replace("m.py:2:", "m.py:4:")
    assert outcome.moved == {compare: moved_to}
    # `value += 1` is in two functions: which one the judgement was made in is not known.
    assert list(outcome.ambiguous) == [increment]
    assert outcome.changed == [] and outcome.gone == []


def test_a_judgement_whose_line_changed_is_listed_not_moved(rekey: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(MODULE, encoding="utf-8")
    compare = next(i for i in _site_ids(rekey, tmp_path, "return value >= 3") if ":cmp:" in i)
    judgements = {compare: {"reason": "r1", "source": "return value >= 3"}}
    (tmp_path / "m.py").write_text(MODULE.replace(">= 3", ">= 4"), encoding="utf-8")
    outcome = rekey.rekey(judgements, rekey.ModuleSites(tmp_path))
    assert outcome.moved == {} and outcome.changed == [compare]


def test_a_judgement_may_move_onto_the_id_another_one_leaves(rekey: ModuleType, tmp_path: Path) -> None:
    chained = "# one\n# two\nA = 1 >= 3\nB = 2 >= 4\n"
    (tmp_path / "m.py").write_text(chained, encoding="utf-8")
    first = next(i for i in _site_ids(rekey, tmp_path, "A = 1 >= 3") if ":cmp:>:" in i + ":")
    second = next(i for i in _site_ids(rekey, tmp_path, "B = 2 >= 4") if ":cmp:>:" in i + ":")
    judgements = {
        first: {"reason": "r1", "source": "A = 1 >= 3"},
        second: {"reason": "r2", "source": "B = 2 >= 4"},
    }
    (tmp_path / "m.py").write_text(chained.replace("# two\n", ""), encoding="utf-8")
    outcome = rekey.rekey(judgements, rekey.ModuleSites(tmp_path))
    # B lands on the id A leaves; both move.
    assert outcome.moved == {first: first.replace(":3:", ":2:"), second: first}


def test_the_committed_judgements_name_modules_of_the_reference_it_reads(rekey: ModuleType) -> None:
    # The script once looked for the reference at the benchmarks' old depth and
    # called every judgement "gone"; the tests above, on a module of their own,
    # could not notice.
    judgements = json.loads(rekey.JUDGEMENTS.read_text(encoding="utf-8"))
    modules = {key.split(":", 1)[0] for key in judgements}
    assert modules, "no judgements read"
    missing = sorted(module for module in modules if not (rekey.REFERENCE / module).is_file())
    assert missing == [], f"judged modules absent from {rekey.REFERENCE}: {missing[:5]}"
