"""Fresh honest controls for session 37's sim37s (typed by hand before any change of the session was measured on
them): independent students of a short dictated starter who make the same few rare-looking choices by chance, each
pair with its own names, comments and the rest of its code its own. On a short exercise what is left of a file after
the starter and the dictated lines is a handful of lines, so a change that weighs rare shared choices more must not
lift these.

- n1 (10-neuron): the leaves as `dict(x1=Value(x1), ...)` (keywords, not the README's zip), the pre-activation named
  `z`, the tanh tested first; the gradients and the comparison each their own (a comprehension and a `continue` on two
  zeros, against a loop into a dict and a list of ratios).
- n2 (10-neuron): a module-level relative-difference helper with `math.fabs` and `max(map(...))` over it (each its own
  names); the neuron their own (lists summed from the bias, against one leaf per line).
- n3 (10-neuron): the bias first in the sum (`b + w1 * x1 + w2 * x2`) and a main block that tries both activations on
  the same hand-picked numbers 1.0, 2.0, 3.0, 4.0, 5.0; the rest their own.
- t1 (03-tanh): tanh from `e2 = math.exp(2 * x)` with a closure named `_tanh_backward`, each its own guard against
  overflow and its own derivative's spelling.
- t2 (03-tanh): `math.tanh` and the local derivative kept in a variable named `local`; each its own names, comment
  and spacing.

    python bench/similarity/sim37ctl/make.py   (writes honest/*.py from the starters, each through its class's check)
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
EXERCISES = HERE.parents[2] / "exercises"

import nineteenth  # noqa: E402
import sim36b2  # noqa: E402
from sim27ctl.make import tanh_fill  # noqa: E402


def neuron_fill(neuron: str, gradients: str, difference: str, before: str = "", after: str = "") -> str:
    """10-neuron's starter with its three regions filled; BEFORE put above `neuron`, AFTER at the end."""
    text = (EXERCISES / "10-neuron" / "neuron.py").read_text(encoding="utf-8")
    for name, body in (("neuron", neuron), ("neuron_gradients", gradients),
                       ("largest_relative_difference", difference)):
        todo = f'''    # TODO(10-neuron): your code here
    raise NotImplementedError("10-neuron: write {name}")
'''
        assert todo in text, name
        text = text.replace(todo, body)
    assert "TODO" not in text
    if before:
        text = text.replace("\n\ndef neuron(", "\n\n" + before + "def neuron(", 1)
    return text + after


MAIN_A = '''

if __name__ == "__main__":
    print(neuron_gradients(1.0, 2.0, 3.0, 4.0, 5.0))
    print(neuron_gradients(1.0, 2.0, 3.0, 4.0, 5.0, activation="tanh"))
'''
MAIN_B = '''

if __name__ == "__main__":
    for act in ("relu", "tanh"):
        print(act, neuron_gradients(1.0, 2.0, 3.0, 4.0, 5.0, act))
'''

