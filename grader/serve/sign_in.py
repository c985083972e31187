"""Signing in by a personal link (`/login/TOKEN`), and the session cookie it sets.

A link signs its person in on the browser that opens it. It never takes the place of another person's session
without a word: a browser signed in as alice that opens bob's link (a link a classmate sent her, "the hints for
exercise 3") is shown a page that names both and signs bob in only on a button of that page, posted with the
CSRF token of alice's session. Session 33's red team: the link replaced alice's session at once, the page said
"signed in as bob" in its corner, and the engine she uploaded next was bob's attempt, its score and its feedback
bob's (login CSRF). A browser that is signed in as no one is signed in by any link: the link is the identity
(docs/security.md, "What is not defended").
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse
from starlette.concurrency import run_in_threadpool

from ..i18n import msg, translator
from .api import CSRF_WRONG, service
from .auth import session_cookie
from .pages import render
from .service import SIGN_IN_RATE, Refused

sign_in = APIRouter()
COOKIE_DAYS = 120  # a term; signing out, or revoking the token, ends the session sooner


def signed_in_response(request, name, location):
    """A redirect to `location` that sets the cookie of a new session of `name` (the sign-in link's, and an LTI
    launch's): a session's token, not the link's, so that signing out ends it (auth.py)."""
    response = RedirectResponse(location, status_code=303)
    response.set_cookie(session_cookie(request), service(request).session_token(name), max_age=COOKIE_DAYS * 86400,
                        httponly=True, samesite="lax", secure=request.url.scheme == "https", path="/")
    return response


def _linked(request, token):
    """The person the link names; a wrong link is counted against the address (a guess needs one per try) and
    answered with the sign-in page. Only wrong links count: a class behind one address (a lab, a campus NAT) shares
    it, and counting right ones let one student's wrong links lock all out."""
    svc = service(request)
    person = svc.who(token)
    if person is not None:
        return person, None
    client = request.client.host if request.client else "unknown"
    if not svc.rate_ok(SIGN_IN_RATE, "sign-in", client):
        raise Refused(429, msg("too many sign-in attempts from here: wait a minute"), {"Retry-After": "60"})
    return None, render(request, "signin.html", status_code=401, error=translator(svc.course.lang)._(
        "This link is not valid (any more): ask your instructor for your current one."))


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
    return signed_in_response(request, person.name, "/instructor" if person.instructor else "/")


@sign_in.post("/login/{token}")
async def login_confirmed(token: str, request: Request):
    """The switch page's button: signs the link's person in, in place of the session's, whose CSRF token the form
    carries. A post without this browser's session (a form on another site: the cookie is not sent with it) is
    sent to the link's page, which asks again."""
    form = await request.form(max_files=0, max_fields=2)
    # the database's reads in a thread, as every page's (pages.upload): never on the event loop that serves the rest
    return await run_in_threadpool(_confirmed, request, token, form.get("csrf"))


def _confirmed(request, token, csrf):
    person, refused = _linked(request, token)
    if refused is not None:
        return refused
    current = _current(request)
    if current is None:
        return RedirectResponse(f"/login/{token}", status_code=303)
    if not service(request).tokens.csrf_ok(current.token, csrf):
        raise Refused(403, CSRF_WRONG)
    return signed_in_response(request, person.name, "/instructor" if person.instructor else "/")
