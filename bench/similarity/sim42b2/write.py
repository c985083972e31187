"""Writes sim42b2: main/submissions/ (GitHub Classroom's repositories, one folder `hw04-<login>/` per student: engine.py,
tests/, README.md, .github/, .gitignore), labels.json.

python bench/similarity/sim42b2/write.py   (deterministic: the same bytes every time)

The template repository (template/) is 04-more-ops' engine.py, the course's Russian README (exercises/04-more-ops/
README.ru.md), a visible test file and the autograding workflow. Starter-filled students come from fillers.py (their
eight bodies put in the template's engine.py), whole engines typed by hand from hand/; each student's repository also
holds what they added to it (TESTS: tests of their own, NOTES: a note at the README's end). Copies at levels 1-3 are
made from their source by COPIES' recipes (sim41b1/recipes.py: renames, comments, ast reordering and restyling, the
red team's four evasions); public copies paste karpathy/micrograd's engine.py (public/engine.py, MIT) over the
template's, with the template's tanh and their exp and log (PUBLIC)."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fillers import S  # noqa: E402

_spec = importlib.util.spec_from_file_location("sim41b1_recipes", HERE.parent / "sim41b1" / "recipes.py")
recipes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(recipes)

TEMPLATE = {p.relative_to(HERE / "template").as_posix(): p.read_text(encoding="utf-8")
            for p in sorted((HERE / "template").rglob("*")) if p.is_file()}
MICROGRAD = (HERE / "public" / "engine.py").read_text(encoding="utf-8")
METHODS = {"pow": "__pow__", "exp": "exp", "log": "log", "neg": "__neg__", "sub": "__sub__", "rsub": "__rsub__",
           "div": "__truediv__", "rdiv": "__rtruediv__"}
PREFIX = "hw04-"  # GitHub Classroom's repository names: <assignment>-<login>


def sections(text: str) -> dict[str, str]:
    parts = re.split(r"^## (\w+)\n", text.strip("\n") + "\n", flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def filled(sid: str) -> str:
    """The template's engine.py with SID's bodies in place of the TODO lines."""
    text = TEMPLATE["engine.py"]
    body = sections(S[sid])
    for key, method in METHODS.items():
        todo = (f'        # TODO(04-more-ops): your code here\n'
                f'        raise NotImplementedError("04-more-ops: write Value.{method}")\n')
        assert todo in text, method
        text = text.replace(todo, body[key])
    if "extra" in body:
        text = text.rstrip("\n") + "\n\n" + body["extra"]
    return text


def hand(sid: str) -> str:
    return (HERE / "hand" / f"{sid}.py").read_text(encoding="utf-8")


def repository(engine: str, tests: str | None = None, note: str | None = None) -> dict[str, str]:
    """A student's repository: the template with ENGINE, their own TESTS file added, a NOTE at the README's end."""
    files = dict(TEMPLATE)
    files["engine.py"] = engine
    if tests:
        files["tests/test_my.py"] = tests
    if note:
        files["README.md"] = files["README.md"].rstrip("\n") + "\n\n---\n\n" + note.strip("\n") + "\n"
    return files


# -- students -------------------------------------------------------------------------------------------------------

TESTS = {
    "vkozlov": '''\
import math
import pytest
from engine import Value


def test_log_negative():
    with pytest.raises(ValueError):
        Value(-1.0).log()


def test_quotient_rule():
    a, b = Value(3.0), Value(2.0)
    (a / b).backward()
    assert math.isclose(a.grad, 0.5) and math.isclose(b.grad, -0.75)
''',
    "nikitina": '''\
from engine import Value


def test_neg_is_new_node():
    a = Value(1.0)
    assert (-a) is not a


def test_rsub_order():
    a = Value(0.5)
    assert (2 - a).data == 1.5
''',
    "khasanova": '''\
import math
from engine import Value


def numeric(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


def test_sigmoid_grad():
    x = Value(0.3)
    x.sigmoid().backward()
    s = 1 / (1 + math.exp(-0.3))
    assert math.isclose(x.grad, s * (1 - s), rel_tol=1e-9)


def test_softplus_grad():
    x = Value(-0.7)
    x.softplus().backward()
    assert math.isclose(x.grad, numeric(lambda t: math.log(1 + math.exp(t)), -0.7), rel_tol=1e-6)
''',
    "chernov": '''\
from engine import Value


def test_op1_uses_output():
    x = Value(2.0)
    y = x.exp()
    y.backward()
    assert x.grad == y.data


def test_div_by_number():
    x = Value(3.0)
    (x / 4).backward()
    assert x.grad == 0.25
''',
    "grigoriev": '''\
import math
from engine import Value


def test_edges_hold_local_derivatives():
    a, b = Value(2.0), Value(5.0)
    c = a * b
    assert [d for _, d in c.edges] == [5.0, 2.0]


def test_long_chain():
    x = Value(1.0)
    y = x
    for _ in range(5000):
        y = y + x
    y.backward()
    assert x.grad == 5001
''',
}
TESTS["belov"] = TESTS["chernov"]

NOTES = {
    "aamelnikov": "Мельников А. А., группа 3. Все тесты проходят локально.",
    "lebedeva": "Лебедева: добавила обработку переполнения в exp (возвращает inf) и отдельный случай k = 0 в степени.",
    "ilyin": "Ильин: все унарные операции через один вспомогательный метод `_unary`.",
    "fedorov": ("Федоров. Вычитание и унарный минус сделал через `_scaled` (умножение на число), а `_lift` "
                "превращает число в Value. В нуле при k < 1 производная степени у меня 0."),
    "khasanova": "Хасанова. Добавила sigmoid и softplus для проверки, тесты в tests/test_my.py.",
    "grigoriev": ("Григорьев: написал движок сам, без замыканий. Узел хранит пары (вход, локальная производная), "
                  "обратный проход -- алгоритм Кана от выхода."),
    "osipov": "код с лекции",
}

PEOPLE = {  # login: kind
    "aamelnikov": "independent: Мельников: comments on the rules, e in a local, a note in the README",
    "bulatova": "independent: Булатова: `res` for the output, reflected operations written with the operand first",
    "vkozlov": "independent: Козлов: a ValueError on log of a non-positive number, %-formatted op names, tests of his own",
    "gdanilova": "independent: Данилова: grad_fn defined before the node, dunder calls (self.__mul__(-1))",
    "egorov-d": "independent: Егоров: local derivatives computed in the forward pass, float constants (-1.0)",
    "zhukova": "independent: Жукова: math.pow, exp's derivative recomputed from the input",
    "zaitsev-ia": "independent: Зайцев: the TODO prompts kept above every body",
    "ilyin": "independent: Ильин: every unary op through one _unary(value, local, op) method",
    "kravets": "independent: Кравец: a plain fill",
    "lebedeva": "independent: Лебедева: an overflow guard in exp, a k == 0 shortcut in pow, 1/x as x ** -1",
    "mpavlov": "independent: Павлов: `back` closures with grad = grad + ..., math.e ** x, Value(-1) constants",
    "nikitina": "independent: Никитина: a Russian comment on every body (the README's sentences in her words), tests of her own",
    "osipov": "hard h1: the lecture's code pasted (slides 20-23)",
    "petrova-e": "hard h1: the lecture's code pasted, one comment",
    "rodionov": "hard h2: the lecture's rules, the TA's derived operations from the course chat",
    "semenova": "hard h2: the lecture's rules, the TA's derived operations, a slide comment",
    "titov": "hard h3: the lecture's rules, the TA's derived operations, a comment naming the chat",
    "ulyanova": "hard h3: the lecture's rules, the TA's derived operations",
    "fedorov": "source: Федоров: local derivatives in the forward pass under his own names (pw, ex, lg), _lift and _scaled helpers, pow's 0 at x = 0",
    "khasanova": "source: Хасанова: number/Value branches in sub and div, a k == 1 shortcut, sigmoid and softplus, tests of her own",
    "chernov": "source: Чернов: one _op1(f, df(x, y), name) for pow/exp/log, -1 * self everywhere, tests of his own",
    "shubina": "source: Шубина: a Value(-1.0) constant in neg, dunder calls in the derived operations, pow's k == 0 branch",
    "grigoriev": "source: Григорьев: his own engine: (input, local derivative) edges, Kahn's release from the output, no closures",
}
HARD = {"osipov": "h1", "petrova-e": "h1", "rodionov": "h2", "semenova": "h2", "titov": "h3", "ulyanova": "h3"}
BUGS = {
    "zaitsev-ia": "pow's local derivative without the -1 (`k * x ** k`): d/dx x**3 at 2 is 24, not 12",
    "kravets": "__rsub__ returns self - other: 2 - a computes a - 2",
}
OWN = {"grigoriev"}


def student(sid: str) -> dict[str, str]:
    return repository(hand(sid) if sid in OWN else filled(sid), TESTS.get(sid), NOTES.get(sid))


# -- copies ---------------------------------------------------------------------------------------------------------


def on_engine(files: dict[str, str], function) -> dict[str, str]:
    out = dict(files)
    out["engine.py"] = function(out["engine.py"])
    return out


def copy_vasina(files):
    """Khasanova's at level 2: renamed, comments reworded, a form feed in a comment."""
    files = recipes.renamed(files, {"result": "res_node", "coef": "factor", "sigmoid": "sigm", "softplus": "splus"})
    files = recipes.replaced(files, "engine.py", [
        ("# Степень с постоянным показателем. Проверка типа уже выше (assert).", "# степень, показатель -- число"),
        ("# число: просто меняем знак числа", "# если число"),
        ("# делим на число -- умножаем на обратное число", "# умножение на 1/число"),
        ('"""Для проверки: sigm из уже готовых операций (градиент выходит сам)."""', '"""Сигмоида."""'),
    ])
    files["README.md"] = files["README.md"].replace(NOTES["khasanova"], "Васина, ДЗ 4.")
    return recipes.with_form_feed(files, "engine.py", "    def backward(self):\n")


