"""The twelfth labelled class, written by hand, held out: python bench/similarity/twelfth.py OUT_DIR

Like the eighth to tenth, no program of ours makes it: its 57 files are kept as they were written, in twelfth/
(twelfth/README.md says who wrote what and how; twelfth/labels.json, run.py's schema, says what each is). Written
blind to the method (grader/similarity and docs/similarity.md's method unread) on a starter no earlier class uses:
exercises/10-neuron's `neuron.py` (three functions: `neuron`, `neuron_gradients`, `largest_relative_difference`;
code that builds and reads a graph of the course's Values, not the engine). The held-out class's shape (issue 27):
20 independent students (17 fillers, 3 whole files of their own), 3 pairs whose own code is the same canonical lines
(`hard_pair`), 6 copies of karpathy/micrograd's engine pasted into neuron.py as an "independent implementation" to
check the course engine against (tanh added; levels 1-3, two each), 12 sources each copied by hand at one of levels
1-4 (one twice), and six evasions no earlier class has, one on each of six copies (`tricks`, TRICKS below).
twelfth/plain/ holds each tricked copy without its trick (not in the class).

Its public source is micrograd's engine, the grader's own copy (grader/data/public/karpathy-micrograd/engine.py:
run.public_source falls back to it for a class with no public/ folder).

`build` copies the class into OUT_DIR, running every file and checking it against the course's reference
(reference/neuron.py: `check`) first. `python bench/similarity/run.py --twelfth` measures it; it is measured once,
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

CLASS = HERE / "twelfth"
EXERCISE = "10-neuron (neuron.py)"


# -- the check: every file is a working 10-neuron ------------------------------------------------------------------

NAMES = ("x1", "x2", "w1", "w2", "b")
POINTS = (  # (x1, x2, w1, w2, b): a positive, a zero and a negative relu input, int data, zero inputs, others
    (2.0, -1.0, 0.5, -1.5, 0.25), (1.5, 2.0, 2.0, -1.5, 0.0), (1.0, 2.0, -1.0, -0.5, 0.5),
    (3, -2, 1, 2, 2), (0.0, 0.0, 0.7, -0.3, 0.125), (-1.5, 0.8, 0.6, -1.2, 0.1), (0.3, -0.7, 1.9, 0.4, -2.2),
)
SAME = {"x1": -1.5, "x2": 0.5, "w1": 2.0, "w2": -0.25, "b": 0.5}


def check(text: str, what: str) -> None:
    """Run TEXT as the student's neuron.py (the course's reference engine as `engine`) and compare it with
    reference/neuron.py as the exercise's tests do: `neuron` returns (y, the five leaves), all the engine's Values,
    y's value the reference's and no gradient before backward(); `neuron_gradients` calls backward() and gives a dict
    of the five gradients equal to the reference's (1e-9) for relu and tanh, a dead and a zero relu input included;
    `largest_relative_difference` is 0 for equal sets and zeros, the largest |g - r| / max(|g|, |r|) for planted
    differences (either order), 1 for 0 against 0.001; an unknown activation is refused. Anything the file raises is
    reported as an AssertionError."""
    try:
        _check(tenth.load(text, what), what)
    except AssertionError:
        raise
    except Exception as error:
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


def _close(a: float, b: float, tol: float = 1e-9) -> bool:
    return math.isclose(a, b, rel_tol=tol, abs_tol=tol)


def _check(mine, what: str) -> None:
    import reference.engine
    from reference import neuron as ref

    def fail(message):
        raise AssertionError(f"{what}: {message}")

    value = reference.engine.Value
    for point in POINTS:
        for activation in ("relu", "tanh"):
            got = mine.neuron(*point, activation=activation)
            if type(got) is not tuple or len(got) != 2 or type(got[1]) is not dict:
                fail(f"neuron{point} does not return (y, leaves)")
            (y, leaves), (ref_y, _) = got, ref.neuron(*point, activation)
            if not isinstance(y, value) or sorted(leaves) != sorted(NAMES) or not all(
                    isinstance(leaves[n], value) for n in NAMES):
                fail(f"neuron{point}: y and the five leaves must be the engine's Values")
            if not _close(y.data, ref_y.data) or any(leaves[n].grad != 0 for n in NAMES):
                fail(f"neuron{point}, {activation}: y = {y.data}, the reference's {ref_y.data}")
            calls, original = [], value.backward

            def counted(self, *args, **kwargs):
                calls.append(1)
                return original(self, *args, **kwargs)

            value.backward = counted
            try:
                grads = mine.neuron_gradients(*point, activation=activation)
            finally:
                value.backward = original
            want = ref.neuron_gradients(*point, activation)
            if not calls or type(grads) is not dict or sorted(grads) != sorted(NAMES):
                fail(f"neuron_gradients{point}: one backward() and a dict of the five gradients")
            if not all(_close(float(grads[n]), want[n]) for n in NAMES):
                fail(f"neuron_gradients{point}, {activation}: {grads}, the reference's {want}")
    try:
        mine.neuron(1.0, 2.0, 3.0, 4.0, 5.0, activation="sigmoid")
    except AssertionError:
        pass
    else:
        fail("an unknown activation is not refused")
    lrd = mine.largest_relative_difference
    zeros = dict.fromkeys(NAMES, 0.0)
    for ours, theirs in ((SAME, SAME), (zeros, zeros), (dict(SAME, w2=0.0, b=0.0), dict(SAME, w2=0.0, b=0.0))):
        if lrd(dict(ours), dict(theirs)) != 0:
            fail("largest_relative_difference of two equal sets is not 0")
    one, two = dict(SAME, w1=2.0 * 1.001), dict(SAME, b=0.5 * 1.1, x1=-1.5 * 1.05)
    for ours, theirs in ((one, SAME), (SAME, one), (two, SAME), (dict(SAME, w2=-3.0, x2=0.0), SAME)):
        want = max(abs(ours[n] - theirs[n]) / max(abs(ours[n]), abs(theirs[n])) for n in NAMES
                   if ours[n] != theirs[n])
        if not _close(lrd(dict(ours), dict(theirs)), want):
            fail(f"largest_relative_difference({ours}, {theirs}) is not {want}")
    for ours, theirs in ((dict(SAME, b=0.0), dict(SAME, b=0.001)), (dict(SAME, b=0.001), dict(SAME, b=0.0))):
        if not _close(lrd(dict(ours), dict(theirs)), 1.0):
            fail("largest_relative_difference of 0 against 0.001 is not 1")


# -- the six tricks, as the copies were made (each plain copy in twelfth/plain/ made into its tricked copy by one) --


def _one_line(line: str) -> bool:
    """LINE's brackets close on it (a statement that a line-by-line script may move)."""
    return sum(line.count(c) for c in "([{") == sum(line.count(c) for c in ")]}")


