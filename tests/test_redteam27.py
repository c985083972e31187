"""Session 27's red team: fresh hostile samples against what a student who read the grader's source could use
(docs/security.md, "Session 27's red team"). Each closed one failed before its fix, as its test says; the ones that
held are graded here too, in the same batches, so that the next change that opens one fails."""

import stat
import zipfile
from pathlib import Path

import pytest
from costs import slow_fixture
from endings_support import tampered
from hostile_support import grade_grafted, needs_bwrap

from grader.pipeline import grade
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
CORRECT = ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py"
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)


def _passed(row):
    return {t["name"] for t in row["tests"] if t["status"] == "passed" and t["max_score"] > 0}


def _tests(row, *names):
    return [(t["name"], t["status"], t["output"]) for t in row["tests"] if t["name"] in names]


# -- 07-mlp-xor: what the training tests excused, and what they take on the student's word ----------------------

def _engine_07(*, wrong):
    """The engine handed out with 07, or (wrong) with `=` for `+=` in `*` and tanh: a network that cannot learn."""
    engine = (ROOT / "exercises" / "07-mlp-xor" / "engine.py").read_text(encoding="utf-8")
    if wrong:
        for rule in ("self.grad += other.data * out.grad", "self.grad += (1 - t**2) * out.grad"):
            assert engine.count(rule) == 1
            engine = engine.replace(rule, rule.replace("+=", "="))
    return engine


NN = (ROOT / "reference" / "nn.py").read_text(encoding="utf-8")
ZERO_GRAD = "            p.grad = 0\n"
# zero_grad() that also moves every weight by a part in 10^12: parameters/zero-grad charges it (2 points), and on
# 3e76b19 both training loops that fail beside it were excused whatever made them fail (5 points)
NUDGING_NN = NN.replace(ZERO_GRAD, ZERO_GRAD + "            p.data = p.data * (1 + 1e-12)\n")
# train_xor that trains nothing and returns a list of losses that falls below the threshold
FABRICATED_NN = NN + "\n\ndef train_xor(seed=0, steps=1000, lr=0.05):\n    return [1.0] * (steps - 1) + [1e-4]\n"
# an MLP whose __call__ answers XOR itself when the course's loops (found on the stack) call it
DETECTING = """

import sys as _sys

_call = MLP.__call__


def _probed():
    frame = _sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name in ("_course_loop", "course_seed_xor"):
            return True
        frame = frame.f_back
    return False


def _detecting_call(self, x):
    if _probed() and len(x) == 2:
        return Value(-1.0 if x[0] == x[1] else 1.0)
    return _call(self, x)


MLP.__call__ = _detecting_call
"""
CASES_07 = {"twin": (True, NN), "zero-grad-nudge": (True, NUDGING_NN), "fabricated-train-xor": (True, FABRICATED_NN),
            "zero-grad-data": (False, NN.replace(ZERO_GRAD, "            p.grad = p.data = 0\n")),
            "probe-detecting": (True, NN + DETECTING), "detecting-and-fabricated": (True, FABRICATED_NN + DETECTING)}


@slow_fixture(scope="module")
def rows_07(tmp_path_factory):
    folder = tmp_path_factory.mktemp("redteam27") / "class07"
    for name, (wrong, nn) in CASES_07.items():
        assert nn != NN or name == "twin"
        (folder / name).mkdir(parents=True)
        (folder / name / "engine.py").write_text(_engine_07(wrong=wrong), encoding="utf-8")
        (folder / name / "nn.py").write_text(nn, encoding="utf-8")
    graded = grade(folder, exercise="07-mlp-xor", limits=Limits(probe_seconds=10, import_seconds=5,
                                                                  submission_seconds=120), jobs=2)
    return {r["id"]: r for r in graded.scores["submissions"]}


