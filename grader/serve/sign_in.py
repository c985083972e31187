"""Signing in by a personal link (`/login/TOKEN`), and the session cookie it sets.

A link signs its person in on the browser that opens it. It never takes the place of another person's session
without a word: a browser signed in as alice that opens bob's link (a link a classmate sent her, "the hints for
exercise 3") is shown a page that names both and signs bob in only on a button of that page, posted with the
CSRF token of alice's session. Session 33's red team: the link replaced alice's session at once, the page said
"signed in as bob" in its corner, and the engine she uploaded next was bob's attempt, its score and its feedback
bob's (login CSRF). A browser that is signed in as no one is signed in by any link: the link is the identity
(docs/security.md, "What is not defended").

A link signs in once (auth.py): it is used up when it starts a session, and then answers what a revoked link does,
word for word, so that the copy in a shared computer's history signs no one in (session 39's red team: it signed in
until the instructor revoked it). A browser already signed in as the link's own person is sent on without using it.

Opening a link (GET) uses nothing up: it shows a page whose button (a POST) signs in. Session 41's red team: a mail
scanner (Outlook's Safe Links, a corporate proxy, an antivirus) opens every link of a mail before the student reads
it, and its GET used the single-use link up; the student's click got "not valid any more". The button of a browser
signed in as no one carries a CSRF token bound to a cookie the page set (SameSite=Strict, `__Host-` over TLS):
a form of another site posted to a classmate's link comes without that cookie, and without the session's (Lax), so
it is sent to the link's page, which asks (the switch page, for a browser signed in as someone else).

A signed-in person may ask for a link for another device (`POST /device-link`, the home page's button, its CSRF
token): their current link, shown on a page no browser keeps, at most 5 an hour (docs/security.md).
"""

from __future__ import annotations

import re
import secrets

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse
from starlette.concurrency import run_in_threadpool

from ..i18n import msg, translator
from .api import CSRF_WRONG, page_form, service
from .auth import session_cookie, signed_link
from .pages import render, signed_in
from .service import DEVICE_LINK_RATE, SIGN_IN_RATE, Refused

sign_in = APIRouter()
COOKIE_DAYS = 120  # a term; signing out, or revoking the token, ends the session sooner
# the cookie the link's page sets for its button (a browser signed in as no one): a random nonce the button's CSRF token
# is an HMAC of; an hour, time enough to read the page
BUTTON_COOKIE = "grade_sign_in"
BUTTON_SECONDS = 3600
NONCE = re.compile(r"[0-9a-f]{32}")
NO_STORE = {"Cache-Control": "no-store"}


def signed_in_response(request, name, location, session_token=None):
    """A redirect to `location` that sets the cookie of a session of `name`: the one a sign-in link started
    (`session_token`), else a new one (an LTI launch's). A session's token, not the link's, so that signing out ends
    it (auth.py)."""
    response = RedirectResponse(location, status_code=303)
    token = session_token or service(request).session_token(name)
    response.set_cookie(session_cookie(request), token, max_age=COOKIE_DAYS * 86400,
                        httponly=True, samesite="lax", secure=request.url.scheme == "https", path="/")
    return response


def _linked(request, token):
    """The person the link names, if it is their current link; a wrong link (made up, used, revoked) is counted
    against the address (a guess needs one per try) and answered with the sign-in page. Only wrong links count: a
    class behind one address (a lab, a campus NAT) shares it, and counting right ones let one student's wrong links
    lock all out."""
    person = service(request).linked(token)
    return (person, None) if person is not None else (None, _not_valid(request))


def _not_valid(request):
    svc = service(request)
    client = request.client.host if request.client else "unknown"
    if not svc.rate_ok(SIGN_IN_RATE, "sign-in", client):
        raise Refused(429, msg("too many sign-in attempts from here: wait a minute"), {"Retry-After": "60"})
    return render(request, "signin.html", status_code=401, error=translator(svc.course.lang)._(
        "This link is not valid (any more): ask your instructor for your current one."))


def _signed_in_by(request, token, person):
    """Uses the link up and signs its person in; a link used in between (another browser, at the same moment) is
    answered as every used link is."""
    started = service(request).use_link(token)
    if started is None:
        return _not_valid(request)
    return signed_in_response(request, person.name, "/instructor" if person.instructor else "/", started)


