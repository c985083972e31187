"""Session 34's red team: fresh samples by a student who has read the grader's source and its docs
(docs/security.md, "Session 34's red team"), on the surfaces around the sandbox: the CI logs the instructor's job
prints (workflow commands behind a blank that is not a space, another CI system's service messages), `grade serve`'s
session cookie (set by another site of the same domain), its upload form (a file name made of headers and markup),
the feedback pages in Russian and Chinese (a message of format fields), the submission's own files from inside the
sandbox, the drawn inputs' cross-check (a worker that exits where the inputs are drawn), the notebook loader
(malformed notebooks) and the fleet (a job's draws rewritten on the queue, callbacks and webhooks added to its
hash). The engine suite's samples are graded in one batch, each on the informed attacks' twin (correct-closures with
`=` for `+=` in every backward rule: 23.8334/63 with the drawn inputs) or on correct-closures itself; the rest is
checked in process. The four that got through
(a workflow command behind U+3000, TeamCity's `##teamcity[`, the tossed cookie, a job's callbacks and webhooks) failed
before their fixes, as their tests say; the ones that held are kept so that the next change that opens one fails."""

import json
import re
from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap
from sign_in_support import open_link

from grader.cli.terminal import print_table
from grader.integrations.ci import annotations
from grader.load import load_entry
from grader.pipeline import grade
from grader.report.html_feedback import submission_html
from grader.sandbox import Limits
from grader.student_text import printable

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")
TWIN_SCORE = 23.8334


def _twin():
    engine, count = re.subn(r"^( {12}\w+\.grad) \+= ", r"\1 = ", CORRECT, flags=re.MULTILINE)
    assert count == 9
    return engine


TWIN = _twin()

# An entry whose name opens with an ideographic space and a workflow command: GitHub's runner trims a line with .NET's
# String.TrimStart(), which drops every Unicode White_Space character, then acts on a line that opens with `::`.
BLANK_NAME = "\u3000::error title=Forged::every score below is wrong"

# Workflow commands behind U+3000 and U+00A0 on lines of an exception's text, and a TeamCity service message.
CI_TEXT = ("ok\n\u3000::error title=Forged::63/63 full marks\n\u00a0::add-mask::hidden\n"
           "##teamcity[buildStatus status='SUCCESS' text='63/63']\n")
CI_BLANKS = f'''

def _ci(self):
    raise ValueError({CI_TEXT!r})


Value.tanh = _ci
'''

# Format fields, a Russian case field (`{expression:genitive}`, which the catalogs' templates use), an attribute and a
# width of a billion, and %-formatting in an exception's text, shown by the Russian and Chinese feedback pages.
BRACES = "{expression:genitive}{file}{0}{score:>999999999}{x.__class__}%s%(id)s"
BRACE_TEXT = f'''

def _br(self):
    raise ValueError({BRACES!r})


Value.tanh = _br
'''

# From inside the sandbox: append to its own file (time of check, time of use: the grader reads the submission's files
# again after grading, for the hints and the similarity) and to every file it can find, and make a file in every folder
# outside /tmp, /proc, /sys and /dev (the boot folder of the drawn pool, the cache, another student's folder); what it
# could write is raised as exp's error.
REWRITE = r'''

import os as _os
_WROTE = []
_FILES = [__file__]
for _root, _dirs, _files in _os.walk("/", onerror=lambda e: None):
    if _root.startswith(("/proc", "/sys", "/dev", "/tmp")):
        _dirs[:] = []
        continue
    _FILES += [_os.path.join(_root, _f) for _f in _files]
    try:
        _os.close(_os.open(_os.path.join(_root, ".rt34"), _os.O_CREAT | _os.O_WRONLY, 0o644))
        _WROTE.append(_root)
    except OSError:
        pass
for _path in _FILES[:20000]:
    try:
        with open(_path, "a"):
            pass
        _WROTE.append(_path)
    except OSError:
        pass


def _said(self, *a):
    raise RuntimeError("WROTE %r" % (_WROTE[:40],))


Value.exp = _said
'''

