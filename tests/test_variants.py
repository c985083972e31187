"""The variant library: every variant is one mistake that shows, and the fixtures agree with it."""

import functools
import importlib.util
import math
import re
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.variants import CONCEPTS, VARIANTS, Variant, load_variant_class, reference_source, variant
from reference.engine import Value as Reference

FIXTURES = Path(__file__).parent / "fixtures"
SUBMISSIONS = FIXTURES / "submissions"


def _load_module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIXTURE_BUGS = _load_module(FIXTURES / "bugs.py", "fixture_bugs").FIXTURE_BUGS


# -- a battery of expressions: each builds a fresh graph and calls backward() once --


def add_shared(V):
    """y = a + a at a = 3"""
    a = V(3.0)
    y = a + a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def mul_chain(V):
    """z = (a * b) * 4 at a = 2, b = -3"""
    a, b = V(2.0), V(-3.0)
    z = (a * b) * 4
    z.backward()
    return {"z": z.data, "z.grad": z.grad, "a.grad": a.grad, "b.grad": b.grad}


def mul_shared(V):
    """y = a * a at a = 3"""
    a = V(3.0)
    y = a * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def classroom(V):
    """q = a * a + a at a = 3"""
    a = V(3.0)
    q = a * a + a
    q.backward()
    return {"q": q.data, "a.grad": a.grad}


def three_paths(V):
    """y = a * a + a * b + a at a = 3, b = -2"""
    a, b = V(3.0), V(-2.0)
    y = a * a + a * b + a
    y.backward()
    return {"y": y.data, "a.grad": a.grad, "b.grad": b.grad}


def shared_interior(V):
    """b = a * 2; y = b * b + b at a = 1.5 (b reached along two paths)"""
    a = V(1.5)
    b = a * 2
    y = b * b + b
    y.backward()
    return {"y": y.data, "a.grad": a.grad, "b.grad": b.grad}


def deep_product(V):
    """y = ((a * b) * c) * d at a, b, c, d = 2, 3, -1, 0.5"""
    a, b, c, d = V(2.0), V(3.0), V(-1.0), V(0.5)
    y = ((a * b) * c) * d
    y.backward()
    return {"y": y.data, "a.grad": a.grad, "b.grad": b.grad, "c.grad": c.grad, "d.grad": d.grad}


def powers(V):
    """x ** 3 at 2, x ** -1 at 4, x ** 0.5 at 9, each times 3"""
    out = {}
    for key, x0, k in (("cube", 2.0, 3), ("inv", 4.0, -1), ("sqrt", 9.0, 0.5)):
        x = V(x0)
        y = (x**k) * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, x.grad
    return out


def pow_shared(V):
    """y = x ** 2 + x ** 3 at x = 1.5"""
    x = V(1.5)
    y = x**2 + x**3
    y.backward()
    return {"y": y.data, "x.grad": x.grad}


def relus(V):
    """relu(a) * 3 at a = 2, -1, 0"""
    out = {}
    for key, a0 in (("pos", 2.0), ("neg", -1.0), ("zero", 0.0)):
        a = V(a0)
        y = a.relu() * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def relu_shared(V):
    """y = relu(a) + relu(a) * a at a = 2"""
    a = V(2.0)
    y = a.relu() + a.relu() * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def tanhs(V):
    """tanh(a) * 3 at a = 0.5, -2, 0"""
    out = {}
    for key, a0 in (("half", 0.5), ("minus2", -2.0), ("zero", 0.0)):
        a = V(a0)
        y = a.tanh() * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def tanh_shared(V):
    """y = tanh(a) + tanh(a) * a at a = 0.7"""
    a = V(0.7)
    y = a.tanh() + a.tanh() * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def exps(V):
    """exp(a) * 3 at a = 1.5, -0.5, 0"""
    out = {}
    for key, a0 in (("pos", 1.5), ("neg", -0.5), ("zero", 0.0)):
        a = V(a0)
        y = a.exp() * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def exp_shared(V):
    """y = exp(a) * a at a = 0.8"""
    a = V(0.8)
    y = a.exp() * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def logs(V):
    """log(a) * 3 at a = 2.5, 0.4"""
    out = {}
    for key, a0 in (("big", 2.5), ("small", 0.4)):
        a = V(a0)
        y = a.log() * 3
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def log_shared(V):
    """y = log(a) + log(a) * a at a = 2.5"""
    a = V(2.5)
    y = a.log() + a.log() * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def derived(V):
    """a - b, a / b, -a at a = 5, b = 2, each on its own graph"""
    out = {}
    for key, build in (("sub", lambda a, b: a - b), ("div", lambda a, b: a / b), ("neg", lambda a, b: -a)):
        a, b = V(5.0), V(2.0)
        y = build(a, b) * 3
        y.backward()
        out[key], out[key + ".a.grad"], out[key + ".b.grad"] = y.data, a.grad, b.grad
    return out


