import sys

from codex_workshop.capture.cli import main

sys.exit(main())
