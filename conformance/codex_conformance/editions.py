"""The editions the kit knows: real Codex CLI releases, named by version, and how to drive each.

Editions are data.  Each entry says how the harness fetches and runs that
release and what the release lets a harness observe; behaviour lives in
fixtures (captured) and in the reference model's own per-edition tables,
never here.  Each table after the first is derived from the one before it
with ``replace()``, so the differences between two releases read as a list.

This module and the fixtures are the only places in the kit that name a
version (``conformance/workshop/tests/test_layout.py`` checks it): an area says which
``feature`` it needs, and an edition lists the features its release has.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

# Features an area may need (``Area.feature``); an edition lists those its release has.
CHAT_WIRE = "chat-wire"  # `wire_api = "chat"` is accepted (spec/chat.md)
APP_SERVER_DYNAMIC_TOOLS = "app-server-dynamic-tools"  # `codex app-server` with dynamicTools
CLOUD_SKILLS = "cloud-skills"  # `codex app-server --cloud-skills-snapshot`
V1_CONVERSATION = "v1-conversation"  # newConversation and approval requests (Edition.v1_conversation_through)
# A client answers the release's exec and patch approvals (Edition.approvals_through, spec/approvals.md).
APPROVAL_REQUESTS = "approval-requests"
FILE_TOOLS = (
    "file-tools"  # read_file, list_dir and grep_files offered to test-gpt-5* models (spec/host_tools.md)
)
FEATURES = frozenset(
    {CHAT_WIRE, APP_SERVER_DYNAMIC_TOOLS, CLOUD_SKILLS, V1_CONVERSATION, FILE_TOOLS, APPROVAL_REQUESTS}
)


@dataclass(frozen=True)
class Edition:
    version: str
    summary: str
    # The npm package spec whose tarball carries the linux x86_64 binary, and
    # the binary's path inside the unpacked tarball.
    package_spec: str
    binary_path: str
    # The tarball's digest, as npm's ``dist.integrity`` has it (``npm view
    # <package_spec> dist.integrity``): a fetched tarball that does not match
    # is refused, and an unpacked copy is used only if it came from one that did.
    tarball_sha512: str
    # The model slug used for captures.  0.169.0's default model runs in code
    # mode and defers MCP tools out of the `tools` array; a slug without model
    # metadata gets the release's fallback model family, which sends them.
    capture_model: str
    # The command tool the capture model is offered, and the arguments of a
    # call to it that runs `true` (a harmless call that makes the release send
    # a follow-up request).
    command_tool: str
    harmless_call_arguments: dict[str, object]
    # How a scripted model calls tool T of MCP server S: "flat" names the
    # function `S__T`, "prefixed" the function `mcp__S__T`; "namespaced" names
    # the bare tool in namespace `mcp__S` (a flat name is then an unsupported call).
    mcp_call_naming: Literal["flat", "prefixed", "namespaced"]
    # How tools.build reaches a configuration: "codex-mcp" through `codex mcp`
    # newConversation (`codex exec` forces approval `never` there), "exec"
    # through `codex exec -c`.
    configured_through: Literal["codex-mcp", "exec"]
    # The subcommand serving the v1 conversation API (newConversation, with
    # execCommandApproval and applyPatchApproval requests to its client):
    # the safety area's classification is observed through it, and the
    # approvals area's outcomes where approvals_through says so.  None where
    # the release has none.
    v1_conversation_through: Literal["mcp", "app-server"] | None
    # Where the approvals area asks its approvals: "v1-conversation" in the
    # conversation above (execCommandApproval, applyPatchApproval);
    # "app-server-v2" in `codex app-server` threads (item/commandExecution/
    # requestApproval, item/fileChange/requestApproval, answered accept,
    # acceptForSession, decline or cancel).  None where it is not observed.
    approvals_through: Literal["v1-conversation", "app-server-v2"] | None
    # Features some areas need (see FEATURES).
    features: frozenset[str]
    # How a harness makes the release continue a given history (chat.request):
    # "experimental-resume" names a rollout file of bare item lines in
    # config.toml; "exec-resume" writes a session rollout (a session_meta line,
    # then response_item lines) under CODEX_HOME/sessions and runs
    # `codex exec resume <id>` (the release ignores `experimental_resume`);
    # "experimental-resume-typed" names a rollout of the session's lines
    # (session_meta, response_item) in config.toml: releases 0.29.0-0.93.0 read
    # it there, and 0.34.0 reads no other.
    resumes_through: Literal["experimental-resume", "experimental-resume-typed", "exec-resume"]
    # Tool name -> the config.toml key (set to true) that adds the tool under
    # `codex exec`: chat.request picks a run's configuration from the tools it is given.
    tool_config_keys: tuple[tuple[str, str], ...]
    # The tarball's directory of helper programs (ripgrep) that the npm
    # launcher, bin/codex.js, puts first on PATH; None where it has none.
    helper_path_dir: str | None = None
    # The model a scripted apply_patch call is sent under, per call form:
    # "custom" (freeform) and "function" (JSON `{"input": ...}`).  A release
    # dispatches the call only where the model's tool list has apply_patch
    # (spec/tools.md, TOOLS-AP-*); a form missing here has no model that gets it.
    apply_patch_models: tuple[tuple[Literal["custom", "function"], str], ...] = ()
    # A model the release defers MCP tools for, behind the `tool_search` tool
    # (spec/mcp.md MCP-DEFER-1): the gateway's tool_search scenario runs under it.
    # None where no model defers them.
    deferring_model: str | None = None
    # The release sends zstd-compressed bodies under a ChatGPT login on its built-in
    # OpenAI provider (spec/request.md REQ-ZSTD-1): the gateway's compressed-body scenario.
    compresses_login_body: bool = False
    # A model the release sends Responses-Lite requests for (spec/request.md REQ-LITE-1):
    # the gateway's lite-model scenario runs under it.  None where no model is Lite.
    lite_model: str | None = None
    # The config keys (dotted, each set to true) that, with the provider's `supports_websockets`,
    # make the release talk Responses over a WebSocket (spec/transport.md, TRANSPORT-WHEN-1): the
    # gateway's websocket-fallback scenario runs under them.  None: no WebSocket transport.
    websocket_config: tuple[str, ...] | None = None
    # The areas captured from this release so far; None: every area its
    # features allow.  An edition is added area by area (each with its
    # captures, reference tables and a green CI), and an area outside this set
    # has no cases, no release ops and no recapture for the edition yet.
    captured_areas: frozenset[str] | None = None
    # The release cache unpacks only the files under this platform directory
    # (and the package manifest); None: the whole tarball.  The timeline's
    # releases keep only linux x86_64 (drive/cache.py).
    cache_keeps: str | None = None

    def __post_init__(self) -> None:
        # The feature says an area exists; the field says how to reach it.  They must agree.
        if (V1_CONVERSATION in self.features) != (self.v1_conversation_through is not None):
            raise ValueError(f"{self.version}: the {V1_CONVERSATION} feature needs v1_conversation_through")
        if (APPROVAL_REQUESTS in self.features) != (self.approvals_through is not None):
            raise ValueError(f"{self.version}: the {APPROVAL_REQUESTS} feature needs approvals_through")
        if self.approvals_through == "v1-conversation" and self.v1_conversation_through is None:
            raise ValueError(f"{self.version}: approvals through the v1 conversation need one")

    def has(self, feature: str | None) -> bool:
        return feature is None or feature in self.features

    def has_area(self, area: str, feature: str | None) -> bool:
        """Whether the area (needing ``feature``) exists in this edition and has been captured."""
        return self.has(feature) and (self.captured_areas is None or area in self.captured_areas)


V0_25_0 = Edition(
    version="0.25.0",
    summary="server__tool MCP names with sha1 truncation to 64 bytes, typed schema subset, "
    "JSON exec output, Chat Completions beside Responses",
    package_spec="@openai/codex@0.25.0",
    binary_path="package/bin/codex-x86_64-unknown-linux-musl",
    tarball_sha512="sha512-YAeKOQNdmMz/CPnj0dtbprFGlvkwGbKjd7aEMfbdhrrkwEx0qNwb5pr82ID+9Y77X19AixmZcAA3qa0vPmWaXQ==",
    capture_model="gpt-5",
    command_tool="shell",
    harmless_call_arguments={"command": ["bash", "-c", "true"]},
    mcp_call_naming="flat",
    configured_through="codex-mcp",
    v1_conversation_through="mcp",
    approvals_through="v1-conversation",
    features=frozenset({CHAT_WIRE, V1_CONVERSATION, APPROVAL_REQUESTS}),
    resumes_through="experimental-resume",
    # include_plan_tool and include_apply_patch_tool are ignored by `codex exec`;
    # apply_patch comes with the model instead.
    tool_config_keys=(
        ("exec_command", "experimental_use_exec_command_tool"),
        ("web_search", "tools.web_search"),
    ),
    apply_patch_models=(("custom", "gpt-5"), ("function", "gpt-oss-120b")),
)

V0_94_0 = replace(
    V0_25_0,
    version="0.94.0",
    summary="the handler era: shell_command and the file tools for test-gpt-5* models, "
    "mcp__server__tool names, the last release with the Chat Completions wire",
    package_spec="@openai/codex@0.94.0",
    binary_path="package/vendor/x86_64-unknown-linux-musl/codex/codex",
    tarball_sha512="sha512-GKOU2ty3NXls2aeiFSCnSSB6zQBtENqC5OnPa8s79Z576YP1r2DIfUrhQZzVDKmFei852E1SG4TNljFL/081gg==",
    configured_through="exec",
    mcp_call_naming="prefixed",
    # `codex mcp` manages MCP servers now; the v1 conversation moved to app-server.
    v1_conversation_through="app-server",
    resumes_through="exec-resume",
    # web_search is sent by default; no chat scenario configures another tool.
    tool_config_keys=(),
    # 0.25.0's features, the file tools, and dynamicTools in thread/start
    # (flat tools only: spec/dynamic.md).
    features=V0_25_0.features | frozenset({FILE_TOOLS, APP_SERVER_DYNAMIC_TOOLS}),
    helper_path_dir="package/vendor/x86_64-unknown-linux-musl/path",
    apply_patch_models=(("custom", "gpt-5-codex"), ("function", "gpt-oss-20b")),
    compresses_login_body=True,
    # The WebSocket is an under-development feature here (spec/transport.md).
    websocket_config=("features.responses_websockets",),
    # Every area its features allow is captured (skills needs `--cloud-skills-snapshot`,
    # which 0.94.0's app-server refuses: "unexpected argument").
    captured_areas=None,
)

V0_169_0 = replace(
    V0_94_0,
    version="0.169.0",
    summary="MCP tools grouped in namespace tools, richer schema sanitizer, plain-text exec output",
    package_spec="@openai/codex@0.169.0-linux-x64",
    binary_path="package/vendor/x86_64-unknown-linux-musl/bin/codex",
    tarball_sha512="sha512-o05NyAOCDygSPRo1yinzxvkRSdmsZyBD9E7mbpmjRanSfM8lypqWtQgEo4XfNkwhuCR2aFu8mlGOsQGFXVbVww==",
    command_tool="exec_command",
    harmless_call_arguments={"cmd": "true"},
    mcp_call_naming="namespaced",
    configured_through="exec",
    # No v1 conversation; under app-server v2 it asks before every command (E-SAFETY-1).
    v1_conversation_through=None,
    # Approvals are asked in app-server v2 threads (spec/approvals.md).
    approvals_through="app-server-v2",
    features=frozenset({APP_SERVER_DYNAMIC_TOOLS, CLOUD_SKILLS, APPROVAL_REQUESTS}),
    helper_path_dir="package/vendor/x86_64-unknown-linux-musl/codex-path",
    # Only freeform: gpt-5-codex gets no apply_patch any more ("unsupported custom tool call").
    apply_patch_models=(("custom", "gpt-5.5"),),
    deferring_model="gpt-5.5",
    lite_model="gpt-5.6-sol",
    # The provider's supports_websockets alone turns the WebSocket on.
    websocket_config=(),
    captured_areas=None,
)

# Derived from 0.169.0's table by `codex-conformance edition add 0.171.0`.
V0_171_0 = replace(
    V0_169_0,
    version="0.171.0",
    summary="0.169.0's wire with `accept-encoding: zstd,gzip`, new exec_command and spawn_agent texts, "
    "repeated PNG rows filtered Up",
    package_spec="@openai/codex@0.171.0-linux-x64",
    tarball_sha512="sha512-l66NZkQgdk2C3pbcfULDz42yEUB581MVA6I+Y43Wp4OIqEy73HCdmZ0GTjeAHY2ycuH4N00d9VsLrwT1jxshTw==",
)

# Release order: reports and exported bundles list editions in this order.
EDITIONS: dict[str, Edition] = {
    edition.version: edition for edition in (V0_25_0, V0_94_0, V0_169_0, V0_171_0)
}


# The timeline (spec/timeline.md) drives every stable release, not only the
# editions.  A release is driven like the table of the last range below that
# starts at or before it; the table is the edition's, derived with replace()
# where releases between editions are driven differently.  The package spec
# and its digest are per release and come from the timeline's data
# (fixtures/timeline/releases.json, npm's dist.integrity), never from here.
LINUX_X64 = "x86_64-unknown-linux-musl"
_DRIVEN_LIKE_0_25_0 = replace(V0_25_0, cache_keeps=LINUX_X64)
# The binary moved into vendor/ beside its ripgrep.
_VENDOR_TREE = replace(
    _DRIVEN_LIKE_0_25_0, binary_path=V0_94_0.binary_path, helper_path_dir=V0_94_0.helper_path_dir
)
_EXEC_CONFIGURED_VENDOR_TREE = replace(
    _VENDOR_TREE, configured_through="exec", resumes_through="experimental-resume-typed"
)
_DRIVEN_LIKE_0_94_0 = replace(V0_94_0, cache_keeps=LINUX_X64)
# The binary moved to vendor/<platform>/bin/, its ripgrep to codex-path/.
_BIN_TREE = replace(
    _DRIVEN_LIKE_0_94_0, binary_path=V0_169_0.binary_path, helper_path_dir=V0_169_0.helper_path_dir
)
_DRIVEN_LIKE_0_169_0 = replace(V0_169_0, cache_keeps=LINUX_X64)
RELEASE_DRIVING: tuple[tuple[str, Edition], ...] = (
    # `codex mcp` of these releases never answers newConversation: configurations go through exec.
    ("0.8.0", replace(_DRIVEN_LIKE_0_25_0, configured_through="exec")),
    ("0.22.0", _DRIVEN_LIKE_0_25_0),
    # The rollout `experimental_resume` names holds typed lines (0.34.0 reads no bare ones).
    ("0.29.0", replace(_DRIVEN_LIKE_0_25_0, resumes_through="experimental-resume-typed")),
    ("0.42.0", replace(_VENDOR_TREE, resumes_through="experimental-resume-typed")),
    # `codex mcp` manages MCP servers from here on (it closes its output): configurations go through exec.
    ("0.44.0", _EXEC_CONFIGURED_VENDOR_TREE),
    # web_search is sent by default: no chat scenario configures another tool (as in 0.94.0).
    ("0.92.0", replace(_EXEC_CONFIGURED_VENDOR_TREE, tool_config_keys=V0_94_0.tool_config_keys)),
    ("0.94.0", _DRIVEN_LIKE_0_94_0),
    ("0.133.0", _BIN_TREE),
    ("0.169.0", _DRIVEN_LIKE_0_169_0),
)
# Releases registered by the timeline for this process (register_release).
_RELEASES: dict[str, Edition] = {}


def version_key(version: str) -> tuple[int, ...]:
    """A stable release's version as numbers, for ordering: "0.142.1" -> (0, 142, 1)."""
    try:
        return tuple(int(part) for part in version.split("."))
    except ValueError:
        raise ValueError(f"not a stable release version: {version!r}") from None


