"""The first request a release sends for a configuration, in the neutral form of ``request.build``.

The release is run once (``codex exec``) with a config.toml written from the
args: the model, the reasoning and verbosity options, and a provider table
whose ``base_url`` keeps the args' path but has the loopback mock server's
origin.  The mock records the first request; the result is that request:
method, URL (with the args' origin put back), headers in the order sent and
the parsed body.

Two things the release does not fix are put in a stable form here, and
spec/request.md says so (REQ-ORDER-1):

- the provider's own headers (``http_headers``, ``env_http_headers``) and
  query parameters come from hash maps, so their order changes from run to
  run: within the positions they occupy they are sorted by name (stably, so
  two headers of one name keep the order they were sent in), and query
  pieces are sorted when there is more than one parameter;
- 0.169.0's ``client_metadata`` object is a hash map too: its keys are sorted.

The headers the HTTP client adds by itself (``host``, ``content-length``) are
left out: they follow from the URL and the body.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError, RequestArgsError
from codex_workshop.drive.exec_run import ExecRun, run_exec

DEFAULT_PROMPT = "hi"
DEFAULT_ENV_KEY = "CODEX_CONFORMANCE_MOCK_KEY"
_CLIENT_HEADERS = ("host", "content-length")
# Config keys a case may set at the top level of config.toml.
CONFIG_KEYS = (
    "model_reasoning_effort",
    "model_reasoning_summary",
    "model_verbosity",
    "model_supports_reasoning_summaries",
    "disable_response_storage",
)
_PROVIDER_KEYS = ("wire_api", "query_params", "http_headers", "env_http_headers")
# Where the args `agents_md` and `instructions_file` are written: CODEX_HOME/AGENTS.md,
# and a file in the working directory that config.toml names by a relative path.
AGENTS_MD = "AGENTS.md"
INSTRUCTIONS_FILE = "instructions.md"


def split_base_url(base_url: str) -> tuple[str, str]:
    """(origin, rest): ``http://host:port`` and everything after it."""
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise RequestArgsError(f"base_url must be an absolute http(s) URL, not {base_url!r}")
    origin = f"{parts.scheme}://{parts.netloc}"
    return origin, base_url[len(origin) :]


def _provider_table(provider: Mapping[str, Any]) -> dict[str, Any]:
    _, rest = split_base_url(str(provider["base_url"]))
    table: dict[str, Any] = {"base_url": "{origin}" + rest}
    table["env_key"] = provider.get("env_key", DEFAULT_ENV_KEY)
    for key in _PROVIDER_KEYS:
        if provider.get(key) is not None:
            table[key] = provider[key]
    return table


def run_request(version: str, args: Mapping[str, Any]) -> ExecRun:
    config = dict(args.get("config") or {})
    unknown = sorted(set(config) - set(CONFIG_KEYS))
    if unknown:
        raise RequestArgsError(f"config keys this op does not set: {unknown}")
    home_files: dict[str, bytes] = {}
    files: dict[str, bytes] = {}
    for key, written, path in (
        ("agents_md", home_files, AGENTS_MD),
        ("instructions_file", files, INSTRUCTIONS_FILE),
    ):
        text = args.get(key)
        if text is None:
            continue
        if not isinstance(text, str):
            raise RequestArgsError(f"`{key}` must be a string")
        written[path] = text.encode("utf-8")
    if files:
        config["experimental_instructions_file"] = INSTRUCTIONS_FILE
    return run_exec(
        release_binary(version),
        model=str(args["model"]),
        servers=[],
        prompt=str(args.get("prompt", DEFAULT_PROMPT)),
        extra=config,
        provider=_provider_table(args["provider"]),
        env={str(k): str(v) for k, v in (args.get("env") or {}).items()},
        files=files,
        home_files=home_files,
    )


def _provider_header_names(provider: Mapping[str, Any]) -> set[str]:
    names: set[str] = set()
    for key in ("http_headers", "env_http_headers"):
        names.update(name.lower() for name in (provider.get(key) or {}))
    return names


def stable_headers(headers: list[tuple[str, str]], provider_names: set[str]) -> list[list[str]]:
    """Headers as sent, with the provider's own ones sorted by name in the places they hold."""
    kept = [[name.lower(), value] for name, value in headers if name.lower() not in _CLIENT_HEADERS]
    places = [index for index, (name, _) in enumerate(kept) if name in provider_names]
    ordered = sorted((kept[index] for index in places), key=lambda header: header[0])
    for index, header in zip(places, ordered, strict=True):
        kept[index] = header
    return kept


def stable_url(origin: str, path: str, query_params: Mapping[str, Any] | None) -> str:
    route, separator, query = path.partition("?")
    if separator and query_params and len(query_params) > 1:
        query = "&".join(sorted(query.split("&")))
    return origin + route + separator + query


def first_request(version: str, args: Mapping[str, Any], run: ExecRun) -> dict[str, Any]:
    """The neutral form of the first request ``run`` recorded."""
    if not run.requests:
        panic = run.panic_message()
        detail = panic if panic is not None else run.stderr[-1500:]
        raise CaptureError(f"release {version} sent no request (exit {run.returncode}): {detail}")
    provider = args["provider"]
    origin, _ = split_base_url(str(provider["base_url"]))
    request = run.requests[0]
    body = request.json_body()
    if isinstance(body, dict) and isinstance(body.get("client_metadata"), dict):
        body["client_metadata"] = dict(sorted(body["client_metadata"].items()))
    return {
        "method": request.method,
        "url": stable_url(origin, request.path, provider.get("query_params")),
        "headers": stable_headers(request.headers, _provider_header_names(provider)),
        "body": body,
    }


# A provider's `env_key` naming a variable that is unset or blank: the turn
# fails before any request.  0.25.0 prints the line on stdout after a
# timestamp, later releases on stderr.
_MISSING_KEY = re.compile(r"ERROR: (Missing environment variable: `[^`]*`\.)$")
# "<CODEX_HOME>/config.toml:7:12: <error>": the line after a bare "Error loading config.toml:".
_LOCATED_ERROR = re.compile(r"^\S*config\.toml:\d+:\d+: (.+)$")


def config_error(run: ExecRun) -> str | None:
    """The release's own config error text, when it refused to start (or, for a missing
    API key, to send its first request)."""
    marker = "Error loading config.toml: "
    lines = run.stderr.splitlines()
    for index, line in enumerate(lines):
        if line.startswith(marker):
            return line[len(marker) :]
        if line == marker.rstrip() and index + 1 < len(lines):
            # Some releases put the error on the next line, after the file's path and position,
            # and may print a PATH warning first (spec/timeline.md, the Chat wire finding).
            located = _LOCATED_ERROR.match(lines[index + 1])
            return located.group(1) if located else lines[index + 1]
    for line in [*run.stderr.splitlines(), *run.stdout.splitlines()]:
        missing = _MISSING_KEY.search(line)
        if missing is not None:
            return missing.group(1)
    return None
