"""Session 29's red team: fresh hostile samples by a student who has read the grader's source and the student's
install (docs/security.md, "Session 29's red team"). The engine suite's samples are graded in one batch, each on
the informed attacks' twin (correct-closures with `=` for `+=` in every backward rule: its forward pass is right,
23.8334/63 in the grade of record, 25.8334 at the fixed inputs alone); the loaders', the service's and the fleet's samples are checked in process. Each closed one failed
before its fix, as its test says; the ones that held are kept so that the next change that opens one fails."""

import base64
import json
import re
import struct
import zlib
from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from grader.load import allowed_files, load_entry, load_submissions
from grader.pipeline import grade
from grader.sandbox import Limits
from grader.suites import load_suite

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")
TWIN_SCORE = 23.8334  # its grade of record: 25.8334 at the fixed inputs alone (session 31)


def _twin():
    engine, count = re.subn(r"^( {12}\w+\.grad) \+= ", r"\1 = ", CORRECT, flags=re.MULTILINE)
    assert count == 9
    return engine


TWIN = _twin()

# The answers every visible probe wants, as the student's wheel ships them (visible_expectations.json: every test
# of the engine suite is visible), looked up by the probe's name on the stack: the probe's `number` and `grads`
# replaced in its module by ones that answer from the table.
ANSWER_TABLE = '''

import sys as _sys
_TABLE = {table}


def _probe_name():
    frame = _sys._getframe(2)
    while frame is not None and frame.f_code.co_name not in _TABLE:
        frame = frame.f_back
    return frame.f_code.co_name if frame is not None else None


def _answer(label, fallback):
    return _TABLE.get(_probe_name(), {{}}).get(label, fallback)


_backward = Value.backward


def _looked_up(self):
    _backward(self)
    frame = _sys._getframe(1)
    while frame is not None and frame.f_code.co_name not in _TABLE:
        frame = frame.f_back
    if frame is None or frame.f_globals.get("_patched"):
        return
    names = frame.f_globals
    names["_patched"] = True
    number, grads = names["number"], names["grads"]
    names["number"] = lambda value, label, *a, **k: _answer(label, number(value, label, *a, **k))
    names["grads"] = lambda named, *a, **k: {{key: _answer(key, value) for key, value in grads(named, *a, **k).items()}}


Value.backward = _looked_up
'''

# Session 31: the same answers looked up by other keys, each set when a backward() ends (its probe's number and grads
# then answer from the table, as above): the probe's expression (its docstring), the inputs the probe built its
# leaves from, and the order of the backward() calls (the n-th call's probe, in the suite's order of probes).
ANSWER_KEYED = '''

import sys as _sys
_TABLE = {table}
_KIND = {kind!r}
_CURRENT, _LEAVES, _CALLS = [None], [], [0]
_PROBE_FILES = ("probes.py", "shared_probes.py")


def _probe_frame(frame):
    while frame is not None:
        doc = getattr(frame.f_globals.get(frame.f_code.co_name), "__doc__", None)
        if frame.f_code.co_filename.endswith(_PROBE_FILES) and doc:
            return frame
        frame = frame.f_back
    return None


_init = Value.__init__


def _recording_init(self, data, *args, **kwargs):
    _init(self, data, *args, **kwargs)
    caller = _sys._getframe(1)
    if caller.f_code.co_filename.endswith("drawn_inputs.py"):  # built through the grader's Drawn: the probe's all the same
        caller = caller.f_back
    if caller.f_code.co_filename.endswith(_PROBE_FILES):
        _LEAVES.append(repr(float(data)))


Value.__init__ = _recording_init
_backward = Value.backward


def _answer(label, fallback):
    return _TABLE.get(_CURRENT[0], {{}}).get(label, fallback) if _CURRENT[0] is not None else fallback


def _keyed(self):
    _backward(self)
    frame = _probe_frame(_sys._getframe(1))
    if _KIND == "expression":
        _CURRENT[0] = frame.f_globals[frame.f_code.co_name].__doc__ if frame is not None else None
    elif _KIND == "inputs":
        _CURRENT[0] = ",".join(_LEAVES)
    elif _KIND == "fixed-inputs":  # its own answer only where the probe's inputs are the fixed ones, else its own numbers
        _CURRENT[0] = (frame.f_code.co_name if frame is not None else "") + ":" + ",".join(_LEAVES)
    else:
        _CURRENT[0] = str(_CALLS[0])
    _CALLS[0] += 1
    _LEAVES.clear()
    if frame is None or frame.f_globals.get("_patched"):
        return
    names = frame.f_globals
    names["_patched"] = True
    number, grads = names["number"], names["grads"]
    names["number"] = lambda value, label, *a, **k: _answer(label, number(value, label, *a, **k))
    names["grads"] = lambda named, *a, **k: {{key: _answer(key, value) for key, value in grads(named, *a, **k).items()}}


Value.backward = _keyed
'''

