"""Session 39's red team: a student who reads the source, on `grade serve`'s sessions and uploads, the similarity
report, a submission's file names, and what one probe's run can leave for the next (docs/security.md, "Session 39's
red team")."""

import html
import re

import pytest
from sign_in_support import open_link

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


@pytest.fixture(params=[60])
def served(tmp_path, request):
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from grader.serve.course import write_new

    folder = tmp_path / "course"
    write_new(folder, ["alice", "mallory"], ["01-mul-backward"])
    toml = folder / "course.toml"  # the cool-down between two attempts, as the test asks
    toml.write_text(re.sub(r"(?m)^cooldown_seconds = .*$", f"cooldown_seconds = {request.param}", toml.read_text()))
    app = create_app(folder, start_pool=False)
    with TestClient(app, base_url="https://testserver") as client:
        yield client, app.state.service


def _submissions(svc, name):
    from sqlalchemy import func, select

    from grader.serve.db import Submission
    with svc.db.read() as session:
        return session.scalar(select(func.count()).select_from(Submission).where(Submission.student == name))


def test_a_session_cookie_copied_before_signing_out_signs_in_no_more(served):
    # Closed (session 38 pinned it open): on a lab computer alice signs out; mallory, who copied the cookie, replays it
    # with the form's CSRF token of the page she saw. The cookie was the link's token, and the replay was alice (her
    # pages, and an upload taken as her attempt) until the instructor revoked the link. Now the cookie is a session's
    # token, whose session the sign-out ends in the database (session 40: its row of browser_sessions): the replay gets
    # what a browser with no session gets (the sign-in page, 401), the upload is not admitted, and alice's next link
    # (a link signs in once since session 40: tests/test_redteam40.py) signs her in
    client, svc = served
    open_link(client, f"/login/{svc.link_for('alice')}")
    cookie = client.cookies["__Host-grade_session"]
    assert cookie != svc.token_for("alice")  # the link's token is not the cookie
    csrf = CSRF.search(client.get("/").text).group(1)
    assert client.post("/logout", data={"csrf": csrf}, follow_redirects=False).status_code == 303
    client.cookies.clear()
    replayed = {"Cookie": f"__Host-grade_session={cookie}"}
    none = client.get("/")
    page = client.get("/", headers=replayed)
    assert (page.status_code, page.text) == (401, none.text) and "signed in as" not in page.text
    upload = client.post("/upload", headers=replayed, data={"exercise": "01-mul-backward", "csrf": csrf},
                         files={"file": ("engine.py", b"class Value:\n    pass\n")}, follow_redirects=False)
    assert (upload.status_code, upload.text) == (401, none.text) and _submissions(svc, "alice") == 0
    # the copy as a Bearer token: the API's words for no session, the upload refused in admission's transaction
    api = client.get("/api/v1/submissions", headers={"Authorization": f"Bearer {cookie}"})
    assert (api.status_code, api.json()["detail"]) == (
        401, "sign in: use your personal link, or send `Authorization: Bearer TOKEN`")
    sent = client.post("/api/v1/submissions", headers={"Authorization": f"Bearer {cookie}"},
                       data={"exercise": "01-mul-backward"}, files={"file": ("engine.py", b"class Value:\n    pass\n")})
    assert (sent.status_code, sent.json()["detail"]) == (
        401, "sign in: use your personal link, or send `Authorization: Bearer TOKEN`")
    assert _submissions(svc, "alice") == 0
    # her next link signs her in again, with a new session whose CSRF token is not the old one's
    open_link(client, f"/login/{svc.link_for('alice')}")
    assert client.cookies["__Host-grade_session"] != cookie
    assert re.search(r"signed in as (\w+)", client.get("/").text).group(1) == "alice"
    assert CSRF.search(client.get("/").text).group(1) != csrf