NEURON = {
    "n1_a": neuron_fill('''    leaves = dict(x1=Value(x1), x2=Value(x2), w1=Value(w1), w2=Value(w2), b=Value(b))
    z = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    if activation == "tanh":
        y = z.tanh()
    else:
        y = z.relu()
    return y, leaves
''', '''    y, leaves = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    return {name: leaves[name].grad for name in NAMES}
''', '''    worst = 0.0
    for name in grads:
        g, r = grads[name], reference_grads[name]
        if g == 0 and r == 0:
            continue
        worst = max(worst, abs(g - r) / max(abs(g), abs(r)))
    return worst
'''),
    "n1_b": neuron_fill('''    leaves = dict(x1=Value(x1), x2=Value(x2), w1=Value(w1), w2=Value(w2), b=Value(b))
    # weighted sum plus the bias
    z = leaves["x1"] * leaves["w1"] + leaves["x2"] * leaves["w2"] + leaves["b"]
    y = z.tanh() if activation == "tanh" else z.relu()
    return y, leaves
''', '''    out, leaf = neuron(x1, x2, w1, w2, b, activation)
    out.backward()
    result = {}
    for key, value in leaf.items():
        result[key] = value.grad
    return result
''', '''    ratios = []
    for key in reference_grads:
        mine, theirs = grads[key], reference_grads[key]
        denom = max(abs(mine), abs(theirs))
        ratios.append(0.0 if denom == 0 else abs(mine - theirs) / denom)
    return max(ratios)
'''),
    "n2_a": neuron_fill('''    xs = [Value(x1), Value(x2)]
    ws = [Value(w1), Value(w2)]
    bias = Value(b)
    act = sum((w * x for w, x in zip(ws, xs)), bias)
    y = act.relu() if activation == "relu" else act.tanh()
    return y, {"x1": xs[0], "x2": xs[1], "w1": ws[0], "w2": ws[1], "b": bias}
''', '''    y, params = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {k: p.grad for k, p in params.items()}
''', '''    return max(map(lambda k: _rel(grads[k], reference_grads[k]), NAMES))
''', before='''def _rel(g, r):
    top = max(math.fabs(g), math.fabs(r))
    return 0.0 if top == 0 else math.fabs(g - r) / top


''').replace("from engine import Value\n", "import math\n\nfrom engine import Value\n"),
    "n2_b": neuron_fill('''    vx1 = Value(x1)
    vx2 = Value(x2)
    vw1 = Value(w1)
    vw2 = Value(w2)
    vb = Value(b)
    total = vw1 * vx1 + vw2 * vx2 + vb  # pre-activation
    if activation == "relu":
        y = total.relu()
    else:
        y = total.tanh()
    return y, {"x1": vx1, "x2": vx2, "w1": vw1, "w2": vw2, "b": vb}
''', '''    y, nodes = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    grads = {}
    for name in NAMES:
        grads[name] = nodes[name].grad
    return grads
''', '''    # relative difference for every name, keep the biggest
    return max(map(lambda n: relative(grads[n], reference_grads[n]), grads))
''', before='''def relative(a, b):
    """|a - b| as a fraction of the larger magnitude; 0 when both are 0."""
    m = max(math.fabs(a), math.fabs(b))
    if m == 0:
        return 0.0
    return math.fabs(a - b) / m


''').replace("from engine import Value\n", "import math\n\nfrom engine import Value\n"),
    "n3_a": neuron_fill('''    X1, X2, W1, W2, B = Value(x1), Value(x2), Value(w1), Value(w2), Value(b)
    s = B + W1 * X1 + W2 * X2
    if activation == "relu":
        y = s.relu()
    else:
        y = s.tanh()
    return y, {"x1": X1, "x2": X2, "w1": W1, "w2": W2, "b": B}
''', '''    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaf.grad for name, leaf in leaves.items()}
''', '''    out = 0.0
    for name in NAMES:
        a, c = grads[name], reference_grads[name]
        big = max(abs(a), abs(c))
        if big != 0:
            out = max(out, abs(a - c) / big)
    return out
''', after=MAIN_A),
    "n3_b": neuron_fill('''    leaf = {n: Value(v) for n, v in zip(NAMES, (x1, x2, w1, w2, b))}
    # bias first, then the two products
    pre = leaf["b"] + leaf["w1"] * leaf["x1"] + leaf["w2"] * leaf["x2"]
    y = {"relu": pre.relu, "tanh": pre.tanh}[activation]()
    return y, leaf
''', '''    top, leaf = neuron(x1, x2, w1, w2, b, activation)
    top.backward()
    return {n: leaf[n].grad for n in NAMES}
''', '''    diffs = [0.0]
    for n in NAMES:
        g, r = grads[n], reference_grads[n]
        if g != 0 or r != 0:
            diffs.append(abs(g - r) / max(abs(g), abs(r)))
    return max(diffs)
''', after=MAIN_B),
}

TANH = {
    "t1_a": tanh_fill('''        x = max(-20.0, min(20.0, self.data))  # exp(2x) overflows past about 355
        e2 = math.exp(2 * x)
        t = (e2 - 1) / (e2 + 1)
        out = Value(t, (self,), "tanh")

        def _tanh_backward():
            self.grad += (1 - t * t) * out.grad

        out._backward = _tanh_backward
        return out
'''),
    "t1_b": tanh_fill('''        if abs(self.data) > 20:
            value = math.copysign(1.0, self.data)
        else:
            e2 = math.exp(2 * self.data)
            value = (e2 - 1) / (e2 + 1)
        out = Value(value, (self,), "tanh")

        def _tanh_backward():
            # chain rule: the local slope times what came from above
            self.grad += (1 - out.data ** 2) * out.grad

        out._backward = _tanh_backward
        return out
'''),
    "t2_a": tanh_fill('''        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            local = 1 - t ** 2
            self.grad += local * out.grad

        out._backward = _backward
        return out
'''),
    "t2_b": tanh_fill('''        th = math.tanh(self.data)
        result = Value(th, _children=(self,), _op="tanh")

        def _backward():
            local = 1.0 - th * th  # d/dx of tanh, from the output
            self.grad += local * result.grad
        result._backward = _backward
        return result
'''),
}


def main() -> None:
    for stem, text in NEURON.items():
        sim36b2.check(text, stem)
        (HERE / "honest" / f"{stem}.py").write_text(text, encoding="utf-8")
    for stem, text in TANH.items():
        nineteenth.check(text, stem)
        (HERE / "honest" / f"{stem}.py").write_text(text, encoding="utf-8")
    print(f"wrote {len(NEURON) + len(TANH)} files to {HERE / 'honest'}")


if __name__ == "__main__":
    main()
