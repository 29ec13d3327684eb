"""Start ds4codex (PyPI ``ds4codex``) as a gateway under test.

    codex-conformance gateway --gateway "cmd:python examples/gateways/ds4codex/start_ds4codex.py \\
        --port {port} --upstream {upstream}"

``ds4codex run`` takes the full Chat Completions URL (``--target-url``) and
otherwise reads ``~/.codex/config.toml``; this script gives it the kit's
upstream plus ``/chat/completions``, a config path in an empty temporary
directory (so no user's Codex config is read), loopback, the kit's
placeholder key, and becomes it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The shared steps sit one folder up, and the kit runs this script as a file, not a module.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from gateway_start import LOOPBACK, PLACEHOLDER_KEY, become, gateway_parser, installed, scratch_directory


def main() -> None:
    options = gateway_parser(__doc__).parse_args()
    home = scratch_directory("ds4codex")
    os.chdir(home)
    target = options.upstream.rstrip("/") + "/chat/completions"
    argv = [installed("ds4codex"), "run", "--config-path", str(home / "config.toml"), "--host", LOOPBACK]
    become([*argv, "--port", str(options.port), "--target-url", target, "--api-key", PLACEHOLDER_KEY])


if __name__ == "__main__":
    main()
