"""Input-schema conversion: the ``parameters`` a release sends for an MCP tool.

Two algorithms, each named for what it does; an edition's table picks one:

- ``typed_subset`` (0.25.0): decode into a tagged enum of five typed
  variants, dropping every keyword it cannot hold;
- ``sanitizer`` (0.169.0): a recursive sanitizer that keeps unions, enums
  and refs, prunes and compacts, then reads a struct of optional fields.

Both raise ``SchemaRejected`` where the release drops the tool.
"""
