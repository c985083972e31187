"""Who is asking: signed tokens, revocable; single-use sign-in links; the session cookie; CSRF tokens for forms.

Three kinds of token, each `itsdangerous`'s signature with the course's secret (FOLDER/secret.key, 0600, made by
`grade serve init`):

- the person's **API token**, over (name, generation): `Authorization: Bearer TOKEN`, for `curl` and scripts. It is
  the same every time `grade serve tokens` prints it, until it is revoked: `grade serve tokens DIR --revoke alice`
  bumps alice's generation in the database, and every token, link and cookie of the old generation stops working.
- a **sign-in link** (BASE/login/LINK), over (name, generation, number), signed with a salt of its own (a link is no
  API token, nor an API token a link): it is good while its number is the count of links that person has used
  (`people.links_used`), so it signs in once. Session 39's red team: the link was the API token, and the one kept in
  a shared computer's history signed in until the instructor revoked it; now it gets the words a revoked one gets.
  `grade serve tokens` prints each person's current link, the same until it is used.
- a **session's token**, over (name, generation, session id), set by the link in a cookie that is HttpOnly,
  SameSite=Lax, and Secure when the request came over TLS (directly, or through a proxy that says so with
  X-Forwarded-Proto; see docs/serve.md); over TLS it is named `__Host-grade_session`, a name only this host can set
  (`session_cookie`). Its session is a row of `browser_sessions`; signing out deletes that row, so a copy of the
  cookie signs in no more (session 38's red team), and the person's other browsers stay signed in (session 40: with
  single-use links, ending them all sent a student to the instructor for a new link for each). The cookie takes only
  a session's token; the API takes the API token or a session's.

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
        self._links = URLSafeSerializer(key, salt="grade-serve-link")
        self._csrf_key = hashlib.sha256(b"csrf:" + key).digest()
        # itsdangerous derives its key and checks the HMAC at each read (0.2-0.3 ms of CPU, on every request
        # of a burst of uploads); a good signature is remembered, a bad one is checked again each time.
        # Revocation is not a signature's business: the token's generation is read from the database.
        self._checked: dict[str, tuple[str, int, str | None]] = {}

    def make(self, name: str, generation: int, session: str | None = None) -> str:
        """The API token (session None), or a session's: naming its row of `browser_sessions`."""
        return self._signer.dumps([name, generation] if session is None else [name, generation, session])

    def link(self, name: str, generation: int, number: int) -> str:
        """The sign-in link's token: good while `number` is the person's count of links used."""
        return self._links.dumps([name, generation, number])

    def read(self, token: str) -> tuple[str, int, str | None] | None:
        """(name, generation, session id: None for the API token), or None for a token that is not one of ours
        (tampered, truncated, another course's, a link's, a session's of before session 40, whose third field was a
        count)."""
        known = self._checked.get(token)
        if known is not None:
            return known
        try:
            fields = self._signer.loads(token)
        except (BadSignature, ValueError, TypeError):
            return None
        if not isinstance(fields, list) or len(fields) not in (2, 3):
            return None
        name, generation, session = (*fields, None)[:3]
        if not isinstance(name, str) or type(generation) is not int or not isinstance(session, (str, type(None))):
            return None
        if len(self._checked) >= self.CHECKED:
            self._checked.clear()
        self._checked[token] = (name, generation, session)
        return name, generation, session

    def read_link(self, token: str) -> tuple[str, int, int] | None:
        """(name, generation, number) of a sign-in link's token, or None (not a link of this course)."""
        try:
            fields = self._links.loads(token)
        except (BadSignature, ValueError, TypeError):
            return None
        if not isinstance(fields, list) or len(fields) != 3 or not isinstance(fields[0], str) \
                or not all(type(n) is int for n in fields[1:]):
            return None
        return fields[0], fields[1], fields[2]

    def csrf(self, token: str) -> str:
        return hmac.new(self._csrf_key, token.encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, token: str, given: str | None) -> bool:
        return bool(given) and hmac.compare_digest(self.csrf(token), given)


def signed_link(base_url: str, token: str) -> str:
    return f"{base_url.rstrip('/')}/login/{token}"
