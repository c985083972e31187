"""/api/v1: what the pages use, and what tests and scripts drive (`Authorization: Bearer TOKEN`).

Every route checks who asks and what they may reach: a student reaches only
their own submissions (another's id is a 404, as if it did not exist), the
gradebook, regrades and extensions are the instructor's. A request that
signs in with the session cookie instead of a Bearer header must carry the
CSRF token to change anything.
"""

from __future__ import annotations

import asyncio
import json
from datetime import datetime

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, PlainTextResponse, StreamingResponse
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException

from ..i18n import msg
from ..load.reading import size_text
from .admission import SIGN_IN
from .auth import session_cookie
from .gradebook import gradebook, to_csv
from .rules import utcnow
from .service import SUBMIT_RATE, Refused, Who

router = APIRouter(prefix="/api/v1")
MAX_PASTE_BYTES = 1024 * 1024  # a pasted engine.py: the loader's cap on one source file
TERMINAL = ("graded", "rejected", "error")


def service(request: Request):
    return request.app.state.service


def identify(request: Request, revocation_later=False) -> tuple[Who, bool]:
    """The person asking, and whether by the session cookie: a Bearer header first, else the cookie.

    revocation_later: by the token's signature alone (no database), for an upload,
    whose admission transaction checks that the token is not revoked (nor its session signed out).
    The cookie takes only a session's token (auth.py), the Bearer header a link's or a session's.
    """
    svc = service(request)
    header = request.headers.get("authorization", "")
    by_cookie = not header.lower().startswith("bearer ")
    token = request.cookies.get(session_cookie(request)) if by_cookie else header[7:].strip()
    person = svc.signed(token, by_cookie) if revocation_later else svc.who(token, by_cookie)
    if person is None:
        raise Refused(401, SIGN_IN, {"WWW-Authenticate": "Bearer"})
    return person, by_cookie


# Every refusal is a Message: said in the course's language, its words as data (`message_data`: grader.serve.Refused)
CSRF_WRONG = msg("the form's CSRF token is missing or wrong: reload the page and try again")


def who(request: Request) -> Who:
    """The person asking; signed in by the cookie, a request that changes something needs the CSRF header."""
    person, by_cookie = identify(request)
    if by_cookie and request.method not in ("GET", "HEAD"):
        if not service(request).tokens.csrf_ok(person.token, request.headers.get("x-csrf-token")):
            raise Refused(403, CSRF_WRONG)
    return person


def instructor(person: Who = Depends(who)) -> Who:
    if not person.instructor:
        raise Refused(403, msg("only an instructor may do this"))
    return person


def unread_form(reason):
    """Words for an upload whose form python-multipart refused (a pasted engine over MAX_PASTE_BYTES, a part's headers
    over its limit, more fields than the form has). Session 39's red team: starlette answered it with raw JSON in
    English, `{"detail":"Part exceeded maximum size of 1024KB."}`, which the page's form showed as it was; now the
    page again, in the course's language, starlette's reason kept as data (`message_data`)."""
    if " exceeded maximum size of " in str(reason):  # starlette's words for a field over max_part_size (else: below)
        return msg("the pasted code is over the limit of {limit} for one source file: paste engine.py alone (a "
                   "notebook: upload its .ipynb file)", limit=size_text(MAX_PASTE_BYTES))
    return msg("the upload could not be read as the page's form ({reason}): send it again from the page",
               reason=str(reason))


# The key under which app.UploadCap hands a page's route the refusal of a body over the course's cap, the body unread:
# the route says it as it says its other refusals (on a page, in the course's language), never starlette's JSON.
FORM_OVER_CAP = "grader.form_over_cap"


async def page_form(request: Request, **limits):
    """The form of one of the pages (the sign-out, the switch page's button, the instructor's regrade and extensions,
    an LMS's LTI post), read with its limits, no file in it. A body over the course's cap, or one python-multipart
    refuses (more fields than the form has, a part over its size), is a Refused, which a page answers with a page in
    the course's language (app.py). Session 39's red team: only the upload form did; the others answered starlette's
    raw English JSON, `{"detail":"Too many fields. Maximum number of fields is 2."}`, and the cap's own."""
    if (over := request.scope.get(FORM_OVER_CAP)) is not None:
        raise Refused(413, over)
    try:
        return await request.form(**{"max_files": 0, **limits})
    except HTTPException as exc:  # python-multipart's refusal, which starlette answers as raw JSON
        raise Refused(400, msg("the form could not be read ({reason}): reload the page and send it again",
                               reason=str(exc.detail))) from None