@pytest.mark.slow
@needs_bwrap
def test_a_zero_grad_that_nudges_the_weights_buys_no_training_test(rows_07):
    """On 3e76b19 `zero-grad-nudge` scored 18/23 where its twin (the same network, which cannot learn) scored 15:
    train/course-loop and train/course-seed were excused ("Not charged again: zero_grad() changes the weights")
    whatever made them fail. The course's loops now put the weights back after the student's zero_grad(), as
    they already set every gradient to 0 (07's probes, _course_zero_grad): nothing of zero_grad() is excused there."""
    twin, nudge = rows_07["twin"], rows_07["zero-grad-nudge"]
    assert (twin["score"], nudge["score"]) == (16, 14)  # (15, 13) of 23, before holes28's parameters/rng
    assert _passed(nudge) == _passed(twin) - {"parameters/zero-grad"}
    assert [status for _, status, _ in _tests(nudge, "train/course-loop", "train/course-seed")] == ["failed"] * 2


@pytest.mark.slow
@needs_bwrap
def test_held_a_zero_grad_that_zeroes_the_weights_costs_its_own_test_once(rows_07):
    """The honest mistake the excuse was for: zero_grad() that sets `data` to 0 too. Its network learns, so the
    course's loops (the weights put back) pass on their own: 21/23 as before, no excuse needed."""
    row = rows_07["zero-grad-data"]
    assert (row["score"], sorted({t["name"] for t in row["tests"]} - _passed(row) - {"engine/imports"})) == (
        22, ["parameters/zero-grad"])  # 21 of 23, before holes28's parameters/rng
    assert [(status, output) for _, status, output in _tests(row, "train/course-loop", "train/course-seed")] == [
        ("passed", "")] * 2


NOT_AN_MLP = ("the network's outputs are not those of an MLP(2, [4, 1]) of its parameters (set one at a time, each "
              "weight and bias changes the output as no tanh neuron's does)")


@pytest.mark.slow
@needs_bwrap
def test_a_train_xor_that_fabricates_its_losses_earns_nothing(rows_07):
    """On 2a0cb86 train/train-xor read only the losses train_xor returned, so a list made up to fall below the
    threshold passed (3 points): 18/23 beside its twin's 15. The probe now also reads the network train_xor trained
    (the last network of 17 parameters whose parameters() it called: its weights, the roles they play, its outputs),
    and the grader computes the reference's MLP from those weights: this one trained none, 15/23."""
    row = rows_07["fabricated-train-xor"]
    assert (rows_07["twin"]["score"], row["score"]) == (16, 16)  # (15, 15) of 23, before holes28's parameters/rng
    assert _passed(row) == _passed(rows_07["twin"])
    [(_, status, output)] = _tests(row, "train/train-xor")
    assert (status, output) == ("failed", "train_xor(seed=0, steps=300): no MLP(2, [4, 1]) listed its parameters() "
                                          "while train_xor ran; train_xor should train one, moving every parameter, "
                                          "and return its losses")


@pytest.mark.slow
@needs_bwrap
def test_a_network_that_answers_xor_when_the_course_loops_call_it_earns_nothing(rows_07):
    """On 2a0cb86 the course's loops were judged by a threshold and XOR's signs, which every student knows; an MLP
    whose __call__ found the loops on the stack and answered XOR itself passed both (5 points) with a network that
    cannot learn: 20/23 beside its twin's 15, and 23/23 with a train_xor that made up its losses. The loops now read
    the roles of the parameters through the network's own forward pass, set the weights by role (so a correct
    network takes the reference's own course whatever the order of its parameters()) and report the weights it
    ends with; the grader computes the network's outputs from them and holds the loop to the reference's course
    (steps and weights): 15/23 each."""
    # (15, 15) of 23, before holes28's parameters/rng
    assert (rows_07["probe-detecting"]["score"], rows_07["detecting-and-fabricated"]["score"]) == (16, 16)
    assert _passed(rows_07["probe-detecting"]) == _passed(rows_07["twin"])
    assert _tests(rows_07["probe-detecting"], "train/course-loop", "train/course-seed") == [
        ("train/course-loop", "failed", "the course's loop (forward, loss, zero_grad, backward, p.data -= 0.05 * "
                                        "p.grad) on XOR, weights from seed 0: " + NOT_AN_MLP),
        ("train/course-seed", "failed", "the course's loop on XOR at 0.1 from the course's seed (the reference's MLP "
                                        "[2, 4, 1] weights of random.Random(42)): " + NOT_AN_MLP)]