# Right wherever the inputs are the published ones (as an engine answering from the student wheel's table is), and the
# worker exits at the first Value made under the drawn inputs' code, so that no drawn observation is left to
# cross-check the fixed ones with.
DRAWN_EXIT = r'''

import os as _os
import sys as _sys
_init = Value.__init__


def _drawn_now():
    frame = _sys._getframe(2)
    while frame is not None:
        if "drawn" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def _watch(self, *a, **k):
    if _drawn_now():
        _os._exit(3)
    _init(self, *a, **k)


Value.__init__ = _watch
'''

# id -> (its file in the class, its text)
ENTRIES = {
    BLANK_NAME: (BLANK_NAME + ".py", TWIN),
    "ci-blanks": ("ci-blanks.py", TWIN + CI_BLANKS),
    "brace-ru-zh": ("brace-ru-zh.py", TWIN + BRACE_TEXT),
    "rewrite-self": ("rewrite-self.py", TWIN + REWRITE),
    "drawn-exit": ("drawn-exit.py", CORRECT + DRAWN_EXIT),
}


@slow_fixture(scope="module")
def batch(tmp_path_factory):
    work = tmp_path_factory.mktemp("redteam34")
    folder = work / "class"
    folder.mkdir()
    for name, text in ENTRIES.values():
        (folder / name).write_text(text, encoding="utf-8")
    graded = grade(folder, limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=30), jobs=2,
                   cache_dir=work / "cache")
    return graded, {row["id"]: row for row in graded.scores["submissions"]}, folder


def _test(row, name):
    return next(t for t in row["tests"] if t["name"] == name)


@needs_bwrap
def test_every_row_earns_what_its_own_code_earns(batch):
    """Held: each sample earns what its own code earns and no more: the twin's (23.8334) under a name of workflow
    commands, the twin less tanh (18.3334) for the texts, less exp (22.3334) where it raises what it could write; an
    engine right at the published inputs that exits the worker where the inputs are drawn keeps 1/63 (not the 63 its
    fixed observations alone would give: every test that read a drawn probe is charged there)."""
    _, rows, _ = batch
    assert {sid: (row["status"], row["score"]) for sid, row in rows.items()} == {
        BLANK_NAME: ("graded", TWIN_SCORE), "ci-blanks": ("graded", 18.3334), "brace-ru-zh": ("graded", 18.3334),
        "rewrite-self": ("graded", 22.3334), "drawn-exit": ("graded", 1.0)}
    assert _test(rows["drawn-exit"], "add/values")["output"].startswith("at other inputs, drawn for this grade: ")


@needs_bwrap
def test_a_workflow_command_behind_a_unicode_blank_opens_no_line(batch, capsys):
    """Got through: `grade run`'s table, printed in the instructor's GitHub Actions job, opened a row with the entry's
    name, `\\u3000::error title=Forged::...`; the runner trims a line with .NET's TrimStart(), which drops U+3000 (and
    U+00A0, U+2000-U+200A, U+202F, U+205F), and made the rest an error annotation of the job. Now the `:` after any
    such blank is written `\\x3a`, in the table, the reports and every text the sanitiser shows."""
    graded, rows, _ = batch
    print_table(graded.scores)
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "error title=Forg" in line)
    # since review36 an id's Unicode blank is itself escaped (a blank in a name reads as a space or as nothing), so
    # the line opens with `\u3000`, which no runner trims
    assert row.startswith("\\u3000::error title=Forg  graded     23.8334/63  ")  # the id cut at 24 characters
    assert [printable(f"{blank}::add-mask::63") for blank in "\u00a0\u2003\u202f\u205f"] == [
        f"{blank}\\x3a:add-mask::63" for blank in "\u00a0\u2003\u202f\u205f"]
    # a line of the text shown whole (grade check's feedback, a report's code block) likewise
    assert printable(CI_TEXT) == ("ok\n\u3000\\x3a:error title=Forged::63/63 full marks\n\u00a0\\x3a:add-mask::hidden\n"
                                  "#\\x23teamcity[buildStatus status='SUCCESS' text='63/63']\n")


