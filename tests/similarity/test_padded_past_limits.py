"""Session 36's red team on `grade similarity`: a copy padded past the reading's limits (grader/similarity/condense.py).

A file is compared up to its first 64 KiB of characters and within a budget of work; what is past them was not read.
A copier who put 70 KB of comments or a docstring before a verbatim copy, or 35 KB of helpers that never run after
it, was under the report's floor (0.00 with its source) where the plain copy scores 0.97 or more. The engine is a
fresh sample, written for this test (a graph walked by an explicit stack, each op's rule a method of its own)."""

import pytest

from grader.similarity.condense import WINDOW, condensed
from grader.similarity.normalise import read_source

from .test_similarity import cohort_with, scores_of

ENGINE = '''\
import math


class Value:
    """A scalar that remembers how it was made."""

    def __init__(self, data, parents=(), rule=None):
        self.data = float(data)
        self.grad = 0.0
        self.parents = parents
        self.rule = rule

    @staticmethod
    def lift(thing):
        return thing if isinstance(thing, Value) else Value(thing)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = Value.lift(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, k):
        return Value(self.data ** k, (self,), ("pow", k))

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), "relu")

    def push_back(self):
        if self.rule == "add":
            for parent in self.parents:
                parent.grad += self.grad
        elif self.rule == "mul":
            left, right = self.parents
            left.grad += right.data * self.grad
            right.grad += left.data * self.grad
        elif self.rule == "tanh":
            self.parents[0].grad += (1 - self.data * self.data) * self.grad
        elif self.rule == "exp":
            self.parents[0].grad += self.data * self.grad
        elif self.rule == "relu":
            self.parents[0].grad += (self.data > 0) * self.grad
        elif self.rule is not None:
            base, k = self.parents[0], self.rule[1]
            base.grad += k * base.data ** (k - 1) * self.grad

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.append((node, True))
            stack.extend((parent, False) for parent in node.parents)
        self.grad = 1.0
        for node in reversed(order):
            node.push_back()

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other
'''

COMMENTS = "".join(f"# checked case {i}: the gradient agreed with a central difference at h = 1e-6\n"
                   for i in range(900))
DOCSTRING = '"""' + "".join(f"Case {i}: my notes on how the graph is walked and why.\n" for i in range(1200)) + '"""\n'


def helpers(count, start=0):
    """COUNT module-level helpers that nothing calls, each its own (what a copier's script appends)."""
    return "".join(f"\n\ndef spare_{i}(values, scale={i}):\n    total = 0.0\n    for k, v in enumerate(values):\n"
                   f"        total += v * scale - k if k % {i % 5 + 2} else -v\n    return total\n"
                   for i in range(start, start + count))


PADDED = {"comments-ahead": COMMENTS + ENGINE, "docstring-ahead": DOCSTRING + ENGINE,
          "helpers-behind": ENGINE + helpers(300)}


@pytest.fixture(scope="module")
def scored():
    documents = cohort_with({"source": ENGINE, "plain-copy": ENGINE, **PADDED})
    return (*scores_of(documents), {doc.id: doc for doc in documents})


def test_the_padding_takes_each_copy_past_a_limit():
    assert len(PADDED["comments-ahead"]) > 64 * 1024 and len(PADDED["docstring-ahead"]) > 64 * 1024
    # 35 KB of helpers is within the 64 KiB but over the budget of work: read whole, it was read as lexical tokens
    assert len(PADDED["helpers-behind"]) < 64 * 1024


@pytest.mark.parametrize("copy", sorted(PADDED))
def test_a_copy_padded_past_the_limits_scores_as_the_plain_copy(scored, copy):
    pairs, record, _ = scored
    plain = pairs[("plain-copy", "source")]
    assert plain >= 0.97
    # before condense.py: 0.00 for each (under the report's floor); the helpers, read, count 1/50 (reach.py)
    assert pairs[(copy, "source")] >= plain - 0.06
    flagged = {(p["a"], p["b"]) for p in record["pairs"] if p["flagged"]}
    assert (copy, "source") in flagged


def test_the_report_says_what_was_left_out_and_shows_the_files_own_lines(scored):
    _, record, documents = scored
    blank = sum(1 for line in ENGINE.splitlines() if not line.strip())  # left out too
    assert documents["comments-ahead"].limits == [{"file": "engine.py", "what": "condensed",
                                                   "lines_left_out": 900 + blank}]
    pair = next(p for p in record["pairs"] if (p["a"], p["b"]) == ("comments-ahead", "source"))
    # every matched region of the padded copy is where the file has it: 900 lines further down than in the source
    assert pair["matches"] and all(m["b_lines"][0] <= m["a_lines"][0] - 900 <= m["b_lines"][1]
                                   for m in pair["matches"])


def test_condensing_keeps_every_line_that_runs_with_its_own_number():
    text = ('"""A module docstring\n# not a comment: the docstring\'s text\n"""\nimport math\n\n\n'
            "def used(x):\n    # a comment\n    return math.exp(x)\n\n\n"
            "def spare(x):\n    return spare(x) + 1\n\n\n"
            "def stub():\n    \"\"\"Only a docstring.\"\"\"\n\n\n"
            "@property\ndef decorated(self):\n    return 1\n\n\n"
            "def __getattr__(name):\n    return name\n\n\n"
            "print(used(1), stub())\n")
    short = condensed(text)
    assert short.text == ("pass\nimport math\ndef used(x):\n    return math.exp(x)\ndef stub():\n    pass\n"
                          "@property\ndef decorated(self):\n    return 1\ndef __getattr__(name):\n    return name\n"
                          "print(used(1), stub())\n")
    assert short.origin == (1, 4, 7, 9, 16, 17, 20, 21, 22, 25, 26, 29)
    assert short.left_out == len(text.splitlines()) - len(short.origin)


def test_a_function_named_only_past_the_window_is_kept():
    # the lines past WINDOW are not condensed, but what they name is reached
    head = "def named_late(x):\n    return x\n"
    filler = "".join(f"v{i} = {i}\n" for i in range(WINDOW // 8))
    short = condensed(head + "\n" + filler + "print(named_late(2))\n")
    assert short.text.startswith(head) and short.text.endswith("print(named_late(2))\n")


def test_a_file_with_nothing_to_leave_out_is_read_as_before():
    assert condensed("x = 1\ndef f():\n    return x\nf()\n") is None
    reading = read_source('EXPORTED = (f,)\n' + "def f(a, b):\n    return a + b\n" * 6000)
    assert [limit["what"] for limit in reading.limits] == ["truncated", "lexical"]


def test_the_page_says_what_was_left_out(scored):
    from grader.similarity.html import _partial_text

    row = {"limits": [{"file": "engine.py", "what": "condensed", "lines_left_out": 1234},
                      {"file": "engine.py", "what": "truncated", "compared_chars": 65000, "chars": 70000}]}
    assert _partial_text(row) == ("engine.py: 1,234 lines of comments, docstrings, blank lines and functions nothing "
                                  "runs left out before the limits; engine.py: only its first 65,000 of 70,000 "
                                  "characters compared")
