"""Diagnosis (issue 8, issue 12), its parts on their own, without the graded batch of tests/test_diagnose.py: the
evidence table, the titles, what each test reads, the hints the source alone shows, and `grade check`."""

from diagnose_support import LIMITS, _hints, _Submission

from grader.diagnose import Diagnoser
from grader.diagnose.evidence import lead_in, table
from grader.diagnose.hints import static_hints
from grader.judge.plugin import Expectations
from grader.suites import load_suite
from grader.variants import VARIANTS, reference_source, variant


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



def test_a_hint_in_a_notebook_names_the_cell_and_its_line_not_the_joined_codes(tmp_path):
    # session 32: the starter notebook's `self.grad = out.grad` (cell 7, line 34) was told "Line 38 (and 4 more
    # lines)", the line of the cells joined, by the student wheel's check() and `grade check x.ipynb`
    import json

    from grader.diagnose import _in_students_terms
    from grader.i18n import Message, translator
    from grader.load import load_entry

    rule = ("class Value:\n    def __init__(self, data, _children=()):\n        self.data, self.grad = data, 0\n"
            "        self._prev = _children\n    def __add__(self, other):\n        out = Value(self.data + other.data, "
            "(self, other))\n        def _backward():\n            self.grad = out.grad\n"
            "            other.grad = out.grad\n        out._backward = _backward\n        return out\n")
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# Gradients add up"},
             {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": "import math"},
             {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": rule}]
    (tmp_path / "nb.ipynb").write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                                    "nbformat_minor": 5}), encoding="utf-8")
    submission = load_entry(tmp_path / "nb.ipynb")
    (hint,) = _in_students_terms(static_hints(submission.files), submission)
    assert (hint["hint"], hint["file"], hint["cell"], hint["line"]) == ("assign-grad", "nb.ipynb", 3, 8)
    said = {lang: translator(lang).render(Message.from_json(hint["messages"]["explanation"]))
            for lang in ("en", "ru", "zh")}
    assert hint["explanation"] == said["en"]
    assert said["en"].startswith("In cell 3: Line 8 (and 1 more line): `_backward` (in `__add__`) assigns `self.grad")
    assert said["ru"].startswith("В ячейке 3: Строка 8 (и ещё 1 строка): ")
    assert said["zh"].startswith("在第 3 个单元格中：第 8 行（另有 1 行）：")
    # a .py file's line is its own: said as it was
    (tmp_path / "bob.py").write_text(rule, encoding="utf-8")
    bob = load_entry(tmp_path / "bob.py")
    (hint,) = _in_students_terms(static_hints(bob.files), bob)
    assert hint["explanation"].startswith("Line 8 (and 1 more line): ") and hint["file"] == "bob.py"

# -- the student sees it before handing in (grade check) ----------------------------------------------------


def test_grade_check_shows_the_diagnosis_of_the_visible_failures(tmp_path):
    from grader.classroom.student_check import check, report_lines

    (tmp_path / "engine.py").write_text(variant("tanh-assign-not-accumulate").source(), encoding="utf-8")
    result = check(tmp_path / "engine.py", "03-tanh", limits=LIMITS)
    (finding,) = result.diagnosis
    assert finding["variant"] == "tanh-assign-not-accumulate" and finding["tests"] == ["tanh/two"]  # tanh/two holds two tanhs since session 26 (probes26)
    assert finding["line"] > 0  # the static hint about `=` lends the finding its line
    why = [line for line in report_lines(result) if line.startswith("why:  ")]
    # with the place the finding carries, as the feedback pages and `grade ci` say it (before session 34: none)
    assert why == [f"why:  {finding['title']} (engine.py, line {finding['line']}). {finding['explanation']}"]


def test_grade_check_names_the_op_whose_rule_holds_the_planted_assignment(tmp_path):
    # 04's one visible probe that sees `=` in `__mul__`'s first line alone, y = (a - 2) * (2 - a), gives a.grad = 1.5
    # as `=` in `__add__` does, and `=` in both of `*`'s lines is refuted by the probes it passes: before, the finding
    # named `__add__` at line 47, in `__mul__` (same_line._named_by_its_line)
    from grader.classroom.starters import solution_files
    from grader.classroom.student_check import check

    solution = solution_files("04-more-ops")["engine.py"]
    planted = solution.replace("self.grad += other.data * out.grad", "self.grad = other.data * out.grad", 1)
    assert planted != solution
    (tmp_path / "engine.py").write_text(planted, encoding="utf-8")
    (finding,) = check(tmp_path / "engine.py", "04-more-ops", limits=LIMITS).diagnosis
    assert (finding["variant"], finding["file"], finding["line"], finding["tests"]) == (
        "mul-assign-not-accumulate", "engine.py", 47, ["sub/constant"])
    assert finding["title"] == ("Your gradients match an engine that overwrites `grad` with `=` instead of adding "
                                "with `+=` in `__mul__`'s backward")
    assert finding["explanation"].startswith("For y = (a - 2) * (2 - a) at a = 0.5 (reflected subtraction: 2 - a), "
                                             "a.grad is 1.5, not 3.0. ")


