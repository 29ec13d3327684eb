"""The type of a JSON value, as ``json.loads`` gives it and the adapter protocol carries it.

``Any``: the ops take their arguments from JSON and check each shape where
they read it, so a precise recursive type would only be cast away again.
"""

from __future__ import annotations

from typing import Any

__all__ = ["JSON"]

JSON = Any
