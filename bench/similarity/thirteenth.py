"""The thirteenth labelled class, written by hand, a tuning class: python bench/similarity/thirteenth.py OUT_DIR

Like the twelfth, no program of ours makes it: its files are kept as they were written, in thirteenth/
(thirteenth/README.md says who wrote what and how; thirteenth/labels.json, run.py's schema, says what each is).
Written in session 15 blind to the method (grader/similarity and docs/similarity.md's method unread) on a starter no
earlier class uses: exercises/11-fit-line's `fit_line.py` (two functions: `mse`, the loss, and
`train_line_history`, the course's first training loop). The held-out class's shape (issue 27) with 16 independent
students (13 fillers, 3 whole files of their own), 3 pairs whose own code is the same canonical lines (`hard_pair`),
4 copies of karpathy/micrograd's engine pasted into fit_line.py beside the student's own loop (levels 1, 2, 2, 3),
12 sources each copied by hand at one of levels 1-4 (one twice), and six scriptable evasions no earlier class or
trick table has, one on each of six copies (`tricks`, TRICKS below). thirteenth/plain/ holds each tricked copy
without its trick (not in the class).

**A tuning class**: helpers may read its files and its pairs' scores and choose changes on it (the eleventh's role,
for a training loop instead of network code). Its public source is micrograd's engine, the grader's own copy
(grader/data/public/karpathy-micrograd/engine.py: run.public_source falls back to it for a class with no public/).

`build` copies the class into OUT_DIR, running every file and checking it against the course's reference
(reference/fit_line.py: `check`) first. `python bench/similarity/run.py --thirteenth` and `rescore.py --thirteenth`
measure it (its own line: in neither of rescore.py's seed sets).
"""

from __future__ import annotations

import ast
import functools
import io
import math
import re
import sys
import tokenize
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import eighth  # noqa: E402
import tenth  # noqa: E402

CLASS = HERE / "thirteenth"
EXERCISE = "11-fit-line (fit_line.py)"


# -- the check: every file is a working 11-fit-line -----------------------------------------------------------------

POINTS = ((-1.0, 0.0), (2.0, 1.0), (0.5, 1.5), (3, -2), (0.0, 0.0))  # (w, b) for mse; int data among them
RUNS = ((0, 0.05), (1, 0.05), (2, 0.05), (20, 0.05), (30, 0.3), (300, 0.05), (7, 0.1))  # (steps, learning_rate)


def check(text: str, what: str) -> None:
    """Run TEXT as the student's fit_line.py (the course's reference engine as `engine`) and compare it with
    reference/fit_line.py as the exercise's tests do: `mse(w, b)` of two of the engine's Values is one of the engine's
    Values, the reference's loss, with the reference's gradients after backward(), at five points; for seven runs
    (0, 1, 2, 20 and 300 steps at 0.05, 30 at 0.3, 7 at 0.1), `train_line_history` returns (w, b, losses) with w and b
    numbers or Values and losses a list of steps + 1 numbers, all the reference's (relative 1e-9), and (on the short
    runs) `train_line` the same w and b and the last loss. Anything the file raises is reported as an
    AssertionError. (The course's own suite, 1,000 steps and hidden tests included, was run on every file once: the
    class's README.)"""
    try:
        _check(tenth.load(text, what), what)
    except AssertionError:
        raise
    except Exception as error:
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


def _close(a, b, tol: float = 1e-9) -> bool:
    return type(a) in (int, float) and math.isclose(a, b, rel_tol=tol, abs_tol=tol)


@functools.cache
def _reference_run(steps: int, rate: float) -> tuple:
    from reference import fit_line as ref

    return ref.train_line_history(steps, rate)