def _assign_finding(name, places):
    from grader.diagnose.evidence import finding_words
    from grader.diagnose.same_line import place_accumulate
    from grader.i18n import items, msg

    v = variant(name)
    entry = finding_words({"kind": "variant", "variant": name, "concept": v.concept, "tests": ["t"]},
                          msg("Your gradients match {engines}", engines=items([lead_in(v)], join="or")),
                          msg("for y = a * a at a = 3, a.grad is 3.0, not 6.0"), v.explanation_message())
    place_accumulate(entry, {"hint": "assign-grad", "file": "engine.py", "line": places[0][0],
                             "places": [{"line": n, "function": f} for n, f in places]})
    return entry


def test_an_assignment_finding_names_the_op_its_line_is_in_not_the_one_the_numbers_could_not_tell_apart():
    moved = _assign_finding("add-assign-not-accumulate", [(47, "__mul__")])
    assert (moved["variant"], moved["line"]) == ("mul-assign-not-accumulate", 47)
    assert moved["title"] == ("Your gradients match an engine that overwrites `grad` with `=` instead of adding "
                              "with `+=` in `__mul__`'s backward")
    assert moved["explanation"] == ("For y = a * a at a = 3, a.grad is 3.0, not 6.0. "
                                    + variant("mul-assign-not-accumulate").explanation)
    # an op no variant is made for: its method is named, the words of `=` kept
    sub = _assign_finding("add-assign-not-accumulate", [(12, "__sub__")])
    assert (sub["variant"], sub["line"]) == ("add-assign-not-accumulate", 12)
    assert sub["title"] == ("Your gradients match an engine that overwrites `grad` with `=` instead of adding "
                            "with `+=` in `__sub__`'s backward")
    # the op's own line among others, or a line every op runs (the walk, a helper): nothing contradicts the numbers
    kept = _assign_finding("add-assign-not-accumulate", [(47, "__mul__"), (35, "__add__")])
    assert (kept["variant"], kept["line"]) == ("add-assign-not-accumulate", 35)
    walk = _assign_finding("add-assign-not-accumulate", [(47, "__mul__"), (80, "backward")])
    assert (walk["variant"], walk["line"]) == ("add-assign-not-accumulate", 80)
    assert "`__add__`'s backward" in walk["title"]


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


def test_syntax_of_a_newer_python_is_named_with_the_graders_version_and_the_students_place():
    """A student's Python 3.12 runs these lines, the grader's 3.11 refuses them (session 28's strangers: an engine
    whose f-string reused its quotes, 0/63 with no word of a version): the hint names the line as the student knows
    it, the version that graded, and a fix that works in every Python."""
    from grader.diagnose.newer_syntax import newer_syntax_hint
    from grader.i18n import Message, translator

    source = ("class Value:\n    def __init__(self, data):\n        self.data = data\n"
              "    def __repr__(self):\n        return f\"Value({self.__dict__.get(\"data\")})\"\n"
              "type Number = float | int\n" "def first[T](xs: list[T]) -> T:\n    return xs[0]\n"
              "class Box[T]:\n    pass\n" "x = (1 +\n")
    files = {"engine.py": source.encode()}

    def hint(line, error="SyntaxError: invalid syntax", python="3.11.2", exception="SyntaxError", **kw):
        found = newer_syntax_hint(files, {"error": error, "exception": exception,
                                          "where": {"file": "engine.py", "line": line}}, python, **kw)
        return found and (found["syntax"], found["line"], found["title"])

    assert hint(5, "SyntaxError: f-string: unmatched '('") == (
        "f-string", 5, "engine.py, line 5 needs a newer Python than the grader's (3.11.2)")
    assert hint(6) == ("type-statement", 6, "engine.py, line 6 needs a newer Python than the grader's (3.11.2)")
    assert hint(7)[0] == hint(9)[0] == "type-parameters"
    assert hint(11) is None  # a SyntaxError of its own: no version to blame
    # lines as Python numbers them: a form feed or U+2028 in a comment splits no line
    assert newer_syntax_hint({"engine.py": "# a\x0cb \u2028 c\ntype Number = float\n".encode()},
                             {"error": "SyntaxError: invalid syntax", "exception": "SyntaxError",
                              "where": {"file": "engine.py", "line": 2}}, "3.11.2")["syntax"] == "type-statement"
    assert hint(6, python="3.12.1") is None  # where the syntax exists, the error is the student's
    assert hint(6, exception="NameError") is None
    # the title names the student's own file and cell (Submission.place), not the engine.py the sandbox saw
    in_notebook = hint(6, student_place=lambda file, line: {"file": "bob.ipynb", "cell": 3, "line": line - 4})
    assert in_notebook[2] == "bob.ipynb, cell 3, line 2 needs a newer Python than the grader's (3.11.2)"
    found = newer_syntax_hint(files, {"error": "SyntaxError: f-string: unmatched '('", "exception": "SyntaxError",
                                      "where": {"line": 5}}, "3.11.2")
    assert found["explanation"].startswith("This line has an f-string that Python 3.12 and later read")
    assert translator("ru").render(Message.from_json(found["messages"]["title"])) == (
        "engine.py, строка 5: нужен Python новее, чем у проверяющей программы (3.11.2)")
    assert translator("zh").render(Message.from_json(found["messages"]["explanation"])).startswith(
        "这一行有一个 Python 3.12 及更新版本才能读取的 f-字符串")


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
    # (named for backward: a recursive function that backward() never calls is no sort of its, strangers24)
    recursive = reference_source().replace("class Value:",
                                           "def backward_topo(v):\n    backward_topo(v)\n\n\nclass Value:")
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
