"""Hypothesis strategies for differential tests of ports against the reference.

``codex_conformance.strategies.mcp`` (MCP tool sets and input schemas) and
``codex_conformance.strategies.apply_patch`` (patches and the files they
meet, some drawn from the Lark grammar a release gives models): the same
generators the kit's property checks and explorers use.
"""

__all__: list[str] = []