@needs_bwrap
def test_teamcity_service_messages_are_shown_as_text(batch):
    """Got through: `##teamcity[buildStatus ...]` (or `setParameter`, which sets a later step's variable) in a
    student's exception text reached a TeamCity build's log as a service message; session 32 had escaped GitHub's
    `##[` and Azure's `##vso[` alone. Now the second `#` of `##` before any name and `[` is `\\x23`; grade ci's
    annotations keep each message on its one line, the blanks' `::` escaped too."""
    _, rows, folder = batch
    lines = annotations(rows["ci-blanks"], load_entry(folder / "ci-blanks.py"))
    tanh = next(line for line in lines if "title=tanh/two%3A" in line)
    assert ("ok%0A\u3000\\x3a:error title=Forged::63/63 full marks%0A\u00a0\\x3a:add-mask::hidden%0A"
            "#\\x23teamcity[buildStatus status='SUCCESS' text='63/63']%0A") in tanh
    assert all("\n" not in line and "\r" not in line for line in lines)
    assert printable("x ## [y] #a[1] ##[error] ##vso[task]") == "x ## [y] #a[1] #\\x23[error] #\\x23vso[task]"


@needs_bwrap
def test_format_fields_in_a_message_are_text_in_every_language(batch):
    """Held: the Russian and Chinese feedback pages (whose templates hold case fields, `{expression:genitive}`, filled
    by a second pass) show the student's format fields, width and %-formatting as written, formatted by no one."""
    _, rows, _ = batch
    shown = BRACES.replace(">", "&gt;")
    for lang, words in (("ru", "ваш движок выбросил исключение «ValueError: "), ("zh", "你的引擎抛出了异常“ValueError: "),
                        ("en", "your engine raised ValueError: ")):
        assert words + shown in submission_html(rows["brace-ru-zh"], lang=lang), lang


@needs_bwrap
def test_the_sandbox_writes_no_file_outside_its_tmp(batch):
    """Held: no file of the sandbox's view can be appended to (its own engine.py included) and no folder but /tmp
    takes a new file: the files the grader reads again after grading are the ones it graded."""
    _, rows, folder = batch
    assert _test(rows["rewrite-self"], "exp/values")["output"].startswith(
        "y = exp(x) * 2 at x = 1: your engine raised RuntimeError: WROTE [] ")
    assert (folder / "rewrite-self.py").read_text(encoding="utf-8") == TWIN + REWRITE
    assert sorted(p.name for p in folder.parent.rglob(".rt34")) == []


# -- in process: grade serve's cookie and upload form, the notebook loader, the fleet ----------------------------------

@pytest.fixture
def served(tmp_path):
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from grader.serve.course import write_new

    folder = tmp_path / "course"
    write_new(folder, ["alice", "mallory"], ["01-mul-backward"])
    app = create_app(folder, start_pool=False)
    with TestClient(app, base_url="https://testserver") as client:
        yield client, app.state.service


def _who(text):
    return re.search(r"signed in as (\w+)", text).group(1)


def test_a_cookie_set_by_another_site_of_the_domain_is_not_the_session(served):
    """Got through (cookie tossing): a page of another host of the same domain (a student's page on people.uni.edu
    beside grader.uni.edu) set `grade_session=<mallory's token>` for the whole domain; alice's browser then sent both
    cookies, and the later one, mallory's, was read: her pages said "signed in as mallory", and her next upload was
    mallory's attempt. Over TLS the session cookie is now `__Host-grade_session`, which no other host can set; a
    `grade_session` cookie beside it is not read."""
    client, svc = served
    signed = open_link(client, f"/login/{svc.link_for('alice')}")
    assert signed.headers["set-cookie"].startswith("__Host-grade_session=")
    assert "Secure" in signed.headers["set-cookie"] and "Path=/" in signed.headers["set-cookie"]
    alice = client.cookies["__Host-grade_session"]
    client.cookies.clear()
    tossed = {"Cookie": f"__Host-grade_session={alice}; grade_session={svc.token_for('mallory')}"}
    assert _who(client.get("/", headers=tossed).text) == "alice"
    alone = client.get("/", headers={"Cookie": f"grade_session={svc.token_for('mallory')}"})
    assert alone.status_code == 401