def reflected(V):
    """2 + a, 2 - a, 2 * a, 2 / a and a + 2, a - 2, a * 2, a / 2 at a = 3"""
    out = {}
    forms = {
        "2+a": lambda a: 2 + a,
        "2-a": lambda a: 2 - a,
        "2*a": lambda a: 2 * a,
        "2/a": lambda a: 2 / a,
        "a+2": lambda a: a + 2,
        "a-2": lambda a: a - 2,
        "a*2": lambda a: a * 2,
        "a/2": lambda a: a / 2,
    }
    for key, build in forms.items():
        a = V(3.0)
        y = build(a)
        y.backward()
        out[key], out[key + ".grad"] = y.data, a.grad
    return out


def neuron_relu(V):
    """relu(w1 * x1 + w2 * x2 + b) at x = (2, -1), w = (0.5, -1.5), b = 0.25"""
    x1, x2, w1, w2, b = V(2.0), V(-1.0), V(0.5), V(-1.5), V(0.25)
    y = (w1 * x1 + w2 * x2 + b).relu()
    y.backward()
    return {"y": y.data, **{f"{n}.grad": v.grad for n, v in (("x1", x1), ("x2", x2), ("w1", w1), ("w2", w2), ("b", b))}}


def neuron_tanh(V):
    """tanh(w1 * x1 + w2 * x2 + b) at x = (2, 0), w = (-3, 1), b = 6.88"""
    x1, x2, w1, w2, b = V(2.0), V(0.0), V(-3.0), V(1.0), V(6.8813735870195432)
    y = (x1 * w1 + x2 * w2 + b).tanh()
    y.backward()
    return {"y": y.data, **{f"{n}.grad": v.grad for n, v in (("x1", x1), ("x2", x2), ("w1", w1), ("w2", w2), ("b", b))}}


def mixed(V):
    """a longer expression using every operation, with shared nodes"""
    a, b, c = V(-1.5), V(2.0), V(0.5)
    d = a * b + c**2
    e = (d - a).tanh() * 3 + (b / c).log()
    f = (e + 1).relu() + (a * c).exp() - 2 / b
    g = f * f + f / 4 - (-c) + 1 - a
    g.backward()
    return {"g": g.data, "a.grad": a.grad, "b.grad": b.grad, "c.grad": c.grad}


def squared_error_sum(V):
    """sum of (w * x + b - y) ** 2 over 50 points of y = 2x + 1, with w = 0.5, b = -0.2"""
    w, b = V(0.5), V(-0.2)
    points = [(i / 10, 2 * i / 10 + 1) for i in range(50)]
    loss = sum((w * x + b - y) ** 2 for x, y in points)
    loss.backward()
    return {"loss": loss.data, "w.grad": w.grad, "b.grad": b.grad}


def deep_chain(V):
    """y = x * c repeated 10,000 times, at x = 1, c = 1.0001 (a graph 10,000 nodes deep)"""
    x, c = V(1.0), V(1.0001)
    y = x
    for _ in range(10_000):
        y = y * c
    y.backward()
    return {"y": y.data, "x.grad": x.grad, "c.grad": c.grad}


SMALL = (
    add_shared, mul_chain, mul_shared, classroom, three_paths, shared_interior, deep_product,
    powers, pow_shared, relus, relu_shared, tanhs, tanh_shared, exps, exp_shared, logs, log_shared,
    derived, reflected, neuron_relu, neuron_tanh, mixed, squared_error_sum,
)
BATTERY = SMALL + (deep_chain,)


def observe(V, probe):
    """("ok", values) or ("error", exception type) for one probe on one engine."""
    try:
        return ("ok", probe(V))
    except Exception as e:  # noqa: BLE001 - any error is an observation here
        return ("error", type(e).__name__)


