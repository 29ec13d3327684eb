"""MCP tools as a release exposes them to the model: decoding, naming, conversion."""
