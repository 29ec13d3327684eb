"""The static results site (``codex-conformance site``): reports in, plain HTML pages out.

``sources`` reads the reports (a port's run report, a gateway's), ``judging``
makes the cells (pass counts and readiness verdicts), ``data`` gathers them
with the failures only one implementation has, ``history`` keeps one entry
per report version, ``html`` and ``pages`` render, ``build`` writes the site
and ``command`` is the subcommand (imported by the CLI, so nothing is imported here).
"""