def same(x, y) -> bool:
    if x[0] != y[0]:
        return False
    if x[0] == "error":
        return x[1] == y[1]
    a, b = x[1], y[1]
    return a.keys() == b.keys() and all(
        math.isclose(a[k], b[k], rel_tol=1e-9, abs_tol=1e-12) for k in a
    )


_REFERENCE = {}


def reference(probe):
    if probe not in _REFERENCE:
        _REFERENCE[probe] = observe(Reference, probe)
    return _REFERENCE[probe]


def fixture_class(case: str) -> type:
    return _load_module(SUBMISSIONS / case / "engine.py", f"fixture_{case.replace('-', '_')}").Value


# Observing an engine on the whole battery takes a tenth of a second (the deep
# chain), and several tests look at the same engine: observe each one once.
@functools.cache
def variant_observations(name: str) -> tuple:
    V = load_variant_class(name)
    return tuple(observe(V, p) for p in BATTERY)


@functools.cache
def fixture_observations(case: str) -> tuple:
    V = fixture_class(case)
    return tuple(observe(V, p) for p in BATTERY)


def differing(observations) -> list[str]:
    """Names of the probes where these observations of an engine differ from the reference's."""
    return [p.__name__ for p, seen in zip(BATTERY, observations) if not same(seen, reference(p))]


# -- the battery itself -----------------------------------------------------------


def test_battery_runs_cleanly_on_the_reference():
    for probe in BATTERY:
        status, values = reference(probe)
        assert status == "ok", (probe.__name__, values)
        assert all(math.isfinite(v) for v in values.values()), probe.__name__


def test_battery_matches_the_course_numbers():
    assert reference(mul_shared)[1]["a.grad"] == 6
    assert reference(classroom)[1]["a.grad"] == 7
    assert reference(powers)[1]["cube.grad"] == 36  # 3 * d(x**3)/dx at 2 = 3 * 12
    assert reference(relus)[1]["zero.grad"] == 0
    assert math.isclose(reference(tanhs)[1]["zero.grad"], 3)


# -- the library ------------------------------------------------------------------


def test_at_least_32_variants_with_unique_kebab_case_names():
    names = [v.name for v in VARIANTS]
    assert len(names) >= 32
    assert len(set(names)) == len(names)
    for name in names:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name), name


def test_every_concept_is_covered():
    assert {v.concept for v in VARIANTS} == set(CONCEPTS)


def test_variant_looks_up_by_name():
    assert variant("mul-self-data").concept == "local-derivative"
    with pytest.raises(KeyError, match="no variant named 'nope'"):
        variant("nope")


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_every_patch_occurs_exactly_once_in_the_reference(v):
    text = reference_source()
    for old, new in v.patches:
        assert text.count(old) == 1, old
        assert old != new


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_variant_source_compiles_and_keeps_solution_markers_balanced(v):
    source = v.source()
    assert source != reference_source()
    compile(source, v.name, "exec")
    begins = re.findall(r"# BEGIN SOLUTION \S+", source)
    assert len(begins) == source.count("# END SOLUTION")
    assert begins == re.findall(r"# BEGIN SOLUTION \S+", reference_source())


def test_a_stale_patch_is_refused():
    stale = Variant("stale", "t", "e", "seed", (("this text is not in the engine", ""),))
    with pytest.raises(ValueError, match="occurs 0 times"):
        stale.source()


def test_an_unknown_concept_is_refused():
    with pytest.raises(ValueError, match="unknown concept"):
        Variant("x", "t", "e", "chain-rule", (("a", "b"),))


def test_variants_load_into_separate_classes():
    first, second = load_variant_class("no-seed"), load_variant_class("no-seed")
    assert first is not second and first is not Reference


@pytest.mark.slow
@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_each_variant_differs_from_the_reference(v):
    assert differing(variant_observations(v.name)), f"{v.name} behaves exactly like the reference on the battery"


def test_recursive_topo_is_right_on_small_graphs_and_fails_only_on_the_deep_chain():
    observations = variant_observations("recursive-topo")
    assert differing(observations) == ["deep_chain"]
    assert observations[BATTERY.index(deep_chain)] == ("error", "RecursionError")


