"""Start litellm's proxy as a gateway under test: ``codex-conformance gateway`` fills the template.

    codex-conformance gateway --gateway "cmd:python examples/gateways/litellm/start_litellm.py \\
        --port {port} --upstream {upstream} --route responses"

litellm's proxy reads its upstream from a config file, and the kit's upstream
URL is known only when the run starts, so this script writes the config (every
model name routed to the kit's upstream) and then becomes ``litellm``.

``--route responses``: models of the ``openai/`` provider, which litellm
forwards to the upstream's Responses endpoint.  ``--route chat``: models of a
provider litellm knows no Responses endpoint for (``deepseek/``; its
``hosted_vllm/`` does have one), for which litellm's proxy bridges Responses
to Chat Completions.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

PROVIDERS = {"responses": "openai", "chat": "deepseek"}


def config_text(upstream: str, route: str) -> str:
    provider = PROVIDERS[route]
    return (
        "model_list:\n"
        '  - model_name: "*"\n'
        "    litellm_params:\n"
        f'      model: "{provider}/*"\n'
        f'      api_base: "{upstream}"\n'
        # The kit's placeholder key: the upstream is the kit's mock server.
        '      api_key: "sk-conformance"\n'
        # Loopback only, started and stopped by the kit: no master key, so the release's
        # placeholder key is accepted (litellm refuses to start without one unless told).
        "general_settings:\n"
        "  dangerously_permit_weak_or_unset_master_key: true\n"
        "litellm_settings:\n"
        "  drop_params: false\n"
        "  telemetry: false\n"
        "  num_retries: 0\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--route", choices=sorted(PROVIDERS), default="responses")
    options = parser.parse_args()
    config = Path(tempfile.mkdtemp(prefix="codex-conformance-litellm-")) / "config.yaml"
    config.write_text(config_text(options.upstream, options.route), encoding="utf-8")
    litellm = shutil.which("litellm") or str(Path(sys.executable).with_name("litellm"))
    # litellm fetches its model cost map from the network unless told to use its own copy.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.execv(litellm, [litellm, "--config", str(config), "--host", "127.0.0.1", "--port", str(options.port)])


if __name__ == "__main__":
    main()
