"""Deliberately broken ports of ``safety.is_known_safe_command``, built from the reference.

Each swaps one field of an edition's safety rules for a realistic mistake
and names the clause whose cases must catch it.
"""

from __future__ import annotations

from codex_reference.editions import V0_25_0, V0_94_0, V0_169_0
from codex_workshop.broken import adapters, with_rules, with_rules_from

BROKEN = adapters(
    {
        "basename-in-0.25.0": (
            "SAFETY-PATH-1",
            "looks programs up by file name in 0.25.0 (/bin/ls is safe), as 0.169.0 does",
            with_rules_from(V0_25_0, "safety", by_file_name=V0_169_0),
        ),
        "git-read-only-in-0.169.0": (
            "SAFETY-GIT-1",
            "keeps 0.25.0's read-only git subcommands in 0.169.0",
            with_rules_from(V0_169_0, "safety", git_read_only=V0_25_0),
        ),
        "bash-c-in-0.25.0": (
            "SAFETY-SHELL-1",
            "looks into `bash -c` scripts in 0.25.0, which reads only `-lc`",
            with_rules(V0_25_0, "safety", shell_flags=frozenset({"-lc", "-c"})),
        ),
        "no-zsh-in-0.94.0": (
            "SAFETY-SHELL-1",
            "looks into `bash` and `sh` scripts in 0.94.0 but not `zsh` ones",
            with_rules(V0_94_0, "safety", shells=frozenset({"bash", "sh"})),
        ),
        "no-git-in-0.94.0": (
            "SAFETY-GIT-1",
            "takes 0.169.0's git rules (no git at all) for 0.94.0, which keeps 0.25.0's",
            with_rules_from(V0_94_0, "safety", git_read_only=V0_169_0),
        ),
        "no-cargo-check-in-0.94.0": (
            "SAFETY-CARGO-1",
            "asks for `cargo check` in 0.94.0 as 0.169.0 does",
            with_rules_from(V0_94_0, "safety", cargo_check=V0_169_0),
        ),
        "empty-script-unsafe-in-0.94.0": (
            "SAFETY-SHELL-1",
            "asks for a script of no command in 0.94.0, which runs `sh -c ''` at once",
            with_rules(V0_94_0, "safety", empty_script_safe=False),
        ),
    }
)