# Words a student should never meet: names of our own machinery.
INTERNAL_WORDS = ("variant", "patch", "reference", "probe", "grader", "suite", "sandbox", "fixture", "observation")


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_student_text_is_present_and_free_of_internal_names(v):
    assert v.title.strip() and "\n" not in v.title
    assert v.explanation.strip()
    sentences = re.findall(r"[.!?](?=\s|$)", v.explanation)
    assert 2 <= len(sentences) <= 3, v.explanation
    for text in (v.title, v.explanation):
        lowered = text.lower()
        for word in INTERNAL_WORDS:
            assert word not in lowered, (word, text)
        for other in VARIANTS:
            assert other.name not in lowered, (other.name, text)


# -- hand-written fixtures ---------------------------------------------------------


def test_every_fixture_folder_has_a_ground_truth_entry():
    folders = {p.name for p in SUBMISSIONS.iterdir() if p.is_dir()}
    assert folders == set(FIXTURE_BUGS)
    assert len([c for c, bug in FIXTURE_BUGS.items() if bug]) >= 12
    for case, bug in FIXTURE_BUGS.items():
        if bug is not None:
            assert case.startswith("bug-")
            variant(bug)  # names a real variant
        first_line = (SUBMISSIONS / case / "engine.py").read_text().splitlines()[0]
        assert first_line.startswith("# style: "), case


@pytest.mark.parametrize("case", [c for c, bug in FIXTURE_BUGS.items() if bug is None])
def test_correct_fixture_matches_the_reference_everywhere(case):
    assert differing(fixture_observations(case)) == []


@pytest.mark.parametrize("case", [c for c, bug in FIXTURE_BUGS.items() if bug is not None])
def test_bug_fixture_differs_from_the_reference(case):
    assert differing(fixture_observations(case))


@pytest.mark.parametrize("case", [c for c, bug in FIXTURE_BUGS.items() if bug is not None])
def test_bug_fixture_goes_wrong_where_its_variant_does(case):
    """The hand-written bug and the variant that should diagnose it share a failing expression.

    Not the same set: how an `=` or a missing visited set shows depends on the
    order a sort visits inputs in (the reference keeps them in a set), and an
    edge-list engine that writes `a - b` as one node walks a shallower graph.
    """
    assert set(differing(fixture_observations(case))) & set(differing(variant_observations(FIXTURE_BUGS[case])))


# One backward pass on a fresh graph cannot tell these apart: walking the order
# forwards runs every rule before its `out.grad` has arrived, so only the
# output's own rule passes anything on, exactly as when it is the only one called.
INDISTINGUISHABLE = {frozenset({"forward-order", "self-only"})}


@pytest.mark.slow
def test_variants_are_told_apart_by_the_battery_except_known_pairs():
    observed = {v.name: variant_observations(v.name) for v in VARIANTS}
    alike = {
        frozenset({a.name, b.name})
        for i, a in enumerate(VARIANTS)
        for b in VARIANTS[i + 1 :]
        if all(same(x, y) for x, y in zip(observed[a.name], observed[b.name]))
    }
    assert alike == INDISTINGUISHABLE


# -- every mistake an exercise's README lists fails one of its visible tests (issue 12) ----------------------

EXERCISES = Path(__file__).resolve().parents[1] / "exercises"
REFERENCE = Path(__file__).resolve().parents[1] / "reference"


def _v(name):
    return ("engine.py", variant(name).patches)


# exercise -> one entry per bullet of "Mistakes to avoid", in order: the mistakes it names, each planted
# in the reference solution as (file, patches)
PLANTED = {
    "01-mul-backward": [
        [_v("mul-self-data")],
        [_v("mul-forgets-out-grad")],
    ],
    "02-accumulate": [
        [_v("add-assign-not-accumulate"), _v("relu-assign-not-accumulate")],
    ],
    "03-tanh": [
        [_v("tanh-one-minus-t"), _v("tanh-square-outside")],
        [_v("tanh-input")],
        [("engine.py", (("t = math.tanh(self.data)",
                          "t = (math.exp(2 * self.data) - 1) / (math.exp(2 * self.data) + 1)"),))],
        [("engine.py", (("self.grad += (1 - t**2) * out.grad", "self.grad += 1 - t**2"),)),
         _v("tanh-assign-not-accumulate")],
    ],
    "04-more-ops": [
        [_v("pow-no-minus-one"), _v("pow-missing-k")],
        [_v("exp-input")],
        [_v("log-output")],
        [_v("rsub-order")],
        [_v("neg-self")],
    ],
    "05-backward": [
        [_v("no-seed")],
        [_v("forward-order")],
        [_v("no-visited")],
        [_v("direct-children-only")],
        [_v("recursive-topo")],
    ],
    "06-gradcheck": [
        [("gradcheck.py", (("return (f(x + h) - f(x - h)) / (2 * h)", "return (f(x + h) - f(x)) / h"),))],
        [("gradcheck.py", (("return (f(x + h) - f(x - h)) / (2 * h)",
                            "return (f(x + 1e-6) - f(x - 1e-6)) / (2 * 1e-6)"),)),
         ("gradcheck.py", (("def numerical_grad(f, x, h=1e-6):", "def numerical_grad(f, x, h=1e-12):"),))],
        [("gradcheck.py", (("    out.backward()\n    analytic", "    out.backward()\n    out.backward()\n    analytic"),))],
        [("gradcheck.py", (("rel_diff = abs_diff / scale if scale > 0 else 0.0", "rel_diff = abs_diff / scale"),
                           ("ok = abs_diff <= atol + rtol * scale", "ok = rel_diff <= rtol")))],
    ],
}


