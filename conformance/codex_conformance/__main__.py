"""``python -m codex_conformance`` is the ``codex-conformance`` command."""

from codex_conformance.cli import main

raise SystemExit(main())
