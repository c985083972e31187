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
from diagnose_support import LIMITS, _hints, _Submission

from grader.pipeline import grade
from grader.diagnose import Diagnoser, VariantBook, variant_submission
from grader.judge.plugin import Expectations
from grader.observe.cache import ObservationCache
from grader.report.html_feedback import submission_html
from grader.report.markdown import submission_markdown
from grader.report.record import student_view
from grader.suites import load_suite
from grader.variants import VARIANTS, reference_source, variant
from tests.fixtures.bugs import FIXTURE_BUGS


ROOT = Path(__file__).resolve().parents[1]
SUBMISSIONS = ROOT / "tests" / "fixtures" / "submissions"
FAILING = ("failed", "error", "timeout")

# One backward pass on a fresh graph cannot tell these apart (see tests/test_variant_library.py): a diagnosis
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


def test_a_mistake_no_variant_or_form_makes_is_named_by_its_op_alone(batch):
    # tanh's rule `1 - t**3`: no variant makes it and no classic form fits; before session 25 nothing was said,
    # now the op whose own probe shows its rule wrong is named, "unmatched" (grader/diagnose/local_rules.py)
    _, rows, *_ = batch
    row = rows["unknown-mistake"]
    assert row["score"] < row["max_score"]
    assert [(d["kind"], d["op"], d["form"]) for d in row["diagnosis"]] == [("derivative", "tanh", "unmatched")]
    assert row["diagnosis"][0]["title"] == ("Your tanh backward gives a local derivative no classic mistake explains "
                                            "(it should pass (1 − t²) · out.grad, t = tanh(x))")


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
        # the places come from the where_written probe's run (every finding placed in both)
        assert [{k: v for k, v in f.items() if k not in ("file", "line")}
                for f in findings({"diagnosis": again})] == without_lines, sid


def test_after_one_batch_every_variant_is_in_the_cache(batch):
    """The variants run under the same cache key as a submission (the grade of record's: with its drawn inputs,
    grader/judge/drawn.py): the next batch runs none of them."""
    from grader.judge.drawn import for_record
    from grader.judge.expectations import Expectations

    *_, cache_dir = batch
    suite, cache = load_suite("engine"), ObservationCache(cache_dir)
    suite = for_record(suite, Expectations(suite))
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


class _NoSandbox:
    """A sandbox that must not be used: the engine suite's variants are stored (variant_runs.json)."""

    def __getattr__(self, name):
        raise AssertionError(f"the variants were observed again (sandbox.{name})")


def test_one_submissions_failing_diagnosis_costs_no_other_its_variants(batch, monkeypatch, capsys):
    """A diagnosis that fails on one row's observations is that row's alone. On 8fbbebb the batch asked each row
    in turn whether it needed the variant book, inside one try: a forged report's 4000-digit int (the protocol
    took ints then) overflowed compare.same_values on the first row, and every row of the batch lost its variant
    finding (bob's `=` in __mul__ became a bare hint), by the order the rows came in."""
    import dataclasses

    from grader.diagnose import diagnose_batch
    from grader.load import load_entry

    result, rows, _ = batch
    bug = load_entry(SUBMISSIONS / "bug-mul-assign", frozenset({"engine.py"}))
    first = dataclasses.replace(bug, id="aa-first")  # diagnosed before bug-mul-assign
    runs = {first.id: copy.deepcopy(result.runs["bug-mul-assign"]), bug.id: result.runs["bug-mul-assign"]}
    tests = [{"name": t["name"], "status": t["status"]} for t in rows["bug-mul-assign"]["tests"]]
    honest = Diagnoser.wrong_probes
    # the first row's run, told by an observation of its own (diagnose() reads a copy of the run without the
    # probes that report places: diagnose/written_at.py's set_aside)
    mark = next(name for name in runs[first.id]["probes"] if name != "where_written")

    def wrong_probes(self, run, outcomes):
        if (run.get("probes") or {}).get(mark) is runs[first.id]["probes"][mark]:
            raise OverflowError("int too large to convert to float")
        return honest(self, run, outcomes)

    monkeypatch.setattr(Diagnoser, "wrong_probes", wrong_probes)
    suite = load_suite("engine")
    diagnoses = diagnose_batch(suite, [first, bug], runs, {first.id: tests, bug.id: tests},
                               expectations=Expectations(suite), sandbox=_NoSandbox())
    assert diagnoses[first.id] == []
    assert [d["variant"] for d in diagnoses[bug.id] if d.get("kind") == "variant"] == ["mul-assign-not-accumulate"]
    assert [d["variant"] for d in findings(rows["bug-mul-assign"])] == ["mul-assign-not-accumulate"]
    err = capsys.readouterr().err
    assert err.count("internal error while diagnosing 'aa-first'") == 1
    assert "while observing the variants" not in err


def test_a_probe_that_reports_places_is_set_aside_before_observations_are_compared_whatever_its_name():
    # written_at.set_aside reads the mark (@probekit.places), not a name: every marked probe leaves the run the
    # diagnosis compares; where_written's own observation is handed back to place the findings
    import types

    from grader import probekit
    from grader.diagnose.written_at import set_aside

    probes = {"add_values": lambda V: {}, "where_written": probekit.places(lambda V: {}),
              "lines_too": probekit.places(lambda V: {})}
    suite = types.SimpleNamespace(probe_names=list(probes), probe=probes.__getitem__)
    ok = {"status": "ok", "values": {"y": 1.0}}
    where = {"status": "ok", "values": {"add": {"written": {}, "ran": []}}}
    run = {"status": "ok", "probes": {"add_values": ok, "where_written": where, "lines_too": ok}}
    assert set_aside(run, suite) == ({"status": "ok", "probes": {"add_values": ok}}, where)
    without = {"status": "ok", "probes": {"add_values": ok, "lines_too": ok}}
    assert set_aside(without, suite) == ({"status": "ok", "probes": {"add_values": ok}}, None)
    assert set_aside({"status": "ok", "probes": {"add_values": ok}}, suite) == (
        {"status": "ok", "probes": {"add_values": ok}}, None)
    assert set_aside(None, suite) == (None, None)
