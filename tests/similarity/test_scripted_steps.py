"""Scripted steps on a one-region fill (the red team's fifth class, issue 27): a copy of a 03-tanh filler with one
step a script makes of the WHOLE file (the starter's lines too) scores as its plain copy does (within 0.1).

- `self` renamed (the first parameter of every method: `this`);
- the op labels changed (`"*"` as `"mul"`, `"tanh"` as `"tanh_op"`);
- every `x += e` written out (`x = x + (e)`, or `x = (e) + x`);
- the starter's `other = other if isinstance(other, Value) else Value(other)` as a one-armed `if not ...:`;
- `t ** 2` written as `t * t`.

Each step leaves Python's meaning alone, and on a one-region fill whose own code is a few lines it used to take
the pair to 0: the structure, the shapes and the lines as written read these spellings differently, on the
starter's lines as on the student's (see docs/similarity.md, "What a score means").
"""

import re

import pytest

from grader.classroom import starters
from grader.similarity import compare
from grader.similarity.cohort import read_document, starter_kgrams

from .test_similarity import KNOWN

STARTER = starters.starter_files("03-tanh")["engine.py"]
TODO = ('        # TODO(03-tanh): your code here\n'
        '        raise NotImplementedError("03-tanh: write Value.tanh")')

# the source: one student's tanh, in their own words and their own way round
SOURCE = """        x = self.data
        th = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)  # tanh out of two exponentials, as in the lecture notes
        out = Value(th, (self,), "tanh")

        def _backward():
            # the slope of tanh is one minus its own square, then times what flows back
            slope = 1 - th ** 2
            self.grad += slope * out.grad

        out._backward = _backward
        return out"""

# honest classmates who filled the same region, each their own way
HONEST = [
    """        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t ** 2) * out.grad

        out._backward = _backward
        return out""",
    """        out = Value(math.tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad += (1 - out.data ** 2) * out.grad

        out._backward = _backward
        return out""",
    """        e = math.exp(2 * self.data)
        result = Value((e - 1) / (e + 1), (self,), "tanh")

        def _backward():
            # chain rule
            self.grad += (1 - result.data * result.data) * result.grad

        result._backward = _backward
        return result""",
    """        value = math.tanh(self.data)
        out = Value(value, (self,), "tanh")

        def _backward():
            local = 1.0 - value ** 2  # производная tanh
            self.grad += local * out.grad

        out._backward = _backward
        return out""",
    """        n = self.data
        t = (math.exp(n) - math.exp(-n)) / (math.exp(n) + math.exp(-n))
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - t ** 2) * out.grad

        out._backward = _backward
        return out""",
    """        y = math.tanh(self.data)
        node = Value(y, (self,), "tanh")

        def _backward():
            # 导数: 1 - y^2
            self.grad += out_grad_times(node, 1 - y ** 2)

        def out_grad_times(n, d):
            return n.grad * d

        node._backward = _backward
        return node""",
]

LABELS = {'"+"': '"add"', '"*"': '"mul"', '"ReLU"': '"relu_op"', '"tanh"': '"tanh_op"'}


def filled(body: str) -> str:
    assert TODO in STARTER
    return STARTER.replace(TODO, body)


def self_renamed(text: str) -> str:
    return re.sub(r"\bself\b", "this", text)


def labels_changed(text: str) -> str:
    return re.sub("|".join(re.escape(k) for k in LABELS), lambda m: LABELS[m.group(0)], text)


def written_out(text: str) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*)([\w.]+) \+= (.+)$", line)
        if m:  # either way round, as a script alternates
            lines[i] = f"{m[1]}{m[2]} = {m[2]} + ({m[3]})" if i % 2 else f"{m[1]}{m[2]} = ({m[3]}) + {m[2]}"
    return "\n".join(lines)


def squares_as_products(text: str) -> str:
    return re.sub(r"\b([a-z_][\w.]*) ?\*\* ?2\b", r"\1 * \1", text)


