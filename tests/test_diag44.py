"""Session 44's diagnosis helper (diag44): a gradient that holds a Value, charged once and named at its line.

An engine whose backward puts a Value into `.grad` (`self.grad += other * out.grad`: the node, not its `.data`)
scored 0/25 on 05-backward, every test saying "a.grad is a Value, not a number", and its diagnosis was empty. Now
05-backward's probes read such a grad off its `.data` (probekit.grad; the worker reports which grads held a Value as
the field `value_grads`), the test of the first charging probe that shows it charges it (judge/value_grads.py:
seed/out-grad-is-one, else order/chain), every other test compares the numbers, and the diagnosis names the line
that does it with the statement as it should be written (diagnose/value_grads.py).

The engines are fresh, written for this file (tests/fixtures/diag44/, and made here from them with one line
changed: MADE), the mistake in different forms: `_backward` closures (mul only, `+=`; every op, `= ... +`), a table
of local rules, a tape, a seed `Value(1.0)`, relu's rule only (a probe the seed's graph does not use), `+= out` (the
node where its gradient belongs, whose numbers are wrong too), and three correct engines: closures, the table's and
the tape's styles.
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag43 import CALLING, SOURCES, STARTER, TODO
from test_fresh_styles import LIMITS

from grader.i18n import translator
from grader.judge.value_grads import charge
from grader.observe.protocol import ProtocolError, parse_event
from grader.pipeline import grade

FIXTURES = Path(__file__).parent / "fixtures" / "diag44"
CHARGING = ("seed_gradient", "chain")

# the tests an engine loses when add's rule adds `out`, whose `.data` is not its gradient: every graph with a sum
ADDS_OUT = ["deep/10000-chain", "deep/long-sum", "graph/micrograd-sanity", "graph/random", "once/ladder",
            "once/shared-intermediate", "order/chain", "order/diamond", "order/nested-diamonds",
            "order/reused-intermediate", "seed/out-grad-is-one"]

# id -> (score, the tests not passed, (what, line, the statement, as it should be)); before session 44: 0/25 but
# relu_only 18/25 (every test that reads a relu) and adds_out 4/25 (the same), the correct ones 25/25
TABLE = {
    "closure_mul_only": (23.0, ["seed/out-grad-is-one"],
                         ("a.grad", 28, "self.grad += other * out.grad", "self.grad += other.data * out.grad")),
    "closure_every_op": (23.0, ["seed/out-grad-is-one"],
                         ("a.grad", 18, "self.grad = self.grad + Value(1.0) * out.grad",
                          "self.grad = self.grad + 1.0 * out.grad")),
    "rule_table": (23.0, ["seed/out-grad-is-one"], ("a.grad", None, None, None)),
    "tape": (23.0, ["seed/out-grad-is-one"], ("a.grad", 45, "a.grad += b * out.grad", "a.grad += b.data * out.grad")),
    "seed_value": (23.0, ["seed/out-grad-is-one"], ("y.grad", 58, "self.grad = Value(1.0)", "self.grad = 1.0")),
    "relu_only": (23.0, ["order/chain"], ("a.grad", 43, "self.grad += Value(float(out.data > 0)) * out.grad",
                                          "self.grad += float(out.data > 0) * out.grad")),
    "adds_out": (4.0, ADDS_OUT, ("a.grad", 16, "self.grad += out", "self.grad += out.grad")),
    "correct_rule_table": (25.0, [], None),
    "correct_tape": (25.0, [], None),
    "closures": (25.0, [], None),
}


# id -> (the fixture it is made from, its line as written there, the line in its place)
MADE = {
    "seed_value": ("closures", "        self.grad = 1.0\n", "        self.grad = Value(1.0)\n"),
    "relu_only": ("closures", "self.grad += (out.data > 0) * out.grad",
                  "self.grad += Value(float(out.data > 0)) * out.grad"),
    "adds_out": ("closures", "            self.grad += out.grad\n            other.grad += out.grad\n",
                 "            self.grad += out\n            other.grad += out\n"),
    "correct_rule_table": ("rule_table", '"*": lambda a, b: (b, a),', '"*": lambda a, b: (b.data, a.data),'),
    "correct_tape": ("tape", "a.grad += b * out.grad\n                b.grad += a * out.grad",
                     "a.grad += b.data * out.grad\n                b.grad += a.data * out.grad"),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag44")
    (tmp / "class").mkdir()
    for path in FIXTURES.glob("*.py"):
        (tmp / "class" / path.name).write_bytes(path.read_bytes())
    for case, (base, line, instead) in MADE.items():
        text = (FIXTURES / f"{base}.py").read_text(encoding="utf-8")
        assert text.count(line) == 1, case
        (tmp / "class" / f"{case}.py").write_text(text.replace(line, instead), encoding="utf-8")
    result = grade(tmp / "class", exercise="05-backward", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def test_every_fixture_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([p.stem for p in FIXTURES.glob("*.py")] + list(MADE))


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_engine_scores_and_is_named_at_its_line(rows, case):
    row = rows[case]
    score, failing, named = TABLE[case]
    assert row["status"] == "graded", row["message"]
    assert (row["score"], sorted(t["name"] for t in row["tests"] if t["status"] != "passed")) == (score, failing)
    if named is None:
        assert row["diagnosis"] == []
        return
    what, line, code, fix = named
    assert [d["kind"] for d in row["diagnosis"]] == ["value-grad"]
    finding = row["diagnosis"][0]
    assert (finding["what"], finding["type"], finding.get("line"), finding.get("code"), finding.get("fix")) == (
        what, "Value", line, code, fix)
    assert sorted(finding["tests"]) == failing
    assert finding.get("file") == (f"{case}.py" if line else None)


def test_the_charged_test_says_what_the_grad_holds(rows):
    seed = next(t for t in rows["closure_mul_only"]["tests"] if t["name"] == "seed/out-grad-is-one")
    assert (seed["status"], seed["output"]) == ("failed", (
        "y = a * b + b at a = 2, b = 3; y.grad after y.backward(): your engine put a Value into a.grad where a number "
        "belongs (its number is in the Value's `.data`): a gradient is a number"))
    assert translator("ru").render(seed["output_message"]) == (
        "y = a * b + b при a = 2, b = 3; y.grad после y.backward(): ваш движок положил в a.grad объект типа Value там, "
        "где должно быть число (само число — в его `.data`): градиент — это число")
    assert translator("zh").render(seed["output_message"]) == (
        "a = 2, b = 3 时的 y = a * b + b；y.backward() 之后的 y.grad：你的引擎在 a.grad 中放入了 Value，而那里应该是数"
        "（数值在这个 Value 的 `.data` 里）：梯度是一个数")


def test_the_finding_s_words(rows):
    finding = rows["closure_mul_only"]["diagnosis"][0]
    assert (finding["title"], finding["explanation"]) == (
        "Your engine puts a Value into `grad`, not a number",
        "For y = a * b + b at a = 2, b = 3; y.grad after y.backward(), a.grad is a Value (its `.data` is 3.0), not a "
        "number. Line 28: `self.grad += other * out.grad` puts a Value where a number belongs. A gradient is a number: "
        "each rule adds its local derivative, a number (mul's is the other operand's `.data`), times `out.grad`. "
        "Write `self.grad += other.data * out.grad`.")
    unplaced = rows["rule_table"]["diagnosis"][0]["explanation"]
    assert unplaced.endswith(
        "not a number. A rule adds a node where its number belongs (`other` where `other.data` belongs), or the seed "
        "is a Value. A gradient is a number: each rule adds its local derivative, a number (mul's is the other "
        "operand's `.data`), times `out.grad`.")


def test_the_finding_is_said_in_russian_and_chinese(rows):
    messages = rows["closure_mul_only"]["diagnosis"][0]["messages"]
    ru, zh = translator("ru"), translator("zh")
    assert ru.render(messages["title"]) == "Ваш движок кладёт в `grad` объект типа Value, а не число"
    assert zh.render(messages["title"]) == "你的引擎把 Value 放进了 `grad`，而不是数"
    assert ru.render(messages["explanation"]) == (
        "Для y = a * b + b при a = 2, b = 3; y.grad после y.backward() a.grad — объект типа Value (его `.data` равно "
        "3.0), а не число. Строка 28: `self.grad += other * out.grad` кладёт объект типа Value туда, где должно быть "
        "число. Градиент — это число: каждое правило добавляет свою локальную производную (число; у умножения это "
        "`.data` другого операнда), умноженную на `out.grad`. Напишите `self.grad += other.data * out.grad`.")
    assert zh.render(messages["explanation"]) == (
        "对于 a = 2, b = 3 时的 y = a * b + b；y.backward() 之后的 y.grad，a.grad 是 Value（它的 `.data` 是 3.0），不是数。"
        "第 28 行：`self.grad += other * out.grad` 把 Value 放在了应该是数的地方。梯度是一个数：每条规则加上它的局部导数"
        "（一个数；乘法的局部导数是另一个操作数的 `.data`）乘以 `out.grad`。请写成 `self.grad += other.data * out.grad`。")


# -- the rule, on observations ------------------------------------------------------------------------------


def _ok(held=None):
    return {"status": "ok", "values": {}, **({"value_grads": held} if held else {})}


def test_the_first_charging_probe_that_shows_it_charges_it_and_no_other():
    run = {"seed_gradient": _ok({"a.grad": "Value"}), "chain": _ok({"a.grad": "Value"}),
           "diamond": _ok({"a.grad": "Value"})}
    assert str(charge("seed_gradient", run["seed_gradient"], run, CHARGING)) == (
        "put a Value into a.grad where a number belongs (its number is in the Value's `.data`): a gradient is a number")
    assert charge("chain", run["chain"], run, CHARGING) is None
    assert charge("diamond", run["diamond"], run, CHARGING) is None


def test_a_value_no_charging_probe_shows_is_charged_where_it_shows():
    run = {"seed_gradient": _ok(), "chain": _ok(), "diamond": _ok({"b.grad": "Node"})}
    assert charge("chain", run["chain"], run, CHARGING) is None
    assert str(charge("diamond", run["diamond"], run, CHARGING)).startswith("put a Node into b.grad")
    run["chain"] = _ok({"a.grad": "Node"})
    assert str(charge("chain", run["chain"], run, CHARGING)).startswith("put a Node into a.grad")
    assert charge("diamond", run["diamond"], run, CHARGING) is None


def test_a_suite_without_charging_probes_charges_every_test_that_shows_it():
    run = {"p": _ok({"a.grad": "Value"})}
    assert charge("p", run["p"], run, ()) is not None


def test_the_worker_s_field_is_checked_and_kept_only_where_a_grad_held_a_value():
    line = b'{"event":"result","probe":"p","status":"ok","values":{"a.grad":1.0},"value_grads":{"a.grad":"Value"}}'
    assert parse_event(line, "p")["value_grads"] == {"a.grad": "Value"}
    assert "value_grads" not in parse_event(b'{"event":"result","probe":"p","status":"ok","values":{"a.grad":1.0}}',
                                            "p")
    for bad in (b'["a.grad"]', b'{"a.grad":1}', b'{"' + b"x" * 201 + b'":"Value"}'):
        with pytest.raises(ProtocolError):
            parse_event((b'{"event":"result","probe":"p","status":"ok","values":{},"value_grads":' + bad + b"}"), "p")


def test_a_suite_that_does_not_read_value_grads_refuses_them_as_before():
    from grader import probekit

    class Node:
        data = 3.0

    before = probekit.READ_VALUE_GRADS[0]
    try:
        probekit.READ_VALUE_GRADS[0] = False
        with pytest.raises(probekit.ObservationError, match="a.grad is a Node, not a number"):
            probekit.grad(Node(), "a.grad")
        probekit.READ_VALUE_GRADS[0] = True
        del probekit.HELD[:]
        assert (probekit.grad(Node(), "a.grad"), probekit.HELD) == (3.0, [("a.grad", "Node")])
        assert (probekit.grad(2, "b.grad"), probekit.HELD) == (2.0, [("a.grad", "Node")])
    finally:
        probekit.READ_VALUE_GRADS[0] = before
        del probekit.HELD[:]


# -- (2) diag43's stack sort, and session 42's recursive one, in a helper module of the student's ------------------

CALLS_HELPER = "        from order import build_order\n\n" + CALLING
HELPERS = {  # the helper module order.py: diag43's module functions (a stack of nodes; of iterators), and recursive
    "stack-preorder": SOURCES["bug-stack-preorder-function"][1],
    "recursive-preorder": """\