def driven_like(version: str) -> Edition | None:
    """The table a stable release is driven like; None before the oldest range the harness drives."""
    found = None
    for first, table in RELEASE_DRIVING:
        if version_key(first) <= version_key(version):
            found = table
    return found


def release_edition(version: str, package_spec: str, tarball_sha512: str) -> Edition:
    """How to drive a stable release: its range's table with its own package, binary and digest."""
    table = driven_like(version)
    if table is None:
        raise UnknownEditionError(version)
    return replace(
        table,
        version=version,
        summary=f"stable release {version}, driven like {table.version}",
        package_spec=package_spec,
        tarball_sha512=tarball_sha512,
    )


def register_release(edition: Edition) -> None:
    """Make a stable release known to get_edition for this process (the timeline's runs)."""
    if edition.version not in EDITIONS:
        _RELEASES[edition.version] = edition


class UnknownEditionError(ValueError):
    def __init__(self, version: str) -> None:
        known = ", ".join(EDITIONS)
        super().__init__(f"unknown edition {version!r}; known editions: {known}")
        self.version = version


def get_edition(version: str) -> Edition:
    found = EDITIONS.get(version) or _RELEASES.get(version)
    if found is None:
        raise UnknownEditionError(version)
    return found


def editions_of_area(area: str, feature: str | None) -> list[str]:
    """The versions in which the area (needing ``feature``) exists and has been captured, oldest first."""
    return [version for version, edition in EDITIONS.items() if edition.has_area(area, feature)]


__all__ = [
    "APP_SERVER_DYNAMIC_TOOLS",
    "CHAT_WIRE",
    "CLOUD_SKILLS",
    "EDITIONS",
    "FEATURES",
    "FILE_TOOLS",
    "V0_25_0",
    "V0_94_0",
    "V0_169_0",
    "Edition",
    "UnknownEditionError",
    "editions_of_area",
    "get_edition",
]