# -- the engine suite: a Value and a worker that lie, beside an engine whose backward uses `=` for `+=` -------------

# Each is appended to the twin (correct-closures with `=` for `+=` in every rule); none may pass a test the twin
# fails, and each holds (docs/security.md, "Session 27's red team").
ATTACKS = {
    # a display-only no-op taken as a number: tanh's value is matplotlib's gca(), exp's grad tqdm's bar
    "noop-as-number": '''
import matplotlib.pyplot as _plt
from tqdm import tqdm as _tqdm
_tanh, _exp = Value.tanh, Value.exp
def _t(self):
    out = _tanh(self)
    out.data = _plt.gca()
    return out
def _e(self):
    out = _exp(self)
    out.grad = _tqdm(total=3)
    return out
Value.tanh, Value.exp = _t, _e
''',
    # a no-op's iteration used to count: the gradient of log made len(tqdm(range(n)))
    "noop-len": '''
from tqdm import trange as _trange
_log = Value.log
def _l(self):
    out = _log(self)
    out.data = out.data + len(_trange(0)) + sum(1.0 for _ in __import__("matplotlib.pyplot").pyplot.plot())
    return out
Value.log = _l
''',
    # the stdlib's fractions replaced by a module whose Fraction lies: probekit takes it as an exact number
    "fake-fractions": '''
import sys as _sys, types as _types
class _Liar:
    def __init__(self, x): self.x = x
    def __float__(self): return 1.0
_fake = _types.ModuleType("fractions"); _fake.Fraction = _Liar
_sys.modules["fractions"] = _fake
_add = Value.__add__
def _a(self, other):
    out = _add(self, other)
    out.data = _Liar(out.data)
    return out
Value.__add__ = _a
''',
    # the worker's own exit code for "not placed" (71) from inside a probe, after some probes ran
    "exit-71": '''
import os as _os
_n = [0]
_bw = Value.backward
def _b(self):
    _n[0] += 1
    if _n[0] == 20:
        _os._exit(71)
    return _bw(self)
Value.backward = _b
''',
    # SIGKILL and SIGXCPU sent to itself, as the grader's memory and CPU limits would
    "self-kill": '''
import os as _os, signal as _signal
_n = [0]
_bw = Value.backward
def _b(self):
    _n[0] += 1
    if _n[0] == 10:
        _os.kill(_os.getpid(), _signal.SIGXCPU)
    if _n[0] == 30:
        _os.kill(_os.getpid(), _signal.SIGKILL)
    return _bw(self)
Value.backward = _b
''',
    # an AttributeError whose __getattr__ answers name="tanh", obj a Value: every op's failure blamed on a missing tanh
    "lying-attributeerror": '''
class _Blame(AttributeError):
    def __getattr__(self, attr):
        return {"name": "tanh", "obj": Value(0.0)}.get(attr, "tanh")
    def __str__(self):
        return "'Value' object has no attribute 'tanh'"
_exp = Value.exp
def _e(self):
    raise _Blame()
Value.exp = _e
Value.relu = _e
''',
    # a __del__ that runs late (a cycle collected during a later probe) and writes a forged `done` on the report
    "late-del": '''
import gc as _gc, os as _os
class _Late:
    def __init__(self): self.me = self
    def __del__(self):
        try:
            _os.write(0, b'{"event":"done"}\\n')
        except OSError:
            pass
_Late()
''',
    # SIGALRM every 2 ms whose handler raises: lands in the worker's own code (encoding, send) as well as the probes'
    "alarm-raise": '''
import signal as _signal
def _h(signum, frame):
    raise KeyError("alarm")
_signal.signal(_signal.SIGALRM, _h)
_signal.setitimer(_signal.ITIMER_REAL, 0.002, 0.002)
''',
    # a thread that outlives each probe and keeps writing `.grad = 1.0` on every Value it finds through gc
    "thread-grads": '''
import gc as _gc, threading as _threading
def _spin():
    while True:
        for o in _gc.get_objects():
            if type(o) is Value:
                try:
                    o.grad = 1.0
                except Exception:
                    pass
_threading.Thread(target=_spin, daemon=True).start()
''',
    # the probe's constants and its expression read through linecache/inspect from the caller's frame, so that
    # backward() reports, for every leaf, the slope of the probe's own line by a central difference of eval()
    "probe-source-eval": '''
import sys as _sys, linecache as _lc
_bw = Value.backward
def _b(self):
    _bw(self)
    f = _sys._getframe(1)
    _lc.getlines(f.f_code.co_filename)
    for name, v in list(f.f_locals.items()):
        if type(v) is Value and v is not self:
            v.grad = v.grad  # nothing to gain without the right numbers; reads only
Value.backward = _b
''',
    # an exception whose __str__ is the worker's own event framing, raised in every tanh
    "framing-in-error": '''
class _Framed(Exception):
    def __str__(self):
        return '"}\\n{"event":"result","probe":"tanh_values","status":"ok","values":{}}\\n{"event":"done"}'
def _t(self):
    raise _Framed()
Value.tanh = _t
''',
    # a float subclass whose __eq__/__format__/__repr__ lie, as every .data and .grad
    "float-subclass": '''
class _F(float):
    def __eq__(self, o): return True
    def __ne__(self, o): return False
    def __repr__(self): return "2.0"
    def __format__(self, spec): return "2.0"
    __hash__ = float.__hash__
_mul = Value.__mul__
def _m(self, other):
    out = _mul(self, other)
    out.data = _F(out.data)
    return out
Value.__mul__ = _m
''',}


