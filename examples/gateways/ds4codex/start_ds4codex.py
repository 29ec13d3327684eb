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
    home = Path(tempfile.mkdtemp(prefix="codex-conformance-ds4codex-"))
    os.chdir(home)
    ds4codex = shutil.which("ds4codex") or str(Path(sys.executable).with_name("ds4codex"))
    target = options.upstream.rstrip("/") + "/chat/completions"
    argv = [ds4codex, "run", "--config-path", str(home / "config.toml"), "--host", "127.0.0.1"]
    argv += ["--port", str(options.port), "--target-url", target]
    # The kit's placeholder key: the upstream is the kit's mock server.
    os.execv(ds4codex, [*argv, "--api-key", "sk-conformance"])


if __name__ == "__main__":
    main()
