"""Writes bench/similarity/sim36p/ once (session 36, sim36p): a class on 03-tanh whose public text's tanh is the shape
the exercise's README dictates. Kept for the record of how the files were made; sim36p.py builds and checks them."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLASS = HERE / "sim36p"
STARTER = HERE.parents[1] / "exercises" / "03-tanh" / "engine.py"
HOLE = '''        # TODO(03-tanh): your code here
        raise NotImplementedError("03-tanh: write Value.tanh")
'''


def body(formula, name, prev, op, deriv, note, spaced, x):
    t = name
    lines = []
    if note:
        lines.append(f"        # {note}")
    if x:
        lines.append("        x = self.data")
        arg = "x"
    else:
        arg = "self.data"
    if formula == "tanh":
        lines.append(f"        {t} = math.tanh({arg})")
    elif formula == "exp":
        lines.append(f"        e = math.exp(2 * {arg})")
        lines.append(f"        {t} = (e - 1) / (e + 1)")
    else:
        lines.append(f"        {t} = 1 - 2 / (math.exp(2 * {arg}) + 1)")
    lines.append(f"        out = Value({t}, {prev}, {op})")
    if spaced:
        lines.append("")
    lines.append("        def _backward():")
    d = {"sq": f"(1 - {t}**2) * out.grad", "mul": f"(1 - {t} * {t}) * out.grad",
         "out": "(1 - out.data ** 2) * out.grad", "first": f"out.grad * (1 - {t} ** 2)"}[deriv]
    lines.append(f"            self.grad += {d}")
    if spaced:
        lines.append("")
    lines.append("        out._backward = _backward")
    lines.append("        return out")
    return "\n".join(lines) + "\n"


def filled(text_of_tanh: str, tail: str = "") -> str:
    starter = STARTER.read_text(encoding="utf-8")
    assert HOLE in starter
    return starter.replace(HOLE, text_of_tanh) + tail


NOTES = ["", "", "", "", "d/dx tanh(x) = 1 - tanh(x)^2", "squash into (-1, 1)", "tanh from the math module",
         "forward pass", "same pattern as relu", "derivative uses the output"]

TUTORIAL_TANH = '''        # Step 1: the forward value. math.tanh is stable for large |x|.
        x = self.data
        t = math.tanh(x)
        out = Value(t, (self,), "tanh")

        # Step 2: the local derivative, 1 - t**2, times the gradient from above.
        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out
'''
TUTORIAL_DEMO = '''

if __name__ == "__main__":
    # A neuron's output squashed by tanh, as in the blog post's figure 3.
    a, b = Value(0.6), Value(-1.7)
    n = a * b + 0.8813735870195432
    o = n.tanh()
    o.backward()
    print("o =", round(o.data, 4), "da =", round(a.grad, 4), "db =", round(b.grad, 4))
'''


def main() -> None:
    rng = random.Random(3636)
    subs, labels = {}, {}
    ids = rng.sample(range(100, 1000), 60)

    def add(text, **label):
        sid = f"s{ids.pop()}"
        subs[sid] = text
        labels[sid] = {"cluster": None, "level": None, **label}
        return sid

    # 20 honest fillers: the README's shape, each with the small choices of one student
    for k in range(20):
        formula = rng.choice(["tanh"] * 7 + ["exp", "ratio"])
        args = dict(formula=formula, name=rng.choice(["t", "t", "t", "th", "y", "value"]),
                    prev=rng.choice(["(self,)", "(self,)", "(self, )", "[self]"]),
                    op=rng.choice(['"tanh"', '"tanh"', "'tanh'"]),
                    deriv=rng.choice(["sq", "sq", "mul", "out", "first"]), note=rng.choice(NOTES),
                    spaced=rng.random() < 0.6, x=rng.random() < 0.4)
        add(filled(body(**args)),
            kind=f"independent: the README's shape, {json.dumps(args, sort_keys=True)} (I{k:02d})")
    # two copy clusters whose shared code is the tutorial's (the README's) shape, with a few choices of their own
    src1 = ('''        # tanh(x) squashes x; its slope at the output t is 1 - t^2 (README step 3)
        x = self.data
        t = math.tanh(x)
        out = Value(t, (self,), "tanh")

        def _backward():
            local = 1 - t**2  # slope of tanh, from the output
            self.grad += local * out.grad

        out._backward = _backward
        return out
''')
    tail1 = '''

# quick check (Mira): tanh'(0) = 1, tanh'(2) ~ 0.0707, tanh'(5) ~ 0.00018
if __name__ == "__main__":
    for start in (0.0, 2.0, 5.0):
        leaf = Value(start)
        leaf.tanh().backward()
        print(f"{start:>4}: {leaf.grad:.6f}")
'''
    add(filled(src1, tail1), cluster="c1", level=1, kind="source: Mira: the README's lines, a `local` name with a "
        "comment, a quick-check block of her own (C1 source)")
    add(filled(src1, tail1), cluster="c1", level=1, kind="copy (level 1): Mira's file verbatim (C1 L1)")
    l3 = ('''        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")
        def _backward():
            slope = 1 - t ** 2  # tanh slope taken from the output
            self.grad += slope * out.grad
        out._backward = _backward
        return out
''')
    tail3 = '''

# checking (tanh'(0)=1, tanh'(2)~0.0707, tanh'(5)~0.00018)
if __name__ == "__main__":
    for s in (0.0, 2.0, 5.0):
        v = Value(s)
        v.tanh().backward()
        print(f"{s:>4}: {v.grad:.6f}")
'''
    add(filled(l3, tail3), cluster="c1", level=3, kind="copy (level 3): Mira's file retyped: x inlined, names "
        "changed (local->slope, start->s, leaf->v), blank lines dropped, comments reworded (C1 L3)")
    src2 = ('''        th = math.tanh(self.data)
        out = Value(th, (self,), 'tanh')

        def _backward():
            # chain rule: d tanh = (1 - th^2), times upstream
            self.grad += (1.0 - th * th) * out.grad

        out._backward = _backward
        return out
''')
    tail2 = '''

def _tanh_grad_at(x0):
    x = Value(x0)
    x.tanh().backward()
    return x.grad
'''
    add(filled(src2, tail2), cluster="c2", level=1,
        kind="source: Oleg: th, 1.0 - th * th, a helper _tanh_grad_at (C2 source)")
    l2 = re.sub(r"\bth\b", "tt", src2)
    tail2b = tail2.replace("_tanh_grad_at", "_grad_of_tanh").replace("x0", "start")
    add(filled(l2, tail2b), cluster="c2", level=2,
        kind="copy (level 2): Oleg's file with replace-all renames (th->tt, _tanh_grad_at->_grad_of_tanh, x0->start) "
             "(C2 L2)")
    # public copies of the tutorial
    add(filled(TUTORIAL_TANH, TUTORIAL_DEMO), cluster="public", level=1, public_source="public/engine.py",
        kind="public copy (level 1): the tutorial's tanh pasted verbatim, a demo of the student's own (P1)")
    add(filled(TUTORIAL_TANH), cluster="public", level=1, public_source="public/engine.py",
        kind="public copy (level 1): the tutorial's tanh with its comments, no demo (P2)")
    p3 = TUTORIAL_TANH.replace("t = math", "r = math").replace("(r", "(r").replace("Value(t,", "Value(r,").replace(
        "t**2", "r**2")
    add(filled(p3, TUTORIAL_DEMO.replace("o =", "out =").replace(" o ", " out ")), cluster="public", level=2,
        public_source="public/engine.py",
        kind="public copy (level 2): t renamed r, the comments kept, a demo of the student's own (P3)")
    # hard negatives: the README's steps as comments (h1); the README's Try-it loop at the end (h2)
    steps = ('''        # 1. compute t = tanh(x) for x = self.data
        t = math.tanh(self.data)
        # 2. make the new node from t, with self as its only input and "tanh" as its operation
        out = Value(t, (self,), "tanh")

        # 3. give it a _backward that adds the local derivative times out.grad into self.grad
        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        # 4. return the new node
        return out
''')
    add(filled(steps), hard_pair="h1", kind="hard negative: the README's four steps as comments over its lines (H1a)")
    add(filled(steps.replace("        # 2. make", "        # 2. make").replace("(self,)", "(self, )")),
        hard_pair="h1", kind="hard negative: the README's four steps as comments, (self, ) (H1b)")
    tryit = '''

for x0 in (0.0, 2.0, 5.0):
    x = Value(x0)
    y = x.tanh()
    y.backward()
    print(x.grad)
'''
    add(filled(body("tanh", "t", "(self,)", '"tanh"', "sq", "", True, False), tryit), hard_pair="h2",
        kind="hard negative: the README's shape and its Try-it loop at module level (H2a)")
    add(filled(body("tanh", "t", "(self,)", '"tanh"', "out", "", False, True), tryit), hard_pair="h2",
        kind="hard negative: out.data form, the README's Try-it loop at module level (H2b)")
    out = CLASS / "main" / "submissions"
    out.mkdir(parents=True, exist_ok=True)
    for sid, text in subs.items():
        (out / f"{sid}.py").write_text(text, encoding="utf-8")
    (CLASS / "labels.json").write_text(json.dumps({"main": labels}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    (CLASS / "public").mkdir(exist_ok=True)
    tutorial = '''"""Companion code of a blog post, "Adding tanh to a tiny autograd engine" (a stand-in written for this class,
CC0: public/LICENSE). The post builds on an engine like the course's; only tanh is new."""

import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def tanh(self):
''' + TUTORIAL_TANH
    (CLASS / "public" / "engine.py").write_text(tutorial, encoding="utf-8")
    (CLASS / "public" / "LICENSE").write_text("CC0 1.0: written for this benchmark class by sim36p (session 36); "
                                              "no rights reserved.\n", encoding="utf-8")


if __name__ == "__main__":
    main()
