"""Session 21's fresh samples: engines, networks and test files in styles no other fixture has, and one
classic mistake planted in each style.

`tests/fixtures/fresh-styles-21/<exercise>/` holds the correct submissions: engines kept as a Wengert list (the
Values are indices into a tape, the gradients in a table beside it, `data` a read-only property), as a
`numbers.Real` whose children are a frozenset and whose local derivatives are found in the forward pass (Kahn's
algorithm on a deque), as nodes that keep their inputs in a dict of local derivatives (a `__repr__` that raises,
an explicit post-order stack of frames), as a method table keyed by the op's name (`functools.total_ordering`,
the `operator` module, a print at import), as a `@dataclass(slots=True)` without a hash (ids in the visited set,
`backward(self, grad=1.0)`); networks whose classes share a `Base` and stack their layers in a `Sequential`
(train_xor builds a Sequential, parameters() an itertools.chain), or a dataclass Neuron, a Layer that is a list
and an MLP that is a tuple, with a mixin's zero_grad(); test files (09) written as a unittest.TestCase with
setUp, as a pytest class with setup_method, with pytest.approx of a dict and pytest.raises's ExceptionInfo, or with
setup_module, stacked parametrize and tests made in a loop; a gradcheck of lambdas, partial and math.fsum; Dual
numbers as a tuple subclass; a neuron whose activation is getattr(z, name)(); a line fitted by a closure per step.

The holes these found, each closed as a class:
- 07's train_xor with a zero_grad() given patched the classes named Module, Neuron, Layer and MLP only: a
  zero_grad() that clears nothing, inherited by a Sequential that train_xor builds, was charged by train/train-xor
  again (18/23). Now every class of the network's module with zero_grad and parameters, through its MRO (21/23).
- 07's course loops call the student's zero_grad() each step: one that zeroes the weights instead of the grads
  was charged by the course loops too (16/23). parameters/zero-grad sees the weights it changed, and the loops
  and train_xor are not charged again (21/23).
- 09's runner called every test method of a class on one instance and never called setUp/setup_method (nor
  setup_module, setup_class), and its pytest.raises had no ExceptionInfo (.type, .value) and its approx no dict:
  a correct test file scored 0/38.
- 08 had no probe of relu at 0: a Dual whose relu'(0) is 1 lost nothing (20/20). rule/relu reads one now (19/20).
"""

import ast
import functools
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import (_output, _rows, assert_every_submission_is_in_a_table, assert_scored_and_named,
                               reference_solution, shorter_chains)


FRESH = Path(__file__).parent / "fixtures" / "fresh-styles-21"
ROOT = Path(__file__).parent.parent

# id -> (score, the tests not passed (or how many, where a core op or the walk is wrong), diagnosis)
ENGINE = {
    **{case: (63.0, [], []) for case in ["correct-dcslots-idvisited", "correct-dispatch-opname",
                                         "correct-numbers-real", "correct-partials-dict-reprraises",
                                         "correct-tape-wengert"]},
    # `+` of two Values is core: never excused (judge/charging.py)
    "bug-dcslots-add-forgets-other": (22.1667, 34, [("variant", "add-forgets-other", "style")]),
    "bug-dcslots-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-dcslots-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-dispatch-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    # `a / b` is `a * b ** -1` here: a wrong pow is charged by pow's tests alone, the composition probe sees div
    # built on it (diag21; before, div's tests charged it too: 59)
    "bug-dispatch-pow-missing-k": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-missing-k", "exact")]),
    "bug-dispatch-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                [("variant", "tanh-input", "exact")]),
    "bug-partials-div-sign": (61.0, ["div/constant", "div/values"], [("derivative", "div", "sign")]),
    "bug-partials-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-partials-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    # a dict literal {self: ..., other: ...} keeps one entry for `a * a`: a wrong `*` of two Values (core), shown
    # wherever a node is multiplied by itself
    # a dict literal keeps one partial where self is other (a * a): `=` for `+=` in `*`, in its numbers
    "bug-real-dict-literal-mul": (45.0, 11, [("variant", "mul-assign-not-accumulate", "style")]),
    "bug-real-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                  [("variant", "tanh-one-minus-t", "exact")]),
    # 26.1667, 29 before holes28: relu/positive's relu(a) * a * 3 sees its relu assign too
    "bug-tape-adjoint-assign": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "style")]),
    "bug-tape-mul-self-data": (24.25, 34, [("variant", "mul-own-data", "style")]),
    "bug-tape-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-yieldfrom-recursion": (61.0, ["backward/deep-chain"], [("variant", "recursive-topo", "exact")]),
}