# The grader's data looked for everywhere the sandbox shows: the wheel's expected values, the stored runs, the
# hidden suites, 07's course replay; were any of it there, the engine would put its `+=` back (and score full).
WHEEL_HUNT = '''

import os as _os
_FOUND = []
for _top in ("/", "/usr", "/tmp", "/runner", "/sandbox", _os.path.expanduser("~"), "/proc/1/root", "/proc/1/cwd"):
    try:
        for _dir, _subs, _files in _os.walk(_top):
            if _dir.startswith(("/proc/sys", "/proc/self", "/dev")) or _dir.count("/") > 8:
                _subs[:] = []
            _FOUND += [_os.path.join(_dir, f) for f in _files if f.endswith((
                "visible_expectations.json", "torch_results.json", "variant_runs.json", "engines.json",
                "test_engine.py", "suites.mo", "course.py"))]
    except Exception:
        pass
if _FOUND and not globals().get("_AGAIN"):
    _AGAIN = True
    exec(compile(open(__file__).read().replace(".grad = ", ".grad += "), __file__, "exec"), globals())
'''
# what a start-up hook or a module named as the worker's own does, were it ever run: end the run as if all was done
FORGE = "import os\nos.write(0, b'{\"event\": \"done\"}\\n')\nraise SystemExit(0)\n"


def _answer_table():
    from grader.judge.expectations import Expectations

    suite = load_suite("engine")
    expectations = Expectations(suite, reference="live")
    return {name: expectations.reference(suite.probe(name)) for name in suite.probe_names}


def _keyed_tables():
    """The reference's answers keyed as ANSWER_KEYED's engines look them up, worked out on the reference (trusted,
    here in the test's process): by each probe's docstring, by the leaves its own code built, and by the number of
    backward() calls before it (every probe of the suite, in the worker's order)."""
    from grader.engines import engine_class, reference_source
    from grader.judge.expectations import Expectations

    suite = load_suite("engine")
    expectations = Expectations(suite, reference="live")
    value_class = engine_class(reference_source(), "the reference, its backward() calls counted")
    calls, leaves = [0], []
    backward = value_class.backward

    def counted(self):
        backward(self)
        calls[0] += 1

    value_class.backward = counted
    tables = {"expression": {}, "inputs": {}, "order": {}, "fixed-inputs": {}}
    for name in suite.probe_names:
        probe = suite.probe(name)
        answers = expectations.reference(probe)
        if probe.__doc__:
            tables["expression"][probe.__doc__] = answers
        leaves.clear()
        before = calls[0]

        def V(x, *args, **kwargs):
            leaves.append(repr(float(x)))
            return value_class(x, *args, **kwargs)

        try:
            probe(V)
        except Exception:  # noqa: BLE001 - a probe the reference cannot run has no answers to look up
            continue
        tables["inputs"][",".join(leaves)] = answers
        tables["fixed-inputs"][f"{name}:" + ",".join(leaves)] = answers
        for k in range(before, calls[0]):
            tables["order"][str(k)] = answers
    return tables


