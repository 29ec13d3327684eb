"""``codex-conformance explore``: find the rules nobody wrote down.

Generated inputs go through a real release and through the reference model
(``run``); their disagreements are grouped by what differs (``signature``),
one input per group is shrunk against the release (``shrink``), and the
shrunk inputs are written as capture scenarios of the area (``write``).
"""
