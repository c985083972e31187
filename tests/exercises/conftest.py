"""Shared by the exercise tests: a class folder per exercise, graded once per test session.

Grading goes through the same pieces as `grade` (load, sandboxed observe,
judge, score) in one batch per exercise, without the diagnosis step, which
names engine mistakes and is tested on its own (tests/test_diagnose.py).
"""

import functools
import shutil
import tempfile
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import shorter_reference_chain

from grader.judge.plugin import Expectations, judge
from grader.load import load_folder
from grader.observe import observe_all
from grader.observe.cache import ObservationCache
from grader.sandbox import Limits, open_sandbox
from grader.scores import scores_record
from grader.classroom.notebooks import notebook
from grader.classroom.starters import solution_files, solved_files
from grader.suites import SUITES, load_suite, suite_module
from grader.variants import variant

ROOT = Path(__file__).resolve().parents[2]
EXERCISES_DIR = ROOT / "exercises"
FIXTURES = ROOT / "tests" / "fixtures" / "submissions"
LIMITS = Limits(probe_seconds=3, import_seconds=10, submission_seconds=60)
_TMP = Path(tempfile.mkdtemp(prefix="exercise-batches-"))
# This process's runs, kept by content as `grade`'s cache keeps them (grader/observe/cache.py: the grader's code,
# the suite, the limits, the submission's files): a notebook executed headless loads to the files of the notebook
# before it (outputs and run numbers are no part of them), so test_exercise_notebooks' grading of the executed
# starter and solution judges the runs its class batch observed (04 to 11, whose solved starter is the reference
# solution: 09's is 40 workers). A submission whose files differ in a byte is observed.
_OBSERVED = ObservationCache(_TMP / "observations")


@functools.cache
def _judging(exercise):
    """(EXERCISE's suite, its Expectations), made once a process: the judge's dry run on the reference (07's trains
    the network four times: 1 s of CPU) is done once, not again for every folder graded against the suite."""
    suite = load_suite(exercise)
    return suite, Expectations(suite)


def grade_folder(folder, exercise, jobs=2):
    """{id: scores row} for every entry of FOLDER, graded against EXERCISE's suite."""
    suite, expectations = _judging(exercise)
    submissions = load_folder(folder, allowed_files=frozenset(suite.files) | {"engine.py"})
    sandbox = open_sandbox(LIMITS)  # the portable worker where the Linux sandbox cannot run
    # the first entry of each content before the others, which then come from _OBSERVED (04 to 11's class batch
    # holds the reference solution twice: `solution`, the solved starter, and `reference`)
    seen, first, again = set(), [], []
    for submission in submissions:
        (again if submission.digest in seen else first).append(submission)
        seen.add(submission.digest)
    try:
        runs = observe_all(first, suite, sandbox, jobs=jobs, cache=_OBSERVED)
        runs.update(observe_all(again, suite, sandbox, jobs=jobs, cache=_OBSERVED))
    finally:
        sandbox.close()
    outcomes = judge(suite, runs, expectations=expectations)
    record = scores_record(suite, submissions, runs, outcomes)
    return {row["id"]: row for row in record["submissions"]}


def graded_files(files):
    """A solution's files as the class batches grade them: 09's test_engine.py (reference/test_engine.py's tests) with
    its chain of ten thousand steps CHAIN_NODES nodes long (tests/test_fresh_styles.py): the chain is most of the CPU
    its tests take on an engine, and a 09 row runs them on 40 engines, a worker each; still twice the depth the
    sandbox's recursion limit lets a recursive walk reach, so recursive-topo is caught as before."""
    return {name: shorter_reference_chain(text) if name == "test_engine.py" else text for name, text in files.items()}


def write_folder(folder, files):
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def patched(files, name, old, new):
    """`files` with one exact edit in `name` (the edit must apply exactly once)."""
    assert files[name].count(old) == 1, (name, old)
    return dict(files, **{name: files[name].replace(old, new)})


