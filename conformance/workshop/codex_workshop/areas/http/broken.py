"""Broken ports of the HTTP area: one entry of an edition's HTTP rules changed.

Every row is a value, so the table is ``broken.json`` beside this module
(codex_workshop/broken.py says how it is read).
"""

from __future__ import annotations

from codex_workshop.broken import area_adapters

BROKEN = area_adapters(__file__)
