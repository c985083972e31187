"""The tenth labelled class, written by hand: python bench/similarity/tenth.py OUT_DIR

Like the eighth and ninth, no program of ours makes it: its 57 files are kept as they were written, in tenth/
(tenth/README.md says who wrote what and how; tenth/labels.json, run.py's schema, says what each is). Written blind
to the method (grader/similarity and docs/similarity.md's method unread) on a starter no earlier class uses and a
kind of code none of them has: exercises/07-mlp-xor's `nn.py` (the network, not the engine: `Module.zero_grad`,
`Neuron`, `Layer`, `MLP` and `train_xor`, eleven regions). The held-out class's shape (issue 27): 20 independent
students (17 fillers, 3 whole files of their own), 3 pairs whose own code is the same canonical lines
(`hard_pair`), 6 copies of karpathy/micrograd's nn.py (its public network code, MIT: tenth/public/ with its licence)
with tanh, the `rng` and `train_xor` added three ways (levels 1-3, two each), 12 sources each copied by hand at one
of levels 1-4 (one twice), and six evasions no earlier class has, one on each of six copies (`tricks`, TRICKS
below). tenth/plain/ holds each tricked copy without its trick (not in the class).

The public source of this class is micrograd's nn.py, not its engine: `grade similarity` ships only the engine, so
an instructor grading 07-mlp-xor passes it with `--public tenth/public`; run.py reads a class's public/ folder when
it has one (`run.public_source`), for ours and for the anchors.

`build` copies the class into OUT_DIR (run.py writes its reports beside the files it measures), running every file
and checking it against the course's reference network (`check`) first. `python bench/similarity/run.py --tenth`
measures it; it was measured once, after it was written, and is not tuned on.
"""

from __future__ import annotations

import ast
import functools
import math
import random
import re
import sys
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import eighth  # noqa: E402

CLASS = HERE / "tenth"
EXERCISE = "07-mlp-xor (nn.py)"


# -- the check: every file is a working 07-mlp-xor network ---------------------------------------------------------


