"""Session 43's diagnosis helper (diag43): feedback that names the student's actual bug.

(a) A backward() whose sort keeps an explicit stack and appends each node to its order as it pops it (pre-order:
before its inputs are done), the order then walked reversed, was named "Your gradients match an engine that calls
the backward rules in topological order instead of reversed, or ... calls only the output's own backward rule", with
no line (session 42 named the recursive sort's pre-order append only). The sort is now read (pre_order.stack_line):
the walk `reversed-pre-order` is tried, placed at the `append`, and said in the stack's terms. Two shapes, as
students write them into exercises/05-backward's engine (the starter with the student's backward, built here): the sort inside the method, and in a function of the module
the method calls; each beside a correct engine of the same shape (a node pushed back with a mark; a stack of
iterators), which scores full and is told nothing.
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named

from grader.i18n import translator
from grader.pipeline import grade

STARTER = Path(__file__).parent.parent / "exercises" / "05-backward" / "engine.py"
TODO = ('        # TODO(05-backward): your code here\n'
        '        raise NotImplementedError("05-backward: write Value.backward")\n')

# the sort in the method: a stack of pairs (correct), and of nodes, each appended as it is popped (pre-order)
IN_METHOD = """\
        topo = []
        visited = set()
        stack = [{root}]
        while stack:
{pop}
            if v in visited:
                continue
            visited.add(v)
{push}
        self.grad = 1
        for node in reversed(topo):
            node._backward()
"""
# the sort in a function of the module the method calls: a stack of iterators (correct), and of nodes (pre-order)
CALLING = """\
        self.grad = 1
        for node in reversed(build_order(self)):
            node._backward()
"""
FUNCTION = """

def build_order(root):
    order, seen = [], set()
{body}
    return order
"""
SOURCES = {
    "correct-stack-method": (IN_METHOD.format(
        root="(self, False)",
        pop="            v, done = stack.pop()\n            if done:\n                topo.append(v)\n                continue",
        push="            stack.append((v, True))\n            for child in v._prev:\n"
             "                stack.append((child, False))"), ""),
    "bug-stack-preorder-method": (IN_METHOD.format(
        root="self", pop="            v = stack.pop()",
        push="            topo.append(v)\n            for child in v._prev:\n                stack.append(child)"), ""),
    "correct-stack-function": (CALLING, FUNCTION.format(body="""\
    todo = [(root, iter(root._prev))]
    seen.add(root)
    while todo:
        node, inputs = todo[-1]
        child = next(inputs, None)
        if child is None:
            todo.pop()
            order.append(node)
        elif child not in seen:
            seen.add(child)
            todo.append((child, iter(child._prev)))""")),
    "bug-stack-preorder-function": (CALLING, FUNCTION.format(body="""\
    todo = [root]
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        order.append(node)
        todo.extend(node._prev)""")),
}


# the tests a wrong order loses on 05-backward: every graph with a node below the output's direct inputs
WRONG_ORDER = ["deep/10000-chain", "deep/long-sum", "graph/micrograd-sanity", "graph/random", "once/ladder",
               "once/shared-intermediate", "order/chain", "order/nested-diamonds", "order/reused-intermediate",
               "seed/out-grad-is-one"]


@slow_fixture(scope="module")
def backward_rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag43-backward")
    starter = STARTER.read_text(encoding="utf-8")
    assert starter.count(TODO) == 1
    (tmp / "class").mkdir()
    for case, (method, module) in SOURCES.items():
        (tmp / "class" / f"{case}.py").write_text(starter.replace(TODO, method) + module, encoding="utf-8")
    result = grade(tmp / "class", exercise="05-backward", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


# id -> (score, the tests not passed, diagnosis); before: the pre-order ones ("variant", "forward-order", "exact")
BACKWARD_TABLE = {
    "bug-stack-preorder-method": (6.0, WRONG_ORDER, [("walk", "reversed-pre-order", "exact")]),
    "bug-stack-preorder-function": (6.0, WRONG_ORDER, [("walk", "reversed-pre-order", "exact")]),
    "correct-stack-method": (25.0, [], []),
    "correct-stack-function": (25.0, [], []),
}


def test_every_backward_submission_is_in_the_table(backward_rows):
    assert sorted(backward_rows) == sorted(BACKWARD_TABLE) == sorted(SOURCES)


@pytest.mark.parametrize("case", sorted(BACKWARD_TABLE))
def test_each_backward_submission_scores_and_is_named(backward_rows, case):
    assert backward_rows[case]["status"] == "graded", backward_rows[case]["message"]
    assert_scored_and_named(backward_rows[case], BACKWARD_TABLE[case])


@pytest.mark.parametrize("case,line", [("bug-stack-preorder-method", 75), ("bug-stack-preorder-function", 91)])
def test_a_stack_that_lists_a_node_as_it_pops_it_is_named_at_its_append(backward_rows, case, line):
    finding = backward_rows[case]["diagnosis"][0]
    assert (finding["file"], finding["line"], finding["form"]) == (f"{case}.py", line, "stack")
    assert (finding["title"], finding["explanation"]) == (
        "Your backward() lists each node in its order as it pops it from the stack, before its inputs are done "
        "(pre-order), so walked reversed, a node's rule runs before its consumers have added to its grad",
        "For c = a * b; y = c * c + c at a = 1.5, b = -2, c.grad is 1.0, not -5.0. A topological order lists every "
        "node after all of its inputs. A node appended when it is popped comes before the inputs pushed after it, "
        "and the reversed list runs the rules of the nodes nearest the leaves first, while nothing has reached "
        "their grad yet. Append a node only once its inputs are done: push it back with a mark before its inputs "
        "(`stack.append((v, True))`) and append it when it is popped the second time, and keep walking the order "
        "reversed.")


def test_the_stack_s_words_are_said_in_russian_and_chinese(backward_rows):
    title = backward_rows["bug-stack-preorder-method"]["diagnosis"][0]["messages"]["title"]
    assert translator("ru").render(title).startswith(
        "Ваш backward() добавляет каждый узел в порядок, как только снимает его со стека")
    assert translator("zh").render(title).startswith("你的 backward() 在把节点从栈中弹出时就把它加入顺序")
