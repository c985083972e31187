"""Writes sim44b2's main/submissions (a Canvas "Download Submissions" folder of .py files) and labels.json (session
44, simw44).

python bench/similarity/sim44b2/write.py    (deterministic: the same files every run)

Each student's long engine.py is 04-more-ops' starter with their own eight bodies and everything else they added
(fills44b2.py, copiers44b2.py: typed one student at a time); a partial copier's file is their own with one region of a
friend's put in (level 1 as it is, level 2 by the renames typed below, level 3 typed in copiers44b2.py); the three
level-4 copies are typed by hand whole (hand/); the public copies are karpathy/micrograd's engine.py (public/, MIT)
pasted with exp, log and tanh added and the students' own code around it (typed below)."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "sim43b1"))

import recipes43 as recipes  # noqa: E402
from copiers44b2 import COPIERS  # noqa: E402
from fills44b2 import STUDENTS  # noqa: E402

STARTER = (HERE / "starter" / "engine.py").read_text(encoding="utf-8")
PUBLIC = (HERE / "public" / "engine.py").read_text(encoding="utf-8")
METHODS = {"pow": "__pow__", "exp": "exp", "log": "log", "neg": "__neg__", "sub": "__sub__", "rsub": "__rsub__",
           "div": "__truediv__", "rdiv": "__rtruediv__"}
BODIES = tuple(METHODS)
DOCSTRING_END = "is backpropagation.\n\"\"\"\n\nimport math\n"
REPR = "    def __repr__(self):\n        return f\"Value(data={self.data}, grad={self.grad})\"\n"
BACKWARD_START = "    # -- backpropagation -------------------------------------------------------\n\n"
BACKWARD_END = "    # -- derived operations: their gradients come \"for free\" -------------------\n"

# The README's bodies (exercises/04-more-ops/README.md: its rules written as the starter's closures), which the
# three hard pairs each typed: their own code is these lines and what they added around them
CANON = {
    "pow": '''
out = Value(self.data**k, (self,), f"**{k}")

def _backward():
    self.grad += k * self.data**(k - 1) * out.grad

out._backward = _backward
return out
''',
    "exp": '''
out = Value(math.exp(self.data), (self,), "exp")

def _backward():
    self.grad += out.data * out.grad

out._backward = _backward
return out
''',
    "log": '''
out = Value(math.log(self.data), (self,), "log")

def _backward():
    self.grad += (1 / self.data) * out.grad

out._backward = _backward
return out
''',
    "neg": "return self * -1",
    "sub": "return self + (-other)",
    "rsub": "return other + (-self)",
    "div": "return self * other**-1",
    "rdiv": "return other * self**-1",
}

# Minho Lee's renames of Elena's operations (level 2): her helper, her locals, comments dropped after
MINHO = {"_unary": "_single", "local": "slope", "e": "ex", "s": "sig"}

# The public copies: micrograd's engine.py with exp, log and tanh in its style, and each student's own code
DIEGO_EXTRAS = '''    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward

        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += (1 / self.data) * out.grad
        out._backward = _backward

        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * out.grad
        out._backward = _backward

        return out

'''
DIEGO_BOTTOM = '''

# ---------------------------------------------------------------------------
# Diego Reyes - HW4 tests. The class above is micrograd's engine.py (github.com/karpathy/micrograd, MIT license,
# Copyright (c) 2020 Andrej Karpathy), with exp, log and tanh added by me for this homework.
# ---------------------------------------------------------------------------

def show(label, *values):
    print(label, " ".join(f"{v.data:.4f}/{v.grad:.4f}" for v in values))


def test_readme():
    x = Value(2.0)
    (x**3).backward()
    show("x^3:", x)
    a, b = Value(5.0), Value(2.0)
    (a - b).backward()
    show("a-b:", a, b)
    a = Value(0.5)
    (2 / a).backward()
    show("2/a:", a)


def test_new_ops():
    x = Value(0.0)
    x.exp().backward()
    show("exp:", x)
    y = Value(1.0)
    y.log().backward()
    show("log:", y)
    z = Value(0.5)
    z.tanh().backward()
    show("tanh:", z)


def test_mixed():
    p, q = Value(1.2), Value(-0.7)
    r = (p * q).tanh() + (p**2).log() - q.exp() / p
    r.backward()
    show("mixed:", p, q)


if __name__ == "__main__":
    test_readme()
    test_new_ops()
    test_mixed()
'''
JONAS_RENAMES = {"topo": "reihenfolge", "visited": "besucht", "build_topo": "sortiere", "out": "ergebnis",
                 "other": "anderer", "child": "kind", "v": "knoten"}
JONAS_BOTTOM = '''


# Jonas Fischer, Hausaufgabe 4: Tests
def pruefe(name, wert, soll, eps=1e-9):
    ok = abs(wert - soll) < eps
    print(("OK   " if ok else "FEHLER ") + name, wert, soll)
    return ok


if __name__ == "__main__":
    x = Value(2.0)
    (x**3).backward()
    pruefe("x**3", x.grad, 12.0)
    a, b = Value(5.0), Value(2.0)
    (a - b).backward()
    pruefe("a-b (a)", a.grad, 1)
    pruefe("a-b (b)", b.grad, -1)
    c = Value(0.5)
    (2 / c).backward()
    pruefe("2/c", c.grad, -8.0)
    d = Value(0.0)
    d.exp().backward()
    pruefe("exp", d.grad, 1.0)
    e = Value(1.0)
    e.log().backward()
    pruefe("log", e.grad, 1.0)
'''

# login: (Canvas's lastfirst, user id, file id, late, resubmitted, the label's words)
ROSTER = {
    "nguyenan": (204511, 9810021, "independent: An: a sigmoid with its own backward, docstrings, asserts under "
                                  "__main__"),
    "schmidtlukas": (204533, 9810044, "independent: Lukas: German comments, his own stack backward() with DEBUG "
                                      "prints, parameters() and zero_grad()"),
    "oconnorsiobhan": (204547, 9810069, "independent: Siobhan: type hints on her closures, print_graph() and "
                                        "count_nodes()"),
    "haddadrami": (204552, 9810071, "independent: Rami: one-letter closures, softplus and clip, a finite-difference "
                                    "check run at import"),
    "petrovairina": (204560, 9810090, "independent: Irina: Russian comments, floats, __abs__ and maximum(), a "
                                      "gradient-descent demo"),
    "mendezcarlos": (204574, 9810112, "independent: Carlos: `salida`, a ZeroDivisionError of his own, tests as "
                                      "prueba_ functions"),
    "kowalczykjan": (204589, 9810131, "independent: Jan: Polish comments, debugging prints commented out, tests at "
                                      "import"),
    "adeyemitunde": (204593, 9810150, "independent: Tunde: OP_NAMES, describe() and draw(), a traced decorator"),
    "larssonmaja": (204602, 9810177, "independent: Maja: Swedish comments, a module _wrap() her bodies use, asserts "
                                     "at import"),
    "yamadaken": (204618, 9810190, "independent: Ken: Japanese comments, a sigmoid from exp, an mse() demo"),
    "ferreirabeatriz": (204625, 9810203, "independent: Beatriz: Portuguese comments, a Value.const classmethod, a "
                                         "table printer"),
    "murphyaoife": (204637, 9810229, "independent: Aoife: an is_leaf property, her own repr, random-point "
                                     "gradient checks"),
    "guptaneha": (204641, 9810232, "independent: Neha: a docstring per body, the README's formula over each "
                                   "derived one, from_list()/total()"),
    "dupontlea": (204655, 9810258, "independent: Lea: French comments, an nb_ops counter, a debug print left in "
                                   "log()"),
    "ivanovdmitri": (204663, 9810266, "independent: Dmitri: the chain rule in a comment block, one-line closures, a "
                                      "command-line demo"),
    "okaforchinedu": (204678, 9810280, "independent: Chinedu: VERBOSE prints, grads_of(), a tanh Neuron trained at "
                                       "the bottom"),
    "brownjames": (204684, 9810297, "source: James: his own backward(): three colours by id() on a stack, grads "
                                    "zeroed first, the order returned"),
    "wilsonemma": (204690, 9810305, "copy L1 of James's backward() and _build_order() pasted into her own file "
                                    "(her bodies and tests)"),
    "garciaelena": (204701, 9810318, "source: Elena: pow/exp/log/neg through a _unary() of hers, sigmoid, softplus, "
                                     "square and __abs__"),
    "leeminho": (204715, 9810324, "copy L2 of Elena's operations (the eight bodies, _unary and her four extras) "
                                  "renamed, comments dropped, in his own file (his tests and repr)"),
    "tanakahiro": (204722, 9810339, "source: Hiro: as_value(), numerical_derivative(), check_gradients() and "
                                    "graph_lines() after the class"),
    "rossigiulia": (204736, 9810341, "copy L3 of Hiro's helpers, rewritten by hand (renamed, reordered, "
                                     "docstrings reworded, single quotes) in her own file"),
    "kimjisoo": (204748, 9810366, "source: Jisoo: Kahn's backward() with a Counter and a deque, a _consumers() "
                                  "helper"),
    "novakpetr": (204751, 9810372, "copy L3 of Jisoo's backward() and its helper, rewritten by hand (renamed, the "
                                   "helper after it, `if not`), in his own file"),
    "silvaana": (204767, 9810385, "source: Ana: closures named _grad_pow/_grad_exp/_grad_log, sqrt, reciprocal, "
                                  "leaky_relu"),
    "johnsonmark": (204773, 9810399, "copy L1 of Ana's operations (the eight bodies and her three extras) pasted "
                                     "into his own file (his tests, describe())"),
    "martinlouis": (204780, 9810402, "source: Louis: pow special-casing k == 0, log's ValueError, Value.mean and "
                                     "Value.dot, a line fit"),
    "ahmedomar": (204792, 9810417, "copy L4 of Louis's, by hand: a _make() helper for the one-input ops, mean and "
                                   "dot as module functions, the fit a LineFit class; k == 0 and the ValueError "
                                   "kept"),
    "chenmei": (204805, 9810423, "source: Mei: local derivatives computed before each closure, a TypeError for a "
                                 "Value power, tanh from exp, a table of named checks"),
    "patelriya": (204811, 9810438, "copy L4 of Mei's, by hand: a _one_input() with setattr lambdas, the table a "
                                   "list of Case namedtuples, tanh2; the TypeError kept"),
    "kovacsanna": (204826, 9810445, "source: Anna: exp capped at 700, log of x <= 0 made -inf, clamp(), tests as "
                                    "strings run with eval"),
    "taylorben": (204834, 9810459, "copy L4 of Anna's, by hand: a _child(data, op, rule) helper, EXP_CAP and "
                                   "_safe_log(), the tests a dict of points; eval kept"),
    "walkersam": (204847, 9810462, "hard h1: the README's bodies, his own long tests"),
    "hughesnora": (204853, 9810470, "hard h1: the README's bodies, a softmax/cross-entropy demo"),
    "baptistejoao": (204866, 9810481, "hard h2: the README's bodies, its Try it under __main__, his repr"),
    "moriyuki": (204872, 9810494, "hard h2: the README's bodies, its Try it at import, an exp/log round trip"),
    "lindqvisterik": (204888, 9810503, "hard h3: the README's bodies, sigmoid and softplus as the README's "
                                       "one-liners, a sweep"),
    "obiamaka": (204891, 9810517, "hard h3: the README's bodies, the same sigmoid and softplus, logistic "
                                  "regression on AND"),
    "reyesdiego": (204905, 9810526, "public L1: micrograd's engine.py pasted whole (licence named), exp, log and "
                                    "tanh added in its style, his tests"),
    "fischerjonas": (204919, 9810538, "public L2: micrograd's engine.py pasted, renamed in German, comments dropped, "
                                      "exp/log/tanh added, his tests"),
}
LATE = {"yamadaken"}  # Canvas marks a late hand-in in its file name
RESUBMITTED = {"novakpetr"}  # a second upload: Canvas names the file engine-1.py
CLUSTERS = {"brownjames": ("james", 1), "wilsonemma": ("james", 1), "garciaelena": ("elena", 1),
            "leeminho": ("elena", 2), "tanakahiro": ("hiro", 1), "rossigiulia": ("hiro", 3),
            "kimjisoo": ("jisoo", 1), "novakpetr": ("jisoo", 3), "silvaana": ("ana", 1), "johnsonmark": ("ana", 1),
            "martinlouis": ("louis", 1), "ahmedomar": ("louis", 4), "chenmei": ("mei", 1), "patelriya": ("mei", 4),
            "kovacsanna": ("anna", 1), "taylorben": ("anna", 4), "reyesdiego": ("public", 1),
            "fischerjonas": ("public", 2)}
REGIONS = {"backward": "backward() and its topological sort", "ops": "the operations (the eight bodies and the "
           "extra ones)", "helpers": "the helpers after the class"}
HARD = {"walkersam": "h1", "hughesnora": "h1", "baptistejoao": "h2", "moriyuki": "h2", "lindqvisterik": "h3",
        "obiamaka": "h3"}
BUGS = {
    "kowalczykjan": "exp's derivative is e^x * x, not e^x (at 0 it is 0, not 1)",
    "yamadaken": "__rtruediv__ returns self * other ** -1: 2 / a computes a / 2",
}


def body(text: str) -> str:
    return textwrap.indent(text.strip("\n") + "\n", " " * 8, lambda line: line.strip() != "")


def compose(spec: dict) -> str:
    """The starter with SPEC's bodies, methods, repr, backward, top, helpers and bottom put in (see fills44b2.py)."""
    text = STARTER
    bodies = CANON if spec.get("canon") else spec
    for key, method in METHODS.items():
        todo = (f"        # TODO(04-more-ops): your code here\n"
                f"        raise NotImplementedError(\"04-more-ops: write Value.{method}\")\n")
        text = recipes.reword(text, [(todo, body(bodies[key]))])
    if "backward" in spec:
        start, end = text.index(BACKWARD_START) + len(BACKWARD_START), text.index(BACKWARD_END)
        text = text[:start] + spec["backward"].strip("\n") + "\n\n" + text[end:]
    if "repr" in spec:
        text = recipes.reword(text, [(REPR, spec["repr"].strip("\n") + "\n")])
    if "methods" in spec:
        text = recipes.reword(text, [("    def __repr__(self):\n", spec["methods"].lstrip("\n") +
                                      "    def __repr__(self):\n")])
    if "top" in spec:
        text = recipes.reword(text, [(DOCSTRING_END, DOCSTRING_END + spec["top"].rstrip("\n") + "\n")])
    text = text.rstrip("\n") + "\n" + spec.get("helpers", "").rstrip("\n") + spec.get("bottom", "").rstrip("\n")
    text = recipes.reword(text, spec.get("edits", []))
    return text.rstrip("\n") + "\n"


