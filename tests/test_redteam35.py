"""Session 35's red team: a student who reads the grader's source, on the surfaces least attacked so far
(docs/security.md, "Session 35's red team"). The engine suite's samples are on the informed attacks' twin
(correct-closures with `=` for `+=` in every backward rule, 23.8334/63 in the grade of record:
tests/test_redteam29.py); each closed one failed before its fix, as its test says."""

import json
import os
import subprocess
import sys

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap
from test_redteam29 import ANSWER_KEYED, TWIN, TWIN_SCORE

from grader.integrations import gradescope
from grader.judge import draw_pool, drawn
from grader.pipeline import grade
from grader.sandbox import Limits

LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
COURSE_SECRET = b"0123456789abcdef" * 4  # a course's secret.key, fixed here so that its draws are the same each run
IMAGE_SECRET = b"fedcba9876543210" * 4  # a Gradescope image's draws.secret, likewise
# appended to an engine: the secret's file read from inside the sandbox, and shown in tanh's exception were it read
READ_SECRET = """

try:
    with open({path!r}) as _file:
        _SECRET = _file.read()
except OSError:
    _SECRET = None
if _SECRET:
    def _leak(self):
        raise ValueError("the secret: " + _SECRET)
    Value.tanh = _leak
"""


def _public_pool_table():
    """What a student with the grader's public source works out at home: the secret the grade of record draws from
    where no MICROGRAD_GRADER_SECRET is set (judge/drawn.secret: a digest of the reference and the suites' hidden
    tests, all in the source), every slot of the engine suite's pool under it (16 a probe, each token an HMAC of that
    secret: draw_pool.candidates), and the reference's answers there and at the fixed inputs, keyed as test_redteam29's
    best table looks them up (the probe's name and the leaves it built). 960 answers, 190 KB, 2 s of CPU."""
    from grader.drawn_inputs import Drawn
    from grader.engines import engine_class, reference_source
    from grader.judge.expectations import Expectations
    from grader.suites import load_suite

    suite = load_suite("engine")
    expectations = Expectations(suite)
    probes = drawn.drawn_probes(suite, expectations)
    public = drawn.Draws(suite, probes, key=drawn.secret(), kept=None)  # the test runs without the variable
    slots = public._pool.fill([(n, s) for n in probes for s in range(draw_pool.POOL)], public._regions,
                              public._at_fixed)
    value_class = engine_class(reference_source(), "the reference, its leaves recorded")
    leaves, init = [], value_class.__init__

    def recording(self, data, *args, **kwargs):  # ANSWER_KEYED's _recording_init, on the reference
        init(self, data, *args, **kwargs)
        caller = sys._getframe(1)
        if caller.f_code.co_filename.endswith("drawn_inputs.py"):
            caller = caller.f_back
        if caller.f_code.co_filename.endswith(("probes.py", "shared_probes.py")):
            leaves.append(repr(float(data)))

    value_class.__init__ = recording
    table = {}
    for name in probes:
        probe = suite.probe(name)
        for token in {None, *(slots[(name, slot)][0] for slot in range(draw_pool.POOL))}:
            leaves.clear()
            probe(Drawn(value_class, token) if token else value_class)
            answers = expectations.reference(probe) if token is None else public.reference(name, token)
            table[f"{name}:" + ",".join(leaves)] = answers
    return table


@pytest.fixture(scope="module")
def public_pool_engine():
    saved = os.environ.pop(drawn.SECRET_ENV, None)
    try:
        return TWIN + ANSWER_KEYED.format(table=json.dumps(_public_pool_table()), kind="fixed-inputs")
    finally:
        if saved is not None:
            os.environ[drawn.SECRET_ENV] = saved


@slow_fixture(scope="module")
def rows(tmp_path_factory, public_pool_engine):
    """The twin and the public pool's table graded by `grade` without MICROGRAD_GRADER_SECRET, and with a secret kept
    by the surface (Settings.draw_secret: grade serve's course, the Gradescope image)."""
    folder = tmp_path_factory.mktemp("redteam35") / "class"
    folder.mkdir()
    (folder / "twin.py").write_text(TWIN, encoding="utf-8")
    (folder / "public-pool.py").write_text(public_pool_engine, encoding="utf-8")
    saved = os.environ.pop(drawn.SECRET_ENV, None)
    try:
        graded = {kept: grade(folder, limits=LIMITS, jobs=2, draw_secret=kept) for kept in (None, COURSE_SECRET)}
    finally:
        if saved is not None:
            os.environ[drawn.SECRET_ENV] = saved
    return {kept: {r["id"]: r for r in g.scores["submissions"]} for kept, g in graded.items()}