def _notebook_with_forged_outputs():
    """The twin in a notebook whose outputs hold a forged report, a scores record claiming full marks and script."""
    cell = new_code_cell(TWIN)
    forged = {"event": "result", "probe": "add_values", "status": "ok", "values": {"y": -1.0, "a.grad": 1.0}}
    cell.outputs = [
        new_output("stream", name="stdout", text=json.dumps(forged) + "\n" + json.dumps({"event": "done"}) + "\n"),
        new_output("execute_result", execution_count=1, data={
            "application/json": {"score": 63, "max_score": 63, "status": "graded"}, "text/plain": "63/63"}),
        new_output("display_data", data={"text/html": "<script>fetch('/api/v1/gradebook')</script>"})]
    notebook = new_notebook(cells=[new_markdown_cell("# scores: 63/63"), cell],
                            metadata={"grader": {"score": 63, "status": "graded"}})
    return json.dumps(notebook)


def _notebook_writing_runner_modules():
    """`%%writefile` cells named as the worker's modules and Python's start-up hooks, then the twin."""
    names = ("probekit", "worker", "hash_order", "sitecustomize", "usercustomize", "probes", "local_probes")
    cells = [new_code_cell(f"%%writefile {name}.py\n" + FORGE) for name in names] + [new_code_cell(TWIN)]
    return json.dumps(new_notebook(cells=cells))


def _build_engine_class(folder: Path):
    engines = {"honest-twin": TWIN, "answer-table": TWIN + ANSWER_TABLE.format(table=json.dumps(_answer_table())),
               **{f"answer-by-{kind}": TWIN + ANSWER_KEYED.format(table=json.dumps(table), kind=kind)
                  for kind, table in _keyed_tables().items()},
               "wheel-hunt": TWIN + WHEEL_HUNT,
               # the twin graded under names either side of the twin with an unused forbidden import: the judge
               # shares a verdict between runs that show a test the same thing, and must not by their order
               "order-a-clean": TWIN, "order-b-numpy": "import numpy as np\n" + TWIN,
               "order-c-numpy": "import numpy as np\n" + TWIN, "order-d-clean": TWIN}
    for name, text in engines.items():
        (folder / name).mkdir()
        (folder / name / "engine.py").write_text(text, encoding="utf-8")
    for name in ("linearized", "float-subclass"):  # session 31: correct engines in unusual styles, at drawn inputs too
        (folder / f"honest-{name}").mkdir()
        (folder / f"honest-{name}" / "engine.py").write_text(
            (ROOT / "tests" / "fixtures" / "trust31" / name / "engine.py").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "notebook-outputs.ipynb").write_text(_notebook_with_forged_outputs(), encoding="utf-8")
    (folder / "writefile-runner.ipynb").write_text(_notebook_writing_runner_modules(), encoding="utf-8")
    hooks = folder / "startup-files"  # Python's start-up hooks and a package's files beside the engine
    hooks.mkdir()
    (hooks / "engine.py").write_text(TWIN, encoding="utf-8")
    for name in ("sitecustomize.py", "usercustomize.py", "__init__.py", "__main__.py", "conftest.py", "probekit.py",
                 "worker.py", "hash_order.py"):
        (hooks / name).write_text(FORGE, encoding="utf-8")
    (hooks / "aaa.pth").write_text("import os; os.write(0, b'{\"event\": \"done\"}\\n')\n", encoding="utf-8")


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    folder = tmp_path_factory.mktemp("redteam29") / "class"
    folder.mkdir()
    _build_engine_class(folder)
    graded = grade(folder, limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=30), jobs=2)
    return {r["id"]: r for r in graded.scores["submissions"]}


def _passed(row):
    return {t["name"] for t in row["tests"] if t["status"] == "passed" and t["max_score"] > 0}


@needs_bwrap
def test_the_twin_is_what_each_sample_is_measured_against(rows):
    assert (rows["honest-twin"]["status"], rows["honest-twin"]["score"]) == ("graded", TWIN_SCORE)