def region(source: dict, which: str, level: int) -> dict:
    """The keys of SOURCE's spec that make region WHICH, as a copier at LEVEL 1 or 2 puts them in their file."""
    if which == "backward":
        taken = {"backward": source["backward"]}
    elif which == "helpers":
        taken = {"helpers": source["helpers"]}
    else:
        taken = {key: source[key] for key in BODIES + ("methods",)}
    if level == 2:
        assert which == "ops"  # Minho's: the one level-2 region
        taken = {key: recipes.rename(recipes.drop_comments(text), MINHO) for key, text in taken.items()}
    return taken


def copier(login: str) -> str:
    """A partial copier's file: their own spec with the friend's region in it (level 3: their own rewriting of it,
    typed in copiers44b2.py, is already their spec's)."""
    spec = dict(COPIERS[login])
    source, which, level = spec.pop("copied")
    if level < 3:
        own = region(STUDENTS[source], which, level)
        if "methods" in own and "methods" in spec:  # Mark's describe() after Ana's operations
            own["methods"] = own["methods"] + spec["methods"].lstrip("\n")
        spec.update(own)
    return compose(spec)


def public(extras: str, bottom: str, renames: dict | None = None) -> str:
    """micrograd's engine.py (`import math` put first), EXTRAS before its backward(), BOTTOM after it."""
    text = "import math\n\n" + recipes.reword(PUBLIC, [("    def backward(self):\n", extras + "    def backward(self):\n")])
    if renames is not None:
        text = recipes.rename(recipes.drop_comments(text), renames)
    return text.rstrip("\n") + "\n" + bottom