@needs_bwrap
def test_an_answer_table_over_the_public_digests_pool_scores_no_more_than_the_twin_under_a_kept_secret(rows):
    """Closed for `grade serve` and Gradescope (session 35): where no MICROGRAD_GRADER_SECRET is set, the grade of
    record drew from a digest of the grader's hidden part, which anyone with the public source computes, and so every
    slot of every probe's pool: the twin answering each probe from the reference's numbers there scored 54/63 beside
    its honest 23.8334, on `grade serve` as `grade serve init` makes a course (its README's two commands set no secret)
    and on every Gradescope bundle (whose autograder has no environment to set). Each now draws from a secret it keeps
    where no student reads it: the course's secret.key (serve/auth.draws_secret), the image's draws.secret (made by
    setup.sh). Under such a secret the table answers the fixed inputs alone and the twin's `=` shows at the draws:
    24.8334, the twin's tests but two it fails, and one it passes: relu/zero, whose one input is relu's kink, 0, which
    no draw moves (the limit test_redteam29 pins), and values/int-data, whose int leaves a draw moves one or two from 0,
    so that a table of 16 slots under any secret holds them (left: docs/security.md); grads_start_at_zero, which
    calls no backward(), gets the previous probe's answers. Left: `grade run` and `grade ci` without the variable (the
    instructor's shell, a CI job) keep the digest (docs/security.md, "What is not defended")."""
    public, kept = rows[None], rows[COURSE_SECRET]
    assert {sid: (r["status"], r["score"]) for sid, r in public.items()} == {
        "twin": ("graded", TWIN_SCORE), "public-pool": ("graded", 54.0)}
    assert {sid: (r["status"], r["score"]) for sid, r in kept.items()} == {
        "twin": ("graded", TWIN_SCORE), "public-pool": ("graded", 24.8334)}
    gained = {t["name"]: t["score"] for t in kept["public-pool"]["tests"]}
    lost = {t["name"]: t["score"] for t in kept["twin"]["tests"]}
    assert {n: (lost[n], s) for n, s in gained.items() if s != lost[n]} == {
        "relu/zero": (0.0, 1.0), "values/int-data": (0.0, 1.0), "backward/grads-start-at-zero": (1.0, 0.0)}


@needs_bwrap
@pytest.mark.slow
def test_grade_serve_draws_from_its_courses_secret_not_the_public_digest(tmp_path, monkeypatch, public_pool_engine):
    """`grade serve` as its README's two commands start it (no MICROGRAD_GRADER_SECRET): bob uploads the public pool's
    table, alice the twin. Before: bob 54/63, alice 23.8334 (the pool worker drew from the public digest). Now the
    course's pool draws from auth.draws_secret, an HMAC of its secret.key (0600, the course folder's): bob no more
    than the twin but relu/zero's and values/int-data's points (above). bob's engine also reads the course's
    secret.key from inside the sandbox and shows it in tanh's exception were it read: held (the course folder is not
    there)."""
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from grader.serve.course import write_new
    from grader.serve.grading import Worker

    monkeypatch.delenv(drawn.SECRET_ENV, raising=False)
    folder = tmp_path / "course"
    write_new(folder, ["alice", "bob"], ["engine"])
    (folder / "secret.key").write_bytes(COURSE_SECRET + b"\n")  # the course's, fixed: the same draws each run
    app = create_app(folder, start_pool=False)
    with TestClient(app) as client:
        svc = app.state.service
        urls = {}
        bob = public_pool_engine + READ_SECRET.format(path=str(folder / "secret.key"))
        for who, code in (("alice", TWIN), ("bob", bob)):
            answer = client.post("/api/v1/submissions", headers={"Authorization": f"Bearer {svc.token_for(who)}"},
                                 data={"exercise": "engine"}, files={"file": ("engine.py", code.encode())})
            assert answer.status_code == 202, answer.text
            urls[who] = answer.json()["url"]
        Worker(folder).drain()
        scores = {who: client.get(url, headers={"Authorization": f"Bearer {svc.token_for(who)}"}).json()
                  for who, url in urls.items()}
    assert {who: (s["status"], s["score"]) for who, s in scores.items()} == {
        "alice": ("graded", TWIN_SCORE), "bob": ("graded", 24.8334)}
    assert COURSE_SECRET.decode() not in json.dumps(scores)  # the course folder is not in bob's sandbox


def _autograder_root(folder, engine):
    """A folder laid out as Gradescope's /autograder for the engine suite, `engine` its submission."""
    for sub in ("source", "submission", "results"):
        (folder / sub).mkdir(parents=True)
    config = {"exercise": "engine", "limits": LIMITS.__dict__, "require_sandbox": False, "stdout_visibility": "hidden"}
    (folder / "source" / gradescope.CONFIG).write_text(json.dumps(config), encoding="utf-8")
    reading = engine + READ_SECRET.format(path=str(folder / "source" / gradescope.DRAWS_SECRET))
    (folder / "submission" / "engine.py").write_text(reading, encoding="utf-8")
    return folder


