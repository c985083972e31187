"""Writes sim40b1/main/submissions, materials/ and labels.json from fillers.py (the starter-filled students),
main/submissions' hand-typed files (HAND_TYPED: the whole engines and level-4 copies) and the copy recipes below:
python bench/similarity/sim40b1/write.py"""

from __future__ import annotations

import ast
import base64
import json
import re
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fillers  # noqa: E402
from fill import filled  # noqa: E402

STARTER = (HERE / "starter" / "engine.py").read_text(encoding="utf-8")
MICROGRAD = (HERE.parents[2] / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py").read_text(
    encoding="utf-8")
HAND = HERE / "main" / "submissions"  # the whole engines and level-4 copies, typed by hand where they are handed in
HAND_TYPED = ("s181", "s188", "s195", "s357", "s364", "s512", "s519", "s526", "s533")

# name -> (spec, label); cluster None: independent
FILLED = {
    "s104": (fillers.ALEKSEY, "independent: Алексей: Russian comments, a two-flag stack (starter filled)"),
    "s111": (fillers.MARAT, "independent: Марат: every name in Russian transliteration, a path stack of [node, index] "
                            "lists (starter filled)"),
    "s118": (fillers.VERA, "independent: Вера: a statistician: math.fsum in every rule, formulas in docstrings, Kahn "
                           "on consumer counts (starter filled)"),
    "s125": (fillers.OLGA, "independent: Ольга: a TRACE debug log of every rule applied, a __main__ that prints it "
                           "(starter filled)"),
    "s132": (fillers.IGOR, "independent: Игорь: a game programmer: flat arrays of nodes and in-degrees, while loops "
                           "with indices (starter filled)"),
    "s139": (fillers.NASTYA, "independent: Настя: a to_dot graphviz export added, an iterator stack with for/else "
                             "(starter filled)"),
    "s146": (fillers.KATYA, "independent: Катя: a beginner: TODO lines kept, commented-out prints, `x = x + ...` "
                            "(starter filled)"),
    "s153": (fillers.TIM, "independent: Tim: an exchange student: English comments, a stack of generators, zero "
                          "gradients skipped (starter filled)"),
    "s160": (fillers.RUSLAN, "independent: Руслан: one-liners with semicolons, a walrus in rule_pow (starter "
                             "filled)"),
    "s167": (fillers.DASHA, "independent: Даша: guards with Russian error messages in every rule (starter filled)"),
    "s174": (fillers.GLEB, "independent: Глеб: Kahn with Counter and deque (starter filled)"),
}
BUGS = {
    "s153": "rule_mul assigns both grads in one tuple assignment: for `x * x` the second overwrites the first "
            "(one path lost)",
    "s174": "rule_add sets `a.grad = node.grad` instead of adding: a node used twice keeps one path",
}
OWN = {
    "s181": "independent: Юлия: her own engine: a Graph object that owns the nodes (parallel lists), Value a "
            "__slots__ index into it, backward a reverse sweep over creation order",
    "s188": "independent: Павел: his own engine, fully typed (Final, @overload, __slots__), local derivatives "
            "stored in the forward pass, a path stack",
    "s195": "independent: Ксения: her own engine: integer op codes, one _push with if/elif, nodes numbered on "
            "creation and sorted",
}
SOURCES = {  # cluster: (name, spec or None for a hand-written engine, label)
    "c1": ("s301", fillers.POLINA, "source: Полина: Russian comment on every rule, a path stack of (node, index) "
                                   "tuples, a while loop in backward (starter filled)"),
    "c2": ("s308", fillers.STEPAN, "source: Степан: no comments, Kahn with deque and in-degrees by id, `g = "
                                   "node.grad` (starter filled)"),
    "c3": ("s315", fillers.AMIR, "source: Amir: English comments on every rule, an iterator stack with next() "
                                 "(starter filled)"),
    "c4": ("s322", fillers.LIZA, "source: Лиза: transliterated names (vse, gotovo, ochered), tanh from exp in the "
                                 "rule (starter filled)"),
    "c5": ("s329", fillers.NIKITA, "source: Никита: no comments, a stack with a None sentinel, `and` as an if "
                                   "(starter filled)"),
    "c6": ("s336", fillers.YANA, "source: Яна: a finite-difference harness at the bottom, Russian comments (starter "
                                 "filled)"),
    "c7": ("s357", None, "source: Артём: his own engine: __slots__, kids and local derivatives as flat tuples, a "
                         "path stack with a state dict, while loops"),
    "c8": ("s364", None, "source: Кирилл: his own engine: an op string and a DERIV dict of lambdas giving local "
                         "derivatives, a to_dot export"),
}
HARD = {  # name: (spec, header, keep_todo, pair, label)
    "s501": (fillers.LECTURE, "", True, "h1", "hard negative: the lecture's code (materials/lecture) typed into the "
                                              "starter, TODO lines kept"),
    "s508": (fillers.LECTURE, "# ДЗ 2, Соня Егорова. Сделано по записи семинара 3.\n", False, "h1",
             "hard negative: the lecture's code (materials/lecture) typed into the starter, a header comment"),
    "s515": (fillers.TA, "", False, "h2", "hard negative: the TA's forum post (materials/ta-post) typed into the "
                                          "starter"),
    "s522": (fillers.TA, "# Фёдор Волков, группа 3\n", True, "h2",
             "hard negative: the TA's forum post (materials/ta-post) typed into the starter, TODO lines kept"),
    "s529": ({**fillers.LECTURE, "topo_order": fillers.TA["topo_order"], "backward": fillers.TA["backward"]}, "", False,
             "h3", "hard negative: the lecture's rules with the TA's Kahn walk"),
    "s536": ({**fillers.LECTURE, "topo_order": fillers.TA["topo_order"], "backward": fillers.TA["backward"]},
             "# Ali Hassan (HW2)\n", True, "h3", "hard negative: the lecture's rules with the TA's Kahn walk, TODO "
                                                 "lines kept, a header"),
}