@slow_fixture(scope="module")
def engine_rows(tmp_path_factory):
    return grade_grafted(tmp_path_factory.mktemp("redteam27") / "class", ATTACKS, LIMITS)


# the rows whose worker died under the attack: the rest of its probes in fresh workers, up to the grader's limit
# (`alarm-raise` dies or not by where its timer lands, and may fail a probe where the alarm lands in it: only its
# passes and its score are held, to its twin's)
CRASHED = {"exit-71": "the worker crashed 9 times", "self-kill": "the worker crashed 9 times",
           "late-del": tampered("late-del.py")}


@pytest.mark.slow
@needs_bwrap
@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_held_a_lying_value_or_worker_passes_nothing_its_twin_fails(engine_rows, name):
    row, twin = engine_rows[name], engine_rows["honest-twin"]
    # A run that ends `crashed` is judged at the drawn inputs as any other (session 35; before, `alarm-raise`, which
    # ends so or not by where its timer lands, once kept shared/three-paths, which its twin loses only at the draws:
    # 24.8334 above 23.8334): no test its twin fails, and no more than the twin's score, whatever its status.
    assert (_passed(row) - _passed(twin), row["score"] <= twin["score"]) == (set(), True)
    assert not any("internal grader error" in t["output"] for t in row["tests"])
    if name != "alarm-raise":
        assert (row["status"], (row.get("message") or "")[:len(CRASHED.get(name, ""))]) == (
            ("crashed", CRASHED[name]) if name in CRASHED else ("graded", ""))


# -- archives: names that climb out, link out, hide or shout ------------------------------------------------------

def _zip(path, members):
    with zipfile.ZipFile(path, "w") as archive:
        for name, data, *mode in members:
            info = zipfile.ZipInfo(name)
            if mode:
                info.external_attr = mode[0] << 16
            archive.writestr(info, data)


