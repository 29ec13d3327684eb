"""Deliberately broken ports of ``safety.is_known_safe_command``, built from the reference.

Each swaps one field of an edition's safety rules for a realistic mistake
and names the clause whose cases must catch it.  Every row is a value, so the
table is ``broken.json`` beside this module (codex_workshop/broken.py says how
it is read).
"""

from __future__ import annotations

from codex_workshop.broken import area_adapters

BROKEN = area_adapters(__file__)