def engines() -> dict[str, str]:
    """{login: the engine.py they handed in}."""
    made = {login: compose(spec) for login, spec in STUDENTS.items()}
    made.update({login: copier(login) for login in COPIERS})
    made.update({p.stem: p.read_text(encoding="utf-8") for p in sorted((HERE / "hand").glob("*.py"))})
    made["reyesdiego"] = public(DIEGO_EXTRAS, DIEGO_BOTTOM)
    made["fischerjonas"] = public(DIEGO_EXTRAS.replace("'exp'", "'e^x'").replace("'log'", "'ln'"), JONAS_BOTTOM,
                                  JONAS_RENAMES)
    assert sorted(made) == sorted(ROSTER), sorted(set(made) ^ set(ROSTER))
    return made


def canvas_name(login: str) -> str:
    """Canvas's "Download Submissions" name of LOGIN's file: lastfirst[_LATE]_<user id>_<file id>_engine[-1].py."""
    user, file_id, _ = ROSTER[login]
    late = "_LATE" if login in LATE else ""
    name = "engine-1.py" if login in RESUBMITTED else "engine.py"
    return f"{login}{late}_{user}_{file_id}_{name}"


def sid(login: str) -> str:
    """The grader's id of LOGIN's row: Canvas's lastfirst and user id (docs/contract.md section 1)."""
    return f"{login}_{ROSTER[login][0]}"


def label(login: str) -> dict:
    cluster, level = CLUSTERS.get(login, (None, None))
    made = {"cluster": cluster, "kind": ROSTER[login][2], "level": level}
    if login in COPIERS:
        made["region"] = REGIONS[COPIERS[login]["copied"][1]]
    if login in HARD:
        made["hard_pair"] = HARD[login]
    if login in BUGS:
        made["bug"] = BUGS[login]
    return made


def write_class(out: Path) -> dict:
    """main/submissions and labels.json in OUT; returns the labels."""
    folder = out / "main" / "submissions"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for login, text in engines().items():
        (folder / canvas_name(login)).write_text(text, encoding="utf-8")
    labels = {"main": {sid(login): label(login) for login in sorted(ROSTER)}}
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


if __name__ == "__main__":
    write_class(HERE)