def replaced(text: str, pairs) -> str:
    """TEXT with each (old, new) replaced as a whole word where old is a name; every old must occur."""
    for old, new in pairs:
        pattern = rf"\b{re.escape(old)}\b" if re.fullmatch(r"\w+", old) else re.escape(old)
        assert re.search(pattern, text), old
        text = re.sub(pattern, lambda m, new=new: new, text)
    return text


def comments_dropped(text: str) -> str:
    """TEXT without its full-line and trailing `#` comments (not inside strings: these files have no # in strings
    outside f-strings of to_dot, which have none)."""
    out = []
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("#"):
            continue
        if " # " in line or "  #" in line:
            line = line[: line.index("  #")].rstrip() + "\n" if "  #" in line else line
        out.append(line)
    return "".join(out)


def annotated(text: str) -> str:
    """The annotation evasion: every single-name assignment `x = e` becomes `x: float = e`."""
    lines = text.splitlines(keepends=True)
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            i = node.lineno - 1
            name = node.targets[0].id
            line = lines[i]
            col = node.col_offset
            assert line[col:].startswith(name), line
            lines[i] = line[:col] + name + ": float" + line[col + len(name):]
    return "".join(lines)


def with_parens(text: str) -> str:
    """The `()` evasion: `; ()` after every simple statement that ends its line without a comment."""
    lines = text.splitlines(keepends=True)
    ends = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.stmt) and not hasattr(node, "body") and not isinstance(node, ast.Expr | ast.Return):
            ends.add(node.end_lineno - 1)
        elif isinstance(node, ast.Expr) and not isinstance(node.value, ast.Constant):
            ends.add(node.end_lineno - 1)
    for i in ends:
        if "#" not in lines[i]:
            lines[i] = lines[i].rstrip("\n") + "; ()\n"
    return "".join(lines)


def packed(text: str, header: str) -> str:
    """The zlib+base64 evasion: TEXT compressed, encoded and exec'd."""
    blob = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    lines = [blob[i:i + 76] for i in range(0, len(blob), 76)]
    body = "\n".join(f'    "{line}"' for line in lines)
    return (f"{header}import base64\nimport zlib\n\n_SRC = (\n{body}\n)\n"
            f"exec(zlib.decompress(base64.b64decode(_SRC)).decode(\"utf-8\"))\n")


