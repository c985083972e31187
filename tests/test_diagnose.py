"""Diagnosis (issue 8): every variant and every hand-written bug is named, correct engines get nothing.

One batch grades everything at once (the module-scoped `batch`): the 37
variants handed in as submissions, the hand-written fixtures (closures, edge
lists, Kahn's algorithm), the reference, an engine with two mistakes, one with
a mistake no variant makes, and one that imports numpy.
"""

import copy
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.pipeline import grade
from grader.diagnose import Diagnoser, VariantBook, variant_submission
from grader.diagnose.evidence import lead_in, table
from grader.diagnose.hints import static_hints
from grader.judge.plugin import Expectations
from grader.observe.cache import ObservationCache
from grader.report.html_feedback import submission_html
from grader.report.markdown import submission_markdown
from grader.report.record import student_view
from grader.sandbox import Limits
from grader.suites import load_suite
from grader.variants import VARIANTS, reference_source, variant
from tests.fixtures.bugs import FIXTURE_BUGS


ROOT = Path(__file__).resolve().parents[1]
SUBMISSIONS = ROOT / "tests" / "fixtures" / "submissions"
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
FAILING = ("failed", "error", "timeout")

# One backward pass on a fresh graph cannot tell these apart (see tests/test_variants.py): a diagnosis
# names both, the first in the library's order as `variant` and the other in `also`.
TWINS = {frozenset({"forward-order", "self-only"})}

TWO_MISTAKES = ("tanh-input", "pow-no-minus-one")

# A variant whose mistake is a missing method is explained as a missing operation (diagnose/missing.py),
# in Python's own words, not as a variant: its numbers are nothing but the exception.
MISSING = {"radd-missing": "__radd__", "rmul-missing": "__rmul__"}


def _patched(*names):
    text = reference_source()
    for name in names:
        for old, new in variant(name).patches:
            assert text.count(old) == 1
            text = text.replace(old, new)
    return text


