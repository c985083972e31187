"""The FastAPI application: the routes, the upload cap, and the pool's worker processes and reconciler.

The cap is an ASGI middleware in front of everything: a request whose
Content-Length is over the course's max_upload_mb is answered 413 before a
byte of its body is read; one without a Content-Length (chunked) is counted
as it streams and cut off at the cap. The pages' forms (pages.upload, and every
other path outside /api/, api.page_form) are answered with a page and the
refusal's words on it, as their other refusals are; the API with the refusal as
JSON.

The server starts its pool (`workers` processes of `python -m
grader.serve.grading`), restarts a worker that dies, and runs the reconciler
(jobs.reconcile) at start and every RECONCILE_SECONDS.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from ..i18n import msg, translator
from ..load.reading import size_text
from . import ServeError, jobs
from .grading import job_failed
from .api import FORM_OVER_CAP, router
from .pages import _SignIn, pages, render, sign_in_page
from .service import Refused, Service
from .sign_in import sign_in

RECONCILE_SECONDS = 5
MULTIPART_SLACK = 64 * 1024  # the form's other fields and its boundaries, beyond the file itself


class UploadCap:
    def __init__(self, app, cap_bytes: int, lang: str = "en"):
        self.app, self.cap, self.lang = app, cap_bytes + MULTIPART_SLACK, lang

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            return await self.app(scope, receive, send)
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.cap):
            return await self._too_large(scope, send)
        seen, started = 0, False

        async def counted():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.cap:
                    raise _TooLarge
            return message

        async def watched(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLarge:
            if not started:
                await self._too_large(scope, send)

    async def _too_large(self, scope, send):
        # a refusal like every other (grader.serve.Refused): the course's language, its words as data, the limit in
        # the loader's unit (`20.0 MiB`, as a file it refuses is said; this said `20 MB` of 20 MiB until session 37)
        said = msg("the upload is over this course's limit of {limit}: submit your engine.py, notebook or zip alone",
                   limit=size_text(self.cap - MULTIPART_SLACK))
        if not scope.get("path", "").startswith("/api/"):
            # a page's form, sent by a browser: a page with these words on it (the upload's page again, pages.upload;
            # another form's error page, api.page_form), as every refusal of a form is shown; a browser was shown raw
            # JSON (the upload's until session 38, the others' until session 40). The body is not read: the route is
            # handed an empty one, and the connection is closed after the answer.
            async def nothing():
                return {"type": "http.request", "body": b"", "more_body": False}

            async def closing(message):
                if message["type"] == "http.response.start":
                    message = {**message, "headers": [*message.get("headers", []), (b"connection", b"close")]}
                await send(message)

            return await self.app({**scope, FORM_OVER_CAP: said}, nothing, closing)
        body = json.dumps({"detail": translator(self.lang).render(said), "message_data": said.to_json()}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"connection", b"close"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


PAGE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; "
            "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")


class SecurityHeaders:
    """Every response: no sniffing, no framing, no referrer (sign-in links carry tokens), and the pages' CSP
    unless the response set its own (the class and similarity reports, which load nothing at all)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                         (b"x-frame-options", b"DENY")]
                if b"content-security-policy" not in names:
                    extra.append((b"content-security-policy", PAGE_CSP.encode()))
                message = dict(message, headers=headers + extra)
            await send(message)
        await self.app(scope, receive, with_headers)


class Pool:
    """The local pool: worker processes, restarted when one dies, stopped with the server."""

    def __init__(self, svc: Service, db_url: str | None):
        self.svc, self.db_url = svc, db_url
        self.procs: list[subprocess.Popen] = []
        self.stopping = threading.Event()

    def _start_one(self):
        command = [sys.executable, "-m", "grader.serve.grading", str(self.svc.folder), "--parent", str(os.getpid())]
        if self.db_url:
            command += ["--db", self.db_url]
        if self.svc.queue:
            command += ["--queue", self.svc.queue]
        return subprocess.Popen(command, env=dict(os.environ, PYTHONPATH=os.pathsep.join(
            p for p in (str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH")) if p)))

    def start(self):
        self.procs = [self._start_one() for _ in range(self.svc.workers)]  # none with --workers 0
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self):
        while not self.stopping.wait(RECONCILE_SECONDS):
            for i, proc in enumerate(self.procs):
                if proc.poll() is not None and not self.stopping.is_set():  # reaped: the reconciler sees it gone
                    print(f"grade serve: worker {proc.pid} ended ({proc.returncode}); starting another",
                          file=sys.stderr, flush=True)
                    self.procs[i] = self._start_one()
            reconcile(self.svc)

    def stop(self):
        self.stopping.set()
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


def reconcile(svc: Service):
    counts = jobs.reconcile(svc.db, job_failed)
    if any(counts.values()):
        print(f"grade serve: reconciler: {counts}", file=sys.stderr, flush=True)
    return counts


def create_app(folder, *, db_url=None, queue=None, workers=None, start_pool=True) -> FastAPI:
    svc = Service(folder, db_url, queue, workers)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await asyncio.to_thread(reconcile, svc)
        pool = Pool(svc, db_url) if start_pool else None
        if pool:
            pool.start()
        try:
            yield
        finally:
            if pool:
                await asyncio.to_thread(pool.stop)

    app = FastAPI(title="grade serve", lifespan=lifespan, docs_url="/api/docs", redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.state.service = svc

    def answer(request, status, detail, headers=None, **fields):
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": detail, **fields}, status_code=status, headers=headers)
        page = render(request, "error.html", status_code=status, status=status, detail=detail)
        page.headers.update(headers or {})  # a page's 429 says when to come back too (Retry-After), as the API's does
        return page

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused):
        return answer(request, exc.status, exc.said_in(svc.course.lang), exc.headers, **exc.fields)

    @app.exception_handler(ServeError)
    async def serve_error(request: Request, exc: ServeError):
        return answer(request, 422, str(exc))

    app.exception_handler(_SignIn)(sign_in_page)
    app.include_router(router)
    app.include_router(sign_in)
    app.include_router(pages)
    if svc.lti is not None:
        from .lti_routes import router as lti_router
        app.include_router(lti_router)

    @app.get("/static/feedback.css", include_in_schema=False)
    def feedback_css():  # the feedback pages' own stylesheet, for their body shown inside these pages
        from ..report.html import CSS
        return Response(CSS, media_type="text/css", headers={"Cache-Control": "max-age=3600"})

    app.mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static")
    app.add_middleware(SecurityHeaders)
    app.add_middleware(UploadCap, cap_bytes=svc.course.max_upload_bytes, lang=svc.course.lang)
    return app
