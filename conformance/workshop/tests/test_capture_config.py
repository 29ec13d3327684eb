"""The capture harness writes configs with a TOML writer: the releases read exactly the data given."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codex_conformance.editions import EDITIONS
from codex_workshop.drive import config_toml
from codex_workshop.drive.errors import InvalidInputError
from codex_workshop.drive.exec_run import McpServerConfig, write_config

# Generated inputs are cheap but a loaded CI machine is slow: no deadline, no slowness check,
# the same examples every run.
LOADED_MACHINE = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True, database=None
)


_URL = "http://127.0.0.1:1/v1"


def _written(tmp_path: Path, **options: Any) -> dict[str, Any]:
    write_config(tmp_path, _URL, "gpt-5", [], **options)
    return tomllib.loads((tmp_path / "config.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("value", ["🚀.00b:y@a", 'a"b\\c', "tab\there\x7f\x01", "héllo", "", "a\n[x]\nb = 1"])
def test_toml_strings_round_trip(value: str) -> None:
    assert tomllib.loads(config_toml.dumps({"k": value}))["k"] == value


@LOADED_MACHINE
@given(st.text(alphabet=st.characters(blacklist_categories=["Cs"])))
def test_any_text_round_trips_through_toml(value: str) -> None:
    assert tomllib.loads(config_toml.dumps({"k": value, value or "empty": 1})) == {
        "k": value,
        value or "empty": 1,
    }


def test_config_names_each_server_exactly(tmp_path: Path) -> None:
    names = ["srv", "server.one", "🚀", 'quote"d', ""]
    write_config(tmp_path, _URL, "gpt-5", [McpServerConfig(name, []) for name in names])
    config = tomllib.loads((tmp_path / "config.toml").read_text(encoding="utf-8"))
    assert list(config["mcp_servers"]) == names
    assert config["model_providers"]["conformance_mock"]["base_url"] == _URL


@pytest.mark.parametrize(
    "key",
    [
        'a = 1\n[mcp_servers.evil]\ncommand = "sh"',
        "a = 1\r\n[mcp_servers.evil]",
        '"x" = 1\n[[mcp_servers]]',
        "model_provider_x]\n[mcp_servers.evil",
    ],
)
def test_a_hostile_config_key_cannot_add_a_table(tmp_path: Path, key: str) -> None:
    config = _written(tmp_path, extra={key: True})
    assert "mcp_servers" not in config
    assert set(config["model_providers"]) == {"conformance_mock"}
    assert config["model_provider"] == "conformance_mock"


def test_a_hostile_config_value_stays_a_string(tmp_path: Path) -> None:
    value = '"\n[mcp_servers.evil]\ncommand = "sh'
    config = _written(tmp_path, extra={"model_reasoning_effort": value})
    assert config["model_reasoning_effort"] == value
    assert "mcp_servers" not in config


def test_dotted_keys_are_nested_tables(tmp_path: Path) -> None:
    config = _written(tmp_path, extra={"tools.web_search": True, "features.a": 1, "features.b": "x"})
    assert config["tools"] == {"web_search": True}
    assert config["features"] == {"a": 1, "b": "x"}


@pytest.mark.parametrize(
    "extra",
    [
        {"model_provider": "evil"},
        {"model_providers.conformance_mock.base_url": "http://evil"},
        {"model": "other"},
    ],
)
def test_a_case_cannot_override_what_the_harness_sets(tmp_path: Path, extra: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError, match="set twice"):
        write_config(tmp_path, _URL, "gpt-5", [], extra=extra)


@pytest.mark.parametrize("extra", [{"a": None}, {"a": "\ud800"}, {"": 1}, {"a..b": 1}, {"a": 1, "a.b": 2}])
def test_a_config_toml_cannot_hold_is_invalid_input(tmp_path: Path, extra: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError):
        write_config(tmp_path, _URL, "gpt-5", [], extra=extra)


def test_provider_values_are_data(tmp_path: Path) -> None:
    config = _written(
        tmp_path,
        provider={
            "base_url": "{origin}/x?a=1",
            "http_headers": {"X-A": 'q"\n[evil]'},
            "stream_max_retries": 1,
        },
    )
    table = config["model_providers"]["conformance_mock"]
    assert table["base_url"] == "http://127.0.0.1:1/x?a=1"
    assert table["http_headers"] == {"X-A": 'q"\n[evil]'}
    assert table["stream_max_retries"] == 1


@pytest.mark.parametrize(
    "config",
    [
        {"mcp_servers.evil.command": "sh"},
        {"mcp_servers": {"evil": {"command": "sh"}}},
        {"notify": ["sh", "-c", "id"]},
        {"model_providers.x.base_url": "http://elsewhere"},
        {"profile": "other"},
    ],
)
def test_a_case_cannot_set_what_starts_programs_or_moves_traffic(config: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError, match="may not set"):
        config_toml.case_config(config)


def test_dispatch_and_tools_refuse_reserved_keys_before_running(monkeypatch: pytest.MonkeyPatch) -> None:
    from codex_workshop.areas.dispatch.run import call_output
    from codex_workshop.areas.tools import tools_build

    def no_release(version: str) -> Path:
        raise AssertionError("the release must not run")

    monkeypatch.setattr(tools_build, "release_binary", no_release)
    version = next(iter(EDITIONS))
    with pytest.raises(InvalidInputError):
        tools_build.run_configured(version, "gpt-5", {"mcp_servers.evil.command": "sh"})
    item = {"type": "function_call", "name": "x", "arguments": "{}", "call_id": "c"}
    with pytest.raises(InvalidInputError):
        call_output(version, {"item": item, "config": {"notify": ["sh"]}})
