"""Attacks by a student who has read the grader's source (tests/fixtures/hostile/informed/).

Each `<case>.py` there opens with what it attempts and what must hold. The batch is built here: each
attack is appended to an engine, the wrong one (correct-closures with `=` instead of `+=` in every
backward rule: its forward pass is right; graded alone as `honest-twin`) or, when its first line says
`# engine: correct`, correct-closures itself; with entries whose names attack the reports and a notebook with hostile outputs. One
batch, graded through `grade` with small limits and the full sandbox, then every report rendered.
The class-level tests (test_hostile.py) already hold for these entries too; here each row is held
to its exact outcome.
"""

import json
import re
import shutil
import uuid
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest
from costs import slow_fixture
from endings_support import refused, tampered
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

if not sys.platform.startswith("linux"):
    pytest.skip("the Linux sandbox's own tests", allow_module_level=True)

from grader.pipeline import grade  # noqa: E402
from grader.integrations.ci import annotations  # noqa: E402
from grader.load import load_entry  # noqa: E402
from grader.observe.protocol import MAX_REPORT  # noqa: E402
from grader.report import render  # noqa: E402
from grader.report.feedback import write_feedback  # noqa: E402
from grader.sandbox import Limits, Sandbox  # noqa: E402

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
INFORMED = FIXTURES / "hostile" / "informed"
CORRECT_ENGINE = FIXTURES / "submissions" / "correct-closures" / "engine.py"
LIMITS = Limits(probe_seconds=2, import_seconds=3, submission_seconds=20, memory_mb=1024)
# Entries named as spreadsheet formulas: a gradebook cell must not start with = + - @ (CSV injection).
FORMULA_NAMES = ("=cmd|' calc'!A0", "@SUM(1+1)", "+1-1 formula", "-2+3 formula")
SECRET = f"s3cret-{uuid.uuid4().hex}"  # set in the grader's environment while the batch is graded
# the gradient checks that the honest twin fails: its `=` loses a path in each (relu-sum has no shared node)
NUMERIC_TESTS = {"gradcheck/tanh-mix", "gradcheck/rational", "gradcheck/exp-log"}

# id -> (status, words of its message, score: "twin" (no more than honest-twin) | "max" | 0 | None)
ROWS = {
    "drop-grad-keys": ("graded", [], "twin"),
    "empty-observations": ("graded", [], "twin"),
    "frame-locals": ("graded", [], "twin"),
    # its worker's `more` goes to the output, so it waits for drawn probes' names the grader never hands over (session
    # 36: before, it ran every probe into the output and exited, "the worker died while importing engine.py")
    "dup2-report": ("timeout", ["importing engine.py did not finish within 3 s"], 0),
    "sigstop": ("timeout", ["importing engine.py did not finish within 3 s"], 0),
    "grad-from-numeric": ("graded", [], None),  # pinned by its own test below
    "report-injection": ("graded", [], "twin"),  # and exactly what raise-in-ops earns: below
    "raise-in-ops": ("graded", [], "twin"),
    "lying-exceptions": ("graded", [], None),
    "proc-inventory": ("graded", [], "max"),
    "output-lookalike": ("graded", [], "max"),
    "flood-across-workers": ("crashed", [tampered("engine.py")], 0),
    "int-observations": ("crashed", [tampered("engine.py")], 0),
    "notebook-outputs": ("graded", [], "max"),
    "honest-twin": ("graded", [], None),
    "correct-neighbour": ("graded", [], "max"),
    **{name: ("graded", [], "max") for name in FORMULA_NAMES},
}

# id -> what the grader's parser refused in its report (the row's message_data `detail`)
REFUSED = {"flood-across-workers": "report too large",
           "int-observations": "an observation holds an int, where probekit reports every number as a float"}


def _full_sandbox():
    try:
        box = Sandbox(LIMITS)
    except Exception:  # noqa: BLE001 - any reason means: no full sandbox here
        return False
    try:
        return box.bwrap is not None
    finally:
        box.close()


needs_bwrap = pytest.mark.skipif(not _full_sandbox(), reason="the informed attacks need the full sandbox (bubblewrap)")


def _wrong_engine() -> str:
    """correct-closures with the classic mistake in every backward rule: `self.grad = ...` for `+=`, so a
    node used twice keeps the gradient of its last path only."""
    engine, count = re.subn(r"^( {12}\w+\.grad) \+= ", r"\1 = ", CORRECT_ENGINE.read_text(), flags=re.MULTILINE)
    assert count == 9, count  # both inputs of + and *, and pow, relu, tanh, exp, log
    return engine


