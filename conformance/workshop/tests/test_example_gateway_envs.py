"""Every example gateway in examples/gateways/ has a tox env that certifies it (docs/gateways.md)."""

from __future__ import annotations

import configparser
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def examples_without_an_env(tox_text: str, examples: list[str]) -> list[str]:
    """The example scripts no ``gateway-*`` env of ``tox_text`` runs as its gateway command."""
    tox = configparser.ConfigParser(interpolation=None)
    tox.read_string(tox_text)
    commands = [
        tox[section].get("commands", "")
        for section in tox.sections()
        if section.startswith("testenv:gateway-")
    ]
    return [
        name
        for name in examples
        if not any(
            f"examples/gateways/{name}" in command and "codex-conformance gateway" in command
            for command in commands
        )
    ]


def _examples() -> list[str]:
    return sorted(path.name for path in (REPO / "examples" / "gateways").glob("*_proxy.py"))


def test_each_example_proxy_is_certified_by_an_env() -> None:
    examples = _examples()
    assert {"passthrough_proxy.py", "websocket_proxy.py"} <= set(examples)
    assert examples_without_an_env((REPO / "tox.ini").read_text(encoding="utf-8"), examples) == []


def test_an_example_without_an_env_is_named() -> None:
    tox_text = (
        (REPO / "tox.ini")
        .read_text(encoding="utf-8")
        .replace("[testenv:gateway-websocket-proxy]", "[testenv:gone]")
    )
    assert examples_without_an_env(tox_text, _examples()) == ["websocket_proxy.py"]