MLP = {
    # of 24 points since holes28's parameters/rng: every row here one more
    **{case: (24.0, [], []) for case in ["correct-layer-list-dataclass", "correct-sequential-base"]},
    # parameters/counts' alone since session 30 (07's mistakes.py; 7.0 before, eight tests)
    "bug-listlayer-bias-not-param": (22.0, ["parameters/counts"], []),
    "bug-listlayer-update-plus": (21.0, ["train/train-xor"], []),
    # zero_grad() zeroes the weights, not the grads: before session 21 the course loops were charged too (16/23)
    "bug-listlayer-zero-grad-data": (22.0, ["parameters/zero-grad"], []),
    # zero_grad() zeroes both: only parameters/zero-grad sees it, by the weights it changed (before: 16/23)
    "bug-listlayer-zero-grad-both": (22.0, ["parameters/zero-grad"], []),
    "bug-sequential-last-layer-tanh": (21.0, ["train/train-xor"], []),
    # a typo in Base.zero_grad, inherited by the Sequential train_xor builds (before session 21: 18/23)
    "bug-sequential-zero-grad-typo": (22.0, ["parameters/zero-grad"], []),
}

WRITE_TESTS = {
    **{case: (38.0, [], []) for case in ["correct-approx-dict-excinfo", "correct-class-setup-method",
                                         "correct-unittest-setup"]},
    # setup_module, stacked parametrize with ids, tests made in a loop, a parametrized method: passes on the
    # reference (0/38 before session 21: setup_module was never called), and its tests check no `=` in a rule
    # whose node is used once
    "correct-param-styles": (34.0, ["catches/exp-assign-not-accumulate", "catches/log-assign-not-accumulate",
                                    "catches/relu-assign-not-accumulate", "catches/tanh-assign-not-accumulate"], []),
}

GRADCHECK = {"correct-lambda-fsum": (15.0, [], [])}

DUAL = {
    "correct-tuple-subclass": (20.0, [], []),
    "bug-tuple-cos-sign": (19.0, ["beyond/sin-cos"], []),
    # relu'(0) taken as 1: no probe of 08 had relu at 0 before session 21 (20/20)
    "bug-tuple-relu-ge": (19.0, ["rule/relu"], []),
    "bug-tuple-rpow-no-log": (19.0, ["beyond/variable-exponent"], []),
}

NEURON = {
    "correct-getattr-max": (16.0, [], []),
    "bug-getattr-both-zero-nan": (15.0, ["compare/equal"], []),
    "bug-getattr-signed": (13.0, ["compare/planted", "compare/zero-against-nonzero"], []),
}

FIT_LINE = {
    "correct-closure-step": (13.0, [], []),
    # each named mistake of the loop charged once, by the first test that shows it (diag21; before, by every test
    # that trains: 6 and 3)
    "bug-closure-no-clear": (11.0, ["step/second"], []),
    "bug-closure-sum-not-mean": (11.0, ["loss/mean"], []),
}

TABLES = {"engine": ENGINE, "06-gradcheck": GRADCHECK, "07-mlp-xor": MLP, "08-dual-numbers": DUAL,
          "09-write-tests": WRITE_TESTS, "10-neuron": NEURON, "11-fit-line": FIT_LINE}

# reference/engine.py's walk, with an explicit stack (read from it: the lines before the seed)
_REFERENCE = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")
_REFERENCE_WALK = _REFERENCE[_REFERENCE.index("        topo, visited = [], set()\n"):_REFERENCE.index("        # dL/dL = 1")]
# and as a recursive generator: `yield from` goes one frame deeper per node
_YIELD_FROM = """\
        def walk(node, seen):
            if node in seen:
                return
            seen.add(node)
            for child in node._prev:
                yield from walk(child, seen)
            yield node

        topo = list(walk(self, set()))
"""