def _engine_for(attack: str) -> str:
    return CORRECT_ENGINE.read_text() if attack.startswith("# engine: correct") else _wrong_engine()


def _notebook():
    """A correct engine in a notebook whose outputs and metadata attack whatever renders them."""
    script = "<script>alert('nb')</script>"
    cell = new_code_cell(CORRECT_ENGINE.read_text())
    cell.outputs = [new_output("display_data", data={"text/html": script, "application/javascript": "alert(1)"}),
                    new_output("stream", name="stdout", text="::error::from a notebook output\n"),
                    new_output("error", ename="=cmd", evalue="\x1b[31m", traceback=["\x1b]52;c;cHduZWQ=\x07"])]
    notebook = new_notebook(cells=[new_markdown_cell(f"# {script}"), cell],
                            metadata={"kernelspec": {"name": "python2", "display_name": script, "language": "bash"},
                                      "deep": json.loads("[" * 200 + "]" * 200)})
    return json.dumps(notebook)  # not nbformat.writes: it would refuse the negative execution count


def _build_class(folder: Path):
    for attack in sorted(INFORMED.glob("*.py")):
        text = attack.read_text()
        (folder / attack.stem).mkdir()
        (folder / attack.stem / "engine.py").write_text(_engine_for(text) + "\n\n" + text)
    (folder / "honest-twin").mkdir()
    (folder / "honest-twin" / "engine.py").write_text(_wrong_engine())
    for name in ("correct-neighbour", *FORMULA_NAMES):
        (folder / name).mkdir()
        shutil.copy(CORRECT_ENGINE, folder / name / "engine.py")
    (folder / "notebook-outputs.ipynb").write_text(_notebook())


@slow_fixture(scope="module")
def batch(tmp_path_factory):
    work = tmp_path_factory.mktemp("informed")
    folder = work / "class"
    folder.mkdir()
    _build_class(folder)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GRADER_SECRET_TOKEN", SECRET)  # proc-inventory reads every environment it can see
        result = grade(folder, limits=LIMITS, jobs=2, cache_dir=work / "cache")
    return SimpleNamespace(result=result, folder=folder, rows={r["id"]: r for r in result.scores["submissions"]},
                           runs=result.runs, cache=work / "cache")


def _passed(row):
    return {t["name"] for t in row["tests"] if t["status"] == "passed" and t["max_score"] > 0}


@needs_bwrap
def test_every_entry_has_its_row(batch):
    assert set(batch.rows) == set(ROWS), set(batch.rows) ^ set(ROWS)
    assert batch.result.sandbox == "bubblewrap"


@needs_bwrap
@pytest.mark.parametrize("sid", sorted(ROWS))
def test_each_attack_gets_its_row(batch, sid):
    want_status, words, want_score = ROWS[sid]
    row, twin = batch.rows[sid], batch.rows["honest-twin"]
    said = row.get("message") or ""
    assert (row["status"], [w for w in words if w not in said], "grader error" in said) == (want_status, [], False), said
    assert not any("internal grader error" in t["output"] for t in row["tests"]), sid
    if sid in REFUSED:  # what the grader's parser refused: data beside the words
        assert refused(row) == REFUSED[sid]
    lost = [(t["name"], t["output"]) for t in row["tests"] if t["status"] != "passed"]
    if want_score in (0, "max"):
        assert row["score"] == (0 if want_score == 0 else row["max_score"]), lost
    elif want_score == "twin":  # no test the same engine does not pass honestly
        assert (_passed(row) - _passed(twin), row["score"] <= twin["score"]) == (set(), True)


@needs_bwrap
def test_the_honest_twin_fails_the_gradient_checks(batch):
    # the baseline the forgeries are measured against: its own backward disagrees with its own forward
    twin = {t["name"]: t for t in batch.rows["honest-twin"]["tests"]}
    assert {name for name in twin if name.startswith("gradcheck/") and twin[name]["status"] == "failed"} == NUMERIC_TESTS
    assert 0 < batch.rows["honest-twin"]["score"] < batch.rows["honest-twin"]["max_score"]


