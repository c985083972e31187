"""Who is asking: signed sign-in tokens, revocable; the session cookie; CSRF tokens for forms.

A token is `itsdangerous`'s signature over (name, generation) with the
course's secret (FOLDER/secret.key, 0600, made by `grade serve init`). It is
the same every time `grade serve tokens` prints it, until it is revoked:
`grade serve tokens DIR --revoke alice` bumps alice's generation in the
database, and every token and cookie of the old generation stops working at
once. A sign-in link (BASE/login/TOKEN) sets a session token in a cookie that is
HttpOnly, SameSite=Lax, and Secure when the request came over TLS (directly,
or through a proxy that says so with X-Forwarded-Proto; see docs/serve.md);
over TLS it is named `__Host-grade_session`, a name only this host can set
(`session_cookie`). The session token is the signature over (name, generation,
sign-outs): signing out bumps the person's count of sign-outs in the database,
and every session cookie made before stops working, a copy of it included; the
link itself still signs in. Session 38's red team: the cookie was the link's
token, and a copy of it taken before the sign-out (a lab computer's) signed in
until the instructor revoked the link. The cookie takes only a session token.
The API takes the link's token (or a session's) as `Authorization: Bearer TOKEN`.

A form posted with the cookie carries a CSRF token: an HMAC of the session's
token, checked in constant time; a request with a Bearer header needs none
(no browser adds that header by itself).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from itsdangerous import BadSignature, URLSafeSerializer

SECRET_FILE = "secret.key"
COOKIE = "grade_session"
# Over TLS the session cookie is named with the `__Host-` prefix, which a browser takes only from this host, Secure,
# with Path=/ and no Domain. Session 34's red team: another site of the same domain (a student's page on
# people.uni.edu beside grader.uni.edu) can set `grade_session` for the whole domain (Domain=uni.edu); a browser then
# sends both cookies, and the one set later (mallory's) was read: alice's pages said "signed in as mallory", and the
# engine she uploaded was mallory's attempt (cookie tossing). A `__Host-` cookie no other host can set, nor a page
# served without TLS (docs/security.md: "What is not defended").
HOST_COOKIE = "__Host-" + COOKIE


def session_cookie(request) -> str:
    """The session cookie's name for this request: `__Host-grade_session` over TLS, else `grade_session`."""
    return HOST_COOKIE if request.url.scheme == "https" else COOKIE


def secret(folder) -> bytes:
    """The course's secret, made once (0600) on first use."""
    path = Path(folder) / SECRET_FILE
    try:
        return path.read_bytes().strip()
    except FileNotFoundError:
        pass
    value = secrets.token_hex(32).encode()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(value + b"\n")
    return value


def draws_secret(folder) -> bytes:
    """The secret the course's grade of record draws its inputs from where MICROGRAD_GRADER_SECRET is not set
    (judge/drawn.secret): derived from the course's secret, which no student reads, so that a course started with
    `grade serve init` alone is not drawn from the digest of the grader's public source (session 35)."""
    return hmac.new(secret(folder), b"grade serve: the inputs drawn for the grade of record", hashlib.sha256
                    ).hexdigest().encode()


class Tokens:
    CHECKED = 4096  # tokens whose signature was checked, remembered (a token's signature never changes)

    def __init__(self, key: bytes):
        self._signer = URLSafeSerializer(key, salt="grade-serve-token")
        self._csrf_key = hashlib.sha256(b"csrf:" + key).digest()
        # itsdangerous derives its key and checks the HMAC at each read (0.2-0.3 ms of CPU, on every request
        # of a burst of uploads); a good signature is remembered, a bad one is checked again each time.
        # Revocation is not a signature's business: the token's generation is read from the database.
        self._checked: dict[str, tuple[str, int, int | None]] = {}

    def make(self, name: str, generation: int, sign_outs: int | None = None) -> str:
        """A link's token (sign_outs None), or a session's: made under the person's count of sign-outs."""
        return self._signer.dumps([name, generation] if sign_outs is None else [name, generation, sign_outs])

    def read(self, token: str) -> tuple[str, int, int | None] | None:
        """(name, generation, sign-outs: None for a link's token), or None for a token that is not one of ours
        (tampered, truncated, another course's)."""
        known = self._checked.get(token)
        if known is not None:
            return known
        try:
            fields = self._signer.loads(token)
        except (BadSignature, ValueError, TypeError):
            return None
        if not isinstance(fields, list) or len(fields) not in (2, 3):
            return None
        name, generation, sign_outs = (*fields, None)[:3]
        if not isinstance(name, str) or not all(type(n) is int for n in (generation, *fields[2:])):
            return None
        if len(self._checked) >= self.CHECKED:
            self._checked.clear()
        self._checked[token] = (name, generation, sign_outs)
        return name, generation, sign_outs

    def csrf(self, token: str) -> str:
        return hmac.new(self._csrf_key, token.encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, token: str, given: str | None) -> bool:
        return bool(given) and hmac.compare_digest(self.csrf(token), given)


def signed_link(base_url: str, token: str) -> str:
    return f"{base_url.rstrip('/')}/login/{token}"