def test_signing_out_ends_this_browsers_session_only(served):
    # session 40: a sign-out ends the session of the browser it is posted from (auth.py): alice's phone (a second
    # session) stays signed in, as mallory's does (session 39 ended every session of alice's: with single-use links,
    # each of her browsers then needed a new link from the instructor); the API token as a cookie is no session
    client, svc = served
    from fastapi.testclient import TestClient
    phone = TestClient(client.app, base_url="https://testserver")
    open_link(phone, f"/login/{svc.link_for('alice')}")
    mallory = TestClient(client.app, base_url="https://testserver")
    open_link(mallory, f"/login/{svc.link_for('mallory')}")
    open_link(client, f"/login/{svc.link_for('alice')}")
    assert [c.get("/").status_code for c in (client, phone, mallory)] == [200, 200, 200]
    client.post("/logout", data={"csrf": CSRF.search(client.get("/").text).group(1)})
    assert [c.get("/").status_code for c in (client, phone, mallory)] == [401, 200, 200]
    linked = client.get("/", headers={"Cookie": f"__Host-grade_session={svc.token_for('alice')}"})
    assert linked.status_code == 401
    # the API token: signing out does not end it, revoking does
    bearer = {"Authorization": f"Bearer {svc.token_for('alice')}"}
    assert client.get("/api/v1/submissions", headers=bearer).status_code == 200


def _rows(svc, model):
    from sqlalchemy import func, select
    with svc.db.read() as session:
        return session.scalar(select(func.count()).select_from(model))


def test_the_instructors_forms_and_api_refuse_a_post_without_their_sessions_csrf_token(served):
    # Held: a page of another host of the same site (its posts carry the SameSite=Lax cookie) posts the instructor's
    # regrade (with "apply") and extension forms, and the API's, in the instructor's browser; mallory posts them with
    # her own form's token, and alice's CSRF token of an earlier session of the instructor's (before a sign-out) is
    # tried. Each is refused in the same words, and nothing is started or granted
    from grader.serve.db import Extension, Regrade
    client, svc = served
    instructor = svc.course.instructors[0]
    open_link(client, f"/login/{svc.link_for(instructor)}")
    old = CSRF.search(client.get("/instructor").text).group(1)
    client.post("/logout", data={"csrf": old})
    open_link(client, f"/login/{svc.link_for(instructor)}")
    forms = {"/instructor/regrade": {"exercise": "01-mul-backward", "apply": "yes"},
             "/instructor/extensions": {"student": "alice", "exercise": "01-mul-backward", "due": "2030-01-02T10:00"}}
    said = "the form's CSRF token is missing or wrong: reload the page and try again"
    for url, form in forms.items():
        for token in (None, old, "0" * 64):
            refused = client.post(url, data=form if token is None else {**form, "csrf": token}, follow_redirects=False)
            assert (refused.status_code, said in html.unescape(refused.text)) == (403, True), (url, token)
    for url, body in (("/api/v1/regrade", {"exercise": "01-mul-backward", "dry_run": False}),
                      ("/api/v1/extensions", {"student": "alice", "exercise": "01-mul-backward",
                                              "due": "2030-01-02T10:00:00+00:00"})):
        refused = client.post(url, json=body, headers={"X-CSRF-Token": old})
        assert (refused.status_code, refused.json()["detail"]) == (403, said)
    mallory = type(client)(client.app, base_url="https://testserver")
    open_link(mallory, f"/login/{svc.link_for('mallory')}")
    hers = CSRF.search(mallory.get("/").text).group(1)
    for url, form in forms.items():
        refused = mallory.post(url, data={**form, "csrf": hers}, follow_redirects=False)
        assert (refused.status_code, "only an instructor may see this page" in html.unescape(refused.text)) == (
            403, True)
    assert (_rows(svc, Regrade), _rows(svc, Extension)) == (0, 0)
    # the instructor's own form, with this session's token, is taken
    token = CSRF.search(client.get("/instructor").text).group(1)
    granted = client.post("/instructor/extensions", data={**forms["/instructor/extensions"], "csrf": token},
                          follow_redirects=False)
    assert (granted.status_code, _rows(svc, Extension)) == (303, 1)


