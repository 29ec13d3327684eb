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
- 0.169.0's ``client_metadata`` object is a hash map too: its keys are sorted;
- 0.169.0's built-in OpenAI provider tags each input message with a
  ``create_time``, a number of seconds the release read off its clock: it is
  written as the text of that JSON number, so that the case can hold its
  form as a pattern (REQ-BUILTIN-1).

The headers the HTTP client adds by itself (``host``, ``content-length``) are
left out: they follow from the URL and the body.

A body sent compressed (``content-encoding: zstd``, a release logged in to
ChatGPT and talking to its built-in OpenAI provider) is read decompressed:
``body`` is the JSON the bytes decompress to, and ``body_encoding`` says how
it was sent: the coding and the first six bytes of the frame (magic number,
frame header descriptor, window descriptor), the part of the bytes that does
not depend on the body (spec/request.md, REQ-ZSTD-1).

A case may name the release's built-in OpenAI provider instead of a table
(``provider.builtin``) and a ChatGPT login (``auth.chatgpt``,
drive/chatgpt_login.py).  The provider's URL then goes where releases read
it: ``OPENAI_BASE_URL`` (0.25.0, 0.94.0) and the config key
``openai_base_url`` (0.169.0, which ignores the variable); both are set, so
no release is left pointed at the provider's real host.  The result is the
first request to the model endpoint: a built-in provider's release asks for
its model list, and 0.169.0 tries a WebSocket first (spec/request.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

import zstandard

from codex_conformance.mock_responses_server import RecordedRequest
from codex_workshop.drive import chatgpt_login
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
    # 0.94.0 and later: whether a logged-in release compresses its request bodies (REQ-ZSTD-1).
    "features.enable_request_compression",
    # The service tier asked for (REQ-TIER-1).
    "service_tier",
)
# `requires_openai_auth`: the provider takes the login of auth.json (REQ-AUTH-3).
_PROVIDER_KEYS = ("wire_api", "query_params", "http_headers", "env_http_headers", "requires_openai_auth")
# The built-in providers a case may name (`provider.builtin`), each with what the
# harness sets to point it at the mock ("{url}": the case's base_url with the mock's origin).
BUILTIN_PROVIDERS: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "openai": ({"OPENAI_BASE_URL": "{url}"}, {"openai_base_url": "{url}"}),
}
# The first bytes of a compressed body that say how it was compressed, not what.
FRAME_HEADER_BYTES = 6
_ENDPOINTS = ("/responses", "/chat/completions")
_ENCODING = "content-encoding"
PASSTHROUGH = "internal_chat_message_metadata_passthrough"
CREATE_TIME = "create_time"
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
    # A provider that takes the login reads no key unless the case names one (REQ-AUTH-3).
    if "env_key" in provider or provider.get("requires_openai_auth") is not True:
        table["env_key"] = provider.get("env_key", DEFAULT_ENV_KEY)
    else:
        table["env_key"] = None  # the harness's default key left out
    for key in _PROVIDER_KEYS:
        if provider.get(key) is not None:
            table[key] = provider[key]
    return table


def _builtin(provider: Mapping[str, Any]) -> str | None:
    name = provider.get("builtin")
    if name is None:
        return None
    if name not in BUILTIN_PROVIDERS:
        raise RequestArgsError(f"provider.builtin must be one of {sorted(BUILTIN_PROVIDERS)}, not {name!r}")
    others = sorted(set(provider) - {"builtin", "base_url"})
    if others:
        raise RequestArgsError(f"a built-in provider takes only base_url, not {others}")
    return str(name)


def _filled(table: Mapping[str, str], url: str) -> dict[str, str]:
    return {key: value.replace("{url}", url) for key, value in table.items()}


