"""The pages in-process: sign-in cookie flags, CSRF, revocation, per-object authorization, the live status."""

import re

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sign_in_support import open_link

from grader.cli import main

from .conftest import OWN_VALUE, REFERENCE


def signed_in(served, name, https=False):
    client = TestClient(served.app, base_url="https://testserver" if https else "http://testserver")
    answer = open_link(client, f"/login/{served.svc.link_for(name)}")
    assert answer.status_code == 303
    return client, answer


def csrf_of(page_text):
    return re.search(r'name="csrf" value="([0-9a-f]+)"', page_text).group(1)


def test_the_sign_in_link_sets_a_cookie_that_scripts_cannot_read(served):
    _, plain = signed_in(served, "bob")
    cookie = plain.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
    assert plain.headers["location"] == "/"
    _, tls = signed_in(served, "bob", https=True)
    assert "Secure" in tls.headers["set-cookie"]
    _, teacher = signed_in(served, "instructor")
    assert teacher.headers["location"] == "/instructor"
    bad = served.client.get("/login/not-a-token")
    assert bad.status_code == 401 and "not valid" in bad.text


def test_pages_are_sent_with_a_policy_that_loads_nothing_from_elsewhere(served):
    client, _ = signed_in(served, "bob")
    page = client.get("/")
    assert page.status_code == 200 and "10 left" in page.text
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert page.headers["referrer-policy"] == "no-referrer"
    assert client.get("/static/htmx-2.0.11.min.js").status_code == 200


def test_an_upload_from_the_page_needs_the_forms_csrf_token(served):
    client, _ = signed_in(served, "bob")
    token = csrf_of(client.get("/").text)
    files = {"file": ("engine.py", REFERENCE.encode())}
    forged = client.post("/upload", data={"exercise": "01-mul-backward"}, files=files, follow_redirects=False)
    assert forged.status_code == 403 and "CSRF" in forged.text
    wrong = client.post("/upload", data={"exercise": "01-mul-backward", "csrf": "0" * 64}, files=files,
                        follow_redirects=False)
    assert wrong.status_code == 403
    sent = client.post("/upload", data={"exercise": "01-mul-backward", "csrf": token}, files=files,
                       follow_redirects=False)
    assert sent.status_code == 303 and sent.headers["location"].startswith("/submissions/")
    # The API signed in by the cookie needs it too; by a Bearer header it does not (no browser adds one).
    assert client.post("/api/v1/regrade", json={"exercise": "01-mul-backward"}).status_code == 403


def test_a_pasted_engine_is_graded_and_the_page_shows_its_feedback_and_history(served):
    client, _ = signed_in(served, "bob")
    token = csrf_of(client.get("/").text)
    sent = client.post("/upload", data={"exercise": "01-mul-backward", "csrf": token, "code": OWN_VALUE},
                       follow_redirects=False)
    url = sent.headers["location"]
    waiting = client.get(url)
    assert 'sse-connect="' + url + '/live"' in waiting.text and "next in line" in waiting.text
    served.grade_all()
    events = client.get(url + "/live").text
    assert "event: status" in events and events.rstrip().endswith('event: done\ndata: "graded"')
    final = client.get(url + "/part").text
    assert 'id="final"' in final and "Score on the tests shown: 0 / 8" in final
    page = client.get(url).text
    assert "Attempts at 01-mul-backward" in page and page.count('href="/submissions/') == 1
    # another student gets the same answer as for an id that does not exist
    other, _ = signed_in(served, "alice")
    assert other.get(url).status_code == 404 and other.get(url + "/live").status_code == 404


def test_a_revoked_token_ends_the_session_it_signed_in(served):
    client, _ = signed_in(served, "bob")
    assert client.get("/").status_code == 200
    assert CliRunner().invoke(main, ["serve", "tokens", str(served.folder), "--revoke", "bob"]).exit_code == 0
    after = client.get("/")
    assert after.status_code == 401 and "personal link" in after.text