PLANTED = {
    "engine": {
        "bug-dcslots-add-forgets-other": ("correct-dcslots-idvisited", [
            ("            self.grad += out.grad\n            other.grad += out.grad\n",
             "            self.grad += out.grad\n")]),
        "bug-dcslots-exp-input": ("correct-dcslots-idvisited", [("self.grad += out.data * out.grad",
                                                                 "self.grad += self.data * out.grad")]),
        "bug-dcslots-no-seed": ("correct-dcslots-idvisited", [("        self.grad = grad\n", "")]),
        "bug-dispatch-forward-order": ("correct-dispatch-opname", [("for node in reversed(topo):",
                                                                    "for node in topo:")]),
        "bug-dispatch-pow-missing-k": ("correct-dispatch-opname", [
            ("return (self.arg * a.data ** (self.arg - 1),)", "return (a.data ** (self.arg - 1),)")]),
        "bug-dispatch-tanh-input": ("correct-dispatch-opname", [("return (1 - self.data ** 2,)",
                                                                 "return (1 - self.prev[0].data ** 2,)")]),
        "bug-partials-div-sign": ("correct-partials-dict-reprraises", [
            ("(other, -self.data / (other.data * other.data))", "(other, self.data / (other.data * other.data))")]),
        "bug-partials-log-output": ("correct-partials-dict-reprraises", [
            ("return Value(math.log(self.data), {self: 1.0 / self.data})",
             "out = math.log(self.data)\n        return Value(out, {self: 1.0 / out})")]),
        "bug-partials-relu-ge": ("correct-partials-dict-reprraises", [("float(self.data > 0)",
                                                                       "float(self.data >= 0)")]),
        "bug-real-dict-literal-mul": ("correct-numbers-real", [
            ("self._merge((self, other.data), (other, self.data))", "{self: other.data, other: self.data}")]),
        "bug-real-tanh-one-minus-t": ("correct-numbers-real", [("{self: 1 - t * t}", "{self: 1 - t}")]),
        "bug-tape-adjoint-assign": ("correct-tape-wengert", [("adjoint[i] = adjoint.get(i, 0.0) + local * g",
                                                              "adjoint[i] = local * g")]),
        "bug-tape-mul-self-data": ("correct-tape-wengert", [
            ("[(self.index, other.data), (other.index, self.data)]",
             "[(self.index, self.data), (other.index, other.data)]")]),
        "bug-tape-rsub-order": ("correct-tape-wengert", [("return lift(other) - self", "return self - lift(other)")]),
        "bug-yieldfrom-recursion": ("reference", [(_REFERENCE_WALK, _YIELD_FROM)]),
    },
    "07-mlp-xor": {
        "bug-listlayer-bias-not-param": ("correct-layer-list-dataclass", [("return (*self.w, self.b)",
                                                                           "return tuple(self.w)")]),
        "bug-listlayer-update-plus": ("correct-layer-list-dataclass", [("p.data -= lr * p.grad",
                                                                        "p.data += lr * p.grad")]),
        "bug-listlayer-zero-grad-data": ("correct-layer-list-dataclass", [("            p.grad = 0\n",
                                                                           "            p.data = 0\n")]),
        "bug-listlayer-zero-grad-both": ("correct-layer-list-dataclass", [("            p.grad = 0\n",
                                                                           "            p.grad = p.data = 0\n")]),
        "bug-sequential-last-layer-tanh": ("correct-sequential-base", [("Layer(4, 1, nonlin=False, rng=rng)",
                                                                        "Layer(4, 1, rng=rng)")]),
        "bug-sequential-zero-grad-typo": ("correct-sequential-base", [("            p.grad = 0.0\n",
                                                                       "            p.gard = 0.0\n")]),
    },
    "06-gradcheck": {},
    "08-dual-numbers": {
        "bug-tuple-cos-sign": ("correct-tuple-subclass", [("lambda a: -math.sin(a)", "math.sin")]),
        "bug-tuple-relu-ge": ("correct-tuple-subclass", [("1.0 if a > 0 else 0.0", "1.0 if a >= 0 else 0.0")]),
        "bug-tuple-rpow-no-log": ("correct-tuple-subclass", [("Dual(v, v * math.log(c) * db)", "Dual(v, v * db)")]),
    },
    "09-write-tests": {},
    "10-neuron": {
        "bug-getattr-both-zero-nan": ("correct-getattr-max", [(" if grads[k] or r else 0.0", "")]),
        "bug-getattr-signed": ("correct-getattr-max", [("abs(grads[k] - r) /", "(grads[k] - r) /")]),
    },
    "11-fit-line": {
        "bug-closure-no-clear": ("correct-closure-step", [("        for p in params:\n            p.grad = 0.0\n", "")]),
        "bug-closure-sum-not-mean": ("correct-closure-step", [("return total * (1 / len(XS))", "return total")]),
    },
}