def _current(request):
    """The person this browser's session cookie signs in now, or None."""
    return service(request).who(request.cookies.get(session_cookie(request)), session=True)


@sign_in.get("/login/{token}")
def login(token: str, request: Request):
    person, refused = _linked(request, token)
    if refused is not None:
        return refused
    current = _current(request)
    if current is not None and current.name != person.name:
        return render(request, "switch.html", person=current, other=person.name, token=token)
    if current is not None:  # their own link, in a browser signed in as them: kept for another browser
        return RedirectResponse("/instructor" if person.instructor else "/", status_code=303)
    # a page with a button: a GET (a mail scanner's, a link preview's) uses nothing up
    nonce = _button_nonce(request) or secrets.token_hex(16)
    page = render(request, "switch.html", person=None, other=person.name, token=token,
                  csrf=service(request).tokens.csrf(_BUTTON + nonce))
    page.headers.update(NO_STORE)
    page.set_cookie(_button_cookie(request), nonce, max_age=BUTTON_SECONDS, httponly=True, samesite="strict",
                    secure=request.url.scheme == "https", path="/")
    return page


_BUTTON = "sign-in button:"  # what the button's CSRF token is an HMAC of, before the nonce: no session's token


def _button_cookie(request) -> str:
    """`__Host-grade_sign_in` over TLS (no other host of the domain sets it: auth.HOST_COOKIE), else `grade_sign_in`."""
    return ("__Host-" if request.url.scheme == "https" else "") + BUTTON_COOKIE


def _button_nonce(request) -> str | None:
    nonce = request.cookies.get(_button_cookie(request))
    return nonce if nonce and NONCE.fullmatch(nonce) else None


@sign_in.post("/login/{token}")
async def login_confirmed(token: str, request: Request):
    """The link page's button: signs the link's person in; in place of the session's, whose CSRF token the form then
    carries, or in a browser signed in as no one, with the token of the page's own cookie. A post with neither (a
    form on another site: neither cookie is sent with it) is sent to the link's page, which asks again."""
    form = await page_form(request, max_fields=2)
    # the database's reads in a thread, as every page's (pages.upload): never on the event loop that serves the rest
    return await run_in_threadpool(_confirmed, request, token, form.get("csrf"))


def _confirmed(request, token, csrf):
    person, refused = _linked(request, token)
    if refused is not None:
        return refused
    current = _current(request)
    tokens = service(request).tokens
    if current is None:
        nonce = _button_nonce(request)
        if nonce is None:
            return RedirectResponse(f"/login/{token}", status_code=303)
        if not tokens.csrf_ok(_BUTTON + nonce, csrf):
            raise Refused(403, CSRF_WRONG)
    elif not tokens.csrf_ok(current.token, csrf):
        raise Refused(403, CSRF_WRONG)
    response = _signed_in_by(request, token, person)
    response.delete_cookie(_button_cookie(request), path="/", secure=request.url.scheme == "https")
    return response


@sign_in.post("/device-link")
async def device_link(request: Request):
    """A signed-in person's link for another device (the home page's button, with its CSRF token): their current link,
    which `grade serve tokens` would print, on a page no browser keeps; at most 5 an hour per person."""
    person = await run_in_threadpool(signed_in, request)
    if person.session is None:  # the API token (a script's): it has no browser to sign in another from
        raise Refused(403, msg("a link for another device is given on a browser signed in by a link: "
                               "ask for it on the pages"))
    form = await page_form(request, max_fields=1)
    svc = service(request)
    if not svc.tokens.csrf_ok(person.token, form.get("csrf")):
        raise Refused(403, CSRF_WRONG)
    if not svc.rate_ok(DEVICE_LINK_RATE, "device-link", person.name):
        raise Refused(429, msg("too many sign-in links asked for: at most {limit} an hour", limit=5),
                      {"Retry-After": "3600"})
    link = await run_in_threadpool(svc.link_for, person.name)
    page = render(request, "device_link.html", person=person, link=signed_link(svc.course.base_url, link))
    page.headers.update(NO_STORE)
    return page