def _check(mine, what: str) -> None:
    import reference.engine
    from reference import fit_line as ref

    def fail(message):
        raise AssertionError(f"{what}: {message}")

    value = reference.engine.Value

    def number(x):
        return x.data if isinstance(x, value) else x

    for w0, b0 in POINTS:
        (w, b), (rw, rb) = (value(w0), value(b0)), (value(w0), value(b0))
        loss, want = mine.mse(w, b), ref.mse(rw, rb)
        if not isinstance(loss, value) or not _close(loss.data, want.data):
            fail(f"mse at w = {w0}, b = {b0} is {loss!r}, the reference's {want.data}")
        loss.backward()
        want.backward()
        if not (_close(w.grad, rw.grad) and _close(b.grad, rb.grad)):
            fail(f"mse's gradients at w = {w0}, b = {b0}: {w.grad}, {b.grad}, the reference's {rw.grad}, {rb.grad}")
    for steps, rate in RUNS:
        got, want = mine.train_line_history(steps, rate), _reference_run(steps, rate)
        if type(got) is not tuple or len(got) != 3 or type(got[2]) is not list:
            fail(f"train_line_history({steps}, {rate}) does not return (w, b, losses)")
        losses = [number(x) for x in got[2]]
        if len(losses) != steps + 1 or not all(_close(a, b) for a, b in zip(losses, want[2])):
            fail(f"train_line_history({steps}, {rate})'s losses are {losses[:4]}..., the reference's {want[2][:4]}...")
        if not (_close(number(got[0]), want[0]) and _close(number(got[1]), want[1])):
            fail(f"train_line_history({steps}, {rate}) ends at {got[:2]}, the reference at {want[:2]}")
        if steps > 30:
            continue  # train_line's own lines are the starter's: checked on the short runs
        line = mine.train_line(steps, rate)
        if not all(_close(number(a), b) for a, b in zip(line, (want[0], want[1], want[2][-1]))) or len(line) != 3:
            fail(f"train_line({steps}, {rate}) is {line}, the reference's {want[0], want[1], want[2][-1]}")


# -- the six tricks, as the copies were made (each plain copy in thirteenth/plain/ made into its tricked copy by one) -
# Each finds its places on the syntax tree Python parses and rewrites the text there (no unparser: comments, blank
# lines and the rest of the file stay as the student wrote them, the same on every Python).

ATOMS = (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant)


def _index(lines: list[str], row: int, col: int) -> int:
    """The position in the text of LINES of the node position (ROW, COL): COL counts UTF-8 bytes, as ast's do."""
    return sum(len(line) + 1 for line in lines[:row - 1]) + len(lines[row - 1].encode("utf-8")[:col].decode("utf-8"))


def _span(lines: list[str], node) -> tuple[int, int]:
    return _index(lines, node.lineno, node.col_offset), _index(lines, node.end_lineno, node.end_col_offset)


def _rewritten(text: str, find) -> str:
    """TEXT rewritten one place at a time: FIND(tree, lines) gives (start, end, new text) for the next place, or
    None when none is left (each rewrite must remove its place, so that this ends)."""
    for _ in range(10_000):
        lines = text.split("\n")
        found = find(ast.parse(text), lines)
        if found is None:
            return text
        start, end, new = found
        text = text[:start] + new + text[end:]
    raise AssertionError("a trick that does not end")


def _operator_swapped(text: str, lines: list[str], node, left, right, old: str, new: str) -> tuple[str, str]:
    """The text between LEFT and RIGHT of NODE with its operator OLD as NEW, and RIGHT's text to NODE's end."""
    left_end, right_start = _span(lines, left)[1], _span(lines, right)[0]
    middle = text[left_end:right_start]
    assert middle.count(old) == 1, middle
    return middle.replace(old, new), text[right_start:_span(lines, node)[1]]


def sub_as_add(text: str) -> str:
    """Every subtraction `a - b` as `a + b * -1`, and every `x -= e` as `x += e * -1` (the same numbers:
    b * -1 is -b exactly, and a + -b is a - b)."""
    def find(tree, lines):
        for node in ast.walk(tree):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
                middle, right = _operator_swapped(text_of(lines), lines, node, node.left, node.right, "-", "+")
                return _span(lines, node.left)[1], _span(lines, node)[1], middle + right + " * -1"
            if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Sub):
                middle, right = _operator_swapped(text_of(lines), lines, node, node.target, node.value, "-=", "+=")
                low = not middle.rstrip().endswith("(") and (isinstance(node.value, (
                    ast.BoolOp, ast.Compare, ast.IfExp, ast.Lambda, ast.NamedExpr)) or (
                    isinstance(node.value, ast.BinOp) and isinstance(node.value.op, (ast.Add, ast.Sub))))
                return (_span(lines, node.target)[1], _span(lines, node)[1],
                        middle + (f"({right})" if low else right) + " * -1")
        return None

    return _rewritten(text, find)


def text_of(lines: list[str]) -> str:
    return "\n".join(lines)


def division_as_power(text: str) -> str:
    """Every division `a / b` as `a * b ** -1` (the engine's own `__truediv__`: the same numbers)."""
    def find(tree, lines):
        for node in ast.walk(tree):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
                middle, right = _operator_swapped(text_of(lines), lines, node, node.left, node.right, "/", "*")
                atom = isinstance(node.right, ATOMS) or middle.rstrip().endswith("(")  # or in brackets already
                return (_span(lines, node.left)[1], _span(lines, node)[1],
                        middle + (right if atom else f"({right})") + " ** -1")
        return None

    return _rewritten(text, find)


