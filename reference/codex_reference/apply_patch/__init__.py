"""apply_patch: the grammar, parser, matcher and applier of the release's patch command.

``ops.apply`` and ``ops.parse`` are the adapter ops; ``rules.APPLY_PATCH_0_25_0`` and
``rules.APPLY_PATCH_0_169_0`` are the per-edition tables they run on.
"""
