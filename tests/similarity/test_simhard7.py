"""Session 24 (simhard7): the lines of a student's own code as written, each with a name at most two students of the
class write, are evidence for a copy (scores.named_lines, a sixth piece of evidence in Cohort.pairs): a copy keeps its
source's lines with the names its source chose, short ones too; two honest students who write the same plain lines
write them with the names everybody writes, and share none (docs/similarity.md)."""

from types import SimpleNamespace

import grader.similarity.cohort as cohort_module
from grader.similarity.cohort import Cohort, read_document
from grader.similarity.scores import NAMES_HELD_BY, line_hash, named_lines


def _document(text, own_lines, **kinds):
    """A document of one file, TEXT, whose fragment 1 covers the tokens of OWN_LINES (1-based) and 2 the others."""
    count = len(text.splitlines())
    lines = tuple(n for n in range(1, count + 1) for _ in range(9))
    units = [SimpleNamespace(file="f.py", lines=lines)]
    prints = {1: [SimpleNamespace(unit=0, start=9 * (n - 1)) for n in own_lines],
              2: [SimpleNamespace(unit=0, start=9 * (n - 1)) for n in range(1, count + 1) if n not in own_lines]}
    none = frozenset()
    return SimpleNamespace(texts={"f.py": text}, units=units, prints=prints, explained=kinds.get("explained", none),
                           variants=none, recombined=none, smoke=none)


def test_own_lines_with_a_name_at_most_two_write_right_stripped():
    a = _document("x = go(cur)   \nout = node + other\n# cur\ny = go(node)\n", own_lines=(1, 2, 3))
    b = _document("x = go(cur)\nout = node + other\n", own_lines=(1, 2))
    c = _document("out = node + other\ny = go(node)\n", own_lines=(1, 2))
    d = _document("node = go\n", own_lines=(1,))
    weights = {1: 0.5, 2: 0.0}  # fragment 2: common knowledge
    assert NAMES_HELD_BY == 2
    # cur is written by a and b; go, node, other and out by three or four; y by a and c, but a's line 4 is not own
    # code (fragment 2) and c's `y = go(node)` is: a line of c's own with a name two write
    assert named_lines([a, b, c, d], weights) == [{line_hash("x = go(cur)"): 1.0, line_hash("# cur"): 1.0},
                                                  {line_hash("x = go(cur)"): 1.0},
                                                  {line_hash("y = go(node)"): 1.0}, {}]
    # fragment 1 explained in b (a public source's, the reference's): none of b's lines is its own
    b = _document("x = go(cur)\nout = node + other\n", own_lines=(1, 2), explained={1})
    assert named_lines([a, b, c, d], weights)[1] == {}


COPIED = '''
def order(self, root):
    graph, done = [], set()
    stack = [root]
    while stack:
        cur = stack.pop()
        if cur not in done:
            done.add(cur)
            graph.append(cur)
            stack.extend(cur.children)
    return graph
'''
# the same code with the names everybody writes (two honest students who wrote the plain lines)
PLAIN = COPIED.replace("graph", "result").replace("done", "seen").replace("cur", "node")
OTHERS = ['''
def size(self, node):
    seen, result = set(), 0
    for child in node.children:
        if child not in seen:
            seen.add(child)
            result += 1
    return result
''', '''
def leaves(self, node):
    result = [n for n in node.children if not n.children]
    seen = set(result)
    return sorted(seen, key=id)
''', '''
def depth(self, node):
    result = 0
    seen = [node]
    while seen:
        seen = [c for n in seen for c in n.children]
        result += 1
    return result
''']


def _class(texts):
    def module(text):
        return "class Work:\n" + "".join("    " + line if line.strip() else line for line in text.splitlines(True))
    return Cohort([read_document(name, {"work.py": module(text)}) for name, text in texts.items()])


def test_a_copy_that_kept_its_sources_names_rises_and_two_honest_students_who_wrote_the_plain_lines_do_not(
        monkeypatch):
    texts = {"source": COPIED, "copy": COPIED, "honest1": PLAIN, "honest2": PLAIN} | {
        f"other{i}": text for i, text in enumerate(OTHERS)}
    group = _class(texts)
    lines = named_lines(group.documents, group.weights)
    # the copy's and its source's lines that hold graph, done or cur (two students write them); the plain lines'
    # names (result, seen, node, stack, root) are written by four students or more
    assert [len(lines[group.position[sid]]) for sid in ("source", "copy", "honest1", "honest2")] == [7, 7, 0, 0]
    with_lines = {(p.a, p.b): p.score for p in group.pairs()}
    monkeypatch.setattr(cohort_module, "named_line_scores", lambda *args: {})
    without = {(p.a, p.b): p.score for p in group.pairs()}
    # (0.9542, 0.9745) and the plain pair's 0.9411 before session 28: each function's part of the shared code at most
    # units.UNIT_MOST in the code's evidence
    assert (without[("copy", "source")], with_lines[("copy", "source")]) == (0.9062, 0.9477)
    # the same code, both pairs; the plain pair has no line with a name only two write, and keeps its score
    assert (without[("honest1", "honest2")], with_lines[("honest1", "honest2")]) == (0.8793, 0.8793)
