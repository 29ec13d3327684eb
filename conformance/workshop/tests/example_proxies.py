"""The example proxies (examples/gateways/) as the gateway tests put them in front of a release.

One place for the paths, the `cmd:` template and the certify-or-skip call, which the tests of
the gateway mode, of its recording and of its WebSocket recording all make.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import ReleaseUnavailableError
from codex_workshop.gateway.certify import GatewayRun, certify_gateway
from codex_workshop.gateway.plug import parse_gateway
from codex_workshop.gateway.record import Recorder

EXAMPLES_DIR = Path(__file__).resolve().parents[3] / "examples" / "gateways"
PASSTHROUGH_PROXY = EXAMPLES_DIR / "passthrough_proxy.py"
WEBSOCKET_PROXY = EXAMPLES_DIR / "websocket_proxy.py"


def release_or_skip(version: str) -> None:
    """Fetch the release, or skip the test where it cannot be fetched here (no registry)."""
    try:
        release_binary(version)
    except ReleaseUnavailableError as exc:
        pytest.skip(f"release {version} cannot be fetched here: {exc}")


def proxy_template(proxy: Path = PASSTHROUGH_PROXY, broken: str | None = None) -> str:
    """The `--gateway` value that starts ``proxy`` (with one of its ``--break`` faults)."""
    template = f"cmd:{sys.executable} {proxy} --port {{port}} --upstream {{upstream}}"
    return template + (f" --break {broken}" if broken else "")


def certify_proxy(
    version: str,
    *,
    proxy: Path = PASSTHROUGH_PROXY,
    broken: str | None = None,
    only: tuple[str, ...] = (),
    recorder: Recorder | None = None,
) -> GatewayRun:
    """Certify ``proxy`` in front of one release (skipped where the release cannot be fetched)."""
    release_or_skip(version)
    spec = parse_gateway(proxy_template(proxy, broken))
    return certify_gateway(spec, [version], only=only, ready_seconds=20, recorder=recorder)