@functools.cache
def _reference_tests():
    """reference/test_engine.py's helpers (close, slope), and its solution's statements: the test functions
    apart, the rest (a helper of a test's). Read once a run: ast.get_source_segment splits the whole source
    again for each statement (2 s of CPU a 09 batch, made again for each fixture file)."""
    source = reference_solution("test_engine.py")  # its chain CHAIN_NODES deep (test_fresh_styles)
    head, _, rest = source.partition("# BEGIN SOLUTION 09-write-tests\n")
    solution = rest.partition("# END SOLUTION\n")[0]
    helpers = "\n\n".join(ast.get_source_segment(head, node) for node in ast.parse(head).body
                          if isinstance(node, ast.FunctionDef))
    tests, others = [], []
    for node in ast.parse(solution).body:
        is_test = isinstance(node, ast.FunctionDef) and node.name.startswith("test")
        (tests if is_test else others).append(ast.get_source_segment(solution, node))
    return helpers, tuple(tests), tuple(others)


def _write_tests_file(text):
    """A 09 fixture with the reference's tests filled in: as methods where the file says so, else as functions; its
    chains of ten thousand steps CHAIN_NODES long (test_fresh_styles.shorter_chains)."""
    helpers, tests, others = _reference_tests()
    text = text.replace("# THE REFERENCE'S HELPERS close AND slope (filled in by tests/test_fresh_styles21.py)\n",
                        helpers + "\n\n\n" + "\n\n\n".join(others) + "\n")
    methods = "\n\n".join("    " + test.replace("():", "(self):", 1).replace("\n", "\n    ") for test in tests)
    text = text.replace("    # REFERENCE TESTS AS METHODS (filled in by tests/test_fresh_styles21.py)\n", methods + "\n")
    return shorter_chains(text.replace("# REFERENCE TESTS (filled in by tests/test_fresh_styles21.py)\n",
                                       "\n\n\n".join(tests) + "\n"))


def _prepare(path):
    """A 09 fixture (engine_tests.py: pytest would collect a test_engine.py under tests/) as the student's
    test_engine.py, with the reference's tests filled in; the other exercises' files as they are."""
    fixture = path.with_name("engine_tests.py")
    if fixture.exists():
        path.write_text(_write_tests_file(fixture.read_text(encoding="utf-8")), encoding="utf-8")
        fixture.unlink()


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, fresh=FRESH, planted=PLANTED, own_engine={},
                            prepare=_prepare) for exercise in TABLES}


def test_every_fresh_submission_is_in_a_table(rows):
    assert_every_submission_is_in_a_table(rows, TABLES, FRESH, PLANTED)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_fresh_submission_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


def test_a_zero_grad_that_changes_the_weights_is_charged_once_and_said(rows):
    both = rows["07-mlp-xor"]["bug-listlayer-zero-grad-both"]
    assert _output(both, "parameters/zero-grad") == (
        "MLP(2, [3, 1]): backward() of a loss, then zero_grad(); every parameter's grad: zero_grad() changed the "
        "weights (`data`) of 9 of 13 parameters; it should set only their `grad` to 0")
    # the course's loops put the weights back after the student's zero_grad() (session 27: they excused any failure
    # beside a zero_grad() that changed the weights): they pass, as the network learns
    for test in ("train/course-loop", "train/course-seed"):
        assert [(t["status"], t["output"]) for t in both["tests"] if t["name"] == test] == [("passed", "")]
    assert _output(both, "train/train-xor").startswith("Not charged again: train_xor(seed=0) gets the loss below")


