"""`service_tier` in the config: what goes in the body's `service_tier` (REQ-TIER-1).

`flex` is sent as it is; `fast` is sent as the id of the model's fast tier,
which its catalog entry names, and not at all for a model outside the
catalog.  Which slugs the catalog holds, and the fast tier's id of the
models captured with it, are release data
(``data/service-tiers-<version>.json``, naming where each came from).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON

_DATA = Path(__file__).with_name("data")


@cache
def _data(version: str) -> tuple[frozenset[str], dict[str, str]]:
    path = _DATA / f"service-tiers-{version}.json"
    if not path.is_file():
        raise NotModelled(f"service_tier in {version}: not captured")
    data = json.loads(path.read_text(encoding="utf-8"))
    return frozenset(data["catalog"]), {str(k): str(v) for k, v in data["fast"].items()}


def service_tier(version: str, model: str, config: dict[str, JSON]) -> str | None:
    """The body's `service_tier` (None: the key is not sent)."""
    if "service_tier" not in config:
        return None
    catalog, fast = _data(version)
    asked = config["service_tier"]
    if asked == "flex":
        return "flex"
    if asked == "fast" and model in fast:
        return fast[model]
    if asked == "fast" and model not in catalog:
        return None  # no catalog entry, no fast tier
    raise NotModelled(f"service_tier {asked!r} with {model!r}: not captured")
