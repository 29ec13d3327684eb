"""Probes that may only be swept with loopback-only networking.

A probe of a ChatGPT login or the built-in OpenAI provider points every host
the release reaches at the kit's mock (drive/request_observe.py), through the
settings today's releases read.  An old release may read none of them: swept
with the loopback-only network of ``unshare -n``, 0.8.0 stalled (``not
driven``) instead of reaching a real host.  So a sweep or a single run of such
a probe refuses to start unless the only network interface is loopback;
``--update`` runs them on new releases, which read those settings as the
editions' captures do.
"""

from __future__ import annotations

from pathlib import Path

LOOPBACK_ONLY_PROBES = frozenset({"request-chatgpt-login", "request-custom-provider-chatgpt-login"})
HOW = "run it as: unshare -n sh -c 'ip link set lo up && codex-conformance timeline ...'"


def network_isolated(interfaces: Path = Path("/sys/class/net")) -> bool:
    """Whether loopback is the only network interface this process sees."""
    try:
        return {path.name for path in interfaces.iterdir()} <= {"lo"}
    except OSError:
        return False


def refused(names: list[str], isolated: bool) -> str | None:
    """Why probes ``names`` may not run here, or None."""
    unsafe = sorted(set(names) & LOOPBACK_ONLY_PROBES)
    if not unsafe or isolated:
        return None
    names_text = ", ".join(unsafe)
    return f"{names_text} may reach a real host on an old release unless networking is loopback-only: {HOW}"
