"""Session 41's red team: a student who reads the source, and a mail scanner that opens every link, on `grade serve`'s
sign-in links; and engines that stop themselves, ignore the signals a grader might end them by, forge lines at the
interpreter's exit, leave a daemon holding the worker's pipes, or stop every process they can see (docs/security.md,
"Session 41's red team"). The sign-in link's scanner got through before its fix, as its test says; the engines held,
and are kept so that the next change that opens one fails."""

import html
import re
from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import TWIN_SCORE, _leftovers, grade_grafted, needs_bwrap
from sign_in_support import served  # noqa: F401 (a fixture)
from sign_in_support import CSRF, browser as _browser, open_link, whose as _whose

from grader.sandbox import Limits

NOT_VALID = "This link is not valid (any more): ask your instructor for your current one."
THE_BUTTON = "This link signs in alice on this browser, once: it is used up by this button, not by opening the link."


def _cookies(answer):
    return sorted(v.split("=", 1)[0] for v in answer.headers.get_list("set-cookie"))


def test_a_mail_scanners_get_uses_no_link_up(served):
    # Got through (session 40 left it): a mail scanner (Outlook's Safe Links, a corporate proxy) opens every link of
    # the instructor's mail before alice reads it; its GET used her single-use link up, and her click said "not valid
    # any more". Now a GET shows a page whose button signs in: the scanner's GETs (three, as scanners retry) use
    # nothing and sign no one in; alice's click then her button sign her in, once.
    client, svc = served
    link = svc.link_for("alice")
    scanner = _browser(client)
    for _ in range(3):
        page = scanner.get(f"/login/{link}", follow_redirects=False)
        assert (page.status_code, page.headers["cache-control"]) == (200, "no-store")
        assert _cookies(page) == ["__Host-grade_sign_in"]  # the button's cookie; no session
        assert THE_BUTTON in page.text and ">Sign in as alice</button>" in page.text
    assert svc.link_for("alice") == link and scanner.get("/").status_code == 401
    button = open_link(client, f"/login/{link}")
    assert (button.status_code, button.headers["location"], _whose(client)) == (303, "/", "alice")
    assert "__Host-grade_session" in _cookies(button) and svc.link_for("alice") != link
    # the link is used: the scanner's next GET, its button (had it one), alice's button again: the used link's page
    late = scanner.get(f"/login/{link}", follow_redirects=False)
    assert (late.status_code, "set-cookie" in late.headers) == (401, False) and NOT_VALID in late.text
    csrf = CSRF.search(page.text).group(1)
    assert scanner.post(f"/login/{link}", data={"csrf": csrf}, follow_redirects=False).status_code == 401
    assert scanner.get("/").status_code == 401
    with svc.db.read() as session:
        from grader.serve.db import BrowserSession
        assert [s.person for s in session.query(BrowserSession).all()] == ["alice"]


def test_the_buttons_cookie_is_the_hosts_own_and_strict(served):
    client, svc = served
    page = client.get(f"/login/{svc.link_for('alice')}", follow_redirects=False)
    cookie = page.headers["set-cookie"]
    assert cookie.startswith("__Host-grade_sign_in=") and "Path=/" in cookie and "Domain" not in cookie
    assert all(flag in cookie for flag in ("HttpOnly", "Secure", "SameSite=strict", "Max-Age=3600"))
    # a second look (another tab) keeps the cookie, so the first tab's button still works
    again = client.get(f"/login/{svc.link_for('alice')}", follow_redirects=False)
    assert CSRF.search(again.text).group(1) == CSRF.search(page.text).group(1)
    first = client.post(f"/login/{svc.link_for('alice')}", data={"csrf": CSRF.search(page.text).group(1)},
                        follow_redirects=False)
    assert first.status_code == 303 and "__Host-grade_sign_in=\"\"" in first.headers["set-cookie"]  # dropped


def test_a_form_of_another_site_posted_to_a_classmates_link_signs_no_one_in(served):
    # mallory, who reads sign_in.py: alice is signed in; mallory's page posts a form to mallory's own link, with the
    # CSRF token of the button mallory's browser was shown. Alice's browser sends neither cookie with a post of
    # another site (the session's is Lax, the button's Strict): the post is sent to the link's page, which, in alice's
    # browser, is the switch page. A browser with a button cookie of its own and mallory's token: 403, nothing used.
    client, svc = served
    assert open_link(client, f"/login/{svc.link_for('alice')}").status_code == 303
    theirs = svc.link_for("mallory")
    forged = CSRF.search(_browser(client).get(f"/login/{theirs}").text).group(1)
    cross_site = _browser(client)  # what alice's browser sends with another site's post: no cookie
    answer = cross_site.post(f"/login/{theirs}", data={"csrf": forged}, follow_redirects=False)
    assert (answer.status_code, answer.headers["location"], "set-cookie" in answer.headers) == (
        303, f"/login/{theirs}", False)
    switch = client.get(answer.headers["location"], follow_redirects=False)
    assert "This browser is signed in as alice, and the link you opened signs in mallory." in switch.text
    other = _browser(client)
    other.get(f"/login/{svc.link_for('alice')}")  # its own button cookie
    wrong = other.post(f"/login/{theirs}", data={"csrf": forged}, follow_redirects=False)
    assert wrong.status_code == 403 and "CSRF token is missing or wrong" in html.unescape(wrong.text)
    assert (svc.link_for("mallory"), _whose(client), _whose(other)) == (theirs, "alice", None)