def return_temp(text: str) -> str:
    """Every one-line `return EXPR` inside a function as `_result = EXPR` then `return _result`."""
    out = []
    for line in text.split("\n"):
        found = re.fullmatch(r"(\s+)return (.+?)(\s*#.*)?", line)
        if found and _one_line(found.group(2)) and found.group(2) != "_result":
            out += [f"{found.group(1)}_result = {found.group(2)}{found.group(3) or ''}", f"{found.group(1)}return _result"]
        else:
            out.append(line)
    return "\n".join(out)


def debug_logging(text: str) -> str:
    """`import logging` and `_log = logging.getLogger(__name__)` after the first import; after every one-line
    assignment to a plain name inside a function, `_log.debug("NAME=%r", NAME)` (a call: it runs, and logs nothing
    unless the level asks)."""
    out, imported = [], False
    for line in text.split("\n"):
        out.append(line)
        if not imported and re.match(r"(import|from) ", line):
            out += ["import logging", "", "_log = logging.getLogger(__name__)"]
            imported = True
            continue
        found = re.fullmatch(r"(\s+)([A-Za-z_]\w*) = (.+?)(\s*#.*)?", line)
        if found and _one_line(found.group(3)) and not found.group(3).rstrip().endswith((":", "\\")):
            out.append(f'{found.group(1)}_log.debug("{found.group(2)}=%r", {found.group(2)})')
    return "\n".join(out)


