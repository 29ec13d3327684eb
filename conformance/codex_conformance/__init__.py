"""codex-conformance: certify implementations of Codex's tool-calling wire format.

The public surface is small and pinned (conformance/tests/test_exported_members.py):
the pytest plugin and the ``codex-conformance`` command; ``codex_conformance.strategies``
(Hypothesis strategies for a port's own tests); ``codex_conformance.editions``
(the releases the kit knows); ``codex_conformance.areas`` (the areas and their ops);
``codex_workshop.broken`` (how the kit's deliberately broken adapters are built);
``codex_conformance.port`` (building blocks for a Python port's adapter);
``codex_conformance.tiers`` and ``codex_conformance.readiness`` (clause tiers and the
readiness verdict); ``codex_conformance.site.build`` (the static results site).
Everything else may change between versions.
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
