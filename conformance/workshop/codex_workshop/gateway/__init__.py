"""Certifying gateways: real releases driven through a gateway or proxy under test (spec/gateway.md).

``model`` scripts the upstream's model turns, ``scenarios`` lists them per
edition, ``observe`` runs one through a release, ``verdicts`` compares a run
through the gateway with a direct one clause by clause, ``plug`` starts (or
reaches) the gateway, ``certify`` runs the plan, ``report`` renders it and
``cli`` is ``codex-conformance gateway``.  With ``--record``, ``record``
keeps the gateway's traffic: ``relay`` copies the bytes between the release
and the gateway, ``http_wire`` reads its replies back, ``sse_text`` finds
the items in their streams, and ``recording_file`` writes the recordings.
An engine beside capture and release: it drives releases (drive/) and
knows no area.
"""

__all__: list[str] = []