def literal_hoisting(text: str) -> str:
    """Every number and plain string literal inside a function's body (not a docstring, an f-string, nor on a `def`
    or `assert` line) as a module constant `_K0`, `_K1`, ... (one per distinct literal), defined after the
    imports."""
    lines = text.split("\n")
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    constants: dict[str, str] = {}
    hits = []
    for tok in tokens:
        row, col = tok.start
        line = lines[row - 1]
        if not line[:1].isspace() or re.match(r"\s*(def|assert) ", line) or tok.start[0] != tok.end[0]:
            continue
        if tok.type == tokenize.NUMBER or (tok.type == tokenize.STRING and tok.string[0] in "'\""
                                           and not tok.string.startswith(('"""', "'''"))):
            if line.strip() == tok.string:  # a lone string: a docstring on one line
                continue
            name = constants.setdefault(tok.string, f"_K{len(constants)}")
            hits.append((row, col, tok.end[1], name))
    for row, start, end, name in sorted(hits, reverse=True):
        lines[row - 1] = lines[row - 1][:start] + name + lines[row - 1][end:]
    last_import = max(i for i, line in enumerate(lines) if re.match(r"(import|from) ", line))
    lines[last_import + 1:last_import + 1] = [""] + [f"{name} = {literal}" for literal, name in constants.items()]
    return "\n".join(lines)


def signature_hints(text: str) -> str:
    """Every one-line `def` at the module's top with an annotation on each parameter (`: object`, keeping its
    default) and on its result (`-> object`)."""
    def hinted(match):
        params = [p.strip() for p in match.group(2).split(",") if p.strip()]
        typed = [p.replace("=", ": object = ", 1) if "=" in p else f"{p}: object" for p in params]
        return f"def {match.group(1)}({', '.join(typed)}) -> object:{match.group(3)}"

    return "\n".join(re.sub(r"^def (\w+)\(([^()]*)\):(.*)$", hinted, line) for line in text.split("\n"))


BUILTINS = ("abs", "max", "min", "zip", "dict", "float", "sum", "len", "range", "enumerate", "sorted", "map", "list",
            "tuple", "isinstance")


def alias_builtins(text: str) -> str:
    """Every builtin the file calls (of BUILTINS; a NAME token followed by `(`) called through a module alias,
    `_abs = abs`, ..., defined after the imports."""
    lines = text.split("\n")
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    hits = [tok.start for tok, after in zip(tokens, tokens[1:])
            if tok.type == tokenize.NAME and tok.string in BUILTINS and after.string == "("
            and not lines[tok.start[0] - 1][:tok.start[1]].rstrip().endswith((".", "def"))]
    used = sorted({lines[row - 1][col:].split("(", 1)[0] for row, col in hits}, key=BUILTINS.index)
    for row, col in sorted(hits, reverse=True):
        lines[row - 1] = lines[row - 1][:col] + "_" + lines[row - 1][col:]
    last_import = max(i for i, line in enumerate(lines) if re.match(r"(import|from) ", line))
    lines[last_import + 1:last_import + 1] = ["", ", ".join(f"_{b}" for b in used) + " = " + ", ".join(used)]
    return "\n".join(lines)


def string_escapes(text: str) -> str:
    """Every plain one-line string literal (not a docstring, not an f-string or other prefixed string) written as
    `\\x` escapes of its characters: "relu" -> "\\x72\\x65\\x6c\\x75"."""
    lines = text.split("\n")
    hits = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if (tok.type == tokenize.STRING and tok.string[0] in "'\"" and not tok.string.startswith(('"""', "'''"))
                and tok.start[0] == tok.end[0] and "\\" not in tok.string
                and lines[tok.start[0] - 1].strip() != tok.string):
            hits.append(tok)
    for tok in sorted(hits, key=lambda t: t.start, reverse=True):
        row, col = tok.start
        quote, body = tok.string[0], tok.string[1:-1]
        escaped = quote + "".join(f"\\x{ord(c):02x}" if ord(c) < 128 else c for c in body) + quote
        lines[row - 1] = lines[row - 1][:col] + escaped + lines[row - 1][tok.end[1]:]
    return "\n".join(lines)


TRICKS = {"return-temp": return_temp, "debug-logging": debug_logging, "literal-hoisting": literal_hoisting,
          "signature-hints": signature_hints, "alias-builtins": alias_builtins, "string-escapes": string_escapes}


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, labels.json), every file checked (`check`); with PLAIN each
    tricked copy is replaced by its plain copy (twelfth/plain/, the same id and label: the evasions measured)."""
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