@pytest.mark.slow  # grades, reports and regrades a class: over the quick loop's 2 s of CPU (tests/costs.py)
def test_the_instructors_pages(served):
    served.submit("alice", REFERENCE)
    served.submit("bob", OWN_VALUE)
    served.grade_all()
    student, _ = signed_in(served, "bob")
    for url in ("/instructor", "/instructor/report/01-mul-backward", "/instructor/students/alice"):
        assert student.get(url).status_code == 403
    client, _ = signed_in(served, "instructor")
    book = client.get("/instructor").text
    assert "/instructor/students/alice" in book and "Counting each student&#39;s best attempt" in book
    report = client.get("/instructor/report/01-mul-backward")
    assert report.status_code == 200 and "alice" in report.text and "bob" in report.text
    assert report.headers["content-security-policy"].startswith("default-src 'none'")
    similarity = client.get("/instructor/similarity/01-mul-backward")
    # both compared; the course's reference (alice) is not a copy of micrograd: its lines in the lecture's style
    # are not micrograd's own choices (docs/similarity.md, public sources)
    assert similarity.status_code == 200 and "2 submissions compared (0 could not be read)" in similarity.text
    assert "No submission shares rare code with a public source." in similarity.text
    token = csrf_of(book)
    done = client.post("/instructor/regrade", data={"exercise": "01-mul-backward", "csrf": token},
                       follow_redirects=False)
    served.grade_all()
    page = client.get(done.headers["location"]).text
    assert "(dry run)" in page and "No score changed (2 students)." in page
    granted = client.post("/instructor/extensions", data={"csrf": token, "student": "bob",
                                                          "exercise": "01-mul-backward", "due": "2030-01-02T10:00"},
                          follow_redirects=False)
    assert granted.status_code == 303
    assert "Wed, Jan 2, 2030, 10:00 UTC" in client.get("/instructor").text


def test_a_file_name_the_student_chose_is_shown_escaped_on_every_page(served):
    """The upload's file name is the student's own text, shown on their pages and on the instructor's page of
    that student: on 344153b raw (HTML-escaped only), so a name holding ESC [ and a bidi override showed the
    instructor `engine.py` for `gpj.engine` reversed, as the terminal's sanitiser exists to prevent. Now every
    control character and bidi mark of it is written as its escape there, as in the reports."""
    name = "evil\x1b[2J\u202eyp.enigne\u200f.py"
    shown = "evil\\x1b[2J\\u202eyp.enigne\\u200f.py"
    sid = served.submit("bob", REFERENCE, filename=name).json()["id"]
    assert served.get("bob", f"/api/v1/submissions/{sid}").json()["filename"] == name  # data: kept as it was
    served.grade_all()
    student, _ = signed_in(served, "bob")
    instructor, _ = signed_in(served, "instructor")
    pages = [student.get(f"/submissions/{sid}").text, instructor.get(f"/submissions/{sid}").text,
             instructor.get("/instructor/students/bob").text]
    for page in pages:
        assert shown in page
        assert not any(c in page for c in "\x1b\u202e\u200f")


def test_uploads_from_the_page_count_toward_the_rate_limit_as_the_apis_do(served):
    """30 uploads a minute per person, whichever way they come: on 344153b only the API counted them, and a
    student posting the page's form (a script with their cookie) was never refused for the rate."""
    client, _ = signed_in(served, "bob")
    token = csrf_of(client.get("/").text)
    files = {"file": ("engine.py", b"x = 1\n")}
    answers = [client.post("/upload", data={"exercise": "01-mul-backward", "csrf": token}, files=files,
                           follow_redirects=False) for _ in range(31)]
    assert [a.status_code for a in answers] == [303] * 10 + [429] * 21  # ten attempts, then over the limit
    assert all("you have used all 10 attempts at this exercise" in a.text for a in answers[10:30])
    assert "too many requests: at most 30 a minute" in answers[30].text
    refused = served.submit("bob", b"x = 1\n")
    assert refused.status_code == 429 and refused.json()["detail"] == "too many requests: at most 30 a minute"


def test_wrong_sign_in_links_from_one_address_never_lock_out_a_right_one(served):
    """Sign-in tries are limited per address (20 a minute) against guessing; a class behind one address (a
    lab, a campus NAT) shares it. On 344153b every try counted, right or wrong, before the link was read: one
    student sending 20 wrong links a minute kept every classmate behind the same address from signing in
    (429). Now only wrong links count, and a right one always signs its person in."""
    for _ in range(20):
        assert served.client.get("/login/not-a-token").status_code == 401
    assert served.client.get("/login/not-a-token").status_code == 429
    _, answer = signed_in(served, "alice")  # the same address (the test client's)
    assert answer.headers["location"] == "/"
    assert served.client.get("/login/still-not-a-token").status_code == 429