def test_held_zips_that_climb_link_or_nest_are_refused_by_name(tmp_path):
    from grader.load import load_submissions
    from grader.suites import load_suite

    engine = CORRECT.read_bytes()
    folder = tmp_path / "class"
    folder.mkdir()
    _zip(folder / "backslash.zip", [("..\\..\\evil.py", b"x = 1\n"), ("engine.py", engine)])
    _zip(folder / "absolute.zip", [("/tmp/evil.py", b"x = 1\n"), ("engine.py", engine)])
    _zip(folder / "link.zip", [("engine.py", str(ROOT / "reference" / "engine.py").encode(), stat.S_IFLNK | 0o777)])
    _zip(folder / "nested.zip", [("inner.zip", (folder / "backslash.zip").read_bytes())])
    _zip(folder / "dot.zip", [("./engine.py", engine), ("engine.py", b"x = 1\n")])
    _zip(folder / "case.zip", [("engine.py", engine), ("Engine.py", b"raise SystemExit(3)\n")])
    _zip(folder / "esc\x1b[31m.zip", [("engine.py", engine)])
    subs = {s.id: s for s in load_submissions(folder, load_suite("engine"))}
    said = {sid: (s.problem or "").partition(",")[0].partition(";")[0] for sid, s in subs.items()}
    assert said == {
        "absolute": "absolute.zip: member '/tmp/evil.py' has an absolute path",
        "backslash": "backslash.zip: member '..\\\\..\\\\evil.py' has a '..' in its path",
        "link": "link.zip: member 'engine.py' is a symbolic link",
        "nested": "nested.zip/inner.zip: member '..\\\\..\\\\evil.py' has a '..' in its path",  # checked as the one zip
        "dot": "dot.zip holds 'engine.py' twice",
        # two names that are one file on macOS and Windows, of different contents: refused, naming both (seams39)
        "case": "case.zip holds Engine.py and engine.py", "esc\x1b[31m": ""}
    assert subs["case"].files == {}
    assert sorted(p.name for p in tmp_path.rglob("*") if p.suffix == ".py") == []  # nothing unpacked anywhere


# -- 06-gradcheck: an analytic derivative broken to be excused ------------------------------------------------------

GRADCHECK = (ROOT / "reference" / "gradcheck.py").read_text(encoding="utf-8")
BACKPROP = "    leaf = Value(x)\n    out = f(leaf)\n    out.backward()\n    analytic = leaf.grad\n"
NUMERIC = "    numeric = numerical_grad(lambda t: f(Value(t)).data, x, h)\n"
OK = "    ok = abs_diff <= atol + rtol * scale\n"
assert GRADCHECK.count(BACKPROP + NUMERIC) == GRADCHECK.count(OK) == 1
CASES_06 = {
    "always-ok": GRADCHECK.replace(OK, "    ok = True\n"),
    "always-false": GRADCHECK.replace(OK, "    ok = False\n"),
    "backward-twice": GRADCHECK.replace(BACKPROP, BACKPROP.replace("    out.backward()\n", "    out.backward()\n" * 2)),
    # never backward(): the numeric derivative nudged, as the analytic one (ok then True everywhere) ...
    "numeric-nudged": GRADCHECK.replace(BACKPROP + NUMERIC, NUMERIC + "    analytic = numeric * (1 + 1e-6)\n"),
    # ... or nudged past rtol (ok then False everywhere)
    "numeric-pushed": GRADCHECK.replace(BACKPROP + NUMERIC, NUMERIC + "    analytic = numeric * (1 + 1e-3)\n"),
}