def coercion_as_if(text: str) -> str:
    """`x = x if isinstance(x, Value) else Value(x)` as `if not isinstance(x, Value):` / `x = Value(x)`."""
    return re.sub(r"^(\s*)(\w+) = \2 if isinstance\(\2, Value\) else Value\(\2\)$",
                  r"\1if not isinstance(\2, Value):\n\1    \2 = Value(\2)", text, flags=re.M)


STEPS = {"self renamed": self_renamed, "op labels": labels_changed, "+= written out": written_out,
         "t ** 2 as t * t": squares_as_products}


@pytest.fixture(scope="module")
def scores():
    """Score of (source, X) for the plain copy and each step's copy, in a class of honest fillers."""
    return scored(STEPS)


def scored(steps: dict) -> dict[str, float]:
    source = filled(SOURCE)
    texts = {f"honest-{i}": filled(body) for i, body in enumerate(HONEST)}
    texts["source"] = texts["plain"] = source
    for name, step in steps.items():
        texts[name] = step(source)
        assert texts[name] != source, name
    kgrams = starter_kgrams({"engine.py": STARTER})
    record = compare([read_document(i, {"engine.py": t}, kgrams, KNOWN) for i, t in texts.items()], [])
    found = {}
    for pair in record["pairs"]:
        if "source" in (pair["a"], pair["b"]):
            found[pair["b"] if pair["a"] == "source" else pair["a"]] = pair["score"]
    return found


# `t * t` is read as `t ** 2` in the shapes and the lines as written, not yet in the structure: reading it there too
# cost the third class's 03-tanh 0.765 -> 0.733 of AP and the fourth's seed 1 0.796 -> 0.753 (docs/similarity.md,
# Measured), so it was not kept; this copy still scores 0.23 where its plain copy scores 0.50
KNOWN_WEAK = pytest.mark.xfail(strict=True, reason="t * t in the structure: not kept (docs/similarity.md, Measured)")


@pytest.mark.parametrize("step", [pytest.param(s, marks=KNOWN_WEAK) if s.startswith("t ** 2") else s for s in STEPS])
def test_a_scripted_step_on_a_one_region_fill_scores_as_the_plain_copy_does(scores, step):
    assert scores["plain"] >= 0.45  # a verbatim copy of a few rare lines, far above any honest filler
    assert scores.get(step, 0.0) >= scores["plain"] - 0.1
    assert max((v for k, v in scores.items() if k.startswith("honest")), default=0.0) < 0.2  # no honest filler


def test_the_lines_and_shapes_read_past_each_step():
    from grader.similarity.traits import traits

    def kinds(text):
        return sorted((kind, value) for _, kind, value, _ in traits(text).values()
                      if kind == "shape" or (kind == "line" and "#" not in value))  # the script renames in comments too

    source = filled(SOURCE)
    for name in ("self renamed", "op labels", "+= written out"):
        assert kinds(STEPS[name](source)) == kinds(source), name
    squared = kinds(squares_as_products(source))
    assert [t for t in squared if t[0] == "shape"] == [t for t in kinds(source) if t[0] == "shape"]
    assert ("line", "slope = 1 - th ** 2") in squared  # `th * th` read as the square it is, with its spacing


def test_the_starters_coercion_written_as_a_one_armed_if_scores_as_the_plain_copy_does():
    # its own class (five copies of one source would be a ring whose members' typical scores are each other)
    found = scored({"coercion as an if": coercion_as_if})
    assert coercion_as_if(filled(SOURCE)).count("if not isinstance(other, Value):") == 2  # __add__ and __mul__
    from grader.similarity.normalise import units_of

    def structure(text):
        return [(u.name, u.tokens) for u in units_of(text)]

    assert structure(coercion_as_if(filled(SOURCE))) == structure(filled(SOURCE))  # `x = x if c else e`, as written
    one_armed = "def f(x, c):\n    if c:\n        x = g(x)\n    return x\n"
    assert structure(one_armed) == structure("def f(x, c):\n    x = g(x) if c else x\n    return x\n")
    assert found["plain"] >= 0.45
    assert found.get("coercion as an if", 0.0) >= found["plain"] - 0.1
