"""Verdict levels and facets (spec/levels.md): behaviour and bytes judged apart, both in every report."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import DEMO_FIXTURES, expected_failures_file

from codex_conformance.areas import facets_of, known_facet_names
from codex_conformance.cli import main
from codex_conformance.facets import DEFAULT_FACETS, facet_outcomes, failing_facets, passes_at

AP = "apply_patch.apply"
AP_ONLY = ["--op", AP, "--edition", "0.169.0", "--examples=0", "--quiet"]


def agreeing(op: str, mode: str, expected: dict[str, Any], actual: dict[str, Any]) -> dict[str, bool]:
    return {
        name: facet.agrees for name, facet in facet_outcomes(facets_of(op), mode, expected, actual).items()
    }


APPLIED = {
    "exit_code": 0,
    "stdout": "Success. Updated the following files:\nA a\n",
    "stderr": "",
    "files": {"a": "x\n"},
}


def test_apply_patch_facets_tell_texts_from_files() -> None:
    own_text = {**APPLIED, "stdout": "Done!\n"}
    assert agreeing(AP, "json-exact", APPLIED, own_text) == {
        "exit_code": True, "files": True, "stdout": False, "stderr": True,
    }  # fmt: skip
    lost = {**own_text, "files": {}}
    assert agreeing(AP, "json-exact", APPLIED, lost) == {
        "exit_code": True, "files": False, "stdout": False, "stderr": True,
    }  # fmt: skip


def test_files_listed_in_another_order_agree_on_files() -> None:
    expected = {**APPLIED, "files": {"a": "1\n", "b": "2\n"}}
    actual = {**APPLIED, "files": {"b": "2\n", "a": "1\n"}}
    assert agreeing(AP, "json-exact", expected, actual)["files"] is True


def test_a_json_fields_case_compares_only_the_facets_it_names() -> None:
    outcomes = facet_outcomes(facets_of(AP), "json-fields", {"files": {"a": "x\n"}}, APPLIED)
    assert list(outcomes) == ["files"]
    assert passes_at("behaviour", outcomes) and passes_at("bytes", outcomes)


def test_key_order_alone_is_a_bytes_difference() -> None:
    expected = {"body": {"model": "m", "messages": [{"role": "user", "content": "hi"}]}}
    reordered = {"body": {"messages": [{"content": "hi", "role": "user"}], "model": "m"}}
    assert agreeing("chat.request", "json-pattern", expected, reordered) == {
        "content": True,
        "serialization": False,
    }
    other = {"body": {"messages": [{"content": "ho", "role": "user"}], "model": "m"}}
    assert agreeing("chat.request", "json-pattern", expected, other) == {
        "content": False,
        "serialization": False,
    }


def test_content_honours_patterns_and_list_order() -> None:
    expected = {"tools": [{"name": {"$pattern": "a+"}}, {"name": "b"}]}
    assert agreeing("tools.build", "json-pattern", expected, {"tools": [{"name": "aaa"}, {"name": "b"}]}) == {
        "content": True, "serialization": True,
    }  # fmt: skip
    swapped = {"tools": [{"name": "b"}, {"name": "aaa"}]}
    assert agreeing("tools.build", "json-pattern", expected, swapped)["content"] is False


def test_items_fields_read_the_json_text() -> None:
    expected = {"json": '{"type":"message","role":"assistant"}'}
    reordered = {"json": '{"role": "assistant", "type": "message"}'}
    assert agreeing("items.serialize", "json-pattern", expected, reordered) == {
        "fields": True, "serialization": False,
    }  # fmt: skip
    assert agreeing("items.serialize", "json-pattern", expected, {"json": "{not json"}) == {
        "fields": False, "serialization": False,
    }  # fmt: skip
    # A text known only by its pattern has no fields to compare.
    pattern = {"json": {"$pattern": '\\{"id":"[a-z]+"\\}'}}
    assert agreeing("items.serialize", "json-pattern", pattern, {"json": '{"id":"x"}'}) == {
        "serialization": True
    }


def test_an_op_without_declared_facets_has_content_and_serialization() -> None:
    assert facets_of("demo.echo") == DEFAULT_FACETS
    assert {"content", "serialization", "files", "stdout", "fields"} <= set(known_facet_names())


def test_failing_facets_are_those_of_the_level_and_below() -> None:
    outcomes = facet_outcomes(facets_of(AP), "json-exact", APPLIED, {**APPLIED, "stdout": "", "files": {}})
    assert failing_facets("behaviour", outcomes) == ["files"]
    assert failing_facets("bytes", outcomes) == ["files", "stdout"]


def report_of(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def test_certify_at_each_level_on_the_demo_fixtures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = [
        "certify",
        "fake_adapters:wrong_echo",
        f"--fixtures-dir={DEMO_FIXTURES}",
        "--quiet",
        "--examples=0",
    ]
    # echo-key-order differs only in key order; echo-unicode in content.
    assert main([*common, "--level", "behaviour", "--report", str(tmp_path / "behaviour.json")]) == 1
    assert main([*common, "--report", str(tmp_path / "bytes.json")]) == 1
    behaviour, byte_level = report_of(tmp_path / "behaviour.json"), report_of(tmp_path / "bytes.json")
    statuses = {
        report["level"]: {o["id"]: o["status"] for o in report["outcomes"]}
        for report in (behaviour, byte_level)
    }
    assert statuses["behaviour"]["demo/0.25.0/echo-key-order"] == "pass"
    assert statuses["bytes"]["demo/0.25.0/echo-key-order"] == "fail"
    assert (
        statuses["behaviour"]["demo/0.169.0/echo-unicode"]
        == statuses["bytes"]["demo/0.169.0/echo-unicode"]
        == "fail"
    )
    # Both reports carry both levels, whatever level they certified.
    assert (
        behaviour["levels"]
        == byte_level["levels"]
        == {"cases_judged": 6, "behaviour_passed": 5, "bytes_passed": 4}
    )
    outcome = next(o for o in behaviour["outcomes"] if o["id"] == "demo/0.25.0/echo-key-order")
    assert outcome["levels"] == {"behaviour": "pass", "bytes": "fail"}
    assert outcome["facets"] == {
        "content": {"level": "behaviour", "agrees": True},
        "serialization": {"level": "bytes", "agrees": False},
    }
    assert outcome["reason"].endswith("[differs: serialization; agrees: content]")
    markdown = (tmp_path / "behaviour.md").read_text(encoding="utf-8")
    assert (
        "- level certified: **behaviour**; cases passing: behaviour 5/6 (83.3 %), bytes 4/6 (66.7 %)"
        in markdown
    )
    assert "| `demo.echo` | 0.25.0 | serialization | bytes | 0/1 (0.0 %) |" in markdown
    assert "| `demo.echo` | 0.25.0 | content |" not in markdown  # only facets some case disagrees on
    capsys.readouterr()


OWN_MESSAGES = "level_adapters:own_messages"


def certify_at_behaviour(adapter: str, options: list[str], report: Path) -> int:
    """`certify` at the behaviour level, its report written to `report`."""
    return main(["certify", adapter, *options, "--level", "behaviour", "--report", str(report)])


def test_a_port_with_its_own_messages_passes_at_behaviour_only(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    assert certify_at_behaviour(OWN_MESSAGES, AP_ONLY, report) == 0
    behaviour = report_of(report)
    assert behaviour["ok"] and behaviour["levels"]["behaviour_passed"] == behaviour["levels"]["cases_judged"]
    assert behaviour["levels"]["bytes_passed"] < behaviour["levels"]["cases_judged"] // 2
    by_facet = {facet["facet"]: facet for facet in behaviour["facets"]}
    assert by_facet["files"]["agree"] == by_facet["files"]["compared"] > 0
    assert by_facet["stdout"]["agree"] < by_facet["stdout"]["compared"]
    assert main(["certify", OWN_MESSAGES, *AP_ONLY, "--report", str(report)]) == 1
    assert not report_of(report)["ok"]


def test_a_lost_file_fails_at_behaviour_on_the_files_facet(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    assert certify_at_behaviour("level_adapters:own_messages_lost_file", AP_ONLY, report) == 1
    failed = [o for o in report_of(report)["outcomes"] if o["status"] == "fail"]
    assert failed and all(not o["facets"]["files"]["agrees"] for o in failed)
    assert all("differs: files" in o["reason"] for o in failed if len(o["facets"]) == 4)


MESSAGES = {"case": "apply_patch/0.169.0/*", "facets": ["stdout", "stderr"], "reason": "our own messages"}


def test_an_entry_naming_facets_covers_only_those_facets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = expected_failures_file(tmp_path / "expected.toml", MESSAGES)
    use = f"--expected-failures={path}"
    report = tmp_path / "report.json"
    assert main(["certify", OWN_MESSAGES, *AP_ONLY, use, "--report", str(report)]) == 0
    assert report_of(report)["summary"]["expected_failures"] > 0
    # The same entry does not hide a file gone wrong.
    assert (
        main(["certify", "level_adapters:own_messages_lost_file", *AP_ONLY, use, "--report", str(report)])
        == 1
    )
    unexpected = [
        o for o in report_of(report)["outcomes"] if o["status"] == "fail" and o["expected_failure"] is None
    ]
    assert unexpected and all(not o["facets"]["files"]["agrees"] for o in unexpected)
    # Against the reference itself no case differs on stdout or stderr: the entry is stale.
    assert main(["certify", "reference", *AP_ONLY, use]) == 1
    assert "is an unexpected pass" in capsys.readouterr().err


def test_an_unknown_facet_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = expected_failures_file(tmp_path / "expected.toml", {**MESSAGES, "facets": ["stdot"]})
    assert main(["certify", "reference", *AP_ONLY, f"--expected-failures={path}"]) == 2
    err = capsys.readouterr().err
    assert "unknown facet 'stdot'; known facets: content, exit_code, fields, files" in err


def test_the_writer_names_the_differing_facets_and_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "expected.toml"
    adapter = OWN_MESSAGES
    assert main(["certify", adapter, *AP_ONLY, f"--write-expected-failures={path}"]) == 1
    written = tomllib.loads(path.read_text(encoding="utf-8"))["expected-failure"]
    assert written and all(
        entry["facets"] in (["stdout"], ["stderr"], ["stdout", "stderr"]) for entry in written
    )
    assert main(["certify", adapter, *AP_ONLY, f"--expected-failures={path}"]) == 0
    assert (
        main(["certify", "level_adapters:own_messages_lost_file", *AP_ONLY, f"--expected-failures={path}"])
        == 1
    )


def test_properties_follow_the_level(tmp_path: Path) -> None:
    options = ["--op", AP, "--edition", "0.169.0", "--examples=5", "--quiet", "-k", "property"]
    report = tmp_path / "report.json"
    assert certify_at_behaviour(OWN_MESSAGES, options, report) == 0
    statuses = {o["id"].rsplit("/", 1)[1]: o["status"] for o in report_of(report)["outcomes"]}
    assert statuses["differential"] == "pass"
    assert statuses["shape"] == "not_applicable"  # an invariant about the printed texts
    assert main(["certify", OWN_MESSAGES, *options, "--report", str(report)]) == 1
    statuses = {o["id"].rsplit("/", 1)[1]: o["status"] for o in report_of(report)["outcomes"]}
    assert statuses["differential"] == statuses["shape"] == "fail"
    assert main(["certify", "level_adapters:own_messages_lost_file", *options, "--level", "behaviour"]) == 1


def test_pytest_takes_the_level_from_the_command_line_or_the_ini_file(pytester: pytest.Pytester) -> None:
    run = ["-p", "no:cacheprovider", f"--fixtures-dir={DEMO_FIXTURES}", "--impl=fake_adapters:wrong_echo"]
    result = pytester.runpytest(
        *run, "--conformance-level=behaviour", "--junitxml=junit.xml", "-k", "key-order"
    )
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()[-2000:]
    junit = (pytester.path / "junit.xml").read_text(encoding="utf-8")
    assert '<property name="conformance_level" value="behaviour"' in junit
    assert '<property name="conformance_bytes_passed" value="0"' in junit
    assert pytester.runpytest(*run, "-k", "key-order").ret == pytest.ExitCode.TESTS_FAILED
    pytester.makefile(".toml", pyproject='[tool.pytest.ini_options]\nconformance_level = "behavior"\n')
    result = pytester.runpytest(*run, "-k", "key-order")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*conformance_level in the pytest configuration must be one of behaviour, bytes*"]
    )
