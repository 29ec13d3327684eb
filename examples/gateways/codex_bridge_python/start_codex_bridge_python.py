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

import os
import sys
from pathlib import Path

# The shared steps sit one folder up, and the kit runs this script as a file, not a module.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from gateway_start import PLACEHOLDER_KEY, become, gateway_parser, installed, scratch_directory


def main() -> None:
    options = gateway_parser(__doc__).parse_args()
    os.chdir(scratch_directory("codex-bridge"))
    argv = [installed("codex-bridge-python"), "--port", str(options.port), "--upstream", options.upstream]
    become([*argv, "--api-key", PLACEHOLDER_KEY])


if __name__ == "__main__":
    main()
