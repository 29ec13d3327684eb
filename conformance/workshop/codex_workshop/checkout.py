"""The checkout the workshop works in: the fixtures it captures into and the spec it writes pages in.

The workshop writes goldens, so it runs from a checkout of the repository
(installed editable: ``pip install -e conformance/workshop``), never from a
copy: the kit's own ``codex_conformance.paths`` may point at the fixtures a
wheel carries, which are a read-only copy without the workshop's data
(``fixtures/timeline``).
"""

from __future__ import annotations

from pathlib import Path

from codex_conformance.errors import UsageError

__all__ = ["CheckoutError", "fixtures_dir", "repository_root", "spec_dir"]

# codex_workshop/ -> workshop/ -> conformance/ -> the repository.
_ROOT = Path(__file__).resolve().parents[3]


class CheckoutError(UsageError):
    """The workshop is not running from a checkout of the repository (the message says what to do).

    A usage error: the CLI reports it as one line (exit 2), never a traceback.
    """


def repository_root() -> Path:
    if not (_ROOT / "fixtures").is_dir() or not (_ROOT / "spec").is_dir():
        raise CheckoutError(
            f"the workshop runs from a checkout of the repository, and {_ROOT} is not one "
            "(no fixtures/ and spec/ there): install it editable, pip install -e conformance/workshop"
        )
    return _ROOT


def fixtures_dir() -> Path:
    return repository_root() / "fixtures"


def spec_dir() -> Path:
    return repository_root() / "spec"