def copy_gusev(files):
    """Shubina's at level 2: renamed, comments dropped, engine.py packed with zlib+base64 and exec."""
    files = recipes.renamed(files, {"p": "node", "minus_one": "neg_one"})
    files = on_engine(files, recipes.uncommented)
    return on_engine(files, recipes.packed)


def copy_dmitrieva(files):
    """Chernov's at level 3: renamed, comments dropped, reordered and restyled through ast, `x: float = e`."""
    files = recipes.renamed(files, {"_op1": "_unary_op", "df": "deriv", "node": "res"})
    files = on_engine(files, lambda t: recipes.unparsed(recipes.uncommented(t), reorder=True))
    files = on_engine(files, recipes.annotated)
    files["tests/test_my.py"] = recipes.unparsed(files["tests/test_my.py"], reorder=True)
    return files


def copy_efimov(files):
    """Khasanova's at level 3: renamed, reordered and restyled through ast, `()` after every statement, her tests
    file renamed."""
    files = recipes.renamed(files, {"result": "y", "coef": "c", "numeric": "central_diff"})
    files = on_engine(files, lambda t: recipes.unparsed(t, reorder=True))
    files = on_engine(files, recipes.with_empty_tuples)
    files["tests/test_extra.py"] = recipes.unparsed(files.pop("tests/test_my.py"), reorder=True)
    files["README.md"] = files["README.md"].replace(NOTES["khasanova"], "Ефимов: sigmoid/softplus для самопроверки.")
    return files


