"""Arithmetic and list-building spelt another way read as the plain spelling (plain_arithmetic.py, session 15): the
thirteenth class's evasions (sub-as-add, division-as-power, sum-as-reduce, zip-indexed, append-as-concat;
square-as-product of a compound from session 16) in any student's words, and what each leaves as written."""

import sys
from pathlib import Path

import pytest

from grader.similarity.normalise import read_source
from grader.similarity.traits import traits

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import thirteenth  # noqa: E402


def structure(text: str):
    return [(u.name, u.tokens) for u in read_source(text).units]


def shapes(text: str):
    return sorted((kind, value) for _, kind, value, _ in traits(text).values() if kind == "shape")


# (spelt otherwise, the plain spelling): read alike, in the structure and the shapes
ALIKE = {
    "sub": ("def f(a, b):\n    return a + b * -1\n", "def f(a, b):\n    return a - b\n"),
    "sub, -1 first, on the left": ("def f(a, b):\n    return -1 * b + a\n", "def f(a, b):\n    return a - b\n"),
    "sub as a negation": ("def f(a, b):\n    return a + (-b)\n", "def f(a, b):\n    return a - b\n"),
    "sub in place": ("def f(p, r):\n    p.data += r * p.grad * -1\n", "def f(p, r):\n    p.data -= r * p.grad\n"),
    "division": ("def f(xs):\n    return sum(xs) * len(xs) ** -1\n", "def f(xs):\n    return sum(xs) / len(xs)\n"),
    "division in place": ("def f(a, n):\n    a *= n ** -1\n    return a\n", "def f(a, n):\n    a /= n\n    return a\n"),
    "append as +=": ("def f(xs, v):\n    xs += [v.data]\n    return xs\n",
                     "def f(xs, v):\n    xs.append(v.data)\n    return xs\n"),
    "append as a new list": ("def f(m, v):\n    m.losses = m.losses + [v]\n",
                             "def f(m, v):\n    m.losses.append(v)\n"),
    "reduce": ("import functools\nimport operator\n\ndef f(es):\n    return functools.reduce(operator.add, es, 0)\n",
               "def f(es):\n    return sum(es)\n"),
    "reduce by name, a lambda, no start": (
        "from functools import reduce as fold\n\ndef f(es):\n    return fold(lambda s, e: s + e, [e * 2 for e in es])\n",
        "def f(es):\n    return sum([e * 2 for e in es])\n"),
    "reduce, operator kept for another use": (
        "import functools, operator\n\ndef f(es):\n    return functools.reduce(operator.iadd, es, 0), operator.mul\n",
        "import operator\n\ndef f(es):\n    return sum(es), operator.mul\n"),
    "zip": ("def f(XS, YS, w):\n    s = 0\n    for _i in range(len(XS)):\n        x, y = XS[_i], YS[_i]\n"
            "        s += (w * x - y) ** 2\n    return s\n",
            "def f(XS, YS, w):\n    s = 0\n    for x, y in zip(XS, YS):\n        s += (w * x - y) ** 2\n    return s\n"),
    "zip of one, range from 0": ("def f(m, w):\n    for k in range(0, len(m.xs)):\n        x = m.xs[k]\n"
                                 "        w.grad += x\n",
                                 "def f(m, w):\n    for x in m.xs:\n        w.grad += x\n"),
}

# spelt like it, but not the same thing (or the definition of the operator itself): read as written
APART = {
    "sub in __sub__": ("class Value:\n    def __sub__(self, other):\n        return self + (-other)\n",
                       "class Value:\n    def __sub__(self, other):\n        return self - other\n"),
    "division in __truediv__": ("class Value:\n    def __truediv__(self, other):\n        return self * other ** -1\n",
                                "class Value:\n    def __truediv__(self, other):\n        return self / other\n"),
    "the reciprocal first (a log's derivative)": ("def f(x, g):\n    return x ** -1 * g\n",
                                                  "def f(x, g):\n    return g / x\n"),
    "a name's square as a product (not read in the structure)": ("def f(t):\n    return 1 - t * t\n",
                                                          "def f(t):\n    return 1 - t ** 2\n"),
    "two items": ("def f(xs, a, b):\n    xs += [a, b]\n", "def f(xs, a, b):\n    xs.append(a, b)\n"),
    "another list": ("def f(xs, ys, a):\n    xs = ys + [a]\n    return xs\n",
                     "def f(xs, ys, a):\n    xs.append(a)\n    return xs\n"),
    "a fold from 1": ("import functools\nimport operator\n\ndef f(es):\n    return functools.reduce(operator.add, es, 1)\n",
                      "def f(es):\n    return sum(es)\n"),
    "a product fold": ("import functools\nimport operator\n\ndef f(es):\n    return functools.reduce(operator.mul, es)\n",
                       "def f(es):\n    return sum(es)\n"),
    "the index read again": ("def f(XS, YS, ls):\n    for i in range(len(XS)):\n        x, y = XS[i], YS[i]\n"
                             "        ls[i] = x - y\n",
                             "def f(XS, YS, ls):\n    for x, y in zip(XS, YS):\n        ls[i] = x - y\n"),
    "an index over another length": ("def f(XS, YS):\n    for i in range(len(YS)):\n        x = XS[i]\n        g(x)\n",
                                     "def f(XS, YS):\n    for x in XS:\n        g(x)\n"),
}