def moved(text: str, names) -> str:
    """TEXT with the module-level functions NAMES (in this order) moved to where the first of them stood."""
    blocks = {}
    for name in names:
        m = re.search(rf"^def {name}\(.*?(?=^def |^BACKWARD_RULES|^# =|\Z)", text, flags=re.S | re.M)
        assert m, name
        blocks[name] = m.group(0)
    first = min(text.index(b) for b in blocks.values())
    for b in blocks.values():
        text = text.replace(b, "")
    return text[:first] + "".join(blocks[n] for n in names) + text[first:]


def source(cluster: str) -> str:
    name, spec, _ = SOURCES[cluster]
    return filled(STARTER, spec) if spec is not None else (HAND / f"{name}.py").read_text(encoding="utf-8")


RULES_REORDERED = ("rule_log", "rule_exp", "rule_tanh", "rule_relu", "rule_mul", "rule_add", "rule_pow")


def copies():
    """name -> (cluster, level, text, label, extra)"""
    c = {}
    c["s402"] = ("c1", 1, source("c1"), "copy (level 1): Полина's file handed in by Тимур as it is", {})
    text = source("c3").replace("# iterative post-order:", "# iterative\fpost-order:")
    c["s409"] = ("c3", 1, "# HW2 - Omar\n\n" + text,
                 "copy (level 1): Amir's file by Omar, a name comment on top and a form feed in a comment",
                 {"evasion": "form feed in a comment"})
    c["s416"] = ("c4", 1, source("c4"), "copy (level 1): Лиза's file verbatim (by Маша)", {})
    text = replaced(source("c4"), (("vse", "nodes_all"), ("gotovo", "finished"), ("ochered", "pending"),
                                   ("ne_gotovy", "unfinished"), ("e2", "ex2")))
    text = text.replace("# обходим граф; узел попадает в ответ, когда все его дети уже там",
                        "# узел добавляется, только когда готовы все его аргументы")
    text = text.replace("# тот же tanh через экспоненту", "# tanh = (e^2x - 1) / (e^2x + 1)")
    c["s423"] = ("c4", 2, text, "copy (level 2): Лиза's file by Вика: renamed (vse->nodes_all, gotovo->finished, "
                                "ochered->pending, ne_gotovy->unfinished, e2->ex2), the two comments reworded", {})
    text = replaced(source("c2"), (("indeg", "fan_in"), ("byid", "registry"), ("out", "ordered"), ("q", "work"),
                                   ("g", "upstream"), ("p", "expo")))
    c["s430"] = ("c2", 2, annotated(text), "copy (level 2): Степан's file by Егор: renamed (indeg->fan_in, byid->"
                                           "registry, out->ordered, q->work, g->upstream, p->expo), `x: float = e` on "
                                           "every single-name assignment", {"evasion": "annotation on every assignment"})
    text = replaced(source("c7"), (("kids", "srcs"), ("dloc", "jac"), ("flat", "seq"), ("state", "cursor"),
                                   ("stack", "path")))
    text = text.replace("# ДЗ 2. Артём Ким. Пишу игры, поэтому без лишних объектов: у узла __slots__,\n"
                        "# дети и локальные производные -- плоские списки, обход -- два цикла while.\n",
                        "# ДЗ 2 -- Вадим Попов\n")
    c["s437"] = ("c7", 2, packed(text, "# ДЗ 2 -- Вадим Попов (сжато, чтобы влезло в форму)\n"),
                 "copy (level 2): Артём's whole engine (s357) by Вадим: renamed (kids->srcs, dloc->jac, flat->seq, "
                 "state->cursor, stack->path), header replaced, packed with zlib+base64 and exec'd",
                 {"evasion": "zlib+base64 and exec"})
    text = replaced(source("c5"), (("todo", "work"), ("out", "result"), ("seen", "known"), ("k", "deg")))
    text = moved(text, RULES_REORDERED)
    assert "            n.op and BACKWARD_RULES[n.op](n)\n" in text
    text = text.replace("            n.op and BACKWARD_RULES[n.op](n)\n",
                        "            if n.op:\n                BACKWARD_RULES[n.op](n)\n")
    c["s444"] = ("c5", 3, with_parens(text), "copy (level 3): Никита's file by Гоша: renamed (todo->work, out->"
                                             "result, seen->known, k->deg), the rules moved (log, exp, tanh, relu, "
                                             "mul, add, pow), `and` written as an if, `; ()` after every statement",
                 {"evasion": "() after every statement"})
    text = comments_dropped(replaced(source("c6"), (("spisok", "order"), ("byl", "visited"), ("stek", "stack"),
                                                    ("uzel", "node_"), ("gotov", "finished"), ("reb", "kid"),
                                                    ("_proverka", "_fd_check"), ("chislenno", "numeric"))))
    text = moved(text, ("rule_tanh", "rule_exp", "rule_log", "rule_add", "rule_mul", "rule_pow", "rule_relu"))
    text = text.replace("a.grad += node.grad * ", "a.grad = a.grad + node.grad * ")
    text = text.replace("a.grad += node.grad / a.data", "a.grad = a.grad + node.grad / a.data")
    text = text.replace('print("все проверки прошли")', 'print("ok")')
    c["s451"] = ("c6", 3, text, "copy (level 3): Яна's file by Лёша: renamed (spisok->order, byl->visited, ...), "
                                "comments dropped, the rules moved, `+=` written out, the harness's message changed",
                 {})
    text = comments_dropped(replaced(source("c3"), (("ordered", "post"), ("marked", "seen_ids"), ("frames", "stk"),
                                                    ("push", "apply"), ("nodes", "topo"), ("u", "x"), ("w", "y"),
                                                    ("it", "kids"))))
    text = moved(text, ("rule_relu", "rule_tanh", "rule_exp", "rule_log", "rule_pow", "rule_mul", "rule_add"))
    text = text.replace("        if x.data > 0:\n            x.grad += node.grad\n",
                        "        x.grad += node.grad * (x.data > 0)\n")
    c["s458"] = ("c3", 3, text, "copy (level 3): Amir's file by Jonas: renamed (ordered->post, marked->seen_ids, "
                                "frames->stk, push->apply, u->x, w->y, ...), comments dropped, the rules moved, relu "
                                "without its if", {})
    for name, cluster, label in (
            ("s512", "c8", "copy (level 4): Кирилл's whole engine (s364) by Денис: the DERIV lambdas made methods "
                           "d_<op> of a Rules class looked up by getattr(RULES, 'd_' + op), op names spelled out, "
                           "a _unary helper, the walk returns the reversed order"),
            ("s519", "c1", "copy (level 4) of a starter-filled file: Полина's (s301) by Тимур: Value a NamedTuple with "
                           "a side table of grads keyed by id, the rules table inlined into backward as lambdas of "
                           "(node, argument index), the same path stack"),
            ("s526", "c2", "copy (level 4) of a starter-filled file: Степан's (s308) by Илья: a small interpreter: "
                           "each op an instruction tuple (op, out, args, k), forward by a table, an adjoint function, "
                           "the same Kahn with deque and in-degrees by id"),
            ("s533", "c7", "copy (level 4): Артём's whole engine (s357) by Максим: + and * made by setattr in a loop "
                           "over operator.add/mul, the derived ops set by setattr lambdas, the walk a stack of "
                           "(node, state) frames, __slots__ kept")):
        c[name] = (cluster, 4, (HAND / f"{name}.py").read_text(encoding="utf-8"), label, {})
    return c


