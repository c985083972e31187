"""Session 40's red team: a student who reads the source, on `grade serve`'s sign-in links and sessions, and on what
its forms answer a browser (docs/security.md, "Session 40's red team")."""

import re

import pytest
from sign_in_support import served  # noqa: F401 (a fixture)
from sign_in_support import browser as _browser, course_app as _course, open_link, whose as _whose

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
NOT_VALID = "This link is not valid (any more): ask your instructor for your current one."


def test_a_link_kept_in_a_shared_computers_history_signs_in_no_more(served):
    # Got through (session 39 left it, "What is not defended"): alice opens her link on a lab computer, works, signs
    # out; mallory opens it again from the browser's history. It signed her in as alice (her pages, her attempts)
    # until the instructor ran `--revoke`. Now a link signs in once: the replay gets the page a revoked link gets,
    # word for word, and 401; alice's next link (the one `grade serve tokens` prints now) signs her in elsewhere.
    client, svc = served
    link = svc.link_for("alice")
    assert open_link(client, f"/login/{link}").status_code == 303
    assert _whose(client) == "alice"
    client.post("/logout", data={"csrf": CSRF.search(client.get("/").text).group(1)})
    mallory = _browser(client)
    replayed = mallory.get(f"/login/{link}", follow_redirects=False)
    assert (replayed.status_code, "set-cookie" in replayed.headers) == (401, False)
    assert NOT_VALID in replayed.text and mallory.get("/").status_code == 401
    # a revoked link: the same page, word for word
    old = svc.link_for("mallory")
    svc.revoke("mallory")
    revoked = _browser(client).get(f"/login/{old}", follow_redirects=False)
    assert (revoked.status_code, revoked.text) == (401, replayed.text)
    # the next link is another, and signs alice in once, on her own computer
    laptop = _browser(client)
    assert svc.link_for("alice") != link
    assert open_link(laptop, f"/login/{svc.link_for('alice')}").status_code == 303
    assert _whose(laptop) == "alice"


def test_a_link_and_the_api_token_are_not_each_other(served):
    # the API token (the CSV's `token`, for curl) is no link: a link opened from a history must not be a key that
    # works forever on the API, nor the API token a link that signs in a browser again and again
    client, svc = served
    api = svc.token_for("alice")
    page = _browser(client).get(f"/login/{api}", follow_redirects=False)
    assert page.status_code == 401 and NOT_VALID in page.text
    as_bearer = client.get("/api/v1/submissions", headers={"Authorization": f"Bearer {svc.link_for('alice')}"})
    assert (as_bearer.status_code, as_bearer.json()["detail"]) == (
        401, "sign in: use your personal link, or send `Authorization: Bearer TOKEN`")
    assert client.get("/api/v1/submissions", headers={"Authorization": f"Bearer {api}"}).status_code == 200


def test_one_link_opened_by_two_browsers_at_once_signs_in_one(served):
    # the link is used up in the transaction that starts the session: of two uses of one link, one starts a session
    _, svc = served
    link = svc.link_for("alice")
    assert svc.linked(link).name == "alice"
    first, second = svc.use_link(link), svc.use_link(link)
    assert second is None and svc.who(first, session=True).name == "alice"
    assert svc.linked(link) is None


def test_a_browser_signed_in_keeps_its_own_link_and_a_switch_uses_it_only_on_its_button(served):
    # alice, signed in, opens her current link again (a bookmark): sent on, the link kept for her other browser.
    # mallory's link opened in alice's browser: the switch page does not use it (a look is not a sign-in); its
    # button does, and the same button posted again is a used link's page.
    client, svc = served
    open_link(client, f"/login/{svc.link_for('alice')}")
    mine = svc.link_for("alice")
    again = client.get(f"/login/{mine}", follow_redirects=False)
    assert (again.status_code, again.headers["location"], svc.link_for("alice")) == (303, "/", mine)
    theirs = svc.link_for("mallory")
    page = client.get(f"/login/{theirs}", follow_redirects=False)
    assert page.status_code == 200 and svc.link_for("mallory") == theirs
    csrf = CSRF.search(page.text).group(1)
    button = client.post(f"/login/{theirs}", data={"csrf": csrf}, follow_redirects=False)
    assert button.status_code == 303 and _whose(client) == "mallory"
    csrf = CSRF.search(client.get("/").text).group(1)
    replayed = client.post(f"/login/{theirs}", data={"csrf": csrf}, follow_redirects=False)
    assert replayed.status_code == 401 and NOT_VALID in replayed.text


