"""apply_patch: the grammar, parser, matcher and applier of the release's patch command.

``ops.apply`` and ``ops.parse`` are the adapter ops; ``rules.CLASSIC`` and
``rules.CURRENT`` are the per-edition tables they run on.
"""