def _device_link(client):
    csrf = CSRF.search(client.get("/").text).group(1)
    return client.post("/device-link", data={"csrf": csrf}, follow_redirects=False)


def test_a_signed_in_student_gets_a_link_for_another_device(served):
    # session 40 left it: a student signed in on a laptop had no way to sign in on a phone but asking the
    # instructor. The home page's button shows their current link (not kept by the browser), which signs the phone
    # in once; the laptop stays signed in.
    client, svc = served
    assert open_link(client, f"/login/{svc.link_for('alice')}").status_code == 303
    page = _device_link(client)
    assert (page.status_code, page.headers["cache-control"]) == (200, "no-store")
    shown = html.unescape(re.search(r'<code id="device-link">([^<]+)</code>', page.text).group(1))
    assert shown == f"http://localhost:8000/login/{svc.link_for('alice')}"
    phone = _browser(client)
    assert open_link(phone, shown.removeprefix("http://localhost:8000")).status_code == 303
    assert (_whose(phone), _whose(client)) == ("alice", "alice")


def test_a_link_for_another_device_needs_the_session_and_its_token_and_is_rate_limited(served):
    client, svc = served
    nobody = _browser(client).post("/device-link", data={"csrf": "0" * 64}, follow_redirects=False)
    assert nobody.status_code == 401 and "device-link" not in nobody.text
    assert open_link(client, f"/login/{svc.link_for('alice')}").status_code == 303
    forged = client.post("/device-link", data={"csrf": "0" * 64}, follow_redirects=False)
    assert forged.status_code == 403 and 'id="device-link"' not in forged.text
    for _ in range(5):  # the forged post was counted by no limit: 5 good ones pass
        assert _device_link(client).status_code == 200
    sixth = _device_link(client)
    assert (sixth.status_code, sixth.headers["retry-after"]) == (429, "3600")
    assert "too many sign-in links asked for: at most 5 an hour" in sixth.text and 'id="device-link"' not in sixth.text
    # the API token (a script's, for curl) gets no link, even with the CSRF token of a page it was shown
    api = {"Authorization": f"Bearer {svc.token_for('mallory')}"}
    csrf = CSRF.search(_browser(client).get("/", headers=api).text).group(1)
    bearer = _browser(client).post("/device-link", headers=api, data={"csrf": csrf}, follow_redirects=False)
    assert bearer.status_code == 403 and 'id="device-link"' not in bearer.text
    assert "a link for another device is given on a browser signed in by a link: ask for it on the pages" in bearer.text


def test_the_unread_sign_outs_column_is_dropped_and_the_people_are_kept(tmp_path):
    # session 40 kept `people.sign_outs` unread; migration 0007 drops it: a database of 0006 with people in it keeps
    # their generation and their count of links used
    pytest.importorskip("alembic")
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from grader.serve import db as serve_db
    from grader.serve.db import Database, Person

    db = Database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    config = Config()
    config.set_main_option("script_location", str(Path(serve_db.__file__).parent / "migrations"))
    with db.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0006")
        conn.exec_driver_sql("INSERT INTO people (name, role, token_generation, sign_outs, links_used) "
                             "VALUES ('alice', 'student', 2, 7, 3)")
    db.migrate()
    assert "sign_outs" not in [c["name"] for c in inspect(db.engine).get_columns("people")]
    with db.read() as session:
        alice = session.get(Person, "alice")
        assert (alice.role, alice.token_generation, alice.links_used) == ("student", 2, 3)


# -- engines against the worker's process: signals, exit, daemons ------------------------------------------------