def test_the_pages_forms_answer_a_refused_body_with_a_page_in_the_courses_language(tmp_path):
    # Got through (session 39 left it): the sign-out, the switch page's button and the instructor's forms answered a
    # body python-multipart refuses (more fields than the form has) with starlette's raw English JSON, and a body over
    # the course's cap with the cap's JSON. Now each a page in the course's language (here Russian), with the status;
    # the API's refusals stay JSON.
    from fastapi.testclient import TestClient

    app = _course(tmp_path, lang="ru")
    svc = app.state.service
    with TestClient(app, base_url="https://testserver") as client:
        open_link(client, f"/login/{svc.link_for('alice')}")
        csrf = CSRF.search(client.get("/").text).group(1)
        fields = {"csrf": csrf, "a": "1", "b": "2"}
        many = client.post("/logout", data=fields, files={"c": (None, "3")}, follow_redirects=False)
        assert (many.status_code, many.headers["content-type"]) == (400, "text/html; charset=utf-8")
        assert "не удалось прочитать форму (Too many fields. Maximum number of fields is 2.)" in many.text
        assert client.get("/").status_code == 200  # not signed out
        button = client.post(f"/login/{svc.link_for('mallory')}", data=fields, files={"c": (None, "3")})
        assert button.status_code == 400 and "не удалось прочитать форму" in button.text
        cap = svc.course.max_upload_bytes + 65 * 1024
        big = client.post("/logout", content=b"x" * cap, headers={"content-type": "application/x-www-form-urlencoded"})
        assert (big.status_code, big.headers["content-type"]) == (413, "text/html; charset=utf-8")
        assert "больше предела этого курса, 20.0 MiB" in big.text and client.get("/").status_code == 200
        api = client.post("/api/v1/submissions", content=b"x" * cap, headers={
            "Authorization": f"Bearer {svc.token_for('alice')}", "content-type": "multipart/form-data; boundary=x"})
        assert api.status_code == 413 and api.json()["message_data"]["params"] == {"limit": "20.0 MiB"}


def test_the_home_page_takes_no_words_or_status_from_its_address(served):
    # Got through: `/?error=...&status_code=...` were the route's parameters (the upload's refusals are shown by
    # calling it), so a link a classmate sent showed any words in the page's red ("your account is suspended: ...")
    # with any status, and `?status_code=x` answered FastAPI's raw JSON
    client, svc = served
    open_link(client, f"/login/{svc.link_for('alice')}")
    page = client.get("/?error=Your+account+is+suspended&status_code=500")
    assert page.status_code == 200 and "suspended" not in page.text
    assert client.get("/?status_code=x").status_code == 200


def test_a_notebook_naming_another_kernel_with_a_command_is_read_as_python_and_runs_nothing(tmp_path):
    # Held: a notebook whose metadata names an R kernel whose kernel spec carries a command (`argv`) is read for its
    # code cells alone; no kernel is started, the metadata is not followed
    import json
    from pathlib import Path

    from grader.load import load_entry

    engine = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_text()
    marker = tmp_path / "started"
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "ir", "display_name": "R", "language": "R", "argv": ["touch", str(marker)]},
        "language_info": {"name": "R"}}, "cells": [
        {"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": 1, "outputs": [], "source": engine}]}
    (tmp_path / "alice.ipynb").write_text(json.dumps(notebook))
    sub = load_entry(tmp_path / "alice.ipynb")
    assert (sub.problem, sorted(sub.files), marker.exists()) == (None, ["engine.py"], False)
    assert sub.files["engine.py"].decode().endswith(engine.strip() + "\n")  # after the loader's IPython names


def test_a_zip_member_named_with_a_newline_is_no_engine_and_is_said_escaped(tmp_path):
    # Held: `engine.py\n` is not engine.py (on Linux it is another file): refused, the name kept as written in the
    # problem's data, and shown escaped where a report prints it (one line, no line of its own to forge)
    import zipfile

    from grader.load import load_entry
    from grader.student_text import printable

    with zipfile.ZipFile(tmp_path / "bob.zip", "w") as z:
        z.writestr("engine.py\n", "class Value:\n    pass\n")
    sub = load_entry(tmp_path / "bob.zip")
    assert sub.problem == ("no engine.py found in bob.zip; expected engine.py, or a single .py or .ipynb file "
                           "(found: engine.py\n)")
    assert "\n" not in printable(sub.problem, one_line=True)


def test_an_upload_of_a_zip_of_many_tiny_files_is_rejected_from_its_directory_and_costs_no_attempt(served):
    # Held: 20,000 empty members beside engine.py (1 MB, under the cap): refused from the zip's directory, before a
    # member is unpacked, the attempt refunded as every rejected upload's
    import io
    import zipfile

    from grader.serve.grading import Worker

    client, svc = served
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as z:
        z.writestr("engine.py", "class Value:\n    pass\n")
        for i in range(20000):
            z.writestr(f"d/{i}.txt", "")
    sent = client.post("/api/v1/submissions", headers={"Authorization": f"Bearer {svc.token_for('alice')}"},
                       data={"exercise": "01-mul-backward"}, files={"file": ("many.zip", data.getvalue())})
    assert sent.status_code == 202
    Worker(svc.folder).drain()
    seen = client.get(sent.json()["url"], headers={"Authorization": f"Bearer {svc.token_for('alice')}"}).json()
    assert (seen["status"], seen["charged"]) == ("rejected", False)
    assert seen["message"] == ("many.zip holds more than 10,000 members, more than the limit of 200; zip only the "
                               "submission folder")
