"""How the kit talks to an implementation: one interface, two transports.

DESIGN.md sketches three connections (in process, subprocess, real
release).  The real-release adapter is only a Python handler that drives a
release binary, so it sits behind ``InProcessConnection`` like any other
Python adapter; a third class would duplicate the in-process one line for
line.  Fakes in the tests are Python handlers too.
"""

from codex_conformance.connection.base import Connection, Handler
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.connection.limits import DEFAULT_LIMITS, Limits
from codex_conformance.connection.subprocess import SubprocessConnection

__all__ = ["DEFAULT_LIMITS", "Connection", "Handler", "InProcessConnection", "Limits", "SubprocessConnection"]