# a probe at 0.5 s of CPU (an honest probe takes milliseconds; tests/seams_support.py grades a class at 0.25 s): the
# loops are cut worker after worker, 9 times, and at 2 s the batch waited out 54 s of them (suite42)
LIMITS = Limits(probe_seconds=0.5, import_seconds=5, submission_seconds=30)
# a probe that never finishes, in the 10th backward() of every worker: the pattern its attacks are held to
LOOP_AT_10 = """
_n = [0]
_bw = Value.backward
def _b(self):
    _n[0] += 1
    if _n[0] == 10:
        {stop}
    return _bw(self)
Value.backward = _b
"""
ENGINE_ATTACKS = {
    "plain-loop": LOOP_AT_10.format(stop="while True: pass"),
    # the worker stops itself (SIGSTOP): a stopped process spends no CPU time, and waits for a SIGCONT no one sends
    "self-stop": "import os as _os, signal as _signal\n" + LOOP_AT_10.format(
        stop="_os.kill(_os.getpid(), _signal.SIGSTOP)"),
    # every catchable signal a grader might end it by, ignored, before the loop
    "signals-ignored-loop": """
import signal as _signal
for _s in ("SIGTERM", "SIGINT", "SIGHUP", "SIGXCPU", "SIGALRM", "SIGUSR1", "SIGUSR2", "SIGPIPE", "SIGQUIT", "SIGXFSZ"):
    _signal.signal(getattr(_signal, _s), _signal.SIG_IGN)
""" + LOOP_AT_10.format(stop="while True: pass"),
    # at the interpreter's exit (atexit; a module global's __del__ at shutdown): a forged result and a `done` on the
    # report pipe (fd 0), stdout and stderr
    "exit-forger": """
import atexit as _atexit, os as _os
_FORGED = b'{"event": "result", "probe": "add_basic", "status": "ok", "values": {"y": 5.0}}\\n{"event": "done"}\\n'
def _forge():
    for _fd in (0, 1, 2):
        try:
            _os.write(_fd, _FORGED)
        except OSError:
            pass
_atexit.register(_forge)
class _AtShutdown:
    def __del__(self):
        _forge()
_keeper = _AtShutdown()
""",
    # a grandchild in a session of its own (double fork) that holds the worker's standard streams and report pipe,
    # ignores SIGTERM and SIGHUP and sleeps for a day: a reader that waited for EOF would wait with it
    "daemon-holds-pipes": """
import os as _os, signal as _signal, time as _time
if _os.fork() == 0:
    _os.setsid()
    if _os.fork() == 0:
        _signal.signal(_signal.SIGTERM, _signal.SIG_IGN)
        _signal.signal(_signal.SIGHUP, _signal.SIG_IGN)
        _time.sleep(86400)
    _os._exit(0)
_os.wait()
""",
    # SIGSTOP to every other process it can see (the sandbox's init; a sibling worker or the grader, were one visible)
    "stop-the-others": """
import os as _os, signal as _signal
for _pid in _os.listdir("/proc"):
    if _pid.isdigit() and int(_pid) != _os.getpid():
        try:
            _os.kill(int(_pid), _signal.SIGSTOP)
        except OSError:
            pass
""",
}


@slow_fixture(scope="module")
def engine_rows(tmp_path_factory):
    return grade_grafted(tmp_path_factory.mktemp("redteam41") / "class", ENGINE_ATTACKS, LIMITS), _leftovers()


def _outcome(row):
    return row["status"], row["score"], row.get("message") or "", [(t["name"], t["status"]) for t in row["tests"]]


@pytest.mark.slow
@needs_bwrap
@pytest.mark.parametrize("name", ["exit-forger", "daemon-holds-pipes", "stop-the-others"])
def test_held_lines_forged_at_exit_a_daemon_on_the_pipes_and_stopped_neighbours_change_nothing(engine_rows, name):
    # the twin's row exactly: its score, its tests' statuses and words; no process of the sandbox's left running
    rows, leftovers = engine_rows
    assert (rows["honest-twin"]["status"], rows["honest-twin"]["score"]) == ("graded", TWIN_SCORE)
    assert _outcome(rows[name]) == _outcome(rows["honest-twin"])
    assert [t["output"] for t in rows[name]["tests"]] == [t["output"] for t in rows["honest-twin"]["tests"]]
    assert leftovers == {}


@pytest.mark.slow
@needs_bwrap
@pytest.mark.parametrize("name", ["self-stop", "signals-ignored-loop"])
def test_held_a_worker_that_stops_itself_or_ignores_signals_ends_as_a_loop_does(engine_rows, name):
    # SIGSTOP and ignored SIGTERM/SIGXCPU/...: killed at the probe's limit as a plain loop is (SIGKILL, which neither
    # stops), worker after worker up to the grader's limit of 9, with the loop's status, score and tests; the loop's
    # words, save that a stopped worker is said to be stopped (session 42, tests/test_redteam42.py: it was a loop's)
    rows, leftovers = engine_rows
    assert _outcome(rows[name])[:2] == _outcome(rows["plain-loop"])[:2]
    assert _outcome(rows[name])[3] == _outcome(rows["plain-loop"])[3]
    assert rows[name]["status"] == "crashed" and rows[name]["score"] < TWIN_SCORE
    why = ("" if name != "self-stop" else ", because your code stopped its own process (a `SIGSTOP` or `SIGTSTP` "
           "signal: `os.kill(os.getpid(), signal.SIGSTOP)`, `os.killpg`, `signal.raise_signal`), which then did "
           "nothing until its time ran out; an engine sends no signal: remove the code that sends it")
    assert rows[name]["message"] == (f"the worker crashed 9 times (the last time: did not finish within 0.5 s{why}); "
                                     "the rest of the probes were not run")
    assert rows["plain-loop"]["message"] == ("the worker crashed 9 times (the last time: did not finish within 0.5 s); "
                                             "the rest of the probes were not run")
    assert leftovers == {}