def test_a_form_that_python_multipart_refuses_gets_the_page_in_words_not_raw_json(served):
    # Got through: a pasted engine over the paste box's 1 MiB (a notebook's JSON with its plots pasted as engine.py),
    # and a part whose headers are over python-multipart's limit (a file name of 8 MiB, as a client of its own sends):
    # starlette answered each with raw English JSON, `{"detail":"Part exceeded maximum size of 1024KB."}` and
    # `{"detail":"Invalid multipart data."}`, which the browser showed as it was (session 38 mended the same for an
    # upload over the course's cap). Now the page again with the refusal in words; the API's JSON carries them as
    # data; nothing is admitted or charged
    client, svc = served
    open_link(client, f"/login/{svc.link_for('alice')}")
    csrf = CSRF.search(client.get("/").text).group(1)
    pasted = "x = 1\n" * (1024 * 1024 // 6 + 1)
    page = client.post("/upload", data={"exercise": "01-mul-backward", "csrf": csrf, "code": pasted},
                       follow_redirects=False)
    assert (page.status_code, page.headers["content-type"]) == (400, "text/html; charset=utf-8")
    assert ("the pasted code is over the limit of 1.0 MiB for one source file: paste engine.py alone (a notebook: "
            "upload its .ipynb file)") in html.unescape(page.text)
    assert re.search(r"signed in as (\w+)", page.text).group(1) == "alice"
    named = client.post("/upload", data={"exercise": "01-mul-backward", "csrf": csrf},
                        files={"file": ("a" * (8 << 20) + ".py", b"class Value:\n    pass\n")}, follow_redirects=False)
    assert named.status_code == 400 and ("the upload could not be read as the page's form (Invalid multipart data.): "
                                         "send it again from the page") in html.unescape(named.text)
    api = client.post("/api/v1/submissions", headers={"Authorization": f"Bearer {svc.token_for('alice')}"},
                      data={"exercise": "01-mul-backward", "code": pasted})
    assert (api.status_code, api.json()["message_data"]["params"]) == (400, {"limit": "1.0 MiB"})
    assert _submissions(svc, "alice") == 0


@pytest.mark.parametrize("served", [0], indirect=True)  # no cool-down: five attempts in a row
def test_an_uploads_name_of_a_path_or_a_device_is_data_never_a_path(served):
    # Held: uploads named `../../engine.py`, `CON.py` and `aux.py` (Windows' devices), `ENGINE.PY` (a name that
    # differs from engine.py by case) and `..\\..\\engine.py` are each admitted under the submission's random id in the
    # student's own folder of uploads, the name kept as the student wrote it (shown, never used as a path); `AUX`
    # (no suffix) is refused in the loader's words, charged nothing
    from sqlalchemy import select

    from grader.serve.db import Submission
    client, svc = served
    open_link(client, f"/login/{svc.link_for('alice')}")
    csrf = CSRF.search(client.get("/").text).group(1)
    names = ["../../engine.py", "CON.py", "aux.py", "ENGINE.PY", "..\\..\\engine.py"]
    for name in names:
        sent = client.post("/upload", data={"exercise": "01-mul-backward", "csrf": csrf},
                           files={"file": (name, b"class Value:\n    pass\n")}, follow_redirects=False)
        assert sent.status_code == 303, (name, sent.status_code)
    refused = client.post("/upload", data={"exercise": "01-mul-backward", "csrf": csrf},
                          files={"file": ("AUX", b"class Value:\n    pass\n")}, follow_redirects=False)
    assert refused.status_code == 422 and ("AUX has no file extension; expected a folder, a .py file, a .ipynb "
                                           "notebook or a .zip of one of these") in html.unescape(refused.text)
    with svc.db.read() as session:
        rows = [(s.filename, s.path, s.id) for s in session.scalars(select(Submission).order_by(Submission.received_at))]
    assert [name for name, _, _ in rows] == names
    assert all(path == f"uploads/alice/{sid}.py" for _, path, sid in rows)