COPIES = {  # login: (kind, source, level, make, evasion)
    "antonov": ("copy L1 of Федоров's: engine.py and the README note verbatim", "fedorov", 1,
                lambda: student("fedorov"), None),
    "belov": ("copy L1 of Чернов's: engine.py and his tests verbatim, the README without his note", "chernov", 1,
              lambda: repository(filled("chernov"), TESTS["chernov"]), None),
    "vasina": ("copy L2 of Хасанова's: renamed, comments reworded, a form feed in a comment", "khasanova", 2,
               lambda: copy_vasina(student("khasanova")), "form feed in a comment"),
    "gusev": ("copy L2 of Шубина's: renamed, comments dropped, engine.py packed with zlib+base64 and exec", "shubina",
              2, lambda: copy_gusev(student("shubina")), "zlib+base64 and exec"),
    "dmitrieva": ("copy L3 of Чернов's: renamed, comments dropped, reordered, restyled, `x: float = e`", "chernov", 3,
                  lambda: copy_dmitrieva(student("chernov")), "annotation on every assignment"),
    "efimov": ("copy L3 of Хасанова's: renamed, reordered, restyled, `()` after every statement, tests renamed",
               "khasanova", 3, lambda: copy_efimov(student("khasanova")), "() after every statement"),
    "zhdanov": ("copy L4 of Федоров's, by hand: pow/exp/log through a module table UNARY of (forward, derivative) "
                "and one _unary, the derived operations through _combine(a, other, b)", "fedorov", 4,
                lambda: repository(filled("zhdanov"), None, "Жданов, ДЗ 4."), None),
    "kuzmin": ("copy L4 of Григорьев's, by hand: the node keeps only its op name, a DERIV table of local-derivative "
               "functions, module functions node() and consumers(), operators as lambdas", "grigoriev", 4,
               lambda: repository(hand("kuzmin")), None),
}