async def read_upload(request: Request, person: Who, by_cookie: bool):
    """(exercise, filename, bytes) from a multipart request: one file part, or a pasted `code` field.

    Every upload is read here, the API's and the page's: the rate limit is counted here, before the body is
    read (the page's form was not counted: a student posting it went past the 30 a minute). The upload is
    received once this returns, when its last byte has arrived: the caller takes its time then (session 30: taken
    as the request began, a body sent slowly from a minute before the deadline, its file sent hours after it,
    was on time, and one whose last byte came after the late window was admitted)."""
    if not service(request).rate_ok(SUBMIT_RATE, "submit", person.name):
        raise Refused(429, msg("too many requests: at most {limit} a minute", limit=30), {"Retry-After": "60"},
               retry_after=60)
    with service(request).receiving(person.name):
        try:
            form = await request.form(max_files=1, max_fields=4, max_part_size=MAX_PASTE_BYTES)
        except HTTPException as exc:  # python-multipart's refusal, which starlette answers as raw JSON
            raise Refused(400, unread_form(exc.detail)) from None
    if by_cookie:
        if not service(request).tokens.csrf_ok(person.token, form.get("csrf")
                                                or request.headers.get("x-csrf-token")):
            raise Refused(403, CSRF_WRONG)
    exercise, upload, code = form.get("exercise"), form.get("file"), form.get("code")
    if not isinstance(exercise, str) or not exercise:
        raise Refused(422, msg("say which exercise: the form field `exercise`"))
    if isinstance(upload, UploadFile) and upload.filename:
        data = await upload.read()
        filename = upload.filename
    elif isinstance(code, str) and code.strip():
        data, filename = code.encode("utf-8"), "engine.py"
    else:
        raise Refused(422, msg("attach your file as the form field `file` (a .py, .ipynb or .zip), or paste it as "
                                 "`code`"))
    await form.close()
    return exercise, filename, data


@router.post("/submissions", status_code=202)
async def submit(request: Request):
    svc = service(request)
    person, by_cookie = identify(request, revocation_later=True)  # no database: inline
    exercise, filename, data = await read_upload(request, person, by_cookie)
    received = utcnow()  # lateness is decided by this moment, whenever grading happens: read_upload's docstring
    key = request.headers.get("idempotency-key")
    if key is not None and not 1 <= len(key) <= 128:
        raise Refused(422, msg("an `Idempotency-Key` is 1 to 128 characters"))
    answer = await svc.admission.accept(person, exercise, filename, data, received, "api", key)
    return JSONResponse(answer, status_code=202)


@router.get("/submissions")
def my_submissions(request: Request, person: Who = Depends(who), exercise: str | None = None):
    from sqlalchemy import select

    from .db import Submission
    svc = service(request)
    with svc.db.read() as session:
        query = select(Submission).order_by(Submission.received_at.desc())
        if not person.instructor:
            query = query.where(Submission.student == person.name)
        if exercise:
            query = query.where(Submission.exercise == exercise)
        return [svc.view(session, person, sub) for sub in session.scalars(query).all()]


@router.get("/submissions/{sid}")
def one_submission(sid: str, request: Request, person: Who = Depends(who)):
    svc = service(request)
    with svc.db.read() as session:
        return svc.view(session, person, svc.find(session, person, sid))


@router.get("/submissions/{sid}/events")
async def events(sid: str, request: Request, person: Who = Depends(who)):
    """Server-sent events: the submission's view each time it changes, until it is final."""
    svc = service(request)

    def current():
        with svc.db.read() as session:
            return svc.view(session, person, svc.find(session, person, sid))

    first = await run_in_threadpool(current)  # 404 before the stream starts

    async def stream():
        last, view = None, first
        for _ in range(int(3600 / 0.25)):  # an hour at most: a stream never outlives its use
            text = json.dumps(view)
            if text != last:
                yield f"event: status\ndata: {text}\n\n"
                last = text
            if view["status"] in TERMINAL or await request.is_disconnected():
                return
            await asyncio.sleep(0.25)
            view = await run_in_threadpool(current)

    return StreamingResponse(svc.hold_stream(person.name, stream()), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store"})


@router.get("/exercises")
def exercises(request: Request, person: Who = Depends(who)):
    svc = service(request)
    with svc.db.read() as session:
        return svc.exercises_for(session, person.name)


@router.get("/gradebook")
def gradebook_json(request: Request, person: Who = Depends(instructor)):
    svc = service(request)
    with svc.db.read() as session:
        return gradebook(session, svc.course)


@router.get("/gradebook.csv")
def gradebook_csv(request: Request, person: Who = Depends(instructor)):
    svc = service(request)
    with svc.db.read() as session:
        text = to_csv(gradebook(session, svc.course))
    return PlainTextResponse(text, media_type="text/csv; charset=utf-8",
                             headers={"Content-Disposition": 'attachment; filename="gradebook.csv"'})


class RegradeAsk(BaseModel):
    exercise: str
    dry_run: bool = True


@router.post("/regrade", status_code=202)
def regrade(ask: RegradeAsk, request: Request, person: Who = Depends(instructor)):
    """Regrade every graded submission of an exercise against the suite as it is now; the answer's
    `url` gives `grade diff`'s table when it is done. dry_run (the default) changes no score."""
    rid = service(request).start_regrade(ask.exercise, ask.dry_run)
    return {"id": rid, "status": "queued", "url": f"/api/v1/regrade/{rid}"}


@router.get("/regrade/{rid}")
def regrade_result(rid: int, request: Request, person: Who = Depends(instructor)):
    return service(request).regrade_view(rid)


class ExtensionAsk(BaseModel):
    student: str
    exercise: str
    due: datetime
    late_until: datetime | None = None


@router.post("/extensions")
def extend(ask: ExtensionAsk, request: Request, person: Who = Depends(instructor)):
    return service(request).extend(ask.student, ask.exercise, ask.due, ask.late_until)


@router.get("/extensions")
def extensions(request: Request, person: Who = Depends(instructor)):
    return service(request).extensions()
