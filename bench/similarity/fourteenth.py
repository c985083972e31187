"""The fourteenth labelled class, written by hand, held out: python bench/similarity/fourteenth.py OUT_DIR

Like the eighth to twelfth, no program of ours makes it: its 57 files are kept as they were written, in fourteenth/
(fourteenth/README.md says who wrote what and how; fourteenth/labels.json, run.py's schema, says what each is).
Written blind to the method (grader/similarity and docs/similarity.md's method unread) on a starter no earlier class
uses: exercises/08-dual-numbers' `dual.py` (forward mode: a `Dual` class whose twelve operations and a
`derivative` function are thirteen regions; code that is neither the reverse-mode engine nor a network). The
held-out class's shape (issue 27): 20 independent students (18 fillers, 2 whole files of their own), 3 pairs whose
own code is the same canonical lines (`hard_pair`), 6 copies of karpathy/micrograd's engine pasted into dual.py as
a second reverse mode to check the Dual against (tanh, exp and log added; levels 1-3, two each), 12 sources each
copied by hand at one of levels 1-4 (one twice), and six evasions no earlier class has, one on each of six copies
(`tricks`, TRICKS below). fourteenth/plain/ holds each tricked copy without its trick (not in the class).

Its public source is micrograd's engine, the grader's own copy (grader/data/public/karpathy-micrograd/engine.py:
run.public_source falls back to it for a class with no public/ folder).

`build` copies the class into OUT_DIR, running every file and checking it against the course's reference
(reference/dual.py: `check`) first. `python bench/similarity/run.py --fourteenth` measures it; it is measured once,
by the session's coordinator, and never tuned on.
"""

from __future__ import annotations

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

CLASS = HERE / "fourteenth"
EXERCISE = "08-dual-numbers (dual.py)"


# -- the check: every file is a working 08-dual-numbers ------------------------------------------------------------


def _sanity(x):
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    return h + q + q * x


EXPRESSIONS = (  # (name, f, x): the suite's expressions and a few more (constants on every side, int data, relu at 0)
    ("x*x*x + 2*x", lambda x: x * x * x + 2 * x, 2.0),
    ("(x + 3) * (3 + x) - 4 * x", lambda x: (x + 3) * (3 + x) - 4 * x, -1.5),
    ("(2 - x) * (x - 2) - (-x)", lambda x: (2 - x) * (x - 2) - (-x), 0.5),
    ("x / (x*x + 1) + 2 / x", lambda x: x / (x * x + 1) + 2 / x, 0.8),
    ("x / 4 - 1.5 / x", lambda x: x / 4 - 1.5 / x, 3),
    ("x**3 + x**0.5 + x**-1", lambda x: x**3 + x**0.5 + x**-1, 4.0),
    ("x**2 at an int", lambda x: x**2 * 3, 5),
    ("exp(x) * log(x)", lambda x: x.exp() * x.log(), 1.5),
    ("tanh(x)", lambda x: x.tanh(), 2.0),
    ("tanh(-x / 3)", lambda x: (-x / 3).tanh(), 0.4),
    ("relu(3x - 1) + relu(-x)", lambda x: (x * 3 - 1).relu() + (-x).relu(), 0.7),
    ("relu(x) * 5 below 0", lambda x: x.relu() * 5, -0.3),
    ("relu(x) at 0", lambda x: x.relu(), 0.0),
    ("relu(x - 2) at 0", lambda x: (x - 2).relu() + x, 2.0),
    ("micrograd's sanity check", _sanity, -4.0),
    ("a tanh neuron", lambda w: (2.0 * w + 0.0 * 1.0 + 6.8813735870195432).tanh(), -3.0),
    ("softplus", lambda x: (1 + x.exp()).log() / (x * x + 1) - x / 3, 0.3),
    ("sin(x) + cos(x) * x", lambda x: x.sin() + x.cos() * x, 0.9),
    ("sin(x * x) / cos(x)", lambda x: (x * x).sin() / x.cos(), -1.2),
    ("x ** x", lambda x: x**x, 1.5),
    ("2 ** x + x ** (x / 2)", lambda x: 2**x + x ** (x / 2), 1.3),
    ("0.5 ** (3 * x)", lambda x: 0.5 ** (3 * x), -0.7),
    ("log(x*x) - exp(-x)", lambda x: (x * x).log() - (-x).exp(), 2.5),
)