def test_a_zero_grad_inherited_by_a_class_of_another_name_is_replaced_for_train_xor(rows):
    row = rows["07-mlp-xor"]["bug-sequential-zero-grad-typo"]
    assert _output(row, "train/train-xor") == (
        "Not charged again: train_xor(seed=0) gets the loss below 0.001 once zero_grad() sets every gradient to 0, "
        "which parameters/zero-grad already charges.")


# -- in process: the readings each hole was closed in -----------------------------------------------------


def _probes_09(name="probes.py"):
    import importlib.util
    import sys

    from grader import probekit

    sys.modules.setdefault("probekit", probekit)  # as the sandbox's worker makes it importable
    spec = importlib.util.spec_from_file_location("probes09_" + name[:-3], ROOT / "grader" / "suites" /
                                                  "09-write-tests" / name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_09_runner_calls_test_methods_and_hooks_as_pytest_does():
    import unittest

    probes, calls = _probes_09(), []

    class TestPlain:
        def setup_method(self, method):
            calls.append(("setup", method.__name__))
            self.state = []

        def teardown_method(self, method):
            calls.append(("teardown", method.__name__))

        def test_one(self):
            self.state.append(1)
            assert self.state == [1]  # a fresh instance: what another test left is not here

        def test_two(self):
            self.state.append(2)
            assert self.state == [2]

    class TestChild(TestPlain):
        def test_three(self):
            assert self.state == []

    class TestUnit(unittest.TestCase):
        def setUp(self):
            self.x = 5

        def test_x(self):
            self.assertEqual(self.x, 5)

    class TestOnce:
        @classmethod
        def setup_class(cls):
            calls.append(("setup_class", cls.__name__))

        def setup_method(self):  # pytest's hooks may take their argument or not
            self.ready = True

        def test_ready(self):
            assert self.ready

    def setup_module(module):
        calls.append(("setup_module", sorted(vars(module))[0]))

    def setup_function(function):
        calls.append(("setup_function", function.__name__))

    def test_function():
        calls.append(("run", "test_function"))

    namespace = {"TestPlain": TestPlain, "TestChild": TestChild, "TestUnit": TestUnit, "TestOnce": TestOnce,
                 "setup_module": setup_module, "setup_function": setup_function, "test_function": test_function}
    found = probes._collect(namespace)
    assert [name for name, _ in found] == ["TestPlain.test_one", "TestPlain.test_two", "TestChild.test_three",
                                           "TestChild.test_one", "TestChild.test_two", "TestUnit.test_x",
                                           "TestOnce.test_ready", "test_function"]
    for _, test in found + found[-2:]:
        test()
    assert calls[:3] == [("setup_module", "TestChild"), ("setup", "test_one"), ("teardown", "test_one")]
    assert calls[-5:] == [("setup_class", "TestOnce"), ("setup_function", "test_function"), ("run", "test_function"),
                          ("setup_function", "test_function"), ("run", "test_function")]
    assert calls.count(("setup_module", "TestChild")) == 1 and calls.count(("setup_class", "TestOnce")) == 1


def test_the_09_stand_ins_approx_and_raises_are_pytests():
    probes = _probes_09("probes_pytest.py")  # the stand-in pytest's own module since bd76f472
    approx, raises = probes._Approx, probes._raises
    assert {"a": 0.1 + 0.2, "b": 1.0} == approx({"a": 0.3, "b": 1.0})
    assert {"a": 0.3} != approx({"a": 0.3, "b": 1.0}) and {"a": 0.31} != approx({"a": 0.3})
    assert 1e-13 == approx(0.0, rel=1e-6)  # pytest's 1e-12 absolute stands when only rel is given
    assert 1e-13 != approx(0.0, abs=1e-14)  # an abs given alone is the only tolerance
    with raises(ZeroDivisionError, match="division") as info:
        1 / 0
    assert (info.type, info.typename, str(info.value)) == (ZeroDivisionError, "ZeroDivisionError",
                                                          "division by zero")
    assert info.match("by zero")