def test_signing_out_needs_the_forms_csrf_token(served):
    """Closed (session 33's known open item): `/logout` checked no CSRF token, and a page of another host of the same
    site (people.uni.edu beside grader.uni.edu: its posts carry the SameSite=Lax cookie) signed alice out, then opened
    mallory's link, which a browser signed in as no one takes at once. Now the sign-out needs its form's token."""
    client, svc = served
    open_link(client, f"/login/{svc.link_for('alice')}")
    forged = client.post("/logout", data={}, follow_redirects=False)
    assert forged.status_code == 403 and "CSRF" in forged.text
    assert _who(client.get("/").text) == "alice"
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', client.get("/").text).group(1)
    signed_out = client.post("/logout", data={"csrf": csrf}, follow_redirects=False)
    assert signed_out.status_code == 303 and signed_out.headers["set-cookie"].startswith('__Host-grade_session="";')
    assert "Secure" in signed_out.headers["set-cookie"] and client.get("/").status_code == 401


def test_an_uploads_file_name_of_headers_and_markup_stays_text(served):
    """Held: a file name holding CR LF and a header, a quote, an `<img>` and a workflow command behind U+3000 is
    admitted under the submission's id (no path, no header of it), and the pages show it escaped."""
    client, svc = served
    open_link(client, f"/login/{svc.link_for('alice')}")
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', client.get("/").text).group(1)
    name = 'engine\r\nX-Injected: 1\r\n"<img src=x onerror=alert(1)>\u3000::error::x.py'
    answer = client.post("/upload", data={"exercise": "01-mul-backward", "csrf": csrf},
                         files={"file": (name, b"class Value:\n    pass\n")}, follow_redirects=False)
    assert answer.status_code == 303 and "x-injected" not in answer.headers
    sid = answer.headers["location"].rsplit("/", 1)[1]
    assert re.fullmatch(r"[0-9a-f]{16}", sid)
    page = client.get(answer.headers["location"]).text
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    stored = sorted(p.relative_to(svc.folder).as_posix() for p in (svc.folder / "uploads").rglob("*") if p.is_file())
    assert stored in ([], [f"uploads/alice/{sid}.py"])


NOTEBOOKS = {  # malformed notebooks, each refused in the words of the loader, none a grader error
    "source-of-numbers": {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                          "cells": [{"cell_type": "code", "source": [1, {"a": 2}, None], "metadata": {},
                                     "execution_count": None, "outputs": []}]},
    "cells-a-mapping": {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                        "cells": {"0": {"cell_type": "code", "source": CORRECT}}},
    "format-3": {"nbformat": 3, "nbformat_minor": 0, "metadata": {},
                 "worksheets": [{"cells": [{"cell_type": "code", "input": CORRECT, "language": "python"}]}]},
    "a-list": [1, 2, 3],
    "type-a-list": {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                    "cells": [{"cell_type": ["code"], "source": CORRECT, "metadata": {}, "execution_count": None,
                               "outputs": []}]},
    "fields-of-other-kinds": {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                              "cells": [{"cell_type": "code", "source": CORRECT, "metadata": [], "outputs": {},
                                         "execution_count": "x"}]},
}


def test_malformed_notebooks_are_refused_in_words(tmp_path):
    """Held: a notebook whose cells' sources are numbers, whose cells are a mapping, of format 3, a list, a cell type
    that is a list, fields of other kinds: each refused as "not a valid Jupyter notebook (...)", none a grader error
    and none read as an engine."""
    for name, notebook in NOTEBOOKS.items():
        path = tmp_path / f"{name}.ipynb"
        path.write_text(json.dumps(notebook), encoding="utf-8")
        submission = load_entry(path)
        assert submission.problem.startswith(f"{name}.ipynb is not a valid Jupyter notebook ("), name
        assert submission.problem.endswith("); open it in Jupyter, save it and submit again"), name
        assert not submission.files, name