@needs_bwrap
def test_answers_looked_up_from_the_wheels_table_score_no_more_than_the_twin(rows):
    """Closed (session 31; docs/security.md, "Answers worked out beforehand"): the student's wheel ships the
    reference's values of every probe a visible test reads, and every test of the engine suite is visible, so the
    twin answering each probe from that table scored 56/63 beside its honest 25.8334. The grade of record now also
    observes each probe a test reads at inputs drawn from the instructor's secret and the submission's files
    (grader/judge/drawn.py), and a test passes only if both pass. The twin's own score is 23.8334 since (at the drawn
    inputs shared/three-paths and a share of another test show its `=`, which the fixed inputs hid). Looked up by
    the probe's name or its expression, the table answers the drawn inputs with the fixed inputs' numbers: 4/63; by
    the inputs the probe built its leaves from, or by the order of backward() calls, it hands one probe's answers to
    another; by name and inputs together, the best of them, it answers only the fixed inputs and gives the engine's
    own numbers elsewhere: 23.8334, the twin's score, but not its tests: relu/zero's one input is 0, relu's kink,
    which no draw moves, so its answer is right at the drawn inputs too (a point the twin loses: the limit left,
    docs/security.md), and its `grads_start_at_zero`, which calls no backward(), gets the previous probe's answers
    (a point the twin keeps)."""
    scores = {sid: (rows[sid]["status"], rows[sid]["score"]) for sid in (
        "answer-table", "answer-by-expression", "answer-by-inputs", "answer-by-order", "answer-by-fixed-inputs")}
    assert scores == {"answer-table": ("graded", 4.0), "answer-by-expression": ("graded", 4.0),
                      "answer-by-inputs": ("graded", 18.8333), "answer-by-order": ("graded", 22.8334),
                      "answer-by-fixed-inputs": ("graded", 23.8334)}
    best, twin = _passed(rows["answer-by-fixed-inputs"]), _passed(rows["honest-twin"])
    assert (best - twin, twin - best) == ({"relu/zero"}, {"backward/grads-start-at-zero"})
    drawn = [t for t in rows["answer-table"]["tests"] if t["name"] == "add/values"][0]
    assert drawn["output"].startswith("at other inputs, drawn for this grade: y for y = a + b at a = 2, b = -3 is wrong there")


@needs_bwrap
@pytest.mark.parametrize("sid", ["honest-linearized", "honest-float-subclass"])
def test_a_correct_engine_in_an_unusual_style_scores_full_at_the_drawn_inputs_too(rows, sid):
    """Session 31: local derivatives stored at forward time and a walk by creation stamp (linearized), a `float`
    subclass whose backward rules are lambdas of the gradient (float-subclass): correct at every input."""
    assert (rows[sid]["status"], rows[sid]["score"]) == ("graded", 63.0)


@needs_bwrap
@pytest.mark.parametrize("sid", ["wheel-hunt", "notebook-outputs", "writefile-runner", "startup-files"])
def test_what_the_sandbox_does_not_hold_or_run_gains_nothing(rows, sid):
    """Held: the sandbox holds no expected value, stored run, suite or course replay to find (wheel-hunt); a
    notebook's outputs and metadata are never read (notebook-outputs); a `%%writefile` module named as the worker's
    own, and Python's start-up hooks (sitecustomize, usercustomize, a .pth, a package's __init__ and __main__, a
    conftest) beside the engine, never run in its place (the worker runs `python -I -S` and loads its own modules by
    path): each scores the twin's score, test for test."""
    row, twin = rows[sid], rows["honest-twin"]
    assert (row["status"], row["score"]) == ("graded", TWIN_SCORE)
    assert _passed(row) == _passed(twin)


@needs_bwrap
def test_a_score_does_not_depend_on_the_order_of_the_batch(rows):
    """Held: the same engine scores the same before and after the same engine with a forbidden import, and the other
    way round (the judge's groups hold what a test sees, the forbidden imports included)."""
    scores = {sid: rows[sid]["score"] for sid in ("order-a-clean", "order-b-numpy", "order-c-numpy", "order-d-clean")}
    assert scores == {"order-a-clean": TWIN_SCORE, "order-b-numpy": TWIN_SCORE - 1, "order-c-numpy": TWIN_SCORE - 1,
                      "order-d-clean": TWIN_SCORE}
    assert _passed(rows["order-a-clean"]) - _passed(rows["order-b-numpy"]) == {"engine/from-scratch"}


# -- LMS exports: a name the student chose, read as the LMS's own ---------------------------------------------