# Extra submissions per exercise: {id: files}. Each is the reference solution with one mistake,
# and the tests of tests/exercises/test_exercise_suites.py say exactly which tests it fails.
def _mistakes(exercise):
    solution = solved_files(exercise)
    engine_variants = {
        # `=` in mul's rule is 02's lesson, not 01's: 01 does not charge for it
        "01-mul-backward": ["mul-self-data", "mul-own-data", "mul-forgets-out-grad", "mul-assign-not-accumulate"],
        # the rules of the engine as the course has it at 02: +, * and relu
        "02-accumulate": ["add-assign-not-accumulate", "mul-assign-not-accumulate", "relu-assign-not-accumulate"],
        "03-tanh": ["tanh-one-minus-t", "tanh-input", "tanh-square-outside", "tanh-assign-not-accumulate"],
        "04-more-ops": ["pow-no-minus-one", "pow-missing-k", "exp-input", "log-output", "sub-as-add", "rsub-order",
                        "rtruediv-order", "truediv-flipped", "neg-self"],
        "05-backward": ["no-seed", "seed-after-walk", "seed-every-node", "forward-order", "self-only",
                        "direct-children-only", "no-visited", "recursive-topo"],
    }
    from grader.classroom.solution_regions import solution_source

    out = {f"variant-{name}": {"engine.py": solution_source(variant(name).source())}
           for name in engine_variants.get(exercise, [])}
    if exercise == "03-tanh":
        out["tanh-by-exp"] = patched(solution, "engine.py", "t = math.tanh(self.data)",
                                     "t = (math.exp(2 * self.data) - 1) / (math.exp(2 * self.data) + 1)")
    if exercise == "06-gradcheck":
        out["forward-difference"] = patched(solution, "gradcheck.py", "return (f(x + h) - f(x - h)) / (2 * h)",
                                            "return (f(x + h) - f(x)) / h")
        out["loose-tolerance"] = patched(solution, "gradcheck.py", "def gradcheck(f, x, h=1e-6, rtol=1e-5, atol=1e-7):",
                                         "def gradcheck(f, x, h=1e-6, rtol=1e-2, atol=1e-7):")
        out["relative-only"] = patched(solution, "gradcheck.py", "ok = abs_diff <= atol + rtol * scale",
                                       "ok = abs_diff / scale <= rtol")
    if exercise == "07-mlp-xor":
        out["last-layer-tanh"] = patched(solution, "nn.py", "nonlin=(i != len(nouts) - 1)", "nonlin=True")
        out["no-bias-parameter"] = patched(solution, "nn.py", "return self.w + [self.b]", "return self.w")
        # session 30: the weighted sum of each weight's number, so no gradient reaches a weight
        out["weight-data"] = patched(solution, "nn.py", "act = act + w_i * x_i", "act = act + w_i.data * x_i")
        out["no-zero-grad"] = patched(solution, "nn.py", "        model.zero_grad()\n", "")
        # session 29: one generator kept and returned by every call, used up by the first walk
        out["parameters-used-up"] = patched(
            solution, "nn.py", "        return [p for layer in self.layers for p in layer.parameters()]\n",
            "        if not hasattr(self, '_params'):\n"
            "            self._params = (p for layer in self.layers for p in layer.parameters())\n"
            "        return self._params\n")
        # right: the course's other API, MLP([2, 4, 1], seed=42), written another way
        course_api = ROOT / "tests" / "fixtures" / "mlp" / "course-api" / "nn.py"
        out["course-api"] = dict(solution, **{"nn.py": course_api.read_text(encoding="utf-8")})
        # session 33: the same mistake in a network whose classes inherit parameters() from an abstract base (each
        # builds itself with its own __init__): charged by train/train-xor again before, 19/24
        abstract = ROOT / "tests" / "fixtures" / "strangers33" / "07-mlp-xor" / "correct-abc-module" / "nn.py"
        out["last-layer-tanh-base-parameters"] = patched(dict(solution, **{"nn.py": abstract.read_text(
            encoding="utf-8")}), "nn.py", "nonlin=(k != len(nouts) - 1)", "nonlin=True")
    if exercise == "08-dual-numbers":
        out["product-rule-wrong"] = patched(
            solution, "dual.py",
            "return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)",
            "return Dual(self.value * other.value, self.deriv * other.deriv)")
        out["tanh-from-input"] = patched(solution, "dual.py", "return Dual(t, (1 - t**2) * self.deriv)",
                                         "return Dual(t, (1 - self.value**2) * self.deriv)")
    if exercise == "10-neuron":
        comparison = ("        scale = max(abs(g), abs(r))\n        if scale > 0:\n"
                      "            largest = max(largest, abs(g - r) / scale)\n")
        out["divides-by-reference"] = patched(solution, "neuron.py", comparison,
                                              "        largest = max(largest, abs(g - r) / abs(r))\n")
        out["sums-differences"] = patched(solution, "neuron.py", comparison,
                                          "        scale = max(abs(g), abs(r))\n        if scale > 0:\n"
                                          "            largest += abs(g - r) / scale\n")
        out["no-abs"] = patched(solution, "neuron.py", "largest = max(largest, abs(g - r) / scale)",
                                "largest = max(largest, (g - r) / scale)")
        out["relu-always"] = patched(solution, "neuron.py",
                                     'y = pre_activation.relu() if activation == "relu" else pre_activation.tanh()',
                                     "y = pre_activation.relu()")
        # the gradients written out by hand (right numbers, no backward pass)
        out["by-hand"] = patched(solution, "neuron.py", """    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaf.grad for name, leaf in leaves.items()}
""", """    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    slope = (y.data > 0) * 1.0 if activation == "relu" else 1 - y.data ** 2
    return {"x1": w1 * slope, "x2": w2 * slope, "w1": x1 * slope, "w2": x2 * slope, "b": slope}
""")
        out["plain-floats"] = patched(solution, "neuron.py", "leaves = {name: Value(number) for name, number",
                                      "leaves = {name: float(number) for name, number")
    if exercise == "11-fit-line":
        for mistake in fit_line_mistakes().MISTAKES:
            out[f"mistake-{mistake.name}"] = dict(solution, **{"fit_line.py": mistake.apply(solution["fit_line.py"])})
        # Right, in other ways: an engine whose backward() clears the graph's old gradients first, and a loop
        # that clears nothing of its own; fresh leaf Values every step; w and b handed back as Values.
        no_clearing = patched(solution, "fit_line.py", "        w.grad = 0\n        b.grad = 0\n", "")
        out["right-clearing-engine"] = patched(
            no_clearing, "engine.py", "        self.grad = 1\n",
            "        for node in topo:\n            node.grad = 0  # old gradients of this graph go first\n"
            "        self.grad = 1\n")
        out["right-fresh-leaves"] = patched(
            no_clearing, "fit_line.py",
            "        w.data -= learning_rate * w.grad\n        b.data -= learning_rate * b.grad\n",
            "        w, b = Value(w.data - learning_rate * w.grad), Value(b.data - learning_rate * b.grad)\n")
        out["right-values-returned"] = patched(solution, "fit_line.py", "    return w.data, b.data, losses\n",
                                               "    return w, b, losses\n")
    return out