def test_a_jobs_draws_rewritten_on_the_queue_are_not_taken():
    """Held: the drawn probes' tokens are not in a fleet job's key, so a student who can write the queue can give
    their own job other draws (ones whose reference numbers they worked out) and the worker signs what it observed at
    them; the submitting grade takes a run only when its drawn observations are of exactly the draws it made."""
    from grader.fleet.submit import _as_drawn

    observed = {"status": "ok", "import_error": None, "probes": {"add_basic": {"status": "ok"}},
                "drawn": {"add_basic@00000000000000ff": {"status": "ok"}}}
    assert not _as_drawn(observed, {"add_basic": "add_basic@0123456789abcdef"})
    assert _as_drawn(observed, {"add_basic": "add_basic@00000000000000ff"})
    assert not _as_drawn(dict(observed, drawn={}), {"add_basic": "add_basic@0123456789abcdef"})
    # a run that ended `crashed` has its drawn observations too (observe/drawn_pass.py): none is no excuse (session 35)
    assert not _as_drawn(dict(observed, drawn={}, status="crashed"), {"add_basic": "add_basic@0123456789abcdef"})
    assert _as_drawn(dict(observed, drawn={}, status="crashed", probes={"add_basic": {"status": "crashed"}}),
                     {"add_basic": "add_basic@0123456789abcdef"})


def test_a_job_that_asks_the_worker_to_call_or_send_anything_is_refused():
    """Got through: RQ 3.0 restores from a job's hash the functions to call when it ends (`on_success`,
    `on_failure`, `on_stopped`: any importable name, called in the worker's process, outside the sandbox) and
    webhooks (a request to any URL, with any headers, from the worker's machine); the worker checked the job's
    function and payload alone. A student who can write the queue added both to their honest job: the worker called
    `builtins.print(job, connection, result)` and POSTed to the URL with the forged header (measured with a live
    worker). Now a job that holds any of them is refused before RQ can call or send anything."""
    from fleet_support import _payload
    from redis import Redis
    from rq.job import Job
    from rq.serializers import JSONSerializer

    from grader.fleet import JOB_FUNCTION, job_id
    from grader.fleet.job_check import checked_job
    from grader.fleet.payload import PayloadError, read_job

    payload = _payload()
    jid = job_id(read_job(payload).key)
    connection = Redis(host="127.0.0.1", port=1)  # never connected: a job is read from its hash here
    fields = Job.create(JOB_FUNCTION, args=[payload], id=jid, connection=connection,
                        serializer=JSONSerializer).to_dict()
    honest = {name.encode(): value if isinstance(value, bytes) else value.encode() for name, value in fields.items()
              if isinstance(value, (str, bytes)) and value}

    def rewritten(**added):
        job = Job(jid, connection=connection, serializer=JSONSerializer)
        job.restore({**honest, **{name.encode(): value.encode() for name, value in added.items()}})
        return job

    assert checked_job(rewritten()).key == read_job(payload).key
    hook = json.dumps([{"url": "http://169.254.169.254/latest/meta-data/", "job_status": "finished",
                        "method": "POST", "headers": {"Metadata-Flavor": "Google"}, "timeout": 5}])
    for added, what in (({"success_callback_name": "builtins.print"}, "a success callback"),
                        ({"failure_callback_name": "pdb.set_trace"}, "a failure callback"),
                        ({"stopped_callback_name": "os.abort"}, "a stopped callback"),
                        ({"webhooks": hook}, "webhooks")):
        with pytest.raises(PayloadError, match=re.escape(f"the job asks for {what}, which no grade sets; a grade "
                                                         f"worker runs only {JOB_FUNCTION}")):
            checked_job(rewritten(**added))