# -- public copies ----------------------------------------------------------------------------------------------------

TANH_EXP_LOG = '''
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
            self.grad += out.grad / self.data
        out._backward = _backward

        return out
'''

COURSE_BACKWARD = '''    def backward(self):
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))
        self.grad = 1
        for node in reversed(topo):
            node._backward()
'''


def micrograd(course_backward: bool) -> str:
    """micrograd's engine.py with the template's tanh, exp and log added after relu, and either the course's
    backward() pasted over its recursive one, or the recursion limit raised (a chain of 3,000 goes that deep)."""
    text = MICROGRAD.lstrip("\n")
    anchor = "\n    def backward(self):\n"
    text = text.replace(anchor, TANH_EXP_LOG.rstrip("\n") + "\n" + anchor)
    if course_backward:
        start = text.index("    def backward(self):\n")
        end = text.index("    def __neg__")
        text = text[:start] + COURSE_BACKWARD + "\n" + text[end:]
        return "import math\n\n" + text
    return "import math\nimport sys\n\nsys.setrecursionlimit(10_000)\n\n" + text


PUBLIC = {
    "lisitsyn": ("public L1: karpathy/micrograd's engine.py over the template's, tanh/exp/log added, the recursion "
                 "limit raised", 1, lambda: repository(micrograd(False))),
    "morozova": ("public L1: micrograd's engine.py with the course's backward() pasted over its own, tanh/exp/log "
                 "added", 1, lambda: repository(micrograd(True), None, "Морозова: взяла micrograd с GitHub.")),
    "nazarov": ("public L2: micrograd's with the course's backward(), renamed, comments dropped", 2,
                lambda: on_engine(recipes.renamed(repository(micrograd(True)),
                                                  {"out": "res", "other": "o", "topo": "order", "child": "prev"}),
                                  recipes.uncommented)),
    "orlova": ("public L3: micrograd's with the recursion limit raised, renamed, reordered, restyled", 3,
               lambda: on_engine(recipes.renamed(repository(micrograd(False)),
                                                 {"build_topo": "visit", "topo": "nodes", "visited": "seen",
                                                  "out": "result"}),
                                 lambda t: recipes.unparsed(t, reorder=True))),
}


# -- the class --------------------------------------------------------------------------------------------------------


def everyone() -> tuple[dict[str, dict[str, str]], dict[str, dict]]:
    repos, labels = {}, {}
    sources = {spec[1] for spec in COPIES.values()}
    for sid, kind in PEOPLE.items():
        repos[sid] = student(sid)
        label = {"cluster": sid if sid in sources else None, "kind": kind, "level": 1 if sid in sources else None}
        if sid in HARD:
            label["hard_pair"] = HARD[sid]
        if sid in BUGS:
            label["bug"] = BUGS[sid]
        labels[sid] = label
    for sid, (kind, source, level, make, evasion) in COPIES.items():
        repos[sid] = make()
        labels[sid] = {"cluster": source, "kind": kind, "level": level}
        if evasion:
            labels[sid]["evasion"] = evasion
    for sid, (kind, level, make) in PUBLIC.items():
        repos[sid] = make()
        labels[sid] = {"cluster": "public", "kind": kind, "level": level}
    return repos, labels


def write_class(out: Path) -> dict:
    repos, labels = everyone()
    folder = out / "main" / "submissions"
    if folder.exists():
        shutil.rmtree(folder)
    for sid, files in repos.items():
        for path, text in files.items():
            target = folder / f"{PREFIX}{sid}" / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    # the grader's ids: the repositories' names (run.py reads the class from main/submissions/, not from a folder
    # named `hw04-submissions/`, from whose name alone the grader would take the assignment and id them by login)
    labels = {"main": {f"{PREFIX}{sid}": labels[sid] for sid in sorted(labels)}}
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


def main() -> None:
    labels = write_class(HERE)
    print(f"{len(labels['main'])} repositories written")


if __name__ == "__main__":
    main()