@pytest.mark.parametrize("name", ALIKE)
def test_a_spelling_is_read_as_the_plain_one(name):
    spelt, plain = ALIKE[name]
    assert structure(spelt) == structure(plain)
    assert shapes(spelt) == shapes(plain)


@pytest.mark.parametrize("name", APART)
def test_what_is_not_the_same_thing_is_read_as_written(name):
    spelt, plain = APART[name]
    assert structure(spelt) != structure(plain)


def test_each_tricked_copy_of_the_thirteenth_is_read_as_its_plain_copy():
    labels = thirteenth.labels()["main"]
    tricked = sorted(sid for sid, lab in labels.items() if lab.get("tricks"))
    assert len(tricked) == 6
    for sid in tricked:  # square-as-product too: its square is a compound's, `(p - y) * (p - y)` (session 16)
        spelt = (thirteenth.CLASS / "main" / "submissions" / f"{sid}.py").read_text(encoding="utf-8")
        plain = (thirteenth.CLASS / "plain" / f"{sid}.py").read_text(encoding="utf-8")
        assert structure(spelt) == structure(plain), labels[sid]["tricks"]
        assert shapes(spelt) == shapes(plain), labels[sid]["tricks"]


# thirteenth.py --evasions (ours, each tricked copy with its source / its plain copy): at 13aef98 (babf9d8's method)
# 0.708/0.984, 0.634/0.994, 0.713/0.927, 0.918/0.970, 0.220/0.571, 0.715/0.844; square-as-product read from session
# 16 (simread5: 0.871/0.943 before)
# session 16: the lecture canonical for fit_line.py too, append-as-concat (0.992, 0.994) -> (0.981, 0.987) and
# division-as-power (0.936, 0.936) -> (0.933, 0.933): the lecture's loop is no evidence in the copies either
EVASIONS = {"sub-as-add": (0.985, 0.99), "append-as-concat": (0.965, 0.984), "division-as-power": (0.812, 0.812),
            "square-as-product": (0.762, 0.762), "sum-as-reduce": (0.438, 0.438), "zip-indexed": (0.987, 0.987)}
# zip-indexed (0.896, 0.897) -> (0.982, 0.982) with formats read as f-strings and the engine class as Value (session 16);
# -> (0.989, 0.989) with two or more rare comments and strings written alike as evidence of their own (session 17);
# -> (0.996, 0.996) with a format template's string read as its template, however formatted (session 18)
# session 19 (simerr): a list comprehension a builtin walks once read as its generator, and `+`/`*` chains in any
# grouping: sum-as-reduce (0.583, 0.583) -> (0.438, 0.437), its source's `sum([r ** 2 for r in residuals]) /
# len(residuals)` now the lecture's mean (loop_variants), canonical, where it was code of its own (still above every
# negative of the class); division-as-power (0.933, 0.933) -> (0.931, 0.931)
# session 24 (simhard7): the lines of one's own code as written with a name at most two write (scores.named_lines):
# sub-as-add (0.984, 0.985) -> (0.989, 0.992), append-as-concat (0.981, 0.987) -> (0.983, 0.992) (the copies keep their
# source's lines and names), sum-as-reduce's plain copy 0.437 -> 0.438
# session 28 (each function's part of the shared code at most units.UNIT_MOST): sub-as-add (0.989, 0.992) -> (0.985,
# 0.99), append-as-concat (0.983, 0.992) -> (0.965, 0.984), division-as-power 0.931 -> 0.812, square-as-product 0.943 ->
# 0.762 (the copy's own code is its loss function, one function), zip-indexed 0.996 -> 0.99
# session 37 (mend37b: figures of the texts students see are not a pair's own numbers): zip-indexed's tricked copy
# and its plain copy 0.99 -> 0.987


@pytest.mark.slow  # the class built and scored twice: half a minute of CPU
def test_the_thirteenths_evasions_score_as_their_plain_copies(tmp_path):
    rows = {row["trick"]: (row["ours tricked"], row["ours plain"])
            for row in thirteenth.evasions(tmp_path, baselines=False)}
    assert rows.keys() == EVASIONS.keys()
    for trick, (tricked, plain) in rows.items():
        assert tricked >= plain - 0.1, trick
        assert tricked == pytest.approx(EVASIONS[trick][0], abs=0.0015), trick
        assert plain == pytest.approx(EVASIONS[trick][1], abs=0.0015), trick