def load(text: str, what: str) -> types.ModuleType:
    """Run TEXT as the student's nn.py, with the course's reference engine importable as `engine`."""
    import reference.engine

    module = types.ModuleType("tenth_check_" + re.sub(r"\W", "_", what))
    saved = sys.modules.get("engine")
    sys.modules["engine"] = reference.engine
    sys.modules[module.__name__] = module
    try:
        exec(compile(text, what, "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
        if saved is None:
            del sys.modules["engine"]
        else:
            sys.modules["engine"] = saved
    return module


def _close(a: float, b: float, tol: float = 1e-9) -> bool:
    return math.isclose(a, b, rel_tol=tol, abs_tol=tol)


def check(text: str, what: str) -> None:
    """Run TEXT and compare it with the reference network (reference/nn.py) as the exercise's tests would: the same
    weights from the same `random.Random`, in the same order (weights, then the bias, neuron by neuron, layer by
    layer), the same outputs and gradients, a one-neuron layer giving its Value, zero_grad, a layer without an rng
    whose neurons differ, and train_xor's losses. Anything the file raises is reported as an AssertionError."""
    try:
        _check(load(text, what), what)
    except AssertionError:
        raise
    except Exception as error:
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


@functools.lru_cache(maxsize=None)
def _reference_losses(seed: int, steps: int, lr: float) -> tuple:
    from reference import nn as ref

    return tuple(ref.train_xor(seed=seed, steps=steps, lr=lr))


def _check(mine: types.ModuleType, what: str) -> None:
    from reference import nn as ref

    def fail(message):
        raise AssertionError(f"{what}: {message}")

    for seed, nin, nouts in ((0, 2, [4, 1]), (42, 2, [4, 1]), (7, 3, [4, 4, 2])):
        net, want = mine.MLP(nin, nouts, rng=random.Random(seed)), ref.MLP(nin, nouts, rng=random.Random(seed))
        got_p, want_p = net.parameters(), want.parameters()
        if [p.data for p in got_p] != [p.data for p in want_p]:
            fail(f"MLP({nin}, {nouts}) from seed {seed}: other weights than the reference's")
        for x in ([0.5, -1.0, 2.0][:nin], [1.0, 1.0, -0.25][:nin]):
            out, ref_out = net(list(x)), want(list(x))
            outs, ref_outs = (out, ref_out) if isinstance(ref_out, list) else ([out], [ref_out])
            if len(outs) != len(ref_outs) or not all(_close(o.data, r.data) for o, r in zip(outs, ref_outs)):
                fail(f"MLP({nin}, {nouts}) on {x}: {out} where the reference has {ref_out}")
            total, ref_total = sum(o * o for o in outs), sum(r * r for r in ref_outs)
            net.zero_grad()
            want.zero_grad()
            total.backward()
            ref_total.backward()
            if not all(_close(p.grad, q.grad) for p, q in zip(got_p, want_p)):
                fail(f"MLP({nin}, {nouts}): gradients differ from the reference's")
        net.zero_grad()
        if any(p.grad != 0 for p in got_p):
            fail("zero_grad leaves a gradient")
    one, two = mine.Layer(3, 1, rng=random.Random(1)), mine.Layer(3, 2, rng=random.Random(1))
    if isinstance(one([1.0, 2.0, 3.0]), list) or len(two([1.0, 2.0, 3.0])) != 2:
        fail("a one-neuron layer must give its Value, a two-neuron layer a list of two")
    linear, ref_linear = mine.Neuron(3, nonlin=False, rng=random.Random(2)), ref.Neuron(3, nonlin=False,
                                                                                        rng=random.Random(2))
    if not _close(linear([3.0, -2.0, 1.5]).data, ref_linear([3.0, -2.0, 1.5]).data):
        fail("Neuron(nonlin=False) is not the plain weighted sum")
    flat = [p.data for p in mine.Layer(3, 3).parameters()]
    weights = [tuple(flat[i:i + 4]) for i in range(0, 12, 4)]
    if len(set(weights)) != 3:
        fail("a layer made without an rng has neurons with the same weights")
    mine.MLP(2, [3, 1])([1.0, 0.0])
    for seed in (0, 3):
        got, want = mine.train_xor(seed, 12), _reference_losses(seed, 12, 0.05)
        if len(got) != 12 or not all(_close(float(g), w, 1e-9) for g, w in zip(got, want)):
            fail(f"train_xor({seed}, 12) gives other losses than the reference's")
    got = mine.train_xor(seed=1, steps=6, lr=0.1)
    if len(got) != 6 or not all(_close(float(g), w, 1e-9) for g, w in zip(got, _reference_losses(1, 6, 0.1))):
        fail("train_xor(seed=1, steps=6, lr=0.1) gives other losses than the reference's")


# -- the six tricks, as the copies were made (each plain copy in tenth/plain/ made into its tricked copy by one) ---


def qualified_import(text: str) -> str:
    """`from engine import Value` as `import engine`, and every use of the name `Value` (a NAME token: not in strings
    or comments) as `engine.Value`."""
    import io
    import tokenize

    lines = text.split("\n")
    hits = [tok.start for tok in tokenize.generate_tokens(io.StringIO(text).readline)
            if tok.type == tokenize.NAME and tok.string == "Value"]
    for row, col in sorted(hits, reverse=True):
        line = lines[row - 1]
        if line.strip() == "from engine import Value":
            lines[row - 1] = line.replace("from engine import Value", "import engine")
        else:
            lines[row - 1] = line[:col] + "engine." + line[col:]
    return "\n".join(lines)


def lambdas(text: str) -> str:
    """Every method whose body is one `return` (the def and its return each on one line) as a class attribute bound to
    a lambda: `def parameters(self):` / `return self.w + [self.b]` -> `parameters = lambda self: self.w + [self.b]`."""
    lines = text.split("\n")
    for cls in ast.walk(ast.parse(text)):
        if not isinstance(cls, ast.ClassDef):
            continue
        for fn in cls.body:
            if (isinstance(fn, ast.FunctionDef) and not fn.decorator_list and len(fn.body) == 1
                    and isinstance(fn.body[0], ast.Return) and fn.body[0].value is not None
                    and fn.body[0].lineno == fn.body[0].end_lineno == fn.lineno + 1):
                head = re.fullmatch(r"(\s*)def (\w+)\(([^:]*)\):\s*", lines[fn.lineno - 1])
                body = re.fullmatch(r"\s*return (.*?)\s*", lines[fn.lineno])
                if head is None or body is None:  # an annotation or a comment on the def line: left as it is
                    continue
                lines[fn.lineno - 1] = f"{head.group(1)}{head.group(2)} = lambda {head.group(3)}: {body.group(1)}"
                lines[fn.lineno] = None
    return "\n".join(line for line in lines if line is not None)


def star_args(text: str) -> str:
    """Every one-line `def` without a `*` parameter takes `*_extra` too (before `**kwargs` when it has one): a
    parameter nobody passes."""
    def widen(match):
        params = match.group(3)
        if "*" in params.replace("**", ""):
            return match.group(0)
        if "**" in params:
            params = params.replace("**", "*_extra, **", 1)
        else:
            params = f"{params}, *_extra" if params.strip() else "*_extra"
        return f"{match.group(1)}def {match.group(2)}({params}){match.group(4)}"

    return "\n".join(re.sub(r"^(\s*)def (\w+)\((.*)\)(\s*(?:->.*)?:\s*(?:#.*)?)$", widen, line)
                     for line in text.split("\n"))


def with_wrapper(text: str) -> str:
    """The body of every function at a module's or a class's top (its docstring apart) inside `with
    contextlib.nullcontext():`, which does nothing; `import contextlib` after the first import."""
    lines = text.split("\n")
    tree = ast.parse(text)
    functions = [fn for node in [tree, *(c for c in tree.body if isinstance(c, ast.ClassDef))] for fn in node.body
                 if isinstance(fn, ast.FunctionDef)]
    for fn in sorted(functions, key=lambda f: f.lineno, reverse=True):
        body = fn.body[1:] if (isinstance(fn.body[0], ast.Expr) and isinstance(fn.body[0].value, ast.Constant)
                               and isinstance(fn.body[0].value.value, str)) else fn.body
        start, end = body[0].lineno, fn.end_lineno
        indent = re.match(r"\s*", lines[start - 1]).group(0)
        lines[start - 1:end] = [indent + "with contextlib.nullcontext():"] + [
            ("    " + line if line.strip() else line) for line in lines[start - 1:end]]
    first = next(i for i, line in enumerate(lines) if re.match(r"(import|from) ", line))
    lines.insert(first + 1, "import contextlib")
    return "\n".join(lines)


def ast_roundtrip(text: str) -> str:
    """The file as Python's own unparser writes it back: `ast.unparse(ast.parse(text))` (comments and blank lines
    gone, quotes, spacing and parentheses its own; the same syntax tree), as 3.11's writes it on every Python (the
    copy of it grader/similarity/unparse.py holds: 3.10's `ast.unparse` writes `for (a, b) in`, and the committed
    copy was made on 3.11)."""
    from grader.similarity.unparse import unparse

    return unparse(ast.parse(text)) + "\n"


def tuple_assign(text: str) -> str:
    """Runs of one-line assignments to one target each, in the same block, none reading a target assigned before it
    in the run, nor holding a comment, joined into one: `self.b = Value(0)` / `self.nonlin = nonlin` ->
    `self.b, self.nonlin = Value(0), nonlin`."""
    lines = text.split("\n")

    def simple(st):
        return (isinstance(st, ast.Assign) and len(st.targets) == 1 and st.lineno == st.end_lineno
                and isinstance(st.targets[0], (ast.Name, ast.Attribute)) and "#" not in lines[st.lineno - 1]
                and not isinstance(st.value, ast.Tuple))

    def reads(expr, targets):
        return any(ast.unparse(n) in targets for n in ast.walk(expr) if isinstance(n, (ast.Name, ast.Attribute)))

    runs = []
    for node in ast.walk(ast.parse(text)):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            run = []
            for st in block + [None]:
                targets = {ast.unparse(s.targets[0]) for s in run}
                if st is not None and simple(st) and ast.unparse(st.targets[0]) not in targets \
                        and not reads(st.value, targets):
                    run.append(st)
                    continue
                if len(run) > 1:
                    runs.append(run)
                run = [st] if st is not None and simple(st) else []
    for run in sorted(runs, key=lambda r: r[0].lineno, reverse=True):
        indent = re.match(r"\s*", lines[run[0].lineno - 1]).group(0)
        left = ", ".join(ast.get_source_segment(text, s.targets[0]) for s in run)
        right = ", ".join(ast.get_source_segment(text, s.value) for s in run)
        lines[run[0].lineno - 1:run[-1].lineno] = [f"{indent}{left} = {right}"]
    return "\n".join(lines)


TRICKS = {"qualified-import": qualified_import, "lambdas": lambdas, "star-args": star_args,
          "with-wrapper": with_wrapper, "ast-roundtrip": ast_roundtrip, "tuple-assign": tuple_assign}


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, public/, labels.json), every file checked (`check`); with
    PLAIN each tricked copy is replaced by its plain copy (tenth/plain/, the same id and label: the evasions
    measured)."""
    return eighth.build(out, plain, CLASS, check)


def evasions(out: Path, baselines: bool = True) -> list[dict]:
    """Each tricked copy's score with its source beside its plain copy's (eighth.evasions on this class)."""
    return eighth.evasions(out, baselines, CLASS, check)


def trick_table(out: Path, baselines: bool = True) -> dict:
    """Each trick on every source beside its verbatim copy (ninth.trick_table on this class)."""
    import ninth

    return ninth.trick_table(out, baselines, sys.modules[__name__])


def main():
    import ninth

    ninth.main(sys.modules[__name__])  # OUT, --plain, --evasions, --tricks, --skip-baselines, as ninth.py's


if __name__ == "__main__":
    main()
