"""The students' and the instructor's pages: Jinja2 templates, htmx, server-sent events; no single-page app.

A student signs in by their link (/login/TOKEN sets the session cookie: sign_in.py), sees
the exercises with their own deadlines and attempts left, uploads a file or
pastes their engine, watches the queue position live, and reads the feedback
page that `grade run --feedback` writes (report/html_feedback.py, the same
renderer) with the history of their attempts. The instructor has the live
gradebook, each student's attempts, the class report and the similarity
report of an exercise, regrades with their diff, and extensions.

Every form carries the session's CSRF token; every page is sent with a
Content-Security-Policy that lets it load scripts and styles from this server only.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, StreamingResponse
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from ..i18n import msg, translator
from ..student_text import printable
from .api import CSRF_WRONG, FORM_OVER_CAP, TERMINAL, identify, page_form, read_upload, service
from .auth import session_cookie
from .db import Submission
from .gradebook import gradebook
from .rules import aware, released, utcnow
from .service import Refused

pages = APIRouter()
templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))


# The pages' frame speaks the course's `lang` (docs/serve.md), its words through the grader's catalogs as the feedback
# inside it does (`_`, `_n`: grader.i18n.Translator): the students' pages and the instructor's (session 26: the
# instructor's were English around a Russian course's feedback and names).
# A submission's status as the pages name it (graded, rejected and error are the feedback pages' own words)
# TRANSLATORS: a submission's status on grade serve's pages: waiting in the queue
QUEUED = msg("queued").id
# TRANSLATORS: a submission's status on grade serve's pages: being graded now
RUNNING = msg("running").id


def words(lang: str) -> dict:
    """What a template needs to speak `lang`: `_` and `_n` (the Translator's, the same catalogs as the feedback's) and
    `lang` (its `<html lang>`, and the language of the `when` filter's dates)."""
    t = translator(lang)
    return {"_": t._, "_n": t._n, "lang": lang}


def when(value, lang: str = "en") -> str:
    """A moment as the pages show it, in UTC, in the language's own words (grader.i18n.moment: Babel's, never the
    machine's locale): `Sat, Dec 5, 2026, 10:07 UTC`, «сб, 5 дек. 2026 г., 10:07 UTC», 2026年12月5日周六 10:07 UTC."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return translator(lang).moment(aware(value).isoformat())


templates.env.filters["when"] = pass_context(lambda context, value: when(value, context.get("lang", "en")))
# text a student chose (an upload's file name), as every report shows it: control characters and bidi marks as escapes
templates.env.filters["printable"] = lambda text: printable(text, one_line=True)


def _number(x) -> str:
    """A score as every report writes it (`36`, `16.1667`), or a dash where there is none."""
    from ..report.record import number

    return "—" if x is None else number(x)


templates.env.globals["number"] = _number

FULL_WIDTH_MARKS = "：；，。、！？）」』】"  # Chinese punctuation, whose width holds its own space


def spaced(label: str) -> str:
    """A label (`{exercise}:`) and the space before what follows it on the page, none after a full-width mark: a
    Chinese colon takes no space (session 26's gradebook read `01-mul-backward： <a>`, the template's space)."""
    return label if label.endswith(tuple(FULL_WIDTH_MARKS)) else label + " "


templates.env.filters["spaced"] = spaced


def render(request, template, status_code=200, **context):
    person = context.get("person")
    if person is not None:
        context.setdefault("csrf", service(request).tokens.csrf(person.token))
    course = service(request).course
    context.setdefault("course", course)
    context.update(words(course.lang))
    return templates.TemplateResponse(request, template, context, status_code=status_code)


def signed_in(request, role=None):
    try:
        person, by_cookie = identify(request)
    except Refused:
        raise _SignIn() from None
    if role == "instructor" and not person.instructor:
        raise Refused(403, msg("only an instructor may see this page"))
    return person


class _SignIn(Exception):
    """No valid session: the page says how to sign in."""


def sign_in_page(request, exc):
    return render(request, "signin.html", status_code=401)


@pages.post("/logout")
async def logout(request: Request):
    """Signs this browser's session out, on the page's form, whose CSRF token it checks (this browser's only: the
    person's others stay signed in, auth.py). Session 34's red team: it checked none,
    and a page of another host of the same site (whose posts carry the SameSite=Lax cookie) signed a student out,
    then opened a classmate's link, which a browser signed in as no one takes at once (sign_in.py)."""
    person = await run_in_threadpool(signed_in, request)
    form = await page_form(request, max_fields=2)
    svc = service(request)
    if not svc.tokens.csrf_ok(person.token, form.get("csrf")):
        raise Refused(403, CSRF_WRONG)
    # the server ends the session: a copy of the cookie signs in no more (session 38's red team), auth.py
    await run_in_threadpool(svc.sign_out, person)
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(session_cookie(request), path="/", secure=request.url.scheme == "https")
    return response


@pages.get("/", response_class=HTMLResponse)
def home_page(request: Request):
    return home(request)


def home(request, error=None, status_code=200):
    """The student's page; with the words of a refusal of its upload form (upload). Not the route's parameters:
    `/?error=...&status_code=500` showed any words a link chose, in the page's red, with any status (session 40)."""
    person = signed_in(request)
    if person.instructor:
        return RedirectResponse("/instructor", status_code=303)
    svc = service(request)
    with svc.db.read() as session:
        exercises = svc.exercises_for(session, person.name)
        history = [svc.view(session, person, s) for s in session.scalars(
            select(Submission).where(Submission.student == person.name).order_by(Submission.received_at.desc()))]
    return render(request, "home.html", status_code=status_code, person=person, exercises=exercises,
                  history=history, error=error)


# the page's form (home.html's action); app.UploadCap hands it a refusal of its size (api.FORM_OVER_CAP), which the
# page shows as it shows every refusal of the form, where the API answers it as JSON
UPLOAD_PAGE = "/upload"


@pages.post(UPLOAD_PAGE)
async def upload(request: Request):
    person = await run_in_threadpool(signed_in, request)
    svc = service(request)
    try:
        if (over := request.scope.get(FORM_OVER_CAP)) is not None:  # refused before its body was read
            raise Refused(413, over)
        exercise, filename, data = await read_upload(request, person, by_cookie=True)
        received = utcnow()  # once its last byte has arrived (api.read_upload)
        answer = await svc.admission.accept(person, exercise, filename, data, received, "page")
    except Refused as exc:
        if exc.status in (401, 403) and exc.fields.get("message_data", {}).get("id") == CSRF_WRONG.id:
            raise
        return await run_in_threadpool(home, request, exc.said_in(svc.course.lang), exc.status)
    return RedirectResponse(f"/submissions/{answer['id']}", status_code=303)


def _feedback_body(svc, session, person, sub) -> str:
    """The feedback page's body, from the feedback pages' own renderer, as the visibility rule allows now."""
    from ..report.html_feedback import submission_html

    if not sub.record:
        return ""
    d = svc.deadline_for(session, sub.student, sub.exercise)
    document = submission_html(dict(sub.record, id=f"{sub.student}: {sub.exercise}"),
                               show_hidden=person.instructor,
                               after_due_date=released(utcnow(), d, svc.course.release), lang=svc.course.lang)
    return re.search(r"<body>\n(.*)\n</body>", document, re.S).group(1)


def _submission(request, sid, with_history):
    person = signed_in(request)
    svc = service(request)
    with svc.db.read() as session:
        sub = svc.find(session, person, sid)
        history = [svc.view(session, person, s) for s in session.scalars(
            select(Submission).where(Submission.student == sub.student, Submission.exercise == sub.exercise)
            .order_by(Submission.received_at.desc()))] if with_history else []
        return person, svc.view(session, person, sub), history, _feedback_body(svc, session, person, sub)


@pages.get("/submissions/{sid}", response_class=HTMLResponse)
def submission_page(sid: str, request: Request):
    person, view, history, body = _submission(request, sid, with_history=True)
    return render(request, "submission.html", person=person, view=view, history=history, feedback=body)


@pages.get("/submissions/{sid}/part", response_class=HTMLResponse)
def submission_part(sid: str, request: Request):
    """What replaces the live status once the submission is final: its status line and feedback."""
    person, view, _, body = _submission(request, sid, with_history=False)
    return render(request, "_final.html", person=person, view=view, feedback=body)


@pages.get("/submissions/{sid}/live")
async def live(sid: str, request: Request):
    """Server-sent events for the page: `status` (an HTML fragment) on each change, `done` when final."""
    person = signed_in(request)
    svc = service(request)

    def current():
        with svc.db.read() as session:
            return svc.view(session, person, svc.find(session, person, sid))

    first = await run_in_threadpool(current)

    async def stream():
        last, view = None, first
        for _ in range(int(3600 / 0.25)):
            fragment = templates.get_template("_status.html").render(view=view, **words(svc.course.lang))
            if fragment != last:
                yield "event: status\ndata: " + fragment.replace("\n", "\ndata: ") + "\n\n"
                last = fragment
            if view["status"] in TERMINAL:
                yield f"event: done\ndata: {json.dumps(view['status'])}\n\n"
                return
            if await request.is_disconnected():
                return
            await asyncio.sleep(0.25)
            view = await run_in_threadpool(current)

    return StreamingResponse(svc.hold_stream(person.name, stream()), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store"})


# --- the instructor's pages ---------------------------------------------------------------------------------

@pages.get("/instructor", response_class=HTMLResponse)
def instructor_home(request: Request):
    person = signed_in(request, "instructor")
    svc = service(request)
    with svc.db.read() as session:
        book = gradebook(session, svc.course)
    return render(request, "instructor.html", person=person, book=book, regrade=None,
                  extensions=svc.extensions())


@pages.get("/instructor/gradebook", response_class=HTMLResponse)
def gradebook_part(request: Request):
    person = signed_in(request, "instructor")
    svc = service(request)
    with svc.db.read() as session:
        book = gradebook(session, svc.course)
    return render(request, "_gradebook.html", person=person, book=book)


@pages.get("/instructor/students/{name}", response_class=HTMLResponse)
def student_page(name: str, request: Request):
    person = signed_in(request, "instructor")
    svc = service(request)
    if name not in svc.course.students:
        raise Refused(404, msg("no student {name} in this course", name=repr(name)))
    with svc.db.read() as session:
        exercises = svc.exercises_for(session, name)
        history = [svc.view(session, person, s) for s in session.scalars(
            select(Submission).where(Submission.student == name).order_by(Submission.received_at.desc()))]
    return render(request, "student.html", person=person, name=name, exercises=exercises, history=history)


def _counted(svc, exercise):
    """Each student's counted submission of an exercise (the gradebook's choice)."""
    with svc.db.read() as session:
        book = gradebook(session, svc.course)
        ids = [row["exercises"][exercise]["submission"] for row in book["students"] if row["exercises"].get(exercise)]
        return [session.get(Submission, sid) for sid in ids]


@pages.get("/instructor/report/{exercise}", response_class=HTMLResponse)
def class_report(exercise: str, request: Request):
    from ..report.html import to_html

    signed_in(request, "instructor")
    svc = service(request)
    svc.course.exercise(exercise)
    subs = _counted(svc, exercise)
    scores = {"exercise": exercise, "max_score": subs[0].max_score if subs else 0,
              "submissions": [dict(s.record, id=s.student) for s in subs]}
    return HTMLResponse(to_html(scores), headers={"Content-Security-Policy": REPORT_CSP})


@pages.get("/instructor/similarity/{exercise}", response_class=HTMLResponse)
def similarity_report(exercise: str, request: Request):
    signed_in(request, "instructor")
    svc = service(request)
    svc.course.exercise(exercise)

    def build():
        from ..similarity import similarity
        from ..similarity.html import to_html
        from .grading import upload_file

        with tempfile.TemporaryDirectory(prefix="grade-serve-similarity-") as folder:
            for sub in _counted(svc, exercise):
                path = upload_file(svc.folder, svc.db, sub)
                if path is not None:
                    shutil.copyfile(path, Path(folder) / (sub.student + Path(sub.path).suffix))
            return to_html(similarity(Path(folder), exercise=None if exercise == "engine" else exercise))
    return HTMLResponse(build(), headers={"Content-Security-Policy": REPORT_CSP})


REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"


@pages.post("/instructor/regrade", response_class=HTMLResponse)
async def regrade_form(request: Request):
    person = signed_in(request, "instructor")
    form = await page_form(request, max_fields=4)
    if not service(request).tokens.csrf_ok(person.token, form.get("csrf")):
        raise Refused(403, CSRF_WRONG)
    rid = await run_in_threadpool(service(request).start_regrade, str(form.get("exercise")),
                                  form.get("apply") != "yes")
    return RedirectResponse(f"/instructor/regrade/{rid}", status_code=303)


@pages.get("/instructor/regrade/{rid}", response_class=HTMLResponse)
def regrade_page(rid: int, request: Request):
    person = signed_in(request, "instructor")
    return render(request, "regrade.html", person=person, regrade=service(request).regrade_view(rid))


@pages.post("/instructor/extensions", response_class=HTMLResponse)
async def extension_form(request: Request):
    person = signed_in(request, "instructor")
    form = await page_form(request, max_fields=6)
    svc = service(request)
    if not svc.tokens.csrf_ok(person.token, form.get("csrf")):
        raise Refused(403, CSRF_WRONG)

    def parse(text):
        if not text:
            return None
        try:
            value = datetime.fromisoformat(str(text))
        except ValueError:
            raise Refused(422, msg("{text} is not a date and time like 2026-12-10T23:59", text=repr(text))) from None
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)  # the form's times are UTC
    await run_in_threadpool(svc.extend, str(form.get("student")), str(form.get("exercise")),
                            parse(form.get("due")), parse(form.get("late_until")))
    return RedirectResponse("/instructor#extensions", status_code=303)