def _mistakes_listed(exercise):
    """The bullets under "## Mistakes to avoid" in the exercise's README (continuation lines joined)."""
    text = (EXERCISES / exercise / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^## Mistakes to avoid\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    if not match:
        return []
    return [" ".join(b.split()) for b in re.split(r"^- ", match.group(1), flags=re.MULTILINE)[1:]]


# Exercises added to the course after this check, whose listed mistakes are not planted yet: each is a gap
# to close (a plant per bullet in PLANTED), not an exemption.
NOT_YET_PLANTED = {"10-neuron", "11-fit-line"}


def test_every_readme_mistake_has_a_plant():
    listed = {e.name: _mistakes_listed(e.name) for e in EXERCISES.iterdir() if (e / "README.md").is_file()}
    assert {e: len(bullets) for e, bullets in listed.items() if bullets and e not in NOT_YET_PLANTED} == {
        e: len(bullets) for e, bullets in PLANTED.items()}
    assert NOT_YET_PLANTED <= set(listed)  # drop a name from it once its plants are in PLANTED


@slow_fixture(scope="module")
def planted_outcomes(tmp_path_factory):
    """Each planted mistake handed in to its exercise and judged by the visible tests (the check's view)."""
    from grader.judge.plugin import judge
    from grader.load import load_entry
    from grader.observe import observe_all
    from grader.observe.cache import ObservationCache
    from grader.sandbox import Limits, Sandbox
    from grader.suites import load_suite

    tmp = tmp_path_factory.mktemp("planted")
    outcomes = {}
    sandbox = Sandbox(Limits(probe_seconds=2, import_seconds=5, submission_seconds=30))
    try:
        for exercise, bullets in PLANTED.items():
            suite = load_suite(exercise)
            submissions = {}
            for b, mistakes in enumerate(bullets):
                for m, (changed, patches) in enumerate(mistakes):
                    folder = tmp / exercise / f"bullet{b}-mistake{m}"
                    folder.mkdir(parents=True)
                    for name in suite.files:
                        text = (REFERENCE / name).read_text(encoding="utf-8")
                        if name == changed:
                            for old, new in patches:
                                assert text.count(old) == 1, (exercise, old)
                                text = text.replace(old, new)
                        (folder / name).write_text(text, encoding="utf-8")
                    submission = load_entry(folder, frozenset(suite.files))
                    submissions[(b, m)] = submission
            runs = observe_all(list(submissions.values()), suite, sandbox, jobs=2, cache=ObservationCache(None))
            judged = judge(suite, runs, tests="visible")
            for key, submission in submissions.items():
                outcomes[(exercise, *key)] = judged[submission.id]
    finally:
        sandbox.close()
    return outcomes


@pytest.mark.parametrize("exercise,bullet,mistake",
                         [(e, b, m) for e, bullets in PLANTED.items() for b, ms in enumerate(bullets)
                          for m in range(len(ms))])
def test_every_readme_mistake_fails_a_visible_test(planted_outcomes, exercise, bullet, mistake):
    outcomes = planted_outcomes[(exercise, bullet, mistake)]
    failing = [o["name"] for o in outcomes if o["status"] != "passed"]
    assert failing, (f"{exercise}: '{_mistakes_listed(exercise)[bullet]}' (mistake {mistake}) passes every "
                     "visible test")