def run_request(version: str, args: Mapping[str, Any]) -> ExecRun:
    config: dict[str, Any] = dict(args.get("config") or {})
    unknown = sorted(set(config) - set(CONFIG_KEYS))
    if unknown:
        raise RequestArgsError(f"config keys this op does not set: {unknown}")
    provider = args["provider"]
    env = {str(k): str(v) for k, v in (args.get("env") or {}).items()}
    builtin = _builtin(provider)
    tokens = chatgpt_login.chatgpt_tokens(args.get("auth"))
    home_texts: Callable[[], dict[str, bytes]] | None = None
    mock_env: dict[str, str] = {}
    mock_config: dict[str, str] = {}
    if tokens is not None:
        if builtin is None and provider.get("requires_openai_auth") is not True:
            raise RequestArgsError(
                "a ChatGPT login (auth.chatgpt) needs provider.builtin"
                " or provider.requires_openai_auth = true"
            )
        home_texts = lambda: {"auth.json": chatgpt_login.auth_json(tokens)}  # noqa: E731 - stamped at start
        mock_config |= chatgpt_login.CHATGPT_CONFIG
        mock_env |= chatgpt_login.CHATGPT_ENV
    if builtin is not None:
        _, rest = split_base_url(str(provider["base_url"]))
        env_table, config_table = BUILTIN_PROVIDERS[builtin]
        mock_env |= _filled(env_table, "{origin}" + rest)
        mock_config |= _filled(config_table, "{origin}" + rest)
        # The case's own variables may not point the provider elsewhere (a real host).
        overridden = sorted(set(env) & set(mock_env))
        if overridden:
            raise RequestArgsError(f"env may not set what points the release at the mock: {overridden}")
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
        provider=None if builtin else _provider_table(provider),
        builtin_provider=builtin,
        mock_config=mock_config,
        env=env,
        mock_env=mock_env,
        home_texts=home_texts,
        files=files,
        home_files=home_files,
    )


# The headers a built-in provider takes from hash maps of its own (REQ-ORDER-1):
# the OpenAI provider's organization and project, from OPENAI_ORGANIZATION and OPENAI_PROJECT.
BUILTIN_MAP_HEADERS: dict[str, frozenset[str]] = {
    "openai": frozenset({"openai-organization", "openai-project"})
}


def _provider_header_names(provider: Mapping[str, Any]) -> set[str]:
    names: set[str] = set(BUILTIN_MAP_HEADERS.get(str(provider.get("builtin")), ()))
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


def passthrough_metadata(body: Any) -> list[dict[str, Any]]:
    """The metadata objects 0.169.0's built-in provider puts on its input messages."""
    items = body.get("input") if isinstance(body, dict) else None
    found = [item.get(PASSTHROUGH) for item in items or [] if isinstance(item, dict)]
    return [metadata for metadata in found if isinstance(metadata, dict)]


def _model_request(run: ExecRun) -> RecordedRequest | None:
    """The first POST to a model endpoint; else the first request (a custom provider's
    first request is its POST; a built-in one's release first asks for models)."""
    for request in run.requests:
        if request.method == "POST" and request.path.split("?")[0].rstrip("/").endswith(_ENDPOINTS):
            return request
    return run.requests[0] if run.requests else None


def decoded_body(request: RecordedRequest) -> tuple[Any, dict[str, str] | None]:
    """(the body as JSON, how it was encoded or None)."""
    encodings = [value.strip().lower() for name, value in request.headers if name.lower() == _ENCODING]
    if not encodings:
        return request.json_body(), None
    if encodings != ["zstd"]:
        raise CaptureError(f"a request body encoded as {encodings}: only zstd is read")
    try:
        raw = zstandard.ZstdDecompressor().decompressobj().decompress(request.body)
    except zstandard.ZstdError as exc:
        raise CaptureError(f"a body sent as zstd does not decompress: {exc}") from exc
    frame = {"content_encoding": "zstd", "frame_header": request.body[:FRAME_HEADER_BYTES].hex()}
    return json.loads(raw.decode("utf-8")), frame


def first_request(version: str, args: Mapping[str, Any], run: ExecRun) -> dict[str, Any]:
    """The neutral form of the first model request ``run`` recorded."""
    request = _model_request(run)
    if request is None:
        panic = run.panic_message()
        detail = panic if panic is not None else run.stderr[-1500:]
        raise CaptureError(f"release {version} sent no request (exit {run.returncode}): {detail}")
    provider = args["provider"]
    origin, _ = split_base_url(str(provider["base_url"]))
    body, encoding = decoded_body(request)
    if isinstance(body, dict) and isinstance(body.get("client_metadata"), dict):
        body["client_metadata"] = dict(sorted(body["client_metadata"].items()))
    for metadata in passthrough_metadata(body):
        if isinstance(metadata.get(CREATE_TIME), int | float):
            metadata[CREATE_TIME] = json.dumps(metadata[CREATE_TIME])
    result = {
        "method": request.method,
        "url": stable_url(origin, request.path, provider.get("query_params")),
        "headers": stable_headers(request.headers, _provider_header_names(provider)),
        "body": body,
    }
    if encoding is not None:
        result["body_encoding"] = encoding
    return result


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
