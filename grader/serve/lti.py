"""LTI 1.3 for a course that has an LMS after all: OIDC login, launch, deep linking, grade passback (AGS).

The tool's side is pylti1p3, which is synchronous and calls the platform
back over HTTP (its JWKS, its token endpoint): every call into it runs in a
worker thread (the routes below are plain `def`s, which FastAPI runs in its
thread pool; the async ones only read the form), never inside an async route.

- `/lti/login` (OIDC initiation) redirects to the platform with a state
  (kept in a cookie) and a nonce.
- `/lti/launch` checks the id_token (signature by the platform's JWKS, state,
  nonce, deployment). pylti1p3 does not consume a nonce, so a replayed launch
  would pass it: the nonce is recorded in the database (lti_nonces) on first
  use, and a launch whose nonce is there already is refused. A resource launch
  signs the student in (as their sign-in link does) on the exercise named by
  the custom parameter `exercise`, and remembers the launch's grade service.
- A deep-linking launch shows the exercises; choosing one answers the platform
  with a link to it (custom parameter `exercise`).
- Grade passback is a job of its own (jobs.py, background priority), queued
  when a launched student's submission is graded, retried with back-off: the
  gradebook's score for that student and exercise (best or last, late credit)
  is sent to the line item of their launch.

course.toml's `[lti]` table registers the platform; `[lti.users]` maps a
platform's user id (the launch's `sub`) to a roster name where they differ.
"""

from __future__ import annotations

import json
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

from pylti1p3.cookie import CookieService
from pylti1p3.deep_link_resource import DeepLinkResource
from pylti1p3.exception import LtiException
from pylti1p3.grade import Grade
from pylti1p3.launch_data_storage.base import LaunchDataStorage
from pylti1p3.message_launch import MessageLaunch
from pylti1p3.oidc_login import OIDCLogin
from pylti1p3.redirect import Redirect
from pylti1p3.request import Request as LtiRequest
from pylti1p3.session import SessionService
from pylti1p3.tool_config import ToolConfDict
from sqlalchemy.exc import IntegrityError

from . import ServeError
from .db import LtiLink, Nonce
from .tomlfile import loads

KEY_FILE = "lti-tool-key.pem"
LAUNCH_LIFETIME = 3600


