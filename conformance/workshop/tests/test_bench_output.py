"""``--save``: a benchmark's printout also kept in ``output/<script>.txt``, which docs/speed.md quotes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def bench_output() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_output", BENCHMARKS / "bench_output.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_save_keeps_the_printout_with_how_it_was_measured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = bench_output()
    monkeypatch.setattr(module, "OUTPUT", tmp_path)
    monkeypatch.setattr(sys, "argv", ["demo_bench.py", "--repeat", "3", "--save"])
    with module.saved("/anywhere/demo_bench.py", True):
        print("gate / no gate: 0.85x")
    assert capsys.readouterr().out == "gate / no gate: 0.85x\n"  # printed as usual too
    lines = (tmp_path / "demo_bench.txt").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# python conformance/workshop/benchmarks/demo_bench.py --repeat 3 --save"
    assert lines[1].startswith("# measured ") and "load average" in lines[1]
    assert lines[2:] == ["gate / no gate: 0.85x"]


def test_without_save_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = bench_output()
    monkeypatch.setattr(module, "OUTPUT", tmp_path)
    with module.saved("demo_bench.py", False):
        print("figures")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("script", ["gate_speed.py", "session_overhead.py", "xdist_speedup.py"])
def test_the_three_ratios_scripts_save_and_their_outputs_are_committed(script: str) -> None:
    text = (BENCHMARKS / script).read_text(encoding="utf-8")
    assert "add_save_option(parser)" in text and "with saved(__file__" in text
    assert (BENCHMARKS / "output" / script.replace(".py", ".txt")).is_file()
