"""Start codex-relay (PyPI ``codex-relay``, a Rust binary) as a gateway under test.

    codex-conformance gateway --gateway "cmd:python examples/gateways/codex_relay/start_codex_relay.py \\
        --port {port} --upstream {upstream}"

codex-relay takes its listening port and its upstream Chat Completions base
URL by flag (``--port``, ``--upstream``), so this script only finds the
binary beside the Python that runs it (the tox env's) and becomes it, bound
to loopback with the kit's placeholder key.
"""

from __future__ import annotations

import sys
from pathlib import Path

# The shared steps sit one folder up, and the kit runs this script as a file, not a module.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from gateway_start import LOOPBACK, PLACEHOLDER_KEY, become, gateway_parser, installed


def main() -> None:
    options = gateway_parser(__doc__).parse_args()
    argv = [installed("codex-relay"), "--bind", LOOPBACK, "--port", str(options.port)]
    become([*argv, "--upstream", options.upstream, "--api-key", PLACEHOLDER_KEY])


if __name__ == "__main__":
    main()
