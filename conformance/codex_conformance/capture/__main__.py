import sys

from codex_conformance.capture.cli import main

sys.exit(main())