def micrograd_plus() -> str:
    """karpathy/micrograd's engine.py with tanh, exp and log added in its style, math imported, recursion raised."""
    text = "import math\nimport sys\n\nsys.setrecursionlimit(100000)\n" + MICROGRAD
    extra = '''
    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * out.grad
        out._backward = _backward

        return out

    def exp(self):
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

    def backward(self):
'''
    return text.replace("\n    def backward(self):\n", extra, 1)


def public_copies():
    base = micrograd_plus()
    p = {}
    p["s601"] = (1, base, "public copy (level 1): micrograd's engine.py with tanh/exp/log added, math imported, the "
                          "recursion limit raised")
    p["s608"] = (1, "# HW2. Based on micrograd (github.com/karpathy/micrograd)\n" + base,
                 "public copy (level 1): as s601 with a header comment naming the source")
    l2a = replaced(base, (("_children", "_inputs"), ("_prev", "_parents"), ("_op", "_kind"), ("build_topo", "visit"),
                          ("topo", "order"), ("visited", "seen")))
    l2a = l2a.replace("# topological order all of the children in the graph", "# order the graph, inputs first")
    p["s615"] = (2, l2a, "public copy (level 2): renamed (_children->_inputs, _prev->_parents, _op->_kind, "
                         "build_topo->visit, topo->order, visited->seen), a comment reworded")
    l2b = replaced(base, (("other", "rhs"), ("out", "res"), ("_backward", "_grad_step"), ("child", "kid"),
                          ("v", "node")))
    l2b = l2b.replace('""" stores a single scalar value and its gradient """', '"""Scalar with autograd."""')
    p["s622"] = (2, l2b, "public copy (level 2): renamed (other->rhs, out->res, _backward->_grad_step, child->kid, "
                         "v->node), the docstring changed")
    l3 = comments_dropped(replaced(base, (("other", "o"), ("out", "r"), ("_backward", "_bw"), ("build_topo", "dfs"),
                                          ("topo", "nodes"), ("visited", "done"))))
    l3 = l3.replace("self.grad += ", "self.grad = self.grad + ").replace("o.grad += ", "o.grad = o.grad + ")
    l3 = l3.replace("    def __neg__(self): # -self\n        return self * -1\n", "")
    l3 = l3.replace("    def relu(self):\n", "    def __neg__(self):\n        return self * -1\n\n    def relu(self):\n")
    p["s629"] = (3, l3, "public copy (level 3): renamed (other->o, out->r, _backward->_bw, build_topo->dfs, ...), "
                        "comments dropped, `+=` written out, __neg__ moved before relu")
    l3b = replaced(base, (("other", "y"), ("out", "z"), ("_backward", "back"), ("_prev", "src"),
                          ("build_topo", "walk"), ("topo", "seq"), ("visited", "mark")))
    l3b = comments_dropped(l3b).replace("0 if self.data < 0 else self.data", "max(0, self.data)")
    l3b = l3b.replace("self.grad += (y * self.data**(y-1)) * z.grad", "self.grad += y * self.data**(y-1) * z.grad")
    l3b = l3b.replace("for v in reversed(seq):\n            v.back()", "for v in seq[::-1]:\n            v.back()")
    p["s636"] = (3, l3b, "public copy (level 3): renamed (other->y, out->z, _backward->back, _prev->src, ...), "
                         "comments dropped, relu with max, the reverse a slice")
    return p


