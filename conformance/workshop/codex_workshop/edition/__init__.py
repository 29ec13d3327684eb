"""``codex-conformance edition add``: a release as an edition, derived from the nearest (cli.py)."""
