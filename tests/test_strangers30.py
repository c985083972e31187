"""Session 30's strangers: engines, notebooks and networks in styles no earlier fixture has, graded in one batch.

(docstring completed below)
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named
from test_strangers27 import _cells, _notebook, _patched, _write

from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "strangers30"
ROOT = Path(__file__).parent.parent
SOLUTION = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")

WIDGETS = '''from ipywidgets import interact, FloatSlider


@interact(x=FloatSlider(min=-3.0, max=3.0, step=0.1, value=0.5))
def explore_tanh(x):
    v = Value(x)
    y = v.tanh()
    y.backward()
    print(f"tanh({x:.2f}) = {y.data:.4f}, slope {v.grad:.4f}")'''


def widgets_notebook(code, name):
    """A notebook with an ipywidgets slider that explores tanh's slope (`@interact`), as lecture notes show it."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "# md: # tanh and its slope", "import math", code, WIDGETS,
        "a = Value(0.5)\nb = a.tanh()\nb.backward()\nprint(a.grad)"))}


TIMED = '''a = Value(2.0)
b = Value(-3.0)
%time c = (a * b + 1).tanh()
c.backward()
print(c, a.grad, b.grad)'''


def time_line_magic_notebook(code, name):
    """`%time` on one line of a cell that binds a name used below it, and `%%time` over the engine's cell."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "import math\nimport random", "%%time\n" + code, TIMED,
        "xs = [Value(random.uniform(-1, 1)) for _ in range(100)]\n%timeit sum(xs)\ntotal = %time sum(xs)"))}


TQDM = '''from tqdm.notebook import tqdm
from IPython.display import clear_output

w = Value(0.5)
for step in tqdm(range(20), desc="fitting"):
    loss = (w * 3.0 - 6.0) ** 2
    w.grad = 0
    loss.backward()
    w.data -= 0.01 * w.grad
    if step % 5 == 0:
        clear_output(wait=True)
        print(step, loss.data)'''


def tqdm_notebook(code, name):
    """A notebook that fits one weight under `tqdm.notebook`'s progress bar and IPython's clear_output."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells("import math", code, TQDM))}


RICH = '''from IPython.display import display, Markdown, HTML

display(Markdown("**Value** works: " + str(Value(2.0) * 3)))
display(HTML("<b>done</b>"))'''


def rich_display_notebook(code, name):
    """`%%html` and `%%javascript` cells, `%config`, IPython.display's Markdown and HTML, a `_repr_html_`."""
    return {name.replace(".py", ".ipynb"): _notebook(_cells(
        "%config InlineBackend.figure_format = 'retina'\n%load_ext autoreload\n%autoreload 2\nimport math",
        "%%html\n<style>.output { max-height: 200px; }</style>", code,
        "def _repr_html_(self):\n    return f'<code>{self.data:.4f}</code>'\n\nValue._repr_html_ = _repr_html_",
        "%%javascript\nconsole.log('hi')", RICH))}


SHAPES = {"widgets-interact": widgets_notebook, "time-line-magic": time_line_magic_notebook,
          "tqdm-progress": tqdm_notebook, "rich-display": rich_display_notebook}

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-lazy-mul-self-data": ("correct-lazy-cached-data", [("return (kids[1].data, kids[0].data)",
                                                             "return (kids[0].data, kids[0].data)")]),
    "bug-grad-box-add-assign": ("correct-grad-box", [("            self._box += out.grad\n            other._box += out.grad",
                                                      "            self.grad = out.grad\n            other.grad = out.grad")]),
    "bug-cached-topo-forward-order": ("correct-cached-topo", [("for v in reversed(self.topological_order()):",
                                                               "for v in self.topological_order():")]),
    "bug-js-sub-sign": ("correct-js-translation", [("other.grad -= out.grad", "other.grad += out.grad")]),
    "bug-js-rtruediv-order": ("correct-js-translation", [(
        "Value.__rtruediv__ = lambda this, other: div(toValue(other), this)",
        "Value.__rtruediv__ = lambda this, other: div(this, toValue(other))")]),
    "bug-julia-tanh-no-chain": ("correct-julia-rrules", [("return (ȳ * (1 - y * y),)", "return ((1 - y * y),)")]),
    "bug-chinese-grad-starts-one": ("correct-chinese-names", [("self.梯度 = 0.0  # 梯度累积从 0 开始",
                                                               "self.梯度 = 1.0  # 梯度从 1 开始")]),
    "bug-slots-tanh-one-minus-t": ("correct-slots-inheritance", [("lambda out: 1 - out.data ** 2",
                                                                  "lambda out: 1 - out.data")]),
    "bug-slots-neg-self": ("correct-slots-inheritance", [("    def __neg__(self):\n        return self * -1",
                                                          "    def __neg__(self):\n        return self")]),
    "bug-contextlib-div-data": ("correct-contextlib-no-grad", [(
        "    def __truediv__(self, other):\n        return self * as_value(other) ** -1",
        "    def __truediv__(self, other):\n        return self * (1 / as_value(other).data)")]),
    "bug-sibling-log-output": ("correct-sibling-star-import", [('"log": (math.log, lambda x, y: 1 / x)',
                                                                '"log": (math.log, lambda x, y: 1 / y)')]),
    "bug-weakset-mul-assign": ("correct-weakset-parents", [(
        "self.grad += other.data * out.grad\n            other.grad += self.data * out.grad",
        "self.grad = other.data * out.grad\n            other.grad = self.data * out.grad")]),
    "bug-coroutine-no-seed": ("correct-coroutine-rules", [("        self.grad = 1\n        for v in order[::-1]:",
                                                           "        for v in order[::-1]:")]),
    "bug-exec-exp-input": ("correct-exec-generated", [('"exp": ("math.exp(x)", "y")', '"exp": ("math.exp(x)", "x")')]),
    "bug-time-line-magic-relu-ge": ("shape-time-line-magic", [("self.grad += (out.data > 0) * out.grad",
                                                               "self.grad += (self.data >= 0) * out.grad")]),
    "bug-widgets-pow-no-minus-one": ("shape-widgets-interact", [("self.grad += k * self.data ** (k - 1) * out.grad",
                                                                 "self.grad += k * self.data ** k * out.grad")]),
}


