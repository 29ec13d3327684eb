"""Who sends the request: a provider table, or the built-in OpenAI provider with an API key or a
ChatGPT login (spec/request.md, REQ-BUILTIN-1, REQ-AUTH-2, REQ-ZSTD-1)."""

from __future__ import annotations

from dataclasses import dataclass

from codex_reference.args import mapping, optional_string, string
from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON
from codex_reference.request.parts import bearer
from codex_reference.request.rules import RequestRules

# REQ-ZSTD-1: the first bytes of every compressed body the releases send (magic
# number; a frame header without content size or checksum; a 2 MiB window), as
# the release's zstd encoder writes them at level 3 when streaming.
ZSTD_FRAME_HEADER = "28b52ffd0058"
_COMPRESSION_FEATURE = "features.enable_request_compression"
_BUILTINS = ("openai",)
# REQ-AUTH-4: the built-in OpenAI provider's headers from the environment (a hash map: REQ-ORDER-1).
_ORGANIZATION_HEADERS = (("OpenAI-Organization", "OPENAI_ORGANIZATION"), ("OpenAI-Project", "OPENAI_PROJECT"))


@dataclass(frozen=True)
class Identity:
    # The provider as a table (a built-in one with the headers it adds).
    provider: dict[str, JSON]
    # The authorization value, or None where the release sends none.
    authorization: str | None
    builtin: bool
    # A ChatGPT login's account id (None: no login).
    account_id: str | None
    # REQ-ZSTD-1: the body is sent zstd-compressed.
    compressed: bool
    # REQ-AUTH-2: a login on the built-in provider (routing hint, its own tool set); a
    # login on a custom provider that requires OpenAI auth sends neither (REQ-AUTH-3).
    builtin_login: bool = False


def _tokens(args: dict[str, JSON]) -> dict[str, JSON] | None:
    auth = args.get("auth")
    if auth is None:
        return None
    login = mapping(mapping(auth, "auth").get("chatgpt"), "auth.chatgpt")
    for field in ("access_token", "account_id"):
        string(login, field, f"auth.chatgpt.{field}")
    return login


def identity(rules: RequestRules, version: str, args: dict[str, JSON], env: dict[str, str]) -> Identity:
    provider, config = args["provider"], args["config"]
    name = optional_string(provider, "builtin", "provider.builtin")
    login = _tokens(args)
    if name is None:
        takes_login = provider.get("requires_openai_auth") is True
        if login is not None and not takes_login:
            raise InvalidArgs(
                "a ChatGPT login (auth.chatgpt) needs provider.builtin"
                " or provider.requires_openai_auth = true"
            )
        if login is not None and provider.get("env_key") is None:
            # REQ-AUTH-3: the login's token and account, on the provider's URL, uncompressed.
            return Identity(
                provider, f"Bearer {login['access_token']}", False, str(login["account_id"]), False
            )
        return Identity(provider, bearer(provider, env), False, None, False)
    if name not in _BUILTINS:
        raise InvalidArgs(f"provider.builtin must be one of {list(_BUILTINS)}")
    # REQ-BUILTIN-1: the built-in provider sends the release's version as a header of its own;
    # REQ-AUTH-4: and the organization and project of the environment, from a hash map.
    table: dict[str, JSON] = {
        "base_url": provider["base_url"],
        "http_headers": {"version": version},
        "env_http_headers": dict(_ORGANIZATION_HEADERS),
    }
    if login is not None:
        compressed = rules.compresses_login_body and config.get(_COMPRESSION_FEATURE) is not False
        account_id = str(login["account_id"])
        return Identity(table, f"Bearer {login['access_token']}", True, account_id, compressed, True)
    variable = rules.builtin_key_variable
    key = env.get(variable) if variable is not None else None
    return Identity(table, f"Bearer {key}" if key else None, True, None, False)


def authorization(who: Identity, own: list[list[str]]) -> list[list[str]]:
    """The authorization header, unless none is sent or the provider's own takes its place (REQ-HDR-4)."""
    if who.authorization is None or any(name == "authorization" for name, _ in own):
        return []
    return [["authorization", who.authorization]]


def account(who: Identity) -> list[list[str]]:
    """REQ-AUTH-2: a ChatGPT login names its account in a header of its own."""
    return [] if who.account_id is None else [["chatgpt-account-id", who.account_id]]


def encoding(who: Identity) -> list[list[str]]:
    """REQ-ZSTD-1: the header of a compressed body."""
    return [["content-encoding", "zstd"]] if who.compressed else []


def body_encoding(who: Identity) -> dict[str, JSON] | None:
    """REQ-ZSTD-1: how the body went, beside the body it decompresses to."""
    if not who.compressed:
        return None
    return {"content_encoding": "zstd", "frame_header": ZSTD_FRAME_HEADER}


def hash_map_headers(who: Identity, own: list[list[str]]) -> list[list[str]]:
    """The provider's headers that come from hash maps (REQ-ORDER-1): a built-in provider's
    `version` header has a fixed place and is left out."""
    return [header for header in own if not (who.builtin and header[0] == "version")]