def build_order(root):
    order, seen = [], set()

    def visit(node):
        if node not in seen:
            seen.add(node)
            order.append(node)
            for child in node._prev:
                visit(child)

    visit(root)
    return order
""",
    "correct-stack": SOURCES["correct-stack-function"][1],
}


@slow_fixture(scope="module")
def helper_rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag44-helper")
    starter = STARTER.read_text(encoding="utf-8")
    assert starter.count(TODO) == 1
    for case, helper in HELPERS.items():
        (tmp / "class" / case).mkdir(parents=True)
        (tmp / "class" / case / "engine.py").write_text(starter.replace(TODO, CALLS_HELPER), encoding="utf-8")
        (tmp / "class" / case / "order.py").write_text(helper, encoding="utf-8")
    result = grade(tmp / "class", exercise="05-backward", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def test_a_pre_order_sort_in_a_helper_module_is_named_at_its_append_there(helper_rows):
    # before: "Your gradients match an engine that calls the backward rules in topological order instead of
    # reversed, ..." (a variant, forward-order), with no file and no line
    found = {case: [(d["kind"], d.get("walk") or d.get("variant"), d.get("form"), d.get("file"), d.get("line"))
                    for d in row["diagnosis"]] for case, row in helper_rows.items()}
    assert found == {"stack-preorder": [("walk", "reversed-pre-order", "stack", "order.py", 11)],
                     "recursive-preorder": [("walk", "reversed-pre-order", None, "order.py", 7),
                                            ("variant", "recursive-topo", None, None, None)],
                     "correct-stack": []}
    assert {case: row["score"] for case, row in helper_rows.items()} == {
        "stack-preorder": 6.0, "recursive-preorder": 6.0, "correct-stack": 25.0}
    stack = helper_rows["stack-preorder"]["diagnosis"][0]
    assert stack["title"].startswith("Your backward() lists each node in its order as it pops it from the stack")
    assert translator("ru").render(stack["messages"]["title"]).startswith(
        "Ваш backward() добавляет каждый узел в порядок, как только снимает его со стека")