def _handed():
    return sorted((FRESH / "engine").iterdir())


def _has_all(path, patches):
    text = path.read_text(encoding="utf-8")
    return all(old in text for old, _ in patches)


def _class(folder):
    """Each shape of the reference solution, each engine handed in, each planted mistake."""
    planted_in = {}
    for case, (base, patches) in PLANTED.items():
        planted_in.setdefault(base, []).append((case, patches))
    for shape, make in SHAPES.items():
        case = f"shape-{shape}"
        versions = [(case, SOLUTION)] + [(made, _patched(SOLUTION, patches, made))
                                         for made, patches in planted_in.get(case, [])]
        for made, code in versions:
            (folder / made).mkdir()
            _write(folder / made, make(code, "engine.py"))
    for case in _handed():
        shutil.copytree(case, folder / case.name)
        for planted, patches in planted_in.get(case.name, []):
            shutil.copytree(case, folder / planted)
            path = next(p for p in sorted((folder / planted).rglob("*.py")) if _has_all(p, patches))
            path.write_text(_patched(path.read_text(encoding="utf-8"), patches, planted), encoding="utf-8")


# -- 07-mlp-xor and 11-fit-line: files handed in beside the exercise's given engine -------------------------------

GIVEN = (ROOT / "exercises" / "07-mlp-xor" / "engine.py").read_bytes()  # 11's given engine is the same file
PLANTED_NETS = {
    "07-mlp-xor": {
        "bug-comprehension-no-zero-grad": ("correct-comprehension-zip", [("        model.zero_grad()\n", "")]),
        # a Layer of one neuron gives a list of one, which the MLP unwraps: the README says a Layer gives the Value
        "bug-comprehension-layer-always-list": ("correct-comprehension-zip", [
            ("        return outs[0] if len(outs) == 1 else outs\n", "        return outs\n"),
            ("            x = layer(x)\n        return x\n", "            x = layer(x)\n        return x[0] if len(x) == 1 else x\n")]),
        "bug-single-output-weight-data": ("correct-single-output-layer", [
            ("total = total + self.w[i] * x[i]", "total = total + self.w[i].data * x[i]")]),
        "bug-layers-dict-no-bias": ("correct-layers-dict", [("return list(self.w) + [self.b]", "return list(self.w)")]),
    },
    "11-fit-line": {
        "bug-comprehension-sum-not-mean": ("correct-comprehension-mean", [
            ("return sum(errors) / len(errors)", "return sum(errors)")]),
        "bug-params-dict-no-zero": ("correct-params-dict", [("        for p in params.values():\n            p.grad = 0.0\n",
                                                             "")]),
    },
}
NET_FILE = {"07-mlp-xor": "nn.py", "11-fit-line": "fit_line.py"}


def _class_nets(folder, exercise):
    """EXERCISE's files handed in (FRESH/<exercise>/), each beside the given engine, and its planted mistakes."""
    for case in sorted((FRESH / exercise).iterdir()):
        for made, patches in [(case.name, [])] + [(p, patches) for p, (base, patches) in
                                                  PLANTED_NETS[exercise].items() if base == case.name]:
            shutil.copytree(case, folder / made)
            (folder / made / "engine.py").write_bytes(GIVEN)
            path = folder / made / NET_FILE[exercise]
            path.write_text(_patched(path.read_text(encoding="utf-8"), patches, made), encoding="utf-8")
