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
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse
from starlette.concurrency import run_in_threadpool

from ..i18n import msg, translator
from .api import CSRF_WRONG, page_form, service
from .auth import session_cookie
from .pages import render
from .service import SIGN_IN_RATE, Refused

sign_in = APIRouter()
COOKIE_DAYS = 120  # a term; signing out, or revoking the token, ends the session sooner


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
    return _signed_in_by(request, token, person)


@sign_in.post("/login/{token}")
async def login_confirmed(token: str, request: Request):
    """The switch page's button: signs the link's person in, in place of the session's, whose CSRF token the form
    carries. A post without this browser's session (a form on another site: the cookie is not sent with it) is
    sent to the link's page, which asks again."""
    form = await page_form(request, max_fields=2)
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
    return _signed_in_by(request, token, person)