def _ids(folder):
    return {s.id: (sorted(s.files) if s.files else None, s.problem and str(s.problem))
            for s in load_submissions(folder, load_suite("engine"))}


def test_a_blackboard_file_name_holding_another_attempt_stays_its_uploaders(tmp_path):
    """Closed: Blackboard names an attempt's file `<assignment>_<username>_attempt_<time>_<the student's file name>`,
    and the student's file name may hold an `_attempt_<time>` of its own. Read at its last, mallory's file named
    `HW1_victor_attempt_2099-01-01-00-00-00_engine.py` was victor's latest attempt where victor handed in nothing
    (the class row `victor`, graded on mallory's file, mallory no row), else a row of its own
    (`mallory_attempt_..._HW1_victor`) beside mallory's, rejected with "no file". Now the first ends the head."""
    folder = tmp_path / "export"
    folder.mkdir()
    (folder / "HW1_bob_attempt_2026-12-01-10-00-00_engine.py").write_text(CORRECT, encoding="utf-8")
    (folder / "HW1_mallory_attempt_2026-12-01-11-00-00_HW1_victor_attempt_2099-01-01-00-00-00_engine.py").write_text(
        "x = 1\n", encoding="utf-8")
    assert _ids(folder) == {"bob": (["engine.py"], None), "mallory": (["engine.py"], None)}
    (folder / "HW1_bob_attempt_2026-12-01-10-00-00.txt").write_text("Name: Bob Park (bob)\n", encoding="utf-8")
    (folder / "HW1_mallory_attempt_2026-12-01-11-00-00.txt").write_text("Name: Mal Lory (mallory)\n", encoding="utf-8")
    assert _ids(folder) == {"bob": (["engine.py"], None), "mallory": (["engine.py"], None)}


def test_a_gradescope_name_holding_a_line_separator_names_no_one_else(tmp_path):
    """Closed: Gradescope's submission_metadata.yml was read line by line with str.splitlines(), which also ends a
    line at U+2028 (and U+2029, \\r, \\x85), characters a name may hold and libyaml (Ruby's Psych) writes as they
    are inside a single-quoted scalar, each followed by the scalar's indentation (below, PyYAML's CDumper's own
    output). Mallory's name `Mal<U+2028>- :email: victor@example.edu<U+2028>- :name: x` made victor a co-submitter
    of her folder: its row `victor@example.edu + mal@example.edu` (her score his too, in a gradebook import),
    beside his own. Now lines end at \\n alone, as YAML's structure does."""
    folder = tmp_path / "export"
    for sub, text in (("submission_101", CORRECT), ("submission_102", "x = 1\n")):
        (folder / sub).mkdir(parents=True)
        (folder / sub / "engine.py").write_text(text, encoding="utf-8")
    (folder / "submission_metadata.yml").write_text(
        "submission_101:\n  :submitters:\n  - :name: Victor Im\n    :sid: '1001'\n    :email: victor@example.edu\n"
        "submission_102:\n  :submitters:\n  - :name: 'Mal\u2028      - :email: victor@example.edu\u2028      - :name: x'\n"
        "    :sid: '1002'\n    :email: mal@example.edu\n", encoding="utf-8")
    assert _ids(folder) == {"victor@example.edu": (["engine.py"], None), "mal@example.edu": (["engine.py"], None)}


def test_a_long_gradescope_name_folded_by_libyaml_adds_no_submitter(tmp_path):
    """Closed: libyaml folds a quoted scalar past 80 columns at a space, and the parser read the folded line as a key
    of its own: a name `Mal xxx...x - :email: victor@example.edu` (CDumper's output below) added a submitter with no
    email to mallory's folder, its row `'Mal xxx...x + mal@example.edu`. A quoted scalar now goes on until its closing
    quote (mallory's real fields, below the fold, still overrode what the fold held: no classmate was named)."""
    folder = tmp_path / "export"
    (folder / "submission_102").mkdir(parents=True)
    (folder / "submission_102" / "engine.py").write_text("x = 1\n", encoding="utf-8")
    (folder / "submission_metadata.yml").write_text(
        "submission_102:\n  :submitters:\n  - :name: 'Mal " + "x" * 66 + "\n      - :email: victor@example.edu'''\n"
        "    :sid: '1002'\n    :email: mal@example.edu\n", encoding="utf-8")
    assert _ids(folder) == {"mal@example.edu": (["engine.py"], None)}


