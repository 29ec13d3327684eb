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

import argparse
import os
import sys
import tempfile


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True)
    options = parser.parse_args()
    upstream = options.upstream.rstrip("/")
    os.environ["OPENAI_BASE_URL_INTERNAL"] = upstream.removesuffix("/v1")
    # The kit's placeholder key: the upstream is the kit's mock server.
    os.environ["OPENAI_API_KEY"] = "sk-conformance"
    os.environ["API_ADAPTER_HOST"] = "127.0.0.1"
    os.environ["API_ADAPTER_PORT"] = str(options.port)
    os.chdir(tempfile.mkdtemp(prefix="codex-conformance-ors-"))
    argv = [sys.executable, "-m", "uvicorn", "open_responses_server.server_entrypoint:app"]
    os.execv(sys.executable, [*argv, "--host", "127.0.0.1", "--port", str(options.port)])


if __name__ == "__main__":
    main()