def square_as_product(text: str) -> str:
    """Every square `e ** 2` as `e * e` (in parentheses where a tighter operator holds it: `a / (e * e)`)."""
    def find(tree, lines):
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and isinstance(node.right, ast.Constant)
                    and node.right.value == 2 and type(node.right.value) is int):
                start, end = _span(lines, node)
                base = text_of(lines)[start:_span(lines, node.left)[1]]
                base += ")" * (base.count("(") - base.count(")"))  # the left operand's closing brackets
                parent = parents.get(node)
                tight = isinstance(parent, ast.UnaryOp) or (isinstance(parent, ast.BinOp) and (
                    isinstance(parent.op, ast.Pow) or (parent.right is node and not isinstance(parent.op, (
                        ast.Add, ast.Sub)))))
                product = f"{base} * {base}"
                return start, end, f"({product})" if tight else product
        return None

    return _rewritten(text, find)


def _imported(text: str, modules: tuple[str, ...]) -> str:
    """TEXT with `import M` for each of MODULES it lacks, after its first import."""
    lines = text.split("\n")
    first = next(node for node in ast.parse(text).body if isinstance(node, (ast.Import, ast.ImportFrom)))
    lines[first.end_lineno:first.end_lineno] = [f"import {m}" for m in modules if f"import {m}" not in lines]
    return "\n".join(lines)


def sum_as_reduce(text: str) -> str:
    """Every `sum(items)` (or `sum(items, start)`) as `functools.reduce(operator.add, items, 0)`: the same
    additions in the same order, from the same start."""
    def find(tree, lines):
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sum"
                    and not node.keywords and len(node.args) in (1, 2)):
                whole = text_of(lines)
                items = whole.__getitem__(slice(*_span(lines, node.args[0])))
                if isinstance(node.args[0], ast.GeneratorExp) and not items.startswith("("):
                    items = f"({items})"  # a generator as the only argument has no brackets of its own
                start = whole.__getitem__(slice(*_span(lines, node.args[1]))) if len(node.args) == 2 else "0"
                return (*_span(lines, node), f"functools.reduce(operator.add, {items}, {start})")
        return None

    rewritten = _rewritten(text, find)
    return _imported(rewritten, ("functools", "operator")) if rewritten != text else text


def zip_indexed(text: str) -> str:
    """Every statement `for a, b in zip(P, Q):` as `for _i in range(len(P)):` with `a, b = P[_i], Q[_i]` first in
    its body (comprehensions keep their zip)."""
    lines = text.split("\n")
    out = []
    for row, line in enumerate(lines):
        found = re.fullmatch(r"(\s*)for (\w+), (\w+) in zip\(([\w.]+), ([\w.]+)\):(\s*#.*)?", line)
        if not found:
            out.append(line)
            continue
        indent, a, b, p, q, comment = found.groups()
        body = next(later for later in lines[row + 1:] if later.strip())
        out += [f"{indent}for _i in range(len({p})):{comment or ''}",
                f"{body[:len(body) - len(body.lstrip())]}{a}, {b} = {p}[_i], {q}[_i]"]
    return "\n".join(out)


def append_as_concat(text: str) -> str:
    """Every statement `name.append(e)` as `name += [e]` (the same list, extended in place)."""
    comments = {tok.start[0]: tok.start[1] for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.COMMENT}
    lines = text.split("\n")
    for row, line in enumerate(lines, 1):
        code, comment = (line[:comments[row]].rstrip(), "  " + line[comments[row]:]) if row in comments else (line, "")
        found = re.fullmatch(r"(\s*)(\w+)\.append\((.*)\)", code)
        if found and sum(found.group(3).count(c) for c in "([{") == sum(found.group(3).count(c) for c in ")]}"):
            lines[row - 1] = f"{found.group(1)}{found.group(2)} += [{found.group(3)}]{comment}"
    return "\n".join(lines)


TRICKS = {"sub-as-add": sub_as_add, "division-as-power": division_as_power, "square-as-product": square_as_product,
          "sum-as-reduce": sum_as_reduce, "zip-indexed": zip_indexed, "append-as-concat": append_as_concat}


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, labels.json), every file checked (`check`); with PLAIN each
    tricked copy is replaced by its plain copy (thirteenth/plain/, the same id and label: the evasions measured)."""
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
