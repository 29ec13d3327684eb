"""Start open-responses-server (PyPI ``open-responses-server``) as a gateway under test.

    codex-conformance gateway --gateway-path / --gateway "cmd:python \\
        examples/gateways/open_responses_server/start_open_responses_server.py \\
        --port {port} --upstream {upstream}"

The server reads its upstream from ``OPENAI_BASE_URL_INTERNAL`` and appends
``/v1/chat/completions`` itself, so this script gives it the kit's upstream
without its ``/v1``.  It serves Responses at ``/responses`` (no ``/v1``:
under ``/v1`` its catch-all route forwards requests unchanged), hence
``--gateway-path /``.  It loads a ``.env`` from its working directory, so the
script runs it from an empty temporary one.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The shared steps sit one folder up, and the kit runs this script as a file, not a module.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from gateway_start import LOOPBACK, PLACEHOLDER_KEY, become, gateway_parser, scratch_directory


def main() -> None:
    options = gateway_parser(__doc__).parse_args()
    upstream = options.upstream.rstrip("/")
    os.environ["OPENAI_BASE_URL_INTERNAL"] = upstream.removesuffix("/v1")
    os.environ["OPENAI_API_KEY"] = PLACEHOLDER_KEY
    os.environ["API_ADAPTER_HOST"] = LOOPBACK
    os.environ["API_ADAPTER_PORT"] = str(options.port)
    os.chdir(scratch_directory("ors"))
    argv = [sys.executable, "-m", "uvicorn", "open_responses_server.server_entrypoint:app"]
    become([*argv, "--host", LOOPBACK, "--port", str(options.port)])


if __name__ == "__main__":
    main()
