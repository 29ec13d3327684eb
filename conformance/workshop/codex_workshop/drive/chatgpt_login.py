"""A ChatGPT login a release starts with: the ``auth.json`` it reads, and where its ChatGPT hosts are.

A case gives the tokens (``auth.chatgpt``: ``id_token``, ``access_token``,
``refresh_token``, ``account_id``), made up: the release decodes the JWTs'
claims without checking a signature.  The file is written when the run
starts, with ``last_refresh`` set to that moment, so that no release finds
its tokens stale and asks the auth server for new ones (a refresh the kit
would otherwise have to answer, and one that 0.25.0, which has no override of
the token URL, would send to a real host).

Every host a logged-in release talks to besides its model provider is
pointed at the run's mock server: the ChatGPT backend (``chatgpt_base_url``:
plugins, account checks, analytics) and the token endpoint
(``CODEX_REFRESH_TOKEN_URL_OVERRIDE``, read by 0.94.0 and later).  The mock
answers those with 404, which the releases take as "nothing there".
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from codex_workshop.drive.errors import RequestArgsError

TOKEN_FIELDS = ("id_token", "access_token", "refresh_token", "account_id")
# config.toml keys the harness sets for a logged-in run ("{origin}": the mock's).
CHATGPT_CONFIG = {"chatgpt_base_url": "{origin}/backend-api/"}
CHATGPT_ENV = {"CODEX_REFRESH_TOKEN_URL_OVERRIDE": "{origin}/oauth/token"}


def chatgpt_tokens(auth: Any) -> dict[str, str] | None:
    """The tokens of an ``auth`` arg (None: no login, the API key of the environment)."""
    if auth is None:
        return None
    if not isinstance(auth, Mapping) or set(auth) != {"chatgpt"} or not isinstance(auth["chatgpt"], Mapping):
        raise RequestArgsError('auth must be {"chatgpt": {...tokens}}')
    tokens = auth["chatgpt"]
    missing = [name for name in TOKEN_FIELDS if not isinstance(tokens.get(name), str)]
    unknown = sorted(set(tokens) - set(TOKEN_FIELDS))
    if missing or unknown:
        raise RequestArgsError(
            f"auth.chatgpt takes string fields {list(TOKEN_FIELDS)} (missing {missing}, unknown {unknown})"
        )
    return {name: str(tokens[name]) for name in TOKEN_FIELDS}


def auth_json(tokens: Mapping[str, str], now: datetime | None = None) -> bytes:
    """The ``auth.json`` of a ChatGPT login, refreshed ``now`` (default: this moment).

    ``auth_mode`` is read by 0.94.0 and later; 0.25.0 ignores the key and
    takes a file without an API key and with tokens as a ChatGPT login.
    """
    moment = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    document = {
        "auth_mode": "chatgpt",
        "OPENAI_API_KEY": None,
        "tokens": dict(tokens),
        "last_refresh": moment,
    }
    return json.dumps(document, indent=2).encode("utf-8")


# The made-up login every case uses: what the JWTs' claims carry, and until when.
_EXPIRES = 4102444800  # 2100-01-01: never stale, so no release asks for a refresh
_ISSUED = 1767225600  # 2026-01-01


def _segment(value: Mapping[str, Any]) -> str:
    text = json.dumps(value, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(text).rstrip(b"=").decode("ascii")


# The third part of each JWT: the release reads the claims and checks no signature.
# Shorter than the credential lint's JWT shape (codex_conformance.credentials), so a
# made-up token is never taken for a live one, nor redacted out of a golden.
_NO_SIGNATURE = "fake"


def _jwt(claims: Mapping[str, Any]) -> str:
    return f"{_segment({'alg': 'none', 'typ': 'JWT'})}.{_segment(claims)}.{_NO_SIGNATURE}"


def fake_tokens(account_id: str, plan_type: str, email: str) -> dict[str, str]:
    """Tokens for ``auth.chatgpt``: JWTs whose OpenAI claims name the account and plan."""
    openai = {
        "chatgpt_account_id": account_id,
        "chatgpt_plan_type": plan_type,
        "chatgpt_user_id": f"user-{account_id}",
        "user_id": f"user-{account_id}",
    }
    common = {"https://api.openai.com/auth": openai, "exp": _EXPIRES, "iat": _ISSUED}
    return {
        "id_token": _jwt({"email": email, **common}),
        "access_token": _jwt(common),
        "refresh_token": f"rt-{account_id}",
        "account_id": account_id,
    }
