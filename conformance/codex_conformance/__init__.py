"""codex-conformance: certify implementations of Codex's tool-calling wire format."""

__version__ = "0.1.0"
