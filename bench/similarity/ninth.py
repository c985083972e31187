"""The ninth labelled class, written by hand: python bench/similarity/ninth.py OUT_DIR

Like the eighth, no program of ours makes it: its 57 files are kept as they were written, in ninth/ (ninth/README.md
says who wrote what and how; ninth/labels.json, run.py's schema, says what each is). Written blind to the method
(grader/similarity and docs/similarity.md's method unread) on a starter with three regions none of the earlier
classes has together: the `_backward` of `__mul__` (01-mul-backward), `tanh` (03-tanh) and `backward` (05-backward),
cut from the 05-backward starter. The held-out class's shape (issue 27): 20 independent students (17 fillers, 3 whole
engines), 3 pairs whose own code is the same canonical lines (`hard_pair`), 6 copies of karpathy/micrograd's engine
with tanh (and exp, log) added three ways (levels 1-3, two each), 12 sources each copied by hand at one of levels
1-4 (one twice), and six evasions no earlier class has, one on each of six copies (`tricks`): every closure's free
variables bound as default arguments (`def _backward(self=self, out=out):`), the whole file run from a plain string by `exec` (`"opaque": true`), every name
assignment as a walrus expression, an identity decorator on every `def`, every assignment and `return` broken by a
backslash continuation, the whole module inside a factory function that returns the class. ninth/plain/ holds each
tricked copy without its trick (not in the class).

`build` copies the class into OUT_DIR (run.py writes its reports beside the files it measures), running every file
and checking its gradients against the reference engine's (fifth.check) first. `python bench/similarity/run.py --ninth` measures it; it was
measured once, after it was written, and is not tuned on.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import eighth  # noqa: E402
from fifth import check  # noqa: E402

CLASS = HERE / "ninth"
EXERCISE = "01-mul-backward + 03-tanh + 05-backward"


# -- the six tricks, as the copies were made (each plain copy in ninth/plain/ made into its tricked copy by one) ---


def defaults(text: str) -> str:
    """Every closure (a `def` without parameters inside a function) takes the names it uses from the enclosing
    function as default arguments: `def _backward(self=self, out=out):`."""
    lines = text.split("\n")
    for fn in ast.walk(ast.parse(text)):
        if not isinstance(fn, ast.FunctionDef):
            continue
        outer = {a.arg for a in fn.args.args} | {n.id for n in ast.walk(fn)
                                                 if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        for inner in fn.body:
            if isinstance(inner, ast.FunctionDef) and not inner.args.args:
                own = {n.id for n in ast.walk(inner) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
                used = list(dict.fromkeys(n.id for n in ast.walk(inner) if isinstance(n, ast.Name)))
                bound = ", ".join(f"{v}={v}" for v in used if v in outer and v not in own)
                line = lines[inner.lineno - 1]
                lines[inner.lineno - 1] = line.replace(f"def {inner.name}():", f"def {inner.name}({bound}):", 1)
    return "\n".join(lines)


def exec_string(text: str, header: str = "") -> str:
    """The file, verbatim, in a string that `exec` runs."""
    assert "'''" not in text and "\\" not in text
    return header + "_SOURCE = '''" + text + "'''\n\nexec(_SOURCE)\n"


def walrus(text: str) -> str:
    """Every one-line assignment to one name inside a function written as an expression: `(name := value)`."""
    lines = text.split("\n")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef):
            for st in ast.walk(node):
                if (isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name)
                        and st.lineno == st.end_lineno and ":=" not in lines[st.lineno - 1]):
                    m = re.fullmatch(r"(\s*)(\w+) = (.*?)(\s*#.*)?", lines[st.lineno - 1])
                    lines[st.lineno - 1] = f"{m.group(1)}({m.group(2)} := {m.group(3)}){m.group(4) or ''}"
    return "\n".join(lines)


def decorators(text: str) -> str:
    """An identity decorator, `_same`, defined after the first import, on every `def`."""
    text = re.sub(r"^([ \t]*)def ", r"\1@_same\n\1def ", text, flags=re.M)
    first = re.search(r"^(import|from) .*\n", text, flags=re.M)
    return text[:first.end()] + "\n\ndef _same(f):\n    return f\n" + text[first.end():]


def backslash(text: str) -> str:
    """Every one-line assignment and `return` broken after its `=` (or `+=`, ...) or `return` by a backslash."""
    lines = text.split("\n")
    done = set()
    for st in ast.walk(ast.parse(text)):
        if (isinstance(st, (ast.Assign, ast.AugAssign, ast.Return)) and st.lineno == st.end_lineno
                and st.lineno not in done and not (isinstance(st, ast.Return) and st.value is None)):
            done.add(st.lineno)
            line = lines[st.lineno - 1]
            indent = re.match(r"[ \t]*", line).group(0) + "    "
            if isinstance(st, ast.Return):
                lines[st.lineno - 1] = line.replace("return ", "return \\\n" + indent, 1)
            else:
                op = " = " if isinstance(st, ast.Assign) else re.search(r" \S= ", line).group(0)
                head, tail = line.split(op, 1)
                lines[st.lineno - 1] = head + op.rstrip() + " \\\n" + indent + tail
    return "\n".join(lines)


def factory(text: str) -> str:
    """The whole module, indented, inside a function that returns the class; the class is what it returns."""
    body = "".join(("    " + line if line.strip() else "") + "\n" for line in text.rstrip("\n").split("\n"))
    return "def _engine():\n" + body + "    return Value\n\n\nValue = _engine()\n"


TRICKS = {"defaults": defaults, "exec-string": exec_string, "walrus": walrus, "decorators": decorators,
          "backslash": backslash, "factory": factory}
EXEC_HEADER = "# lab 3 engine\n"  # the exec-string copy's own first line


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, labels.json), every file checked (eighth.build); with PLAIN
    each tricked copy is replaced by its plain copy (ninth/plain/, the same id and label: the evasions measured)."""
    return eighth.build(out, plain, CLASS)