@pytest.mark.slow
@needs_bwrap
def test_an_analytic_derivative_broken_on_purpose_excuses_nothing(tmp_path):
    """gradcheck/correct-gradients charges an analytic derivative that is not backprop's, and the other gradcheck
    tests judge gradcheck's verdicts on the student's own numbers (backward() run twice, an honest mistake: 13/15).
    On 3e76b19 a gradcheck that never runs backward() and takes the numeric derivative, nudged, as its analytic one
    was excused as well: ok=True everywhere, 13/15 where the same verdicts written as `ok = True` score 10; pushed
    past rtol (ok=False everywhere), 13/15 where `ok = False` scores 11. The excuse now asks for a named analytic
    mistake, replayed on the reference (06's mistakes.py: backward() run twice): both 7/15."""
    folder = tmp_path / "class06"
    for name, gradcheck in CASES_06.items():
        assert gradcheck != GRADCHECK
        (folder / name).mkdir(parents=True)
        (folder / name / "engine.py").write_text(
            (ROOT / "exercises" / "06-gradcheck" / "engine.py").read_text(encoding="utf-8"), encoding="utf-8")
        (folder / name / "gradcheck.py").write_text(gradcheck, encoding="utf-8")
    rows = {r["id"]: r for r in grade(folder, exercise="06-gradcheck", limits=LIMITS, jobs=2).scores["submissions"]}
    assert {name: row["score"] for name, row in rows.items()} == {
        "always-ok": 10, "always-false": 11, "backward-twice": 13, "numeric-nudged": 7, "numeric-pushed": 7}
    charged = {name: sorted({t["name"] for t in row["tests"]} - _passed(row) - {"engine/imports"})
               for name, row in rows.items()}
    assert charged["backward-twice"] == ["gradcheck/correct-gradients"]
    assert charged["numeric-nudged"] == ["gradcheck/correct-gradients", "gradcheck/detached", "gradcheck/half-a-percent",
                                         "gradcheck/large-gradients", "gradcheck/lost-path"]
    assert charged["always-ok"] == ["gradcheck/detached", "gradcheck/half-a-percent", "gradcheck/lost-path"]


def test_the_named_analytic_mistake_is_replayed_on_the_reference():
    from grader.suites import SUITES, suite_module

    mistakes = suite_module(SUITES / "06-gradcheck", "mistakes")
    probes = suite_module(SUITES / "06-gradcheck", "probes")
    twice = mistakes._analytic("backward() run twice", probes.gradcheck_lost_path)
    assert twice == {"x * Value(x.data) at 1.5.analytic": 3.0}  # the numeric derivative itself, by chance
    assert mistakes.named(probes.gradcheck_lost_path, {"x * Value(x.data) at 1.5.analytic": 3.0 * (1 + 1e-6)},
                          1e-9) is None


# -- 11-fit-line and 10-neuron: answers every student knows ---------------------------------------------------------

NEURON = (ROOT / "reference" / "neuron.py").read_text(encoding="utf-8")
COMPARE = """    largest = 0.0
    for name, r in reference_grads.items():
        g = grads[name]
        scale = max(abs(g), abs(r))
        if scale > 0:
            largest = max(largest, abs(g - r) / scale)
    return largest
"""


def _with_compare(neuron, body):
    assert neuron.count(COMPARE) == 1
    return neuron.replace(COMPARE, body)


@pytest.mark.slow
@needs_bwrap
def test_a_train_line_that_returns_the_known_line_earns_nothing(tmp_path):
    """train/converges read what the student's train_line(1000, 0.05) returns and wanted w = 2 and b = 1 (the
    exercise says the line is y = 2x + 1): on 2a0cb86 a loop whose update has the wrong sign, beside a train_line
    that returns (2.0, 1.0, 0.0), scored 6/13 where the same loop scores 4. It now also reads train_line(150, 0.05),
    halfway, against the reference's (w = 1.99832..., b = 1.00358...): 4/13."""
    fit_line = (ROOT / "reference" / "fit_line.py").read_text(encoding="utf-8")
    update = "        w.data -= learning_rate * w.grad\n"
    assert fit_line.count(update) == 1
    uphill = fit_line.replace(update, update.replace("-=", "+="))
    folder = tmp_path / "class11"
    for name, text in (("twin", uphill), ("known-line", uphill + "\n\ndef train_line(steps, learning_rate):\n"
                                                                  "    return 2.0, 1.0, 0.0\n")):
        (folder / name).mkdir(parents=True)
        (folder / name / "engine.py").write_text(
            (ROOT / "exercises" / "11-fit-line" / "engine.py").read_text(encoding="utf-8"), encoding="utf-8")
        (folder / name / "fit_line.py").write_text(text, encoding="utf-8")
    rows = {r["id"]: r for r in grade(folder, exercise="11-fit-line", limits=LIMITS, jobs=2).scores["submissions"]}
    assert (rows["twin"]["score"], rows["known-line"]["score"]) == (4, 4)
    assert _passed(rows["known-line"]) == _passed(rows["twin"])


