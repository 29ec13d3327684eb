"""Start codex-bridge-python (PyPI ``codex-bridge-python``) as a gateway under test.

    codex-conformance gateway --gateway "cmd:python \\
        examples/gateways/codex_bridge_python/start_codex_bridge_python.py \\
        --port {port} --upstream {upstream}"

The bridge takes its port and its upstream Chat Completions base URL by flag
and listens on loopback.  This script runs it from an empty temporary
directory (it may keep a history directory in its working directory) with
the kit's placeholder key, and becomes it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True)
    options = parser.parse_args()
    os.chdir(tempfile.mkdtemp(prefix="codex-conformance-codex-bridge-"))
    bridge = shutil.which("codex-bridge-python") or str(Path(sys.executable).with_name("codex-bridge-python"))
    argv = [bridge, "--port", str(options.port), "--upstream", options.upstream]
    # The kit's placeholder key: the upstream is the kit's mock server.
    os.execv(bridge, [*argv, "--api-key", "sk-conformance"])


if __name__ == "__main__":
    main()