def test_a_long_plain_gradescope_name_folded_by_libyaml_adds_no_submitter(tmp_path):
    """Review 29: libyaml folds a plain (unquoted) scalar past 80 columns too, its lines below indented past the
    submitter's fields (CDumper's output below, for the names `Mal xxx...x - z` and `Mal xxx...x - :email:victor@...
    yyy...y - z`): each folded line that began `- ` was read as a submitter of its own, mallory's row `Mal xxx...x +
    mal@example.edu`, or `Mal xxx...x + victor@example.edu yyy...y + mal@example.edu`."""
    folder = tmp_path / "export"
    (folder / "submission_102").mkdir(parents=True)
    (folder / "submission_102" / "engine.py").write_text("x = 1\n", encoding="utf-8")
    for folded in ["      - z\n", "      - :email:victor@example.edu " + "y" * 70 + "\n      - z\n"]:
        (folder / "submission_metadata.yml").write_text(
            "submission_102:\n  :submitters:\n  - :name: Mal " + "x" * 70 + "\n" + folded +
            "    :sid: '1002'\n    :email: mal@example.edu\n", encoding="utf-8")
        assert _ids(folder) == {"mal@example.edu": (["engine.py"], None)}


# -- archives -----------------------------------------------------------------------------------------------

def _overlapping_zip(members):
    """Fifield's overlapping zip bomb, flat: `members` central-directory entries that all point at one local record
    of 5 MB deflated to a few KB."""
    data = b"x = 1\n" + b"#" * 5_000_000
    packed, crc = zlib.compress(data, 9)[2:-4], zlib.crc32(data)
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(packed), len(data), 9, 0) + b"engine.py"
    directory = b""
    for i in range(members):
        name = b"engine.py" if i == 0 else b"f%05d.py" % i
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(packed), len(data),
                                 len(name), 0, 0, 0, 0, 0, 0) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, members, members, len(directory), len(local + packed), 0)
    return local + packed + directory + end


def _mismatched_zip():
    """A zip whose local header names `../ev.py` and a NUL where its central directory names `engine.py`."""
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("engine.py", "x = 1\n")
    raw = bytearray(buffer.getvalue())
    at = raw.index(b"engine.py")
    raw[at:at + 9] = b"../ev.py\x00"
    return bytes(raw)


@pytest.mark.parametrize("name, data, words", [
    ("overlap.zip", _overlapping_zip(2000), "overlap.zip holds 2000 members, more than the limit of 200"),
    ("overlap150.zip", _overlapping_zip(150), "overlap150.zip: member 'engine.py' would expand from 5 KiB to 4.8 MiB, "
                                              "which looks like a zip bomb"),
    ("mismatch.zip", _mismatched_zip(), "mismatch.zip/engine.py could not be unpacked (File name in directory "
                                        "'engine.py' and header b'../ev.py\\x00' differ.)"),
])
def test_archives_made_to_unpack_otherwise_are_refused_unread(tmp_path, name, data, words):
    """Held: a zip whose central directory lists one compressed record many times (a ratio no member declares),
    and one whose local header names a path its directory does not: refused, nothing unpacked."""
    path = tmp_path / name
    path.write_bytes(data)
    submission = load_entry(path, allowed_files(load_suite("engine")))
    assert submission.files in ({}, None) and words in str(submission.problem)



