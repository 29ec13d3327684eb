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

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path


def config_text(upstream: str, port: int) -> str:
    return (
        "upstream:\n"
        f'  base_url: "{upstream}"\n'
        # The kit's placeholder key: the upstream is the kit's mock server.
        '  api_key: "sk-conformance"\n'
        "  timeout: 120\n"
        "server:\n"
        "  host: 127.0.0.1\n"
        f"  port: {port}\n"
        "  log_level: info\n"
        "codex:\n"
        "  auto_configure: false\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True)
    options = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="codex-conformance-codex-router-"))
    (home / "config.yaml").write_text(config_text(options.upstream, options.port), encoding="utf-8")
    os.chdir(home)
    os.environ["HOME"] = str(home)
    os.environ["BROWSER"] = "true"
    router = shutil.which("codex-router") or str(Path(sys.executable).with_name("codex-router"))
    os.execv(router, [router, str(options.port)])


if __name__ == "__main__":
    main()
