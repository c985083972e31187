"""The LTI 1.3 routes (lti.py says what each does). pylti1p3 runs in worker threads only: the async routes
read the request's form and hand everything to a thread."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pylti1p3.exception import LtiException
from starlette.concurrency import run_in_threadpool

from ..i18n import msg
from .api import page_form, service
from .pages import render
from .sign_in import signed_in_response
from .service import Refused

router = APIRouter(prefix="/lti")
FORM_LIMITS = {"max_fields": 20, "max_part_size": 64 * 1024}


def _lti(request):
    lti = service(request).lti
    if lti is None:
        raise Refused(404, msg("this course has no `[lti]` table in course.toml"))
    return lti


async def _params(request):
    params = dict(request.query_params)
    if request.method == "POST":
        params.update({k: v for k, v in (await page_form(request, **FORM_LIMITS)).items() if isinstance(v, str)})
    return params, dict(request.cookies), request.url.scheme == "https"


@router.api_route("/login", methods=["GET", "POST"])
async def login(request: Request):
    params, cookies, secure = await _params(request)
    return await run_in_threadpool(_login, request, params, cookies, secure)


def _login(request, params, cookies, secure):
    try:
        return _lti(request).login(params, cookies, secure)
    except LtiException as exc:
        raise Refused(400, msg("LTI login refused: {reason}", reason=str(exc))) from None


@router.post("/launch")
async def launch(request: Request):
    params, cookies, secure = await _params(request)
    return await run_in_threadpool(_launch, request, params, cookies, secure)


def _launch(request, params, cookies, secure):
    svc, lti = service(request), _lti(request)
    try:
        launch, data = lti.launch(svc.db, params, cookies, secure)
        name = lti.student_of(data, svc.course)
    except LtiException as exc:
        raise Refused(403, msg("LTI launch refused: {reason}", reason=str(exc))) from None
    token = svc.token_for(name)
    if launch.is_deep_link_launch():
        if name not in svc.course.instructors:
            raise Refused(403, msg("only an instructor may choose the exercise to link"))
        person = svc.who(token)
        return render(request, "lti_deep_link.html", person=person, launch_id=launch.get_launch_id(),
                      exercises=list(svc.course.exercises))
    custom = data.get("https://purl.imsglobal.org/spec/lti/claim/custom") or {}
    exercise = custom.get("exercise")
    if exercise not in svc.course.exercises:
        raise Refused(422, msg("the launch names no exercise of this course (custom parameter `exercise={exercise}`)",
                                exercise=repr(exercise)))
    lti.remember(svc.db, name, exercise, launch, data)
    return signed_in_response(request, name, f"/#exercise-{exercise}")


@router.post("/deep-link")
async def deep_link(request: Request):
    params, _, _ = await _params(request)
    return await run_in_threadpool(_deep_link, request, params)


def _deep_link(request, params):
    svc, lti = service(request), _lti(request)
    exercise = params.get("exercise")
    if exercise not in svc.course.exercises:
        raise Refused(422, msg("no exercise {exercise} in this course", exercise=repr(exercise)))
    try:
        launch = lti.from_cache(str(params.get("launch_id")))
    except LtiException as exc:
        raise Refused(403, msg("this deep-linking launch is not known (any more): {reason}", reason=str(exc))) from None
    answer = lti.deep_link_answer(launch, exercise, f"{svc.course.base_url}/lti/launch")
    return render(request, "lti_deep_link_answer.html", exercise=exercise, **answer)


@router.get("/jwks")
def jwks(request: Request):
    return JSONResponse(_lti(request).jwks)