@needs_bwrap
@pytest.mark.parametrize("sid", ["drop-grad-keys", "frame-locals"])
def test_an_observation_without_its_gradients_is_not_believed(batch, sid):
    # before: the gradient checks iterated over the `.grad` keys the report held, and passed on none
    tests = {t["name"]: t for t in batch.rows[sid]["tests"]}
    for name in NUMERIC_TESTS:
        assert tests[name]["status"] == "failed", (name, tests[name]["output"])
        assert "reported an observation that its probe does not make" in tests[name]["output"]
        assert "holds no 'a.grad'" in tests[name]["output"]
        assert "replaced the probe or wrote into the grader's report" in tests[name]["output"]
    if sid == "frame-locals":
        assert "patched worker.main's `plain`" in batch.runs[sid]["output"]


@needs_bwrap
def test_an_emptied_probe_fails_its_test(batch):
    tests = {t["name"]: t for t in batch.rows["empty-observations"]["tests"]}
    for name in NUMERIC_TESTS:
        assert tests[name]["status"] == "failed"
        assert "holds no 'out'" in tests[name]["output"], tests[name]["output"]


@needs_bwrap
def test_numeric_differentiation_passes_the_gradient_checks_only(batch):
    # Not defended (docs/security.md): the right numbers, however obtained. It earns the twin's tests
    # and the four gradient checks, which compare backward() with the student's own forward pass.
    row, twin = batch.rows["grad-from-numeric"], batch.rows["honest-twin"]
    assert _passed(row) == _passed(twin) | NUMERIC_TESTS


@needs_bwrap
def test_ops_made_to_raise_excuse_nothing_beside_a_wrong_core(batch):
    # before: 30 of 63 against the twin's 25.5, the expressions that need those ops excused though the
    # `=` breaks them too; a wrong core now closes excusing by exception as it closes excusing by numbers
    row, twin = batch.rows["raise-in-ops"], batch.rows["honest-twin"]
    # 11.5, 26.0 before holes27 (pow/fractional: a third per probe); the twin 26.1667 before holes28 (its relu assigns:
    # relu/positive's relu(a) * a * 3 sees it)
    # 11.6667, 25.8334 before trust31 (the drawn inputs: the twin's shared/three-paths and a share of another)
    assert (row["score"], twin["score"]) == (9.6667, 23.8334)
    assert not any(t["output"].startswith("Not charged again") for t in row["tests"])
    # the injected text earns nothing more than a plain exception raised in the same ops
    injected = batch.rows["report-injection"]
    assert (injected["score"], _passed(injected)) == (row["score"], _passed(row))


@needs_bwrap
def test_exceptions_that_resist_description_cost_only_their_ops(batch):
    row = batch.rows["lying-exceptions"]
    tests = {t["name"]: t for t in row["tests"]}
    for name in ("add/values", "mul/values", "engine/imports"):
        assert tests[name]["status"] == "passed", (name, tests[name]["output"])
    for name in ("tanh/two", "exp/values", "log/values", "relu/positive"):
        assert tests[name]["status"] == "error", (name, tests[name]["output"])
    assert "KeyboardInterrupt: log interrupted" in tests["log/values"]["output"]
    assert len(json.dumps(batch.runs["lying-exceptions"])) < 1 << 20  # the 8 MB repr was never taken


@needs_bwrap
def test_the_sandbox_shows_nothing_of_the_grader(batch):
    out = batch.runs["proc-inventory"]["output"]
    assert "suite files found: none" in out and "LEAK" not in out, out[-2000:]
    assert "pids: [1, 2]" in out  # bubblewrap's init and the worker: nothing of the host
    assert "blocked /proc/1/mem" in out and "link /proc/1/exe -> /usr/bin/bwrap" in out
    assert SECRET not in out and SECRET not in json.dumps(batch.result.scores)
    runner = re.search(r"runner: (\[.*\])", out).group(1)
    assert json.loads(runner.replace("'", '"')) == sorted(
        ["worker.py", "worker.pyc", "probekit.py", "shared_probes.py", "local_probes.py", "probes.py", "read_only.py",
         "as_package.py", "standins.py", "hash_order.py", "drawn_inputs.py", "drawn_inputs.py.code",
         "probekit.py.code", "shared_probes.py.code",
         "local_probes.py.code", "probes.py.code", "read_only.py.code", "as_package.py.code", "standins.py.code",
         "hash_order.py.code", "raised.py", "raised.py.code", "later.py", "later.py.code",
         "shadows.py", "shadows.py.code"])  # stdlib41: a student's random.py for their own imports only