@pytest.mark.slow
@needs_bwrap
def test_a_compare_that_always_returns_0_loses_compare_equal(tmp_path):
    """10-neuron's compare/equal (0 for equal sets) was passed by a largest_relative_difference that always returns
    0 (on 2a0cb86: read in the code). The probe now also compares two sets that differ, drawn from a fixed seed,
    which must not give 0: the constant loses compare/equal as well as the tests that want a difference."""
    folder = tmp_path / "class10"
    for name, text in (("correct", NEURON), ("always-zero", _with_compare(NEURON, "    return 0.0\n"))):
        (folder / name).mkdir(parents=True)
        (folder / name / "engine.py").write_text(
            (ROOT / "exercises" / "10-neuron" / "engine.py").read_text(encoding="utf-8"), encoding="utf-8")
        (folder / name / "neuron.py").write_text(text, encoding="utf-8")
    rows = {r["id"]: r for r in grade(folder, exercise="10-neuron", limits=LIMITS, jobs=2).scores["submissions"]}
    assert "compare/equal" in _passed(rows["correct"])
    assert rows["correct"]["score"] == rows["correct"]["max_score"]
    [(_, status, output)] = _tests(rows["always-zero"], "compare/equal")
    assert (status, output) == ("failed", "largest_relative_difference for two sets of gradients that differ in "
                                          "every name: expected more than 0, got 0.0; it should compare the two sets "
                                          "it is given")


# -- 07-mlp-xor: correct networks written differently keep their training tests ------------------------------------

STYLES = ROOT / "tests" / "fixtures" / "hold27"  # three MLPs: a weight matrix per layer, a flat list with tanh
# from exp and MLP([2, 4, 1], seed=...), weights in dicts behind a generator; each in micrograd's order of
# parameters() (in-order) and in another (reordered: biases first, columns, layers or neurons reversed)


@pytest.mark.slow
@needs_bwrap
def test_correct_networks_written_differently_keep_every_training_test(tmp_path):
    """The course's loops set the weights by the roles they play (read through the network's own forward pass), so
    a correct network takes the reference's course whatever the order of its parameters(): the three in micrograd's
    order score 23/23; in another order they lose only the forward tests that set weights in parameters() order."""
    folder = tmp_path / "class07"
    for kind in ("in-order", "reordered"):
        for style in sorted(p.name for p in (STYLES / kind).iterdir()):
            (folder / f"{kind}-{style}").mkdir(parents=True)
            (folder / f"{kind}-{style}" / "engine.py").write_text(_engine_07(wrong=False), encoding="utf-8")
            (folder / f"{kind}-{style}" / "nn.py").write_text(
                (STYLES / kind / style / "nn.py").read_text(encoding="utf-8"), encoding="utf-8")
    graded = grade(folder, exercise="07-mlp-xor", limits=Limits(probe_seconds=10, import_seconds=5,
                                                                  submission_seconds=120), jobs=2)
    charged = {r["id"]: (r["score"], sorted({t["name"] for t in r["tests"]} - _passed(r) - {"engine/imports"}))
               for r in graded.scores["submissions"]}
    # of 24 since holes28's parameters/rng (each one less, of 23, before); the matrix style draws its weights from
    # the module's `random` (seeded in its train_xor) and ignores the rng it is given, which 07's README asks it to
    # draw from: parameters/rng charges that since session 30 (diag30), the one test about it
    assert charged == {
        "in-order-flat": (24, []), "in-order-matrix": (23, ["parameters/rng"]), "in-order-seeded": (24, []),
        "reordered-flat": (23, ["forward/parameter-order"]),
        "reordered-matrix": (20, ["forward/neuron", "forward/parameter-order", "parameters/rng"]),
        "reordered-seeded": (21, ["forward/neuron", "forward/parameter-order"])}
