"""How each of the workshop's commands joins ``codex-conformance``'s command line.

``capture``, ``edition``, ``explore``, ``gateway`` and ``timeline`` are registered by
entry points (``codex_conformance.commands``): the kit hands each its
``subparsers`` and the command adds itself, the same way every time.
"""

from __future__ import annotations

import argparse
from typing import Any

from codex_conformance.editions import EDITIONS


def add_command(subparsers: Any, name: str, summary: str, doc: str | None) -> argparse.ArgumentParser:
    """The subcommand ``name``: ``summary`` in the kit's list of commands, ``doc`` (its module's
    docstring, laid out as written) in its own ``--help``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=summary, description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    return parser


def add_edition_option(parser: argparse.ArgumentParser, help_text: str) -> None:
    """``--edition V``, repeatable: the releases a command drives, offered in release order."""
    parser.add_argument("--edition", action="append", choices=list(EDITIONS), help=help_text)