class Storage(LaunchDataStorage):
    """pylti1p3's launch data (states, nonces, launches), in this process, each kept LAUNCH_LIFETIME seconds."""

    def __init__(self):
        super().__init__()
        self._values, self._lock = {}, threading.Lock()

    def _prepare_key(self, key):
        return key

    def get_session_cookie_name(self):
        return None  # one store for the process: its keys (states, nonces, launch ids) are random already

    def set_session_id(self, session_id):
        pass  # shared by every request's thread: nothing per request is kept on it

    def can_set_keys_expiration(self):
        return True

    def get_value(self, key):
        with self._lock:
            value, until = self._values.get(key, (None, 0))
            return value if until > time.monotonic() else None

    # `/lti/login` needs no sign-in, and each call keeps a state and a nonce here: nothing ever removed them, so a
    # client that called it in a loop grew the server's memory for as long as it ran (2,000 calls, 2,000 entries,
    # none expired ever dropped; session 22). At MAX_VALUES the expired go, then the oldest, down to half of it:
    # a login flooded out before its launch is started again from the course, as an expired one is.
    MAX_VALUES = 50_000

    def set_value(self, key, value, exp=None):
        now = time.monotonic()
        with self._lock:
            if len(self._values) >= self.MAX_VALUES:
                self._values = {k: kept for k, kept in self._values.items() if kept[1] > now}
                for old in list(self._values)[:max(0, len(self._values) - self.MAX_VALUES // 2)]:
                    del self._values[old]  # the oldest first: a dict keeps its keys in the order they came
            self._values[key] = (value, now + (exp or LAUNCH_LIFETIME))

    def check_value(self, key):
        return self.get_value(key) is not None


class Request(LtiRequest):
    def __init__(self, params: dict, cookies: dict, secure: bool):
        self._params, self._cookies, self._secure = params, cookies, secure

    @property
    def session(self):
        return {}

    def get_param(self, key):
        return self._params.get(key)

    def get_cookie(self, key):
        return self._cookies.get(key)

    def is_secure(self):
        return self._secure


class Cookies(CookieService):
    def __init__(self, request: Request):
        self._request, self.to_set = request, {}

    def get_cookie(self, name):
        return self._request.get_cookie(f"{self._cookie_prefix}-{name}")

    def set_cookie(self, name, value, exp=3600):
        self.to_set[f"{self._cookie_prefix}-{name}"] = (value, exp)

    def apply(self, response):
        for key, (value, exp) in self.to_set.items():
            # The platform posts the launch from its own site: the state cookie must travel on that POST,
            # which only SameSite=None (and so Secure) allows; over plain HTTP (tests) Lax is what is left.
            secure = self._request.is_secure()
            response.set_cookie(key, value, max_age=exp, httponly=True, secure=secure, path="/",
                                samesite="none" if secure else "lax")
        return response


class _Redirect(Redirect):
    def __init__(self, location, cookies):
        self._location, self._cookies = location, cookies

    def do_redirect(self):
        from fastapi.responses import RedirectResponse
        return self._cookies.apply(RedirectResponse(self._location, status_code=302))

    do_js_redirect = do_redirect

    def set_redirect_url(self, location):
        self._location = location

    def get_redirect_url(self):
        return self._location


class _Login(OIDCLogin):
    def get_redirect(self, url):
        return _Redirect(url, self._cookie_service)

    def _get_request_param(self, key):
        return self._request.get_param(key)


class _Launch(MessageLaunch):
    def _get_request_param(self, key):
        return self._request.get_param(key)


class Lti:
    """The course's LTI registration and the tool's key; None-safe: `Lti.of(folder)` is None without [lti]."""

    def __init__(self, folder: Path, table: dict):
        self.folder = Path(folder)
        required = ("issuer", "client_id", "deployment_id", "auth_login_url", "auth_token_url", "key_set_url")
        missing = [k for k in required if not table.get(k)]
        if missing:
            raise ServeError(f"{self.folder / 'course.toml'}: [lti] needs {', '.join(missing)}")
        self.table, self.users = table, dict(table.get("users") or {})
        self.storage = Storage()
        private = self._key()
        self.config = ToolConfDict({table["issuer"]: [{
            "default": True, "client_id": table["client_id"], "auth_login_url": table["auth_login_url"],
            "auth_token_url": table["auth_token_url"], "auth_audience": table.get("auth_audience"),
            "key_set_url": table["key_set_url"], "key_set": None, "deployment_ids": [table["deployment_id"]]}]})
        self.config.set_private_key(table["issuer"], private, client_id=table["client_id"])
        self.config.set_public_key(table["issuer"], self.public_pem, client_id=table["client_id"])

    @classmethod
    def of(cls, folder):
        data = loads((Path(folder) / "course.toml").read_text(encoding="utf-8"))
        return cls(folder, data["lti"]) if data.get("lti") else None

    def _key(self) -> str:
        from jwcrypto.jwk import JWK
        path = self.folder / KEY_FILE
        if not path.exists():
            import os
            key = JWK.generate(kty="RSA", size=2048)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(key.export_to_pem(private_key=True, password=None))
        pem = path.read_bytes()
        key = JWK.from_pem(pem)
        self.public_pem = key.export_to_pem().decode()
        self.jwks = {"keys": [dict(json.loads(key.export_public()), alg="RS256", use="sig")]}  # kid: its thumbprint
        return pem.decode()

    def _services(self, params, cookies, secure):
        request = Request(params, cookies, secure)
        cookie_service = Cookies(request)
        session = SessionService(request)
        session.set_data_storage(self.storage)
        return request, session, cookie_service

    def login(self, params, cookies, secure):
        """The OIDC initiation: a redirect to the platform's authorization endpoint."""
        request, session, cookie_service = self._services(params, cookies, secure)
        login = _Login(request, self.config, session, cookie_service, self.storage)
        target = params.get("target_link_uri")
        if not target:
            raise LtiException("the login request names no target_link_uri")
        return login.redirect(target)

    def launch(self, db, params, cookies, secure):
        """A validated launch (pylti1p3 raises LtiException for a bad one), its nonce used up here."""
        request, session, cookie_service = self._services(params, cookies, secure)
        launch = _Launch(request, self.config, session, cookie_service, self.storage)
        data = launch.get_launch_data()
        try:
            with db.write() as s:
                s.add(Nonce(nonce=str(data["nonce"])[:255], seen_at=datetime.now(timezone.utc).replace(tzinfo=None)))
        except IntegrityError:
            raise LtiException("this launch was used already (its nonce was seen): launch again from the course") \
                from None
        return launch, data

    def from_cache(self, launch_id):
        request, session, cookie_service = self._services({}, {}, False)
        return _Launch.from_cache(launch_id, request, self.config, session, cookie_service, self.storage)

    def student_of(self, data, course) -> str:
        sub = str(data.get("sub", ""))
        name = self.users.get(sub, sub)
        if name not in course.students and name not in course.instructors:
            raise LtiException(f"the platform's user {sub!r} is not on this course's roster: add them to "
                               "course.toml's students, or map them in [lti.users]")
        return name

    def deep_link_answer(self, launch, exercise, launch_url) -> dict:
        resource = (DeepLinkResource().set_url(launch_url).set_title(exercise)
                    .set_custom_params({"exercise": exercise}))
        deep_link = launch.get_deep_link()
        return {"url": deep_link._deep_link_settings["deep_link_return_url"],
                "jwt": deep_link.get_response_jwt([resource])}

    def remember(self, db, student, exercise, launch, data):
        """Keep where this student's grades for this exercise go (the launch's AGS claim), if anywhere."""
        ags = data.get("https://purl.imsglobal.org/spec/lti-ags/claim/endpoint") or {}
        if not ags.get("lineitem"):
            return
        with db.write() as s:
            link = s.get(LtiLink, (student, exercise)) or LtiLink(student=student, exercise=exercise)
            link.issuer, link.client_id = data["iss"], launch.get_client_id()
            link.user_id, link.service = str(data["sub"]), ags
            s.merge(link)

    def send(self, link, score, maximum, comment):
        """Pass one grade back (pylti1p3's AGS client: a token from the platform, then the score)."""
        from pylti1p3.assignments_grades import AssignmentsGradesService
        from pylti1p3.service_connector import ServiceConnector
        registration = self.config.find_registration_by_params(link.issuer, link.client_id)
        grade = (Grade().set_score_given(score).set_score_maximum(maximum).set_user_id(link.user_id)
                 .set_activity_progress("Completed").set_grading_progress("FullyGraded").set_comment(comment)
                 .set_timestamp(datetime.now(timezone.utc).isoformat()))
        AssignmentsGradesService(ServiceConnector(registration), link.service).put_grade(grade)
