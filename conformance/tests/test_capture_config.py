"""The capture harness writes configs the releases can read, whatever the server names are."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from codex_conformance.drive.exec_run import McpServerConfig, write_config
from codex_conformance.drive.toml_text import toml_string


@pytest.mark.parametrize("value", ["🚀.00b:y@a", 'a"b\\c', "tab\there\x7f\x01", "héllo", ""])
def test_toml_strings_round_trip(value: str) -> None:
    assert tomllib.loads(f"k = {toml_string(value)}")["k"] == value


@given(st.text(alphabet=st.characters(blacklist_categories=["Cs"])))
def test_any_text_round_trips_through_toml(value: str) -> None:
    assert tomllib.loads(f"k = {toml_string(value)}")["k"] == value


def test_config_names_each_server_exactly(tmp_path) -> None:
    names = ["srv", "server.one", "🚀", 'quote"d', ""]
    write_config(tmp_path, "http://127.0.0.1:1/v1", "gpt-5", [McpServerConfig(name, []) for name in names])
    config = tomllib.loads((tmp_path / "config.toml").read_text(encoding="utf-8"))
    assert list(config["mcp_servers"]) == names
    assert config["model_providers"]["conformance_mock"]["base_url"] == "http://127.0.0.1:1/v1"