def fit_line_mistakes():
    """grader/suites/11-fit-line/mistakes.py: the named mistakes of the first training loop (the suite's module)."""
    return suite_module(SUITES / "11-fit-line", "mistakes")


@functools.cache
def _class_batch(exercise):
    """The graded class of one exercise: the committed starter (as files and as the committed
    notebook), the starter solved as the reference solves it (as files and as a notebook: what a
    student hands in), the whole reference engine, and each mistake of `_mistakes` (09's as `graded_files`)."""
    folder = _TMP / exercise
    starter = EXERCISES_DIR / exercise
    readme = (starter / "README.md").read_text(encoding="utf-8")
    solution = graded_files(solved_files(exercise))
    (folder / "starter").mkdir(parents=True)
    for name in solution:
        shutil.copyfile(starter / name, folder / "starter" / name)
    shutil.copyfile(starter / f"{exercise}.ipynb", folder / "starter-notebook.ipynb")
    write_folder(folder / "solution", solution)
    (folder / "solution-notebook.ipynb").write_text(notebook(exercise, solution, readme), encoding="utf-8")
    write_folder(folder / "reference", graded_files(solution_files(exercise)))
    if tuple(solution) == ("engine.py",):  # complete engines built other ways: closures, edge lists, Kahn's sort
        for style in sorted(FIXTURES.glob("correct-*")):
            write_folder(folder / f"style-{style.name}", {"engine.py": (style / "engine.py").read_text()})
    for sub_id, files in _mistakes(exercise).items():
        write_folder(folder / sub_id, files)
    return grade_folder(folder, exercise)


@slow_fixture(scope="session", memo_of="exercise")
def class_batch():
    """`class_batch(exercise)`: the graded class of one exercise (see _class_batch), graded once a session."""
    return _class_batch


@slow_fixture(scope="session", any_worker=True)  # a function: no state
def grade_in_sandbox():
    """`grade_in_sandbox(folder, exercise)`: grade_folder, for a test that grades a folder of its own."""
    return grade_folder


@pytest.fixture
def failing():
    """The names of the tests a scores row did not pass."""
    return lambda row: sorted(t["name"] for t in row["tests"] if t["status"] != "passed")
