"""A conformance run with property checks writes no .hypothesis/ into the user's directory."""

from __future__ import annotations

import pytest

from codex_conformance import hypothesis_home


def test_property_checks_keep_hypothesis_caches_out_of_the_directory(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HYPOTHESIS_STORAGE_DIRECTORY", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(pytester.path / "user-cache"))
    # A fresh process: Hypothesis computes its Unicode tables and caches them.
    result = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "--impl=reference", "--op=mcp.tools_to_responses",
        "--edition=0.169.0", "--conformance-examples=3", "-k", "property",
    )  # fmt: skip
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()[-2000:]
    assert result.parseoutcomes()["passed"] > 0
    assert not (pytester.path / ".hypothesis").exists()
    assert (pytester.path / "user-cache" / "codex-conformance" / "hypothesis").is_dir()


def test_a_home_the_user_chose_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    from hypothesis import configuration

    monkeypatch.setenv("HYPOTHESIS_STORAGE_DIRECTORY", "somewhere")
    before = getattr(configuration, hypothesis_home._HOME_GLOBAL)
    with hypothesis_home.kit_storage():
        assert getattr(configuration, hypothesis_home._HOME_GLOBAL) == before
