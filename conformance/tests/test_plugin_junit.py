"""The --junitxml file names each case's op as its classname, serial and under xdist."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from conftest import DEMO_FIXTURES


def junit_cases(pytester: pytest.Pytester, *args: str) -> dict[str, str]:
    """name -> classname of every <testcase> in a run's JUnit file."""
    result = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        f"--fixtures-dir={DEMO_FIXTURES}",
        "--impl=fake_adapters:wrong_bytes",
        "--conformance-examples=0",
        "--junitxml=junit.xml",
        "-o",
        "junit_family=xunit2",
        *args,
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    root = ET.parse(pytester.path / "junit.xml").getroot()
    return {case.attrib["name"]: case.attrib["classname"] for case in root.iter("testcase")}


def test_each_case_is_filed_under_its_op(pytester: pytest.Pytester, child_env: None) -> None:
    serial = junit_cases(pytester, "-p", "no:xdist")
    assert serial["demo.0.25.0.echo-key-order"] == "demo.echo"
    assert serial["demo.0.25.0.upper-text"] == "demo.upper"
    assert "" not in serial.values()
    assert junit_cases(pytester, "-n", "2") == serial