def files_and_labels():
    files, labels = {}, {}
    for name, (spec, kind) in FILLED.items():
        files[name] = filled(STARTER, spec)
        labels[name] = {"cluster": None, "kind": kind, "level": None}
    for name, kind in OWN.items():
        files[name] = (HAND / f"{name}.py").read_text(encoding="utf-8")
        labels[name] = {"cluster": None, "kind": kind, "level": None}
    for name, why in BUGS.items():
        labels[name]["bug"] = why
    for cluster, (name, spec, kind) in SOURCES.items():
        files[name] = source(cluster)
        labels[name] = {"cluster": cluster, "kind": kind, "level": 1}
    for name, (spec, header, keep, pair, kind) in HARD.items():
        files[name] = header + filled(STARTER, {**spec, "keep_todo": keep})
        labels[name] = {"cluster": None, "hard_pair": pair, "kind": kind, "level": None}
    for name, (cluster, level, text, kind, extra) in copies().items():
        files[name] = text
        labels[name] = {"cluster": cluster, "kind": kind, "level": level, **extra}
    for name, (level, text, kind) in public_copies().items():
        files[name] = text
        labels[name] = {"cluster": "public", "kind": kind, "level": level,
                        "public_source": "karpathy/micrograd micrograd/engine.py (MIT)"}
    return files, dict(sorted(labels.items()))


def main():
    files, labels = files_and_labels()
    out = HERE / "main" / "submissions"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.py"):
        if old.stem not in HAND_TYPED:
            old.unlink()
    for name, text in files.items():
        (out / f"{name}.py").write_text(text, encoding="utf-8")
    for folder, spec in (("lecture", fillers.LECTURE), ("ta-post", fillers.TA)):
        (HERE / "materials" / folder).mkdir(parents=True, exist_ok=True)
        (HERE / "materials" / folder / "engine.py").write_text(filled(STARTER, spec), encoding="utf-8")
    (HERE / "labels.json").write_text(json.dumps({"main": labels}, indent=1, ensure_ascii=False) + "\n",
                                      encoding="utf-8")
    print(len(files), "files")


if __name__ == "__main__":
    main()