@needs_bwrap
def test_printed_output_is_kept_as_text_and_never_parsed(batch):
    run = batch.runs["output-lookalike"]
    assert "correct-closures   graded    0/63" in run["output"]
    assert len(run["output"].encode()) <= LIMITS.output_kb * 1024 + 200
    run["output"].encode("utf-8")  # valid UTF-8, a lone surrogate replaced
    assert batch.rows["correct-neighbour"]["score"] == batch.rows["correct-neighbour"]["max_score"]


@needs_bwrap
def test_a_report_is_capped_for_the_whole_submission(batch):
    # before: 16 MiB per worker, and a fresh worker after each death: nine times as much
    assert len(json.dumps(batch.runs["flood-across-workers"])) < MAX_REPORT
    for path in batch.cache.glob("*.json"):
        assert path.stat().st_size < MAX_REPORT, path


# -- the reports: injected text stays text ----------------------------------------------------------


@needs_bwrap
def test_the_payload_reached_the_record(batch):
    # the attack is real: its text is in the row, so each report below has to cope with it
    row = batch.rows["report-injection"]
    outputs = "\n".join(t["output"] for t in row["tests"])
    assert "::error file=engine.py,line=1::FULL MARKS" in outputs and "<script>" in outputs


@needs_bwrap
def test_html_holds_no_markup_of_the_students(batch, tmp_path):
    pages = write_feedback(batch.result.scores, tmp_path / "feedback")["report-injection"]
    html = render(batch.result.scores, "html") + "".join(p.read_text(encoding="utf-8") for p in pages
                                                          if p.suffix == ".html")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html  # shown, as text
    assert "&lt;/details&gt;&lt;details open&gt;" in html  # the page's own <details> are its own
    for raw in ("<script>alert", "<img src=x", "<injected/>", "<b>bold</b>", "<i>file</i>", "<u>function</u>"):
        assert raw not in html, raw


@needs_bwrap
def test_junit_is_well_formed_with_one_case_per_test(batch):
    root = ET.fromstring(render(batch.result.scores, "junit"))
    suites = {s.get("name"): s for s in root.iter("testsuite")}
    for row in batch.result.scores["submissions"]:
        # one case per test, and one for the run when it crashed or timed out (a rejected entry has none else)
        expected = len(row["tests"]) + (row["status"] in ("crashed", "timeout", "rejected"))
        assert len(list(suites[row["id"]].iter("testcase"))) == expected, row["id"]
    assert not list(root.iter("injected"))


@needs_bwrap
def test_no_gradebook_cell_starts_a_formula(batch):
    csv_text = render(batch.result.scores, "csv")
    cells = [c.strip('"') for line in csv_text.splitlines() for c in re.split(r',(?=(?:[^"]*"[^"]*")*[^"]*$)', line)]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@") and not re.fullmatch(r"-?[\d.]+", c)]
    for name in FORMULA_NAMES:
        assert f"'{name}" in csv_text, name


def _outside_code_blocks(markdown):
    """The lines of a Markdown text that are not inside a fenced code block."""
    outside, fence = [], None
    for line in markdown.splitlines():
        run = re.match(r"`{3,}", line)
        if fence is None and run:
            fence = run.group()
        elif fence is not None and line.strip() == fence:
            fence = None
        elif fence is None:
            outside.append(line)
    assert fence is None, "a code block was left open"
    return outside


@needs_bwrap
def test_markdown_starts_no_block_of_the_students(batch, tmp_path):
    markdown = render(batch.result.scores, "markdown")
    written = write_feedback(batch.result.scores, tmp_path / "feedback")
    page = written["report-injection"][0].read_text(encoding="utf-8")
    assert "# Full marks" in page  # quoted, in a code block: the student reads what their engine raised
    for text in (markdown, page):
        lines = _outside_code_blocks(text)
        assert not [line for line in lines if line.startswith(("# Full", "| 63", "::", "</details>", "<script",
                                                               "=HYPERLINK", "closed the fence"))]
        assert not any("<script>" in line or "<details open>" in line for line in lines)


@needs_bwrap
def test_each_annotation_is_one_workflow_command(batch):
    submission = load_entry(batch.folder / "report-injection")
    lines = annotations(batch.rows["report-injection"], submission)
    assert lines and all(line.startswith(("::error", "::warning")) and "\n" not in line and "\r" not in line
                         for line in lines)
    assert not any("::add-mask::" in line.split("::", 2)[1] for line in lines)


@needs_bwrap
def test_every_format_is_written_as_utf8(batch, tmp_path):
    for fmt in ("json", "junit", "csv", "markdown", "html", "gradescope"):
        render(batch.result.scores, fmt).encode("utf-8")