def test_a_compiled_copy_beside_a_decoy_source_never_reaches_the_sandbox(tmp_path):
    """Held: an unchecked hash-based pyc (PEP 552: Python imports it without looking at the source) of a classmate's
    engine in `__pycache__/engine.cpython-311.pyc`, beside an engine.py of one's own that does nothing (what `grade
    similarity` reads), would have the grade come from code no report shows; only the submission's .py files travel
    (and are read), so it scores what the decoy does (0/63, measured with `grade run`)."""
    import py_compile
    import sys

    folder = tmp_path / "mallory"
    (folder / "__pycache__").mkdir(parents=True)
    (folder / "engine.py").write_text("class Value:\n    def __init__(self, data):\n        self.data = data\n",
                                      encoding="utf-8")
    (tmp_path / "copy.py").write_text(CORRECT, encoding="utf-8")
    py_compile.compile(str(tmp_path / "copy.py"), cfile=str(folder / "__pycache__" /
                       f"engine.{sys.implementation.cache_tag}.pyc"),
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    submission = load_entry(folder, allowed_files(load_suite("engine")))
    assert sorted(submission.files) == ["engine.py"] and submission.problem is None


# -- grade serve, the fleet, grade similarity ---------------------------------------------------------------

def test_serve_keeps_an_upload_by_its_id_and_shows_no_one_elses(tmp_path):
    """Held: an upload named `../../../../tmp/pwn.py`, `..\\x.py`, `/etc/passwd.py`, with CR LF and a header after
    it, or with a NUL, is kept in the database and graded from `uploads/<student>/<id><suffix>`, its name shown as
    the student gave it (the multipart parser's escapes kept: no header is made of it); another student's
    submission, its events and its page are 404, as one that does not exist."""
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from grader.serve.course import write_new

    folder = tmp_path / "course"
    write_new(folder, ["alice", "mallory"], ["01-mul-backward"])
    course = folder / "course.toml"
    course.write_text(re.sub(r"(?m)^cooldown_seconds = .*$", "cooldown_seconds = 0", course.read_text()))
    app = create_app(folder)
    with TestClient(app) as client:
        svc = app.state.service

        def post(who, name):
            return client.post("/api/v1/submissions", headers={"Authorization": f"Bearer {svc.token_for(who)}"},
                               data={"exercise": "01-mul-backward"}, files={"file": (name, b"x = 1\n")})

        victim = post("alice", "engine.py").json()["id"]
        names = ("../../../../tmp/pwn.py", "..\\..\\x.py", "/etc/passwd.py", "a\r\nX-Injected: 1.py", "engine.py\x00.zip")
        assert [post("mallory", name).status_code for name in names] == [202] * 5
        mine = client.get("/api/v1/submissions", headers={"Authorization": f"Bearer {svc.token_for('mallory')}"})
        assert sorted(row["filename"] for row in mine.json()) == sorted(
            ["../../../../tmp/pwn.py", "..\\..\\x.py", "/etc/passwd.py", "a%0D%0AX-Injected: 1.py", "engine.py%00.zip"])
        assert not any(folder.rglob("pwn.py")) and not (tmp_path / "x.py").exists()
        as_mallory = {"Authorization": f"Bearer {svc.token_for('mallory')}"}
        for url in (f"/api/v1/submissions/{victim}", f"/api/v1/submissions/{victim}/events"):
            assert client.get(url, headers=as_mallory).status_code == 404


def test_a_fleet_job_whose_limits_were_rewritten_on_the_queue_is_another_job():
    """Held: a job's limits are part of its key (the observation cache's), so a job rewritten in Redis with a
    probe limit of a millisecond (every probe of the victim's correct engine a timeout) no longer hashes to its id,
    and the worker refuses it: the submitting grade puts it on again."""
    from fleet_support import _payload

    from grader.fleet.payload import read_job

    honest, rewritten = read_job(_payload()), read_job(_payload(**{"limits.probe_seconds": 0.001}))
    assert honest.files == rewritten.files and honest.key != rewritten.key


@pytest.mark.slow
def test_a_copy_folded_into_one_function_is_still_a_copy(tmp_path):
    """Held: similarity counts each function's share of a pair's shared code at most units.UNIT_MOST (session 28);
    a classmate's engine pasted whole inside one factory function (`def _build(): class Value: ... return Value`)
    is still flagged with its source, as an unchanged copy is."""
    from grader.similarity import similarity

    alice = (ROOT / "examples" / "submissions" / "alice" / "engine.py").read_text(encoding="utf-8")
    folded = "def _build():\n" + "\n".join("    " + line if line.strip() else line for line in alice.splitlines())
    for name, text in {"alice": alice, "mallory": folded + "\n    return Value\n\n\nValue = _build()\n",
                       "trent": alice}.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    pairs = {(p["a"], p["b"]): (p["score"], p["flagged"]) for p in similarity(tmp_path, shipped_public=False).record["pairs"]}
    assert pairs == {("alice", "trent"): (0.9997, True), ("alice", "mallory"): (0.9994, True),
                     ("mallory", "trent"): (0.9994, True)}


# -- 08-dual-numbers: a composition claimed ---------------------------------------------------------------

DUAL = (ROOT / "reference" / "dual.py").read_text(encoding="utf-8")


def _patched(text, *changes):
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


# exp's derivative without its factor e (rule/exp-log charges it), and a `**` of a Dual exponent and a `c ** x`
# whose derivative is 0
WRONG_EXP = ("return Dual(e, e * self.deriv)", "return Dual(e, self.deriv)")
DUALS = {
    "08-twin": _patched(DUAL, WRONG_EXP, (
        "return Dual(out, out * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value))",
        "return Dual(out, 0.0)"), ("return Dual(out, out * math.log(c) * self.deriv)", "return Dual(out, 0.0)")),
    # `**` and `c ** x` built as exp(b log a) from that exp, as the exercise says to build them
    "08-honest": _patched(DUAL, WRONG_EXP, (
        "            out = self.value**k.value\n"
        "            return Dual(out, out * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value))\n",
        "            return (k * self.log()).exp()\n"), (
        "        out = c**self.value\n        return Dual(out, out * math.log(c) * self.deriv)\n",
        "        return (self * math.log(c)).exp()\n")),
}
# the twin's exp answering the composition probe, found on the stack, with the numbers of its own wrong `**`
DUALS["08-forger"] = _patched(DUALS["08-twin"], ("        e = math.exp(self.value)\n", """        e = math.exp(self.value)
        import sys
        frame = sys._getframe(1)
        while frame is not None:
            if frame.f_code.co_name == "dual_powers_as_exp_log":  # 2 ** (x / 2) where it built 2 ** x before
                return Dual(2 ** 0.75 if abs(self.value - 1.5 * math.log(2)) < 1e-9 else e, 0.0)
            frame = frame.f_back
"""))


@slow_fixture(scope="module")
def rows_08(tmp_path_factory):
    folder = tmp_path_factory.mktemp("redteam29-08")
    engine = (ROOT / "exercises" / "08-dual-numbers" / "engine.py").read_text(encoding="utf-8")
    for name, dual in DUALS.items():
        (folder / name).mkdir()
        (folder / name / "engine.py").write_text(engine, encoding="utf-8")
        (folder / name / "dual.py").write_text(dual, encoding="utf-8")
    graded = grade(folder, exercise="08-dual-numbers", limits=Limits(probe_seconds=2, import_seconds=5,
                                                                       submission_seconds=30), jobs=2)
    return {r["id"]: r for r in graded.scores["submissions"]}


def _powers(row):
    (test,) = [t for t in row["tests"] if t["name"] == "beyond/variable-exponent"]
    return row["score"], test["status"]


@needs_bwrap
def test_an_honest_composition_is_excused_and_a_forged_one_gains_no_more(rows_08):
    """Closed, as far as the forged composition's limit goes (docs/security.md, "What is not defended"): the
    composition probe built `2 ** x` as exp(x log 2) at x = 1.5 where dual_powers computes 2 ** (x / 2), so a `**`
    built from the student's own wrong exp, as the exercise says, never matched it: 08-honest was charged again,
    18/20 (its twin's score), while 08-forger, whose exp answers the probe with its wrong `**`'s numbers, was excused,
    19/20. Now the probe builds 2 ** (x / 2): the honest composition 19/20 ("Not charged again"), the forgery no more."""
    assert {sid: _powers(row) for sid, row in rows_08.items()} == {
        "08-twin": (18.0, "failed"), "08-honest": (19.0, "passed"), "08-forger": (19.0, "passed")}
    assert all(row["status"] == "graded" for row in rows_08.values())
