"""Start codex-relay (PyPI ``codex-relay``, a Rust binary) as a gateway under test.

    codex-conformance gateway --gateway "cmd:python examples/gateways/codex_relay/start_codex_relay.py \\
        --port {port} --upstream {upstream}"

codex-relay takes its listening port and its upstream Chat Completions base
URL by flag (``--port``, ``--upstream``), so this script only finds the
binary beside the Python that runs it (the tox env's) and becomes it, bound
to loopback with the kit's placeholder key.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True)
    options = parser.parse_args()
    relay = shutil.which("codex-relay") or str(Path(sys.executable).with_name("codex-relay"))
    argv = [relay, "--bind", "127.0.0.1", "--port", str(options.port), "--upstream", options.upstream]
    # The kit's placeholder key: the upstream is the kit's mock server.
    os.execv(relay, [*argv, "--api-key", "sk-conformance"])


if __name__ == "__main__":
    main()
