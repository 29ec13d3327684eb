"""Real Codex releases: fetching them, and an adapter that answers ops by running them."""
