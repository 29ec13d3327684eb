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

import os
import sys
from pathlib import Path

# The shared steps sit one folder up, and the kit runs this script as a file, not a module.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from gateway_start import LOOPBACK, PLACEHOLDER_KEY, become, gateway_parser, installed, scratch_directory

PROVIDERS = {"responses": "openai", "chat": "deepseek"}


def config_text(upstream: str, route: str) -> str:
    provider = PROVIDERS[route]
    return (
        "model_list:\n"
        '  - model_name: "*"\n'
        "    litellm_params:\n"
        f'      model: "{provider}/*"\n'
        f'      api_base: "{upstream}"\n'
        f'      api_key: "{PLACEHOLDER_KEY}"\n'
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
    parser = gateway_parser(__doc__)
    parser.add_argument("--route", choices=sorted(PROVIDERS), default="responses")
    options = parser.parse_args()
    config = scratch_directory("litellm") / "config.yaml"
    config.write_text(config_text(options.upstream, options.route), encoding="utf-8")
    # litellm fetches its model cost map from the network unless told to use its own copy.
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    become([installed("litellm"), "--config", str(config), "--host", LOOPBACK, "--port", str(options.port)])


if __name__ == "__main__":
    main()