def _image_secret(root):
    """draws.secret as setup.sh leaves it: root's alone (its umask 077, then `chmod -R go-rwx` of the source)."""
    path = root / "source" / gradescope.DRAWS_SECRET
    path.write_bytes(IMAGE_SECRET + b"\n")
    path.chmod(0o600)


@needs_bwrap
@pytest.mark.slow
def test_a_gradescope_image_draws_from_its_own_secret(tmp_path, monkeypatch, public_pool_engine):
    """Gradescope sets no MICROGRAD_GRADER_SECRET, so every bundle drew from the public digest: the public pool's
    table scored 54/63 there (before). setup.sh now writes the image's own secret, root's alone, beside the bundle
    (ROOT/source/draws.secret, never in the zip, whose bytes stay the same), and gradescope-run draws from it. The
    engine reads that file from inside the sandbox and shows it in tanh's exception were it read: held."""
    monkeypatch.delenv(drawn.SECRET_ENV, raising=False)
    root = _autograder_root(tmp_path / "autograder", public_pool_engine)
    public, _ = gradescope.autograde(root)
    _image_secret(root)
    kept, _ = gradescope.autograde(root)
    assert (public["score"], kept["score"]) == (54.0, 24.8334)
    assert IMAGE_SECRET.decode() not in json.dumps(kept)  # the bundle's folder is not in the sandbox


@pytest.mark.skipif(os.geteuid() != 0,
                    reason="Gradescope grades as root: the fallback's worker then has a uid of its own")
def test_a_gradescope_images_secret_is_not_read_by_the_fallbacks_worker(tmp_path, monkeypatch):
    """Gradescope's Docker usually refuses bubblewrap's namespaces (docs/gradescope.md), so its common sandbox is the
    rlimits fallback, whose worker sees the container's files under a uid of its own: the twin reading draws.secret
    there (and showing it in tanh's exception were it read) is refused by the file's mode, and keeps its score."""
    monkeypatch.delenv(drawn.SECRET_ENV, raising=False)
    root = _autograder_root(tmp_path / "autograder", TWIN)
    _image_secret(root)
    results, graded = gradescope.autograde(root, use_bwrap=False)
    assert (graded.sandbox, results["score"]) == ("rlimits", TWIN_SCORE)
    assert IMAGE_SECRET.decode() not in json.dumps(results)


def test_setup_sh_makes_the_images_secret_for_root_alone(tmp_path):
    """The line of the bundle's setup.sh that makes draws.secret, run as setup.sh runs it (bash, `set -euo pipefail`):
    64 hex digits, mode 0600, another each time an image is built; the bundle itself holds none."""
    files = gradescope.bundle_files("engine")
    assert not any(name.endswith(gradescope.DRAWS_SECRET) for name in files)
    setup = files["setup.sh"][0].decode()
    (line,) = [line for line in setup.splitlines() if gradescope.DRAWS_SECRET in line and not line.startswith("#")]
    made = []
    for n in (1, 2):
        source = tmp_path / str(n)
        (source / "venv" / "bin").mkdir(parents=True)
        (source / "venv" / "bin" / "python").symlink_to(sys.executable)
        script = f'set -euo pipefail\nroot={source}\nsource_dir={source}\n{line}\n'
        subprocess.run(["bash", "-c", script], check=True)
        path = source / gradescope.DRAWS_SECRET
        assert path.stat().st_mode & 0o777 == 0o600
        made.append(path.read_text())
    assert all(len(m) == 65 and m.endswith("\n") and int(m, 16) >= 0 for m in made) and made[0] != made[1]
    assert gradescope.draws_secret(tmp_path / "none") is None


def test_the_variable_wins_over_a_kept_secret_which_wins_over_the_digest(monkeypatch, tmp_path):
    """judge/drawn.secret: MICROGRAD_GRADER_SECRET where set (an instructor's choice, on every surface); else the
    surface's kept one; else the digest. A course's draws secret is its own (two courses, two secrets), is not its
    token key, and stays out of the settings' repr (a traceback or a log line)."""
    from grader.pipeline import Settings
    from grader.serve.auth import draws_secret, secret

    monkeypatch.delenv(drawn.SECRET_ENV, raising=False)
    digest = drawn.secret()
    assert (drawn.secret(b"kept"), drawn.secret(None)) == (b"kept", digest)
    monkeypatch.setenv(drawn.SECRET_ENV, "chosen")
    assert drawn.secret(b"kept") == drawn.secret(None) == b"chosen"
    courses = [tmp_path / "a", tmp_path / "b"]
    for course in courses:
        course.mkdir()
    kept = [draws_secret(course) for course in courses]
    assert kept[0] != kept[1] and len(kept[0]) == 64 and kept[0] == draws_secret(courses[0])
    assert kept[0] not in (secret(courses[0]), digest)
    assert kept[0].decode() not in repr(Settings(draw_secret=kept[0]))
