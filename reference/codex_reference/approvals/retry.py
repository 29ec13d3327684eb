"""When a command that failed in the sandbox makes the release ask to run it again without it.

Under approval policy ``on-failure`` a command runs in the sandbox first;
which failures the release blames on the sandbox (and so asks the client
``command failed; retry without sandbox?``) is one of these functions,
named in the edition's ``ApprovalRules``.  A run the release does not
blame on the sandbox is written back as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CommandRun", "after_any_failure", "after_sandbox_words"]

# The words (matched ignoring case) by which a failed run's output is taken
# for a sandbox denial (APPROVAL-RETRY-2: each captured on its own).
_SANDBOX_WORDS = (
    "operation not permitted",
    "permission denied",
    "read-only file system",
    "seccomp",
    "sandbox",
    "landlock",
    "failed to write file",
)


@dataclass(frozen=True)
class CommandRun:
    """What a command writes (stdout and stderr as they interleave), its exit code, and where it
    wrote (``stdout`` or ``stderr``: a run whose output went all to one stream)."""

    output: str
    exit_code: int
    stream: str = "stdout"

    def streams(self) -> tuple[str, str]:
        """(stdout, stderr) as the release captured them apart."""
        return ("", self.output) if self.stream == "stderr" else (self.output, "")


def after_any_failure(run: CommandRun) -> bool:
    """Every non-zero exit in the sandbox is blamed on it."""
    return run.exit_code != 0


def after_sandbox_words(run: CommandRun) -> bool:
    """A non-zero exit whose output names a sandbox denial, whatever the exit code."""
    text = run.output.lower()
    return run.exit_code != 0 and any(word in text for word in _SANDBOX_WORDS)