def check(text: str, what: str) -> None:
    """Run TEXT as the student's dual.py and compare it with reference/dual.py as the exercise's tests do: each of
    EXPRESSIONS on a Dual seeded with derivative 1 gives the reference's value and derivative (1e-9; the reference's
    forward mode agrees with the engine's backward()); two inputs seeded one at a time; a Dual's value and deriv
    unchanged by an operation on it; `derivative(f, x)` for x ** 3, sin(x) * exp(x) and a constant (0); relu'(0) = 0.
    Anything the file raises is reported as an AssertionError."""
    try:
        _check(tenth.load(text.removeprefix("\ufeff"), what), what)  # a byte-order mark, as Python skips it
    except AssertionError:
        raise
    except Exception as error:
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


def _close(a: float, b: float, tol: float = 1e-9) -> bool:
    return math.isclose(a, b, rel_tol=tol, abs_tol=tol)


def _check(mine, what: str) -> None:
    from reference import dual as ref

    def fail(message):
        raise AssertionError(f"{what}: {message}")

    for name, f, x in EXPRESSIONS:
        seed = mine.Dual(x, 1.0)
        got, want = f(seed), f(ref.Dual(x, 1.0))
        if not isinstance(got, mine.Dual):
            fail(f"{name} at {x} is not a Dual")
        if not (_close(float(got.value), want.value) and _close(float(got.deriv), want.deriv)):
            fail(f"{name} at {x}: ({got.value}, {got.deriv}), the reference's ({want.value}, {want.deriv})")
        if seed.value != x or seed.deriv != 1.0:
            fail(f"{name} changed its input: {seed!r}")

    def two(d, a, b):
        return a * b + (a - b).tanh() * b - b / a

    for da, db in ((1.0, 0.0), (0.0, 1.0)):
        got, want = two(mine.Dual, mine.Dual(0.6, da), mine.Dual(-1.1, db)), two(ref.Dual, ref.Dual(0.6, da),
                                                                                  ref.Dual(-1.1, db))
        if not (_close(got.value, want.value) and _close(got.deriv, want.deriv)):
            fail(f"two inputs seeded ({da}, {db}): ({got.value}, {got.deriv}), the reference's {want!r}")
    for name, f, x, want in (("x ** 3", lambda x: x**3, 2.0, 12.0),
                             ("sin(x) * exp(x)", lambda x: x.sin() * x.exp(), 0.0, 1.0),
                             ("a constant", lambda x: 7, 1.0, 0.0),
                             ("tanh, log and 3 / x", lambda x: (x * x + 1).log() * x.tanh() - 3 / x, 0.7,
                              ref.derivative(lambda x: (x * x + 1).log() * x.tanh() - 3 / x, 0.7))):
        got = mine.derivative(f, x)
        if isinstance(got, mine.Dual) or not _close(float(got), want):
            fail(f"derivative({name}, {x}) is {got!r}, not {want}")
    zero = mine.Dual(0.0, 1.0).relu()
    if zero.value != 0 or zero.deriv != 0:
        fail(f"relu at 0 gives {zero!r}: relu'(0) is 0 and relu(0) is 0")


# -- the six tricks, as the copies were made (each plain copy in fourteenth/plain/ made into its tricked copy by one) -


def _tokens(text: str) -> list:
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _replaced(text: str, spans) -> str:
    """TEXT with each (row, start, end, new) of SPANS (one-line token spans) replaced."""
    lines = text.split("\n")
    for row, start, end, new in sorted(spans, reverse=True):
        lines[row - 1] = lines[row - 1][:start] + new + lines[row - 1][end:]
    return "\n".join(lines)


