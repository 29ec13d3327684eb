"""Start codex-router (PyPI ``codex-router-proxy``) as a gateway under test.

    codex-conformance gateway --gateway "cmd:python examples/gateways/codex_router/start_codex_router.py \\
        --port {port} --upstream {upstream}"

codex-router reads ``config.yaml`` from its working directory (else from
``~/.codex-router``) and, unless told not to, rewrites ``~/.codex`` to point
Codex at itself and opens its admin page in a browser.  This script gives it
an empty temporary directory as both working directory and home, writes the
config there (the kit's upstream, loopback, no Codex auto-configuration),
makes the browser a no-op and then becomes ``codex-router``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The shared steps sit one folder up, and the kit runs this script as a file, not a module.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from gateway_start import LOOPBACK, PLACEHOLDER_KEY, become, gateway_parser, installed, scratch_directory


def config_text(upstream: str, port: int) -> str:
    return (
        "upstream:\n"
        f'  base_url: "{upstream}"\n'
        f'  api_key: "{PLACEHOLDER_KEY}"\n'
        "  timeout: 120\n"
        "server:\n"
        f"  host: {LOOPBACK}\n"
        f"  port: {port}\n"
        "  log_level: info\n"
        "codex:\n"
        "  auto_configure: false\n"
    )


def main() -> None:
    options = gateway_parser(__doc__).parse_args()
    home = scratch_directory("codex-router")
    (home / "config.yaml").write_text(config_text(options.upstream, options.port), encoding="utf-8")
    os.chdir(home)
    os.environ["HOME"] = str(home)
    os.environ["BROWSER"] = "true"
    become([installed("codex-router"), str(options.port)])


if __name__ == "__main__":
    main()
