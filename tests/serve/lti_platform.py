"""An LTI 1.3 platform for the tests, built on `lti1p3platform` and served by uvicorn on a free loopback port.

It signs launches with a key of its own, publishes it (/jwks), gives the tool
access tokens (/token, checking the tool's signed assertion against the tool's
JWKS), and records the scores the tool passes back (/lineitems/1/lineitem/scores),
failing the first `fail_scores` of them with a 503 to make the tool retry.
"""

import threading
from types import SimpleNamespace
import time
from urllib.parse import parse_qsl, urlsplit

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from jwcrypto.jwk import JWK
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.registration import Registration

from .server import free_port

CLIENT_ID, DEPLOYMENT_ID = "grade-serve-test", "deployment-1"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"


class _Conf(LTI1P3PlatformConfAbstract):
    def init_platform_config(self, **kwargs):
        self.registration = kwargs["registration"]

    def get_registration_by_params(self, **kwargs):
        return self.registration


class _Launch(LTIAdvantageMessageLaunchAbstract):
    def render_launch_form(self, launch_data, **kwargs):
        return launch_data


class Platform:
    def __init__(self, tool_base):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        key = JWK.generate(kty="RSA", size=2048)
        self.registration = (Registration().set_iss(self.base).set_client_id(CLIENT_ID)
                             .set_deployment_id(DEPLOYMENT_ID).set_launch_url(f"{tool_base}/lti/launch")
                             .set_oidc_login_url(f"{tool_base}/lti/login")
                             .set_platform_private_key(key.export_to_pem(private_key=True, password=None).decode())
                             .set_platform_public_key(key.export_to_pem().decode()))
        self.conf = _Conf(registration=self.registration)
        self.conf.get_registration()
        self.scores, self.fail_scores, self.tokens_given = [], 0, 0
        self.app = self._app()

    def course_table(self, users):
        """course.toml's [lti] table for this platform."""
        lines = ["", "[lti]", f'issuer = "{self.base}"', f'client_id = "{CLIENT_ID}"',
                 f'deployment_id = "{DEPLOYMENT_ID}"', f'auth_login_url = "{self.base}/auth"',
                 f'auth_token_url = "{self.base}/token"', f'key_set_url = "{self.base}/jwks"', "", "[lti.users]"]
        return "\n".join(lines + [f'"{sub}" = "{name}"' for sub, name in users.items()]) + "\n"

    def _app(self):
        app = FastAPI()

        @app.get("/jwks")
        def jwks():
            return {"keys": self.registration.get_jwks()}

        @app.post("/token")
        async def token(request: Request):
            form = dict(await request.form())
            self.tokens_given += 1
            return self.conf.get_access_token(form)

        @app.post("/lineitems/1/lineitem/scores")
        async def scores(request: Request):
            bearer = request.headers.get("authorization", "")[7:]
            if not self.conf.validate_token(bearer, allowed_scopes=[SCORE_SCOPE]):
                return JSONResponse({"error": "no score scope"}, status_code=403)
            if self.fail_scores > 0:
                self.fail_scores -= 1
                return JSONResponse({"error": "try later"}, status_code=503)
            self.scores.append(await request.json())
            return JSONResponse({}, status_code=200)

        return app

    def __enter__(self):
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 300  # a hang's bound: uvicorn's start on a loaded machine (README)
        while not self.server.started and time.monotonic() < deadline:
            if not self.thread.is_alive():
                raise AssertionError("the LTI platform's server ended before it started")
            time.sleep(0.05)
        assert self.server.started, "the LTI platform's server did not start within 300 s"
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def trust_tool(self, tool_jwks):
        self.registration.set_tool_key_set(tool_jwks)

    def launch(self, preflight_url, user, roles, *, exercise=None, deep_link_return=None):
        """The platform's answer to the tool's OIDC redirect: {"id_token", "state", "launch_url"}."""
        preflight = dict(parse_qsl(urlsplit(preflight_url).query))
        launch = _Launch(SimpleNamespace(get_data=preflight, form_data={}), self.conf)
        launch.set_user_data(user, roles)
        launch.set_resource_link_claim("link-1")
        if exercise:
            launch.set_custom_parameters_claim({"exercise": exercise})
        launch.set_ags(lineitems_url=f"{self.base}/lineitems", lineitem_url=f"{self.base}/lineitems/1/lineitem")
        if deep_link_return:
            self.registration.set_deeplink_launch_url(self.registration.get_launch_url())
            launch.set_dl(deep_link_return)
        return launch.lti_launch()
