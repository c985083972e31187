"""lang26: a Russian and a Chinese student's `grade check` read for English words in their sentence.

Fresh buggy submissions (a `*` rule that puts a Value into `grad`, a `+` rule that doubles its gradient until it
overflows, an MLP without biases, a test file that catches nothing) were graded with `--lang ru` and `--lang zh`:
- a probe's own words (probekit's `ObservationError`: `b.grad is a Value, not a number`, `x0.grad is inf, not a
  finite number`, `MLP [2, 4, 1] has 12 parameters, not 17`) stood in English inside the translated sentence, after
  «ваш движок выбросил исключение» / 你的引擎抛出了, as if the engine had raised them;
- 09-write-tests named the variant `mul-assign-not-accumulate` by its English title («движка, который overwrites
  `grad` with `=` …», 它overwrites …): a title made from parts has no catalog entry under its English text.
Each test here failed before."""

import ast
import json
import string
from pathlib import Path

import pytest

from grader.i18n import Message, translator

ROOT = Path(__file__).resolve().parents[1]


def _raised(path):
    """Each `ObservationError(...)` of a file: (file name, its first argument, its keywords' names)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == \
                "ObservationError" and node.args:
            first = node.args[0]
            template = first.value if isinstance(first, ast.Constant) else ast.dump(first)[:80]
            yield path.name, template, frozenset(k.arg for k in node.keywords)


def test_every_words_a_probe_raises_have_a_template():
    """The class: the first argument of every `ObservationError(...)` of probekit and the suites' probes is a
    template of grader/observe/probe_words.py, written out (not made there), and its keywords are the template's
    fields, so the worker reports them as data and a translated page says them."""
    from grader.observe.probe_words import TEMPLATES

    fields = {t: frozenset(f for _, f, _, _ in string.Formatter().parse(t) if f) for t in TEMPLATES}
    files = [ROOT / "grader" / "probekit.py", *sorted((ROOT / "grader" / "suites").glob("*/probes.py"))]
    raised = [site for path in files for site in _raised(path)]
    assert len(raised) >= 20
    assert [(name, template) for name, template, keywords in raised if fields.get(template) != keywords] == []


@pytest.mark.parametrize("raised, ru, zh", [
    (("{what} is a {type}, not a number", {"what": "b.grad", "type": "Value"}),
     "b.grad — объект типа Value, а не число", "b.grad 是 Value，不是数"),
    (("{what} is {value}, not a finite number", {"what": "x0.grad", "value": float("inf")}),
     "x0.grad равно inf, а не конечному числу", "x0.grad 是 inf，不是有限的数"),
    (("MLP [2, 4, 1] has {n} parameters, not {expected}", {"n": 12, "expected": 17}),
     "у MLP [2, 4, 1] параметров 12, а не 17", "MLP [2, 4, 1] 有 12 个参数，而不是 17 个"),
    (("{call} should return (w, b, losses); it returned a {type} of {n}",
      {"call": "fit_line(xs, ys)", "type": "tuple", "n": 2}),
     "fit_line(xs, ys) должен вернуть (w, b, losses); он вернул объект типа tuple из 2 элементов",
     "fit_line(xs, ys) 应当返回 (w, b, losses)；它返回的是含 2 个元素的 tuple")])
def test_a_probes_words_are_kept_as_a_message_and_said_in_the_language(raised, ru, zh):
    """The probe's ObservationError as the worker reports it (its text, and its template and fields as strings):
    the observer builds the message from the fields."""
    from grader.observe.protocol import parse_event
    from grader.probekit import ObservationError

    template, given = raised
    error, fields = str(ObservationError(template, **given)), {k: str(v) for k, v in given.items()}

    line = json.dumps({"event": "result", "probe": "p", "status": "error", "error": error, "where": None,
                       "template": template, "fields": fields}).encode()
    event = parse_event(line, "p")
    assert event["unreadable"] is True and event["error_message"]["text"] == error
    assert [translator(lang).render(event["error_message"]) for lang in ("ru", "zh")] == [ru, zh]
    # a student's own exception with the same words is theirs: no record, shown as it is
    theirs = json.dumps({"event": "result", "probe": "p", "status": "error", "error": error, "where": None,
                         "exception": "ValueError"}).encode()
    assert "error_message" not in parse_event(theirs, "p") and "unreadable" not in parse_event(theirs, "p")


@pytest.mark.parametrize("template, fields", [
    ("{who} forged this", {"who": "me"}),  # a template the grader does not know
    ("{what} is a {type}, not a number", {"what": "b.grad"}),  # a field missing
    ("{what} is a {type}, not a number", {"what": "b.grad", "type": "Value", "extra": "x"}),  # a field too many
    ("{what} is a {type}, not a number", {"what": "b.grad", "type": ["Value"]}),  # a field not a string
    ("{what} is a {type}, not a number", {"what": "c.grad", "type": "Value"}),  # words other than the text's
    ("{what} is a {type}, not a number", ["b.grad", "Value"]),  # fields not named
    (["{what} is a {type}, not a number"], {"what": "b.grad", "type": "Value"})])  # a template not a string
def test_a_forged_template_is_shown_as_the_plain_text(template, fields):
    """The student's code runs in the worker's process and can raise probekit's ObservationError (or write a
    result line) with anything in it: only a known template with exactly its fields, strings that make the text,
    becomes a message; anything else is the plain text, as a text no template makes was before."""
    from grader.observe.protocol import parse_event

    line = json.dumps({"event": "result", "probe": "p", "status": "error", "error": "b.grad is a Value, not a number",
                       "where": None, "template": template, "fields": fields}).encode()
    event = parse_event(line, "p")
    assert (event["error"], "error_message" in event, "unreadable" in event) == (
        "b.grad is a Value, not a number", False, False)


FORGER = b"""import sys


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data, self.grad, self._backward = data, 0.0, lambda: None

    def __mul__(self, other):
        raise sys.modules["probekit"].ObservationError("{who} forged this {n}", who="the engine", n=3)

    def __add__(self, other):
        raise sys.modules["probekit"].ObservationError("{what} is a {type}, not a number", what="x", type="V", by=1)