@slow_fixture(scope="module")
def batch(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diagnose")
    folder = tmp / "class"
    folder.mkdir()
    for v in VARIANTS:
        (folder / f"v-{v.name}.py").write_text(v.source(), encoding="utf-8")
    for case in SUBMISSIONS.iterdir():
        if case.is_dir():
            shutil.copytree(case, folder / case.name)
    (folder / "reference.py").write_text(reference_source(), encoding="utf-8")
    (folder / "two-mistakes.py").write_text(_patched(*TWO_MISTAKES), encoding="utf-8")
    # tanh's local derivative as 1 - t**3: a mistake no variant makes
    unknown = reference_source().replace("(1 - t**2) * out.grad", "(1 - t**3) * out.grad")
    (folder / "unknown-mistake.py").write_text(unknown, encoding="utf-8")
    (folder / "imports-numpy.py").write_text("import numpy as np\n" + reference_source(), encoding="utf-8")
    # a correct engine that also holds a backward rule assigning with `=` (a hint, whatever the numbers)
    dead_rule = "\n\ndef _unused_rule(a, out):\n    def _backward():\n        a.grad = out.grad\n    return _backward\n"
    (folder / "dead-assign.py").write_text(reference_source() + dead_rule, encoding="utf-8")
    result = grade(folder, limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    rows = {row["id"]: row for row in result.scores["submissions"]}
    return result, rows, tmp / "cache"


def findings(row):
    return [d for d in row["diagnosis"] if d.get("kind") == "variant"]


def named(finding):
    return [finding["variant"], *finding.get("also", [])]


# -- suite strength ---------------------------------------------------------------------


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_the_engine_suite_fails_every_variant(batch, v):
    _, rows, *_ = batch
    row = rows[f"v-{v.name}"]
    assert row["status"] == "graded"
    assert row["score"] < row["max_score"], f"{v.name} scores full marks: the suite does not catch it"


# -- each variant, graded as a submission, is diagnosed as itself -------------------------


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_each_variant_is_diagnosed_as_itself(batch, v):
    _, rows, *_ = batch
    if v.name in MISSING:
        assert [(d["kind"], d.get("method")) for d in rows[f"v-{v.name}"]["diagnosis"]] == [
            ("missing-op", MISSING[v.name])]
        return
    found = findings(rows[f"v-{v.name}"])
    assert len(found) == 1, found
    finding = found[0]
    assert finding["match"] == "exact"
    if finding["variant"] != v.name:
        assert frozenset({finding["variant"], v.name}) in TWINS, named(finding)
    assert v.name in named(finding)
    assert set(named(finding)) == {v.name} or frozenset(named(finding)) in TWINS


def test_twins_are_named_together_with_the_first_in_library_order(batch):
    _, rows, *_ = batch
    for name in ("forward-order", "self-only"):
        (finding,) = findings(rows[f"v-{name}"])
        assert finding["variant"] == "forward-order" and finding["also"] == ["self-only"]
        assert "or an engine in which `backward()` calls only the output's own backward rule" in finding["title"]


# -- hand-written engines in three styles ------------------------------------------------------


@pytest.mark.parametrize("case", [c for c, bug in FIXTURE_BUGS.items() if bug], ids=str)
def test_each_hand_written_bug_gets_its_variant(batch, case):
    _, rows, *_ = batch
    if FIXTURE_BUGS[case] in MISSING:
        assert [(d["kind"], d.get("method")) for d in rows[case]["diagnosis"]] == [
            ("missing-op", MISSING[FIXTURE_BUGS[case]])]
        return
    found = findings(rows[case])
    assert len(found) == 1, [named(f) for f in found]
    assert FIXTURE_BUGS[case] in named(found[0])


@pytest.mark.parametrize("case", [c for c, bug in FIXTURE_BUGS.items() if bug is None] + ["reference"], ids=str)
def test_correct_engines_get_no_diagnosis(batch, case):
    _, rows, *_ = batch
    assert rows[case]["score"] == rows[case]["max_score"]
    assert rows[case]["diagnosis"] == []


def test_a_mistake_no_variant_makes_gets_no_finding(batch):
    _, rows, *_ = batch
    row = rows["unknown-mistake"]
    assert row["score"] < row["max_score"]
    assert row["diagnosis"] == []


def test_two_mistakes_are_both_named_when_together_they_reproduce_everything(batch):
    _, rows, *_ = batch
    found = findings(rows["two-mistakes"])
    assert sorted(f["variant"] for f in found) == sorted(TWO_MISTAKES)
    for finding in found:
        assert finding["match"] == "pair"
        assert finding["with"] in TWO_MISTAKES and finding["with"] != finding["variant"]
        assert finding["title"].endswith("(one of two mistakes)")


def test_every_row_has_a_diagnosis_list(batch):
    result, rows, *_ = batch
    assert all(isinstance(row.get("diagnosis"), list) for row in rows.values())


def test_findings_cite_failing_tests_only(batch):
    _, rows, *_ = batch
    for row in rows.values():
        failing = {t["name"] for t in row["tests"] if t["status"] in FAILING}
        for finding in findings(row):
            assert finding["tests"] and set(finding["tests"]) <= failing, (row["id"], finding["tests"])


# -- words, evidence and the table ----------------------------------------------------------------


def test_the_feedback_sentence_names_the_bug_and_shows_the_smallest_evidence(batch):
    _, rows, *_ = batch
    for sid in ("v-mul-assign-not-accumulate", "bug-mul-assign"):
        (finding,) = findings(rows[sid])
        assert finding["message"].startswith(
            "Your gradients match an engine that overwrites `grad` with `=` instead of adding with `+=` "
            "in `__mul__`'s backward: for y = a * a at a = 3, a.grad is 3.0, not 6.0. ")
        assert finding["message"].endswith(variant("mul-assign-not-accumulate").explanation)
        assert finding["explanation"].startswith("For y = a * a at a = 3, a.grad is 3.0, not 6.0. ")
        assert finding["evidence"] == {"probe": "shared_mul", "expression": "y = a * a at a = 3",
                                       "key": "a.grad", "expected": 6.0, "observed": 3.0}
        assert {k: v for k, v in finding["table"].items() if k != "graph"} == {
            "probe": "shared_mul", "expression": "y = a * a at a = 3", "first_differing": "a",
            "rows": [{"node": "a", "quantity": "grad", "expected": 6.0, "observed": 3.0, "differs": True}]}
        # the expression's graph, from the reference engine: y = a * a, a named, its difference the first
        assert finding["table"]["graph"] == {
            "nodes": [{"id": 0, "op": "*", "data": 9.0, "expected": 1.0},
                      {"id": 1, "op": "", "data": 3.0, "expected": 6.0, "name": "a", "observed": 3.0,
                       "differs": True, "first": True}],
            "edges": [[1, 0]], "output": 0}


def test_every_table_marks_its_first_difference(batch):
    _, rows, *_ = batch
    for row in rows.values():
        for finding in findings(row):
            table = finding["table"]
            assert [r for r in table["rows"] if r["quantity"] == "grad"], (row["id"], table)
            first = next(r for r in table["rows"] if r["differs"])
            assert table["first_differing"] == first["node"]


def test_the_table_runs_from_the_output_back_to_the_leaves():
    def probe(V):
        """a = x * 2; b = a * a; c = b + a; d = c * x at x = 1.5"""

    expected = {"d": 33.75, "x.data": 1.5, "x.grad": 33.0, "a.data": 3.0, "a.grad": 24.75,
                "b.data": 9.0, "b.grad": 1.5, "c.data": 12.0, "c.grad": 1.5}
    observed = {"status": "ok", "values": dict(expected, **{"x.grad": 12.0, "a.grad": 1.5, "b.grad": 1.5})}
    result = table(probe, observed, expected)
    assert [(r["node"], r["differs"]) for r in result["rows"]] == [
        ("c", False), ("b", False), ("a", True), ("x", True)]
    assert result["first_differing"] == "a" and result["expression"].startswith("a = x * 2")
    # a wrong value is listed after the gradients, and names the first difference only if no gradient differs
    observed = {"status": "ok", "values": dict(expected, d=0.0)}
    result = table(probe, observed, expected)
    assert result["rows"][-1] == {"node": "d", "quantity": "value", "expected": 33.75, "observed": 0.0,
                                  "differs": True}
    assert result["first_differing"] == "d"


def test_a_missing_operation_is_named_in_pythons_words(batch):
    _, rows, *_ = batch
    (finding,) = rows["bug-radd-missing"]["diagnosis"]
    assert finding["title"] == "`2 + a` does not work: your `Value` has no `__radd__`"
    assert finding["explanation"].startswith(
        "For y = (a + 5) * (5 + a) at a = 1.5 (a constant on either side of +), your engine raised TypeError: "
        "unsupported operand type(s) for +: 'int' and 'Value'")
    assert finding["tests"] == ["add/constant"]


# Words a student should never meet: names of our own machinery.
INTERNAL_WORDS = ("variant", "patch", "reference", "probe", "grader", "suite", "sandbox", "fixture", "observation")


def test_student_text_is_free_of_internal_names(batch):
    _, rows, *_ = batch
    for row in rows.values():
        for entry in row["diagnosis"]:
            for key in ("title", "explanation", "message"):
                text = entry.get(key) or ""
                for word in INTERNAL_WORDS:
                    assert word not in text.lower(), (row["id"], key, word, text)


def test_titles_read_as_a_sentence_after_an_engine():
    """`an engine that overwrites …` for a verb phrase, `an engine in which tanh's … is …` for a clause:
    each variant's `lead_in` agrees with its title's first word."""
    verbs = {"overwrites", "uses", "gives", "calls", "sets", "builds"}
    for v in VARIANTS:
        first = v.title.split()[0]
        expected = "an engine that " if first in verbs else "an engine in which "
        assert str(lead_in(v)) == expected + v.title, v.name


def test_each_test_maps_to_the_probes_it_reads():
    suite = load_suite("engine")
    reads = Expectations(suite).reads()
    tests = {r.name: list(r.own) for r in reads.values()}
    assert tests["engine/imports"] == []
    assert tests["mul/shared-node"] == ["shared_mul"]
    assert tests["backward/deep-chain"] == ["deep_chain"]
    assert len(tests["random/reference-1-8"]) == 8
    # the judge also counts what a test reads to know what other tests already charge (judge/charging.py)
    charging = set(reads["test_random_graphs_reference"].probes) - set(tests["random/reference-1-8"])
    assert {"add_values", "mul_values", "div_constant", "tanh_two"} <= charging
    # the judge groups by complete reads only: a test that reads the whole run is judged per run
    assert reads["test_shared_mul"].complete and reads["test_imports"].complete
    deep = load_suite("05-backward")
    deep_reads = Expectations(deep).reads()["test_deep_chain"]  # asks for the whole run: judged per run
    assert (deep_reads.name, deep_reads.probes, deep_reads.complete) == ("deep/10000-chain", ("deep_chain_affine",), False)


# -- static hints ----------------------------------------------------------------------------------


def test_static_hints_lend_their_line_to_the_matching_finding(batch):
    _, rows, *_ = batch
    (finding,) = findings(rows["bug-recursive-topo"])
    assert finding["variant"] == "recursive-topo" and finding["line"] == 120 and finding["file"] == "engine.py"
    assert not [d for d in rows["bug-recursive-topo"]["diagnosis"] if d.get("kind") == "hint"]
    (finding,) = findings(rows["bug-mul-assign"])
    assert finding["line"] == 41


def test_a_forbidden_import_is_no_hint_its_own_test_names_the_line(batch):
    _, rows, *_ = batch
    row = rows["imports-numpy"]
    assert row["diagnosis"] == [] and row["score"] == row["max_score"] - 1
    (failed,) = [t for t in row["tests"] if t["status"] != "passed"]
    assert (failed["name"], failed["line"]) == ("engine/from-scratch", 1)


def test_an_assignment_hint_points_its_finding_at_the_line(batch):
    _, rows, *_ = batch
    # `=` in exp's, log's and tanh's backward: the static hint about the same mistake becomes the
    # finding's location instead of a second entry
    for name in ("exp-assign-not-accumulate", "log-assign-not-accumulate", "tanh-assign-not-accumulate"):
        (finding,) = rows[f"v-{name}"]["diagnosis"]
        assert finding["variant"] == name
        assert finding["file"] == f"v-{name}.py" and finding["line"] > 0  # the student's own file


def _hints(source):
    return [(h["hint"], h["line"]) for h in static_hints({"engine.py": source.encode()})]


def test_a_recursive_sort_is_found_nested_in_backward_or_as_a_method():
    nested = """
class Value:
    def backward(self):
        order, seen = [], set()
        def visit(v):
            if v not in seen:
                seen.add(v)
                for c in v._prev:
                    visit(c)
                order.append(v)
        visit(self)
"""
    method = """
class Value:
    def _topo(self, order, seen):
        if self not in seen:
            seen.add(self)
            for c in self._prev:
                c._topo(order, seen)
            order.append(self)
"""
    iterative = "class Value:\n    def backward(self):\n        stack = [self]\n        while stack:\n            stack.pop()\n"
    unrelated = "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
    assert _hints(nested) == [("recursive-topo", 5)]
    assert _hints(method) == [("recursive-topo", 3)]
    assert _hints(iterative) == [] and _hints(unrelated) == []


def test_only_an_overwriting_assignment_in_a_backward_closure_is_flagged():
    def engine(line):
        return ("class Value:\n    def __mul__(self, other):\n        out = Value(0)\n"
                f"        def _backward():\n            {line}\n        out._backward = _backward\n        return out\n"
                "    def backward(self):\n        self.grad = 1\n"
                "    def zero_grad(self):\n        self.grad = 0\n")

    assert _hints(engine("self.grad = other.data * out.grad")) == [("assign-grad", 5)]
    assert _hints(engine("self.grad, other.grad = other.data * out.grad, 0")) == [("assign-grad", 5)]
    assert _hints(engine("self.grad += other.data * out.grad")) == []
    assert _hints(engine("self.grad = self.grad + other.data * out.grad")) == []
    assert _hints(engine("self.grad = 0")) == []
    assert _hints("class Value:\n    def backward(self, seed=1.0):\n        self.grad = seed\n") == []


def test_hints_never_run_the_code():
    assert _hints("raise SystemExit(3)\nwhile True:\n    pass\n") == []
    assert _hints("def broken(:\n") == []
    assert static_hints({"engine.py": b"\xff\xfe not utf-8"}) == []
    assert static_hints({}) == []


# -- visibility ---------------------------------------------------------------------------------------


def test_a_finding_is_shown_only_when_every_test_it_cites_is(batch):
    _, rows, *_ = batch
    row = copy.deepcopy(rows["bug-mul-assign"])
    (finding,) = findings(row)
    assert [d["variant"] for d in student_view(row).diagnosis] == ["mul-assign-not-accumulate"]
    page = submission_markdown(row)
    assert "Your gradients match" in page and "| a | 6 | 3 |" in page
    assert 'class="gradients"' in submission_html(row)

    hidden = finding["tests"][-1]
    for test in row["tests"]:
        if test["name"] == hidden:
            test["visibility"] = "hidden"
    assert student_view(row).diagnosis == []
    assert "Your gradients match" not in submission_markdown(row)
    assert "Your gradients match" not in submission_html(row)
    # the instructor sees it, and after the due date a test shown then releases it
    assert [d["variant"] for d in student_view(row, show_hidden=True).diagnosis] == ["mul-assign-not-accumulate"]
    for test in row["tests"]:
        if test["name"] == hidden:
            test["visibility"] = "after_due_date"
    assert student_view(row).diagnosis == []
    assert [d["variant"] for d in student_view(row, after_due_date=True).diagnosis] == ["mul-assign-not-accumulate"]


def test_hints_cite_no_test_and_are_always_shown(batch):
    _, rows, *_ = batch
    row = copy.deepcopy(rows["dead-assign"])
    for test in row["tests"]:
        test["visibility"] = "hidden"
    assert [d.get("hint") for d in student_view(row).diagnosis] == ["assign-grad"]
    assert "Hints from your code" in submission_markdown(row)


# -- determinism and reuse ----------------------------------------------------------------------------


def test_the_diagnosis_is_a_function_of_the_observations(batch):
    """Diagnosing again from the variants' own submitted runs gives the very same lists.

    The variants handed in as submissions have the same content digest as the
    ones the batch runs for diagnosis, so their runs are what the batch used.
    """
    result, rows, *_ = batch
    suite = load_suite("engine")
    expectations = Expectations(suite)
    diagnoser = Diagnoser(suite, expectations)
    book = VariantBook(suite, {v.name: result.runs[f"v-{v.name}"] for v in VARIANTS})
    diagnoser.book = book
    for sid, row in rows.items():
        if sid not in result.runs:
            continue
        outcomes = [{"name": t["name"], "status": t["status"]} for t in row["tests"]]
        again = diagnoser.diagnose(_Submission(sid), result.runs[sid], outcomes)
        without_lines = [{k: v for k, v in f.items() if k not in ("file", "line")} for f in findings(row)]
        assert findings({"diagnosis": again}) == without_lines, sid


class _Submission:
    """Just enough of a Submission for `Diagnoser.diagnose` (no files: no hints, no line numbers)."""

    def __init__(self, sid, engine=None):
        self.id, self.rejected = sid, False
        self.files = {"engine.py": engine.encode()} if engine is not None else {}

    @staticmethod
    def place(file, line):
        return {"file": file, "line": line}


def test_after_one_batch_every_variant_is_in_the_cache(batch):
    """The variants run under the same cache key as a submission: the next batch runs none of them."""
    *_, cache_dir = batch
    suite, cache = load_suite("engine"), ObservationCache(cache_dir)
    assert [v.name for v in VARIANTS
            if cache.get(ObservationCache.key(variant_submission(v), suite, LIMITS)) is None] == []


def test_one_batch_holds_everything(batch):
    """Everything above comes from one batch (about 15 s on two cores, most of it the 63 sandboxed runs)."""
    _, rows, _ = batch
    assert len(rows) == len(VARIANTS) + len(FIXTURE_BUGS) + 5
    # No bound on the seconds: a test must not depend on the machine's speed or load (bench/ measures
    # speed). That the variants run once per batch, not per submission, is the cache test's above.


def test_a_failing_diagnosis_leaves_the_grade_alone(batch, capsys):
    from grader.diagnose import diagnose_batch
    from grader.load import load_entry

    class Broken:
        def reference(self, probe):
            raise RuntimeError("the reference cannot run this")

        torch = reference

    result, rows, *_ = batch
    submission = load_entry(SUBMISSIONS / "bug-mul-assign", frozenset({"engine.py"}))
    outcomes = {submission.id: [{"name": t["name"], "status": t["status"]} for t in rows["bug-mul-assign"]["tests"]]}
    diagnoses = diagnose_batch(load_suite("engine"), [submission], {submission.id: result.runs["bug-mul-assign"]},
                               outcomes, expectations=Broken())
    assert diagnoses == {submission.id: []}
    assert "internal error while diagnosing 'bug-mul-assign'" in capsys.readouterr().err


# -- the student sees it before handing in (grade check) ----------------------------------------------------


def test_grade_check_shows_the_diagnosis_of_the_visible_failures(tmp_path):
    from grader.classroom.student_check import check, report_lines

    (tmp_path / "engine.py").write_text(variant("tanh-assign-not-accumulate").source(), encoding="utf-8")
    result = check(tmp_path / "engine.py", "03-tanh", limits=LIMITS)
    (finding,) = result.diagnosis
    assert finding["variant"] == "tanh-assign-not-accumulate" and finding["tests"] == ["graph/numeric"]
    assert finding["line"] > 0  # the static hint about `=` lends the finding its line
    why = [line for line in report_lines(result) if line.startswith("why:  ")]
    assert why == [f"why:  {finding['title']}. {finding['explanation']}"]


# -- hints that only the source shows, and no noisy ones (issue 12) ---------------------------------------------


def test_an_assignment_guarded_by_a_test_of_the_same_grad_is_no_hint():
    guarded = ("class Value:\n    def __mul__(self, other):\n        out = Value(0)\n        def _backward():\n"
               "            if self.grad is None:\n                self.grad = other.data * out.grad\n"
               "            else:\n                self.grad += other.data * out.grad\n"
               "        out._backward = _backward\n        return out\n")
    assert _hints(guarded) == []


def test_a_hidden_or_mistyped_backward_and_a_missing_seed_are_read_from_the_source():
    from grader.diagnose.hints import seed_facts, silent_backward_hints

    engine = ("class Value:\n    def __init__(self, data):\n        self.data, self.grad = data, 0\n"
              "        self._backward = lambda: None\n"
              "    def __mul__(self, other):\n        out = Value(self.data * other.data)\n"
              "        def _backward():\n            self.grad += other.data * out.grad\n"
              "        out._backward = _backward\n        return out\n"
              "    def backward(self):\n        self.grad = 1\n        for node in []:\n            node._backward()\n")

    def silent(source):
        return [(h["hint"], h["line"]) for h in silent_backward_hints({"engine.py": source.encode()})]

    assert silent(engine) == []
    shadowed = engine.replace("        self._backward = lambda: None\n",
                              "        self._backward = lambda: None\n        self.backward = lambda: None\n")
    assert silent(shadowed) == [("backward-shadowed", 5)]
    # the seed is set inside a method that never runs: it rules nothing out
    assert seed_facts({"engine.py": shadowed.encode()}) == {"seeds": False, "seeds_before_walk": False}
    assert seed_facts({"engine.py": engine.encode()})["seeds"] is True
    assert silent(engine.replace("        out._backward = _backward\n", "        out.backward = _backward\n")) == [
        ("backward-typo", 9)]
    assert silent(engine.replace("        self.grad = 1\n", "")) == [("no-seed", 11)]
    assert silent(engine.replace("    def backward(self):\n        self.grad = 1\n",
                                 "    def backward(self, seed=1.0):\n        self.grad = seed\n")) == []


def test_an_annotation_naming_the_class_explains_the_import_error():
    from grader.diagnose.hints import annotation_hint

    source = "class Value:\n    def __init__(self, data):\n        self.data = data\n\n" \
             "    def __add__(self, other: Value | int) -> Value:\n        return self\n"
    error = {"error": "NameError: name 'Value' is not defined", "exception": "NameError",
             "where": {"file": "engine.py", "line": 5}}
    hint = annotation_hint({"engine.py": source.encode()}, error, "3.11.2")
    assert (hint["hint"], hint["line"]) == ("annotation-name-error", 5)
    assert "Python 3.11.2, which grades your file" in hint["explanation"]
    assert "`from __future__ import annotations`" in hint["explanation"]
    fixed = "from __future__ import annotations\n" + source
    assert annotation_hint({"engine.py": fixed.encode()}, error, "3.11.2") is None
    assert annotation_hint({"engine.py": source.encode()}, {"error": "SyntaxError: x", "exception": "SyntaxError"},
                           "3.11.2") is None
    # the type is the import error's `exception` field (the worker's), never read from the text
    assert annotation_hint({"engine.py": source.encode()}, {k: v for k, v in error.items() if k != "exception"},
                           "3.11.2") is None


def test_a_missing_operation_is_decided_from_the_workers_facts_never_from_the_message():
    from grader.diagnose.missing import missing_operation

    def facts(**given):
        return {"raised_in": None, "entered": None, "name": None, "owner": None, "operator": None, "missing": [],
                **given}

    no_rtruediv = facts(operator="/", missing=["__rtruediv__"])
    assert missing_operation("TypeError", no_rtruediv) == {
        "method": "__rtruediv__", "expression": "2 / a", "raised": "TypeError", "cls": "Value"}
    assert missing_operation(None, no_rtruediv) is None  # the engine raised nothing: an observation it refused
    assert missing_operation("TypeError", facts(operator="unary -", missing=["__neg__"]))["method"] == "__neg__"
    # inside another method (`__rtruediv__` returning `other * self**-1`): the method the class lacks
    assert missing_operation("TypeError", facts(raised_in="Value.__rtruediv__", operator="*",
                                                missing=["__rmul__"]))["expression"] == "2 * a"
    no_tanh = facts(name="tanh", owner="Value")
    assert missing_operation("AttributeError", no_tanh)["method"] == "tanh"
    assert missing_operation("TypeError", no_tanh) is None
    assert missing_operation("AttributeError", facts(name="grad", owner="Value")) is None
    # the message's words decide nothing: no facts, no missing op
    assert missing_operation("TypeError", None) is None


def test_an_exception_raised_inside_an_op_is_that_ops_fault():
    from grader.diagnose.raising import raising_op

    def facts(inner, entered=None, **given):
        return {"raised_in": inner, "entered": entered or inner, "name": None, "owner": None, "operator": None,
                "missing": [], **given}

    assert raising_op("RecursionError", facts("Value.__radd__")) == {"method": "__radd__", "phase": "forward"}
    assert raising_op("NameError", facts("log", "Value.log")) == {"method": "log", "phase": "forward"}
    assert raising_op("TypeError", facts("Value.exp.<locals>._backward", "Value.backward")) == {
        "method": "exp", "phase": "backward"}
    # a recursive walk that went too deep through the rules is the walk's, not `+`'s
    assert raising_op("RecursionError", facts("Value.__add__.<locals>._backward", "Value.backward")) is None
    assert raising_op("RecursionError", facts("Value.backward.<locals>.build_topo")) is None
    # a method the class lacks is a missing op (missing.py), whoever used it
    assert raising_op("TypeError", facts("Value.__rtruediv__", operator="*", missing=["__rmul__"])) is None
    assert raising_op("ValueError", facts(None)) is None


def test_an_engine_that_does_not_import_gets_only_the_reason_why():
    suite = load_suite("engine")
    diagnoser = Diagnoser(suite, Expectations(suite))
    recursive = reference_source().replace("class Value:", "def build_topo(v):\n    build_topo(v)\n\n\nclass Value:")
    annotated = recursive.replace("    def __add__(self, other):", "    def __add__(self, other: Value | int):")
    failed = {"status": "ok", "import_error": {"error": "NameError: name 'Value' is not defined", "exception": "NameError",
                                               "where": {"file": "engine.py", "line": 0}}, "probes": {}}
    outcomes = [{"name": "engine/imports", "status": "failed"}]
    # a recursive sort in a file that does not import says nothing: no test ran
    assert static_hints({"engine.py": recursive.encode()})[0]["hint"] == "recursive-topo"
    assert diagnoser.diagnose(_Submission("x", recursive), dict(failed, import_error={
        "error": "SyntaxError: invalid syntax", "where": None}), outcomes) == []
    assert [d["hint"] for d in diagnoser.diagnose(_Submission("x", annotated), failed, outcomes)] == [
        "annotation-name-error"]


def test_hints_on_an_adversarial_file_are_cut_off_and_cached():
    """A never-executed `x.grad, x.grad, ... = x.grad.b.b...` used to cost O(K·D²); bench/hints.py times it."""
    from grader.diagnose import source_tree

    statement = ", ".join(["self.grad"] * 1200) + " = self.grad" + ".b" * 1200
    source = reference_source().replace("        def _backward():\n",
                                        "        def _backward():\n            if False:\n                "
                                        + statement + "\n", 1)
    assert static_hints({"engine.py": source.encode()}) == []  # reads self.grad: no hint, whatever the time
    too_big = source + "#" * source_tree.MAX_BYTES
    assert static_hints({"engine.py": too_big.encode()}) == []
    assert source_tree.analysed(too_big, "engine.py") is None
