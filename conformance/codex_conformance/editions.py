"""The editions the kit knows: real Codex CLI releases, named by version.

Editions are data.  Each entry says how the capture harness runs that
release; behaviour lives in fixtures (captured) and in the reference model's
own per-edition tables, never here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Edition:
    version: str
    era: str
    summary: str
    # The npm package spec whose tarball carries the linux x86_64 binary, and
    # the binary's path inside the unpacked tarball.
    package_spec: str
    binary_path: str
    # The model slug used for captures.  0.169.0's default model runs in code
    # mode and defers MCP tools out of the `tools` array; a slug without model
    # metadata gets the release's fallback model family, which sends them.
    capture_model: str


EDITIONS: dict[str, Edition] = {
    edition.version: edition
    for edition in (
        Edition(
            version="0.25.0",
            era="classic",
            summary="server__tool MCP names with sha1 truncation to 64 bytes, typed schema subset, "
            "JSON exec output, Chat Completions beside Responses",
            package_spec="@openai/codex@0.25.0",
            binary_path="package/bin/codex-x86_64-unknown-linux-musl",
            capture_model="gpt-5",
        ),
        Edition(
            version="0.169.0",
            era="current",
            summary="MCP tools grouped in namespace tools, richer schema sanitizer, plain-text exec output",
            package_spec="@openai/codex@0.169.0-linux-x64",
            binary_path="package/vendor/x86_64-unknown-linux-musl/bin/codex",
            capture_model="gpt-5",
        ),
    )
}


class UnknownEditionError(ValueError):
    def __init__(self, version: str) -> None:
        known = ", ".join(EDITIONS)
        super().__init__(f"unknown edition {version!r}; known editions: {known}")
        self.version = version


def get_edition(version: str) -> Edition:
    try:
        return EDITIONS[version]
    except KeyError:
        raise UnknownEditionError(version) from None