"""


def test_a_forged_template_from_a_students_engine_is_shown_as_the_plain_text(tmp_path):
    """End to end, in the sandbox: an engine that raises the grader's own ObservationError, with a template of its
    own or a known one with a field it does not name, is shown as its plain text: no message, not unreadable."""
    from grader.pipeline import grade
    from grader.sandbox import Limits

    (tmp_path / "forger").mkdir()
    (tmp_path / "forger" / "engine.py").write_bytes(FORGER)
    result = grade(tmp_path / "forger", exercise="01-mul-backward", one_submission=True, jobs=1,
                   limits=Limits(probe_seconds=5, import_seconds=10, submission_seconds=60))
    (run,) = result.runs.values()
    said = {(p["error"], "error_message" in p, "unreadable" in p) for p in run["probes"].values()
            if p["status"] == "error" and "Error" not in p["error"]}  # the engine's own failures aside
    assert said == {("the engine forged this 3", False, False), ("x is a V, not a number", False, False)}


def test_a_failed_test_says_the_probe_could_not_read_what_the_engine_gave():
    """The judge's sentence for an unreadable value: not «raised» (the engine raised nothing), in the language."""
    from grader.i18n import msg

    got = msg("gave what the grader cannot read: {error}",
              error=Message.from_json({"id": "{what} is a {type}, not a number",
                                       "params": {"what": "b.grad", "type": "Value"}}))
    said = msg("{expression}: your engine {got}", expression="y = a * b", got=got)
    assert [translator(lang).render(said) for lang in ("en", "ru", "zh")] == [
        "y = a * b: your engine gave what the grader cannot read: b.grad is a Value, not a number",
        "y = a * b: ваш движок выдал то, что грейдер не может прочитать: b.grad — объект типа Value, а не число",
        "y = a * b：你的引擎给出了评分器无法读取的结果：b.grad 是 Value，不是数"]


def test_09_names_every_engine_by_its_title_in_the_language():
    """The class: every variant 09-write-tests runs a student's tests against is named in the student's language
    (its title as a message record in engines.json); the exact words for the one whose title is made from parts."""
    from grader.suites import SUITES, suite_module

    suite = suite_module(SUITES / "09-write-tests", "test_write_tests")
    engines = json.loads((SUITES / "09-write-tests" / "engines.json").read_text(encoding="utf-8"))
    untranslated = [v["name"] for v in engines["variants"]
                    if translator("ru").render(suite._engine(v)) == str(suite._engine(v)).replace(
                        "an engine that", "движка, который").replace("an engine in which", "движка, в котором")]
    assert untranslated == []
    assign = next(v for v in engines["variants"] if v["name"] == "mul-assign-not-accumulate")
    said = suite._engine(assign)
    assert str(said) == "an engine that overwrites `grad` with `=` instead of adding with `+=` in `__mul__`'s backward"
    assert translator("ru").render(said) == (
        "движка, который перезаписывает `grad` через `=`, а не прибавляет через `+=`, в обратном правиле `__mul__`")
    assert translator("zh").render(said) == "它在 `__mul__` 的反向传播中用 `=` 覆盖 `grad`，而不是用 `+=` 累加"


@pytest.mark.parametrize("op, zh", [
    ("add", "给出的局部导数与任何常见错误都对不上（应当传递 out.grad 给两个操作数）"),
    ("mul", "给出的局部导数与任何常见错误都对不上（应当传递 b · out.grad 给 a，a · out.grad 给 b）"),
    ("rsub", "给出的局部导数与任何常见错误都对不上（应当传递 −out.grad 给 `2 - x` 中的 x）"),
    ("tanh", "给出的局部导数与任何常见错误都对不上（应当传递 (1 − t²) · out.grad, t = tanh(x)）")])
def test_what_a_rule_should_pass_reads_as_chinese(op, zh):
    """«（应当传递：给两个操作数的 out.grad）» ("should pass: to-both-operands' out.grad") read as a phrase cut in two:
    the rule's words are `X 给 Y` after «应当传递», and a formula reads the same there."""
    from grader.diagnose.derivatives import SHOULD
    from grader.i18n import msg

    said = msg("gives a local derivative no classic mistake explains (it should pass {should})", should=SHOULD[op])
    assert translator("zh").render(said) == zh


def test_the_xor_predictions_are_listed_as_chinese_lists_them():
    """The predictions were joined with `, ` before the message was made: «-0.0, -0.0, 1.0, -1.0；… -1、1、1、-1»."""
    from grader.judge import Mismatch
    from grader.suites import SUITES, suite_module

    suite = suite_module(SUITES / "07-mlp-xor", "test_mlp_xor_training")
    with pytest.raises(Mismatch) as failed:
        suite._course_seed({"predictions": [-0.0, -0.0, 1.0, -1.0], "steps": 1000})
    said = translator("zh").render(failed.value.message)
    assert "1000 步之后 (0,0)、(0,1)、(1,0)、(1,1) 的预测值是 -0.0、-0.0、1.0、-1.0；参考实现在 204 步后就是 -1、1、1、-1" in said
    assert "after 1000 steps the predictions for (0,0), (0,1), (1,0), (1,1) are -0.0, -0.0, 1.0, -1.0;" in str(
        failed.value.message)
