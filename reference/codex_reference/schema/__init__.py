"""Input-schema conversion: the ``parameters`` a release sends for an MCP tool.

``classic`` models 0.25.0 (a typed subset that drops what it cannot hold);
``current`` models 0.169.0 (a richer subset that keeps unions, enums, refs).
Both raise ``SchemaRejected`` where the release drops the tool.
"""