def line_separator(text: str) -> str:
    """Every comment's `# ` as `#`, U+2028 (LINE SEPARATOR), ` `: Python reads the comment to the end of its line,
    str.splitlines() cuts it there, and what follows the cut is the comment's words, not a comment."""
    return _replaced(text, [(*tok.start, tok.start[1] + 2, "#\u2028 ") for tok in _tokens(text)
                            if tok.type == tokenize.COMMENT and tok.string.startswith("# ")])


def literal_spelling(text: str) -> str:
    """Every number spelt another way that Python reads as the same constant: an int in hexadecimal (`2` ->
    `0x2`), a float as its decimal digits and an exponent (`1.0` -> `10e-1`, `0.5` -> `5e-1`)."""
    def respelt(literal: str) -> str:
        if re.fullmatch(r"\d+", literal):
            return hex(int(literal))
        whole, _, fraction = repr(float(literal)).partition(".")
        return f"{int(whole + fraction)}e-{len(fraction)}"

    return _replaced(text, [(*tok.start, tok.end[1], respelt(tok.string)) for tok in _tokens(text)
                            if tok.type == tokenize.NUMBER])


def keyword_calls(text: str) -> str:
    """Every call `Dual(A, B)` as `Dual(value=A, deriv=B)` and `Dual(A)` as `Dual(value=A)` (the parameters by
    name: the same call)."""
    out, i = [], 0
    for found in re.finditer(r"(?<![\w.])Dual\(", text):
        if found.start() < i or re.search(r"(class|def)\s+$", text[:found.start()]):
            continue
        depth, j, commas = 1, found.end(), []
        while depth:
            depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[j], 0)
            if text[j] == "," and depth == 1:
                commas.append(j)
            j += 1
        args = [a.strip() for a in re.split(r"\x00", "".join(
            "\x00" if k + found.end() in commas else c for k, c in enumerate(text[found.end():j - 1])))]
        if len(args) > 2 or any("=" in a.split("(")[0] and "==" not in a for a in args):
            continue
        named = ", ".join(f"{key}={arg}" for key, arg in zip(("value", "deriv"), args))
        out.append(text[i:found.end()] + named + ")")
        i = j
    return "".join(out) + text[i:]


def utf8_bom(text: str) -> str:
    """The file saved with a byte-order mark (U+FEFF first, as Notepad saves UTF-8): Python skips it when it reads
    the file's bytes; a program that decodes the bytes as plain UTF-8 gets a U+FEFF that Python will not parse."""
    return "\ufeff" + text


def global_decls(text: str) -> str:
    """`global math, Dual` as the first statement of every function (after its docstring, if it has one): a
    declaration that changes nothing where neither name is assigned."""
    lines, out, k = text.split("\n"), [], 0
    while k < len(lines):
        line = lines[k]
        out.append(line)
        k += 1
        found = re.match(r"(\s*)def .*:\s*(#.*)?$", line)
        if not found:
            continue
        indent = re.match(r"\s*", lines[k]).group(0)
        if lines[k].strip().startswith('"""'):  # the docstring stays first
            closed = lines[k].strip().count('"""') == 2
            out.append(lines[k])
            k += 1
            while not closed:
                closed = '"""' in lines[k]
                out.append(lines[k])
                k += 1
        out.append(f"{indent}global math, Dual")
    return "\n".join(out)


def paren_self(text: str) -> str:
    """Every `self` (not a parameter on a `def` line) in parentheses: `(self).value`, `(self) + other` (the same
    syntax tree)."""
    lines = text.split("\n")
    return _replaced(text, [(*tok.start, tok.end[1], "(self)") for tok in _tokens(text)
                            if tok.type == tokenize.NAME and tok.string == "self"
                            and not re.match(r"\s*def ", lines[tok.start[0] - 1])])


TRICKS = {"line-separator": line_separator, "literal-spelling": literal_spelling, "keyword-calls": keyword_calls,
          "utf8-bom": utf8_bom, "global-decls": global_decls, "paren-self": paren_self}


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, labels.json), every file checked (`check`); with PLAIN each
    tricked copy is replaced by its plain copy (fourteenth/plain/, the same id and label: the evasions measured)."""
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