def evasions(out: Path, baselines: bool = True) -> list[dict]:
    """Each tricked copy's score with its source beside its plain copy's (eighth.evasions on this class)."""
    return eighth.evasions(out, baselines, CLASS)


def trick_table(out: Path, baselines: bool = True, cls=None) -> dict:
    """Each trick on every source: the class built once per variant (in OUT/<variant>) with each cluster's first
    copy replaced by its source verbatim ("verbatim") or by the trick applied to its source verbatim; each
    (source, copy) pair's score, for ours and copydetect, in a table beside the verbatim copy's. CLS: the class's
    module (its CLASS, TRICKS, labels, build and check; this one's by default, tenth.py passes its own)."""
    import run

    cls = cls or sys.modules[__name__]
    found = cls.labels()["main"]
    sources = {lab["cluster"]: sid for sid, lab in found.items() if lab["kind"].startswith("a source")}
    first = {c: min(sid for sid, lab in found.items() if lab["cluster"] == c and lab["kind"].startswith("copy of"))
             for c in sources}
    scores = {}
    for variant in ("verbatim", *cls.TRICKS):
        data = out / variant
        cls.build(data)
        for cluster, copy in first.items():
            text = (cls.CLASS / "main" / "submissions" / f"{sources[cluster]}.py").read_text(encoding="utf-8")
            if variant != "verbatim":
                text = cls.TRICKS[variant](text)
            cls.check(text, f"{variant}-{copy}")
            (data / "main" / "submissions" / f"{copy}.py").write_text(text, encoding="utf-8")
        tools = {"ours": run.our_scores(data)["main"]["pairs"]}
        if baselines:
            tools.update({tool: s["main"]["pairs"] for tool, s in run.baseline_scores(data).items()})
        scores[variant] = {tool: {c: pairs.get("|".join(sorted((first[c], sources[c]))), 0.0) for c in sources}
                           for tool, pairs in tools.items()}
    return scores


def print_trick_table(scores: dict) -> None:
    """One line a variant: for each tool mean, lowest, largest drop from the verbatim copy, pairs dropping > 0.1."""
    tools = list(scores["verbatim"])
    print("| copy of the source | " + " | ".join(f"{t}: mean · lowest · largest drop · pairs dropping > 0.1"
                                                  for t in tools) + " |")
    print("| --- |" + " ---: |" * len(tools))
    for variant, by_tool in scores.items():
        cells = []
        for tool in tools:
            now, before = by_tool[tool], scores["verbatim"][tool]
            drops = [before[c] - now[c] for c in now]
            cells.append(f"{sum(now.values()) / len(now):.2f} · {min(now.values()):.2f} · {max(drops):+.2f} · "
                         f"{sum(d > 0.1 for d in drops)}/{len(drops)}")
        print(f"| {variant} | " + " | ".join(cells) + " |")
    for variant, by_tool in scores.items():
        print(variant, {tool: {c: round(v, 3) for c, v in sorted(pairs.items(), key=lambda kv: int(kv[0][1:]))}
                        for tool, pairs in by_tool.items()})


def main(cls=None):
    """The command line of a hand-written class with tricks (this one; CLS: tenth.py passes its own module)."""
    cls = cls or sys.modules[__name__]
    parser = eighth.class_parser(cls.__doc__.split("\n")[0])
    parser.add_argument("--tricks", action="store_true",
                        help="each trick on every source's verbatim copy, scored beside the verbatim copy (OUT/...)")
    args = parser.parse_args()
    if args.tricks:
        print_trick_table(cls.trick_table(args.out, not args.skip_baselines))
        return
    if args.evasions:
        for row in cls.evasions(args.out, not args.skip_baselines):
            print(row)
        return
    print(f"{len(cls.build(args.out, args.plain)['main'])} files in {args.out} ({cls.EXERCISE})")


if __name__ == "__main__":
    main()
