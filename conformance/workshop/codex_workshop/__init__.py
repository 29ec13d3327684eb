"""The workshop: what makes and checks the kit's goldens.

It drives real releases (``drive``), captures their answers into
``fixtures/`` (``capture``), answers the kit's ops by running a release
(``release``: ``--impl=release:V``), explores inputs against them
(``explore``), keeps the wire timeline (``timeline``), certifies gateways
(``gateway``) and holds each area's capture, release, explore and broken
parts (``areas``).  It imports the kit (``codex_conformance``) and the
reference; neither imports it (conformance/tests/test_package_walls.py).
"""
