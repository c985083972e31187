"""Writes sim44b1's main/submissions (a Blackboard "Assignment File Download" folder) and labels.json (session 44,
simw44).

python bench/similarity/sim44b1/write.py    (deterministic: the same files every run)

Starter-filled students come from fills44b1.py, whole engines and the assistant's rewrites from hand/ (typed by
hand: each rewrite as an assistant returns a friend's file when asked to make it look different), the public copies
from public/engine.py (karpathy/micrograd, MIT), the level 1-2 copies and the four evasions by
../sim43b1/recipes43.py (each copier's renames typed here)."""

from __future__ import annotations

import datetime
import json
import shutil
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "sim43b1"))

import recipes43 as recipes  # noqa: E402
from fills44b1 import FILLS  # noqa: E402

STARTER = (HERE / "starter" / "engine.py").read_text(encoding="utf-8")
PUBLIC = (HERE / "public" / "engine.py").read_text(encoding="utf-8")
TODO = ("        # TODO(05-backward): your code here\n"
        "        raise NotImplementedError(\"05-backward: write Value.backward\")\n")
ASSIGNMENT = "HW5"

# The three operations the public copies add to micrograd's engine, in its style (closures, `out`, no blank line
# before `out._backward`), typed once by Paul White; Qiang Zhou's copy is of his file.
MICROGRAD_EXTRAS = '''    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
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
        # added for HW5 (natural log)
        out = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += (1 / self.data) * out.grad
        out._backward = _backward

        return out

'''

# username: (name, what they handed in, the label); every attempt's time, the last one graded
ROSTER = {
    "apatel": ("Arjun Patel", "independent: Arjun: the lecture's recursive build with a visited set, step comments"),
    "bchen": ("Bo Chen", "independent: Bo: an explicit stack of (node, expanded) flags, grad 0.0; a first attempt "
                         "that raised NotImplementedError"),
    "cmorales": ("Carla Morales", "independent: Carla: Kahn's algorithm over consumer counts with a deque, Spanish "
                                  "comments"),
    "dkowalski": ("Dawid Kowalski", "independent: Dawid: a nested visit(), the recursion limit raised, pop() "
                                    "from the end"),
    "eobrien": ("Erin O'Brien", "independent: Erin: frames of (node, iterator over inputs), post-order without "
                                "recursion"),
    "fnakamura": ("Fumiko Nakamura", "independent: Fumiko: longest distance from the output, nodes sorted by it"),
    "gsantos": ("Gabriel Santos", "independent: Gabriel: a breadth-first walk from the output, repr with 4 decimals"),
    "hlindgren": ("Hanna Lindgren", "independent: Hanna: Swedish comments, a recursive ordning() returning the list"),
    "iadeyemi": ("Ifeoma Adeyemi", "independent: Ifeoma: a recursive add_node() without a visited set"),
    "jrossi": ("Jacopo Rossi", "independent: Jacopo: Italian comments, every gradient zeroed before the pass"),
    "kmensah": ("Kofi Mensah", "independent: Kofi: a generator with yield from, the order reversed in place"),
    "lwu": ("Lin Wu", "independent: Lin: her own engine: (input, local derivative) edges made in the forward pass, "
                      "an explicit stack of (node, edge index)"),
    "mgarcia": ("Marta Garcia", "independent: Marta: her own engine: op names and a _pass_back() if-chain, Kahn "
                                "by id() counts"),
    "nfischer": ("Nils Fischer", "independent: Nils: his own engine: a creation counter, nodes sorted by it "
                                 "descending, German comments"),
    "ostrand": ("Olav Strand", "independent: Olav: his own engine: __slots__, a rule returning the inputs' "
                               "gradients, Kahn by a users count on the nodes"),
    "pbianchi": ("Paola Bianchi", "independent: Paola: her own engine: grad_fn returning the parents' gradients, "
                                  "a dict of gradients written at the end, Italian comments"),
    "qhuang": ("Qing Huang", "hard h1: asked an assistant for a micrograd-style engine from scratch: type hints, "
                             "docstrings, recursive build_topo"),
    "rbaker": ("Rachel Baker", "hard h1: asked an assistant for the engine from scratch in another conversation: "
                               "type hints, docstrings, comments on each rule, her test under __main__"),
    "sdiaz": ("Sofia Diaz", "hard h2: asked an assistant for an engine without recursion, added exp herself: "
                            "_topological_order() with (node, processed)"),
    "tkim": ("Taeyang Kim", "hard h2: asked an assistant for an engine with tanh and an iterative backward: "
                            "_to_value(), ids in the visited set"),
    "uosei": ("Kwesi Uosei", "hard h3: pasted the starter into an assistant: backward() filled recursively with "
                             "step comments, type hints added"),
    "vnovak": ("Vera Novak", "hard h3: pasted the starter into an assistant and asked for no recursion: type hints, "
                             "an iterative post-order"),
    "wyoung": ("Will Young", "hard h4: asked an assistant for a clean OOP engine: __slots__, _coerce(), "
                             "_grad_fn, _topo_sort()"),
    "xlopez": ("Ximena Lopez", "hard h4: asked an assistant for a clean OOP engine with sigmoid and zero_grad: "
                               "__slots__, _wrap(), _backward_fn"),
    "ytanaka": ("Yui Tanaka", "source: Yui: the lecture's build_topo with `visited` a list, pow/neg/sub of her own "
                              "(sub as self + other * -1); a first attempt without them"),
    "zali": ("Zain Ali", "copy L3 of Yui's through an assistant (\"make it more Pythonic\"): docstrings, `result`, "
                         "methods regrouped, __radd__ = __add__; her list `visited`, seed 1.0, [::-1] and "
                         "other * -1 kept"),
    "aokonkwo": ("Adaeze Okonkwo", "source: Adaeze: her own engine: `back` closures, tanh from exp(2x), pow"),
    "fbrooks": ("Finn Brooks", "copy L3 of Adaeze's through an assistant (\"add type hints and docs\"): "
                               "`propagate`, _as_value(), docstrings, her pow kept"),
    "bfarouk": ("Basim Farouk", "source: Basim: an explicit stack with three states in a dict"),
    "gquinn": ("Grace Quinn", "copy L4 of Basim's through an assistant (\"use a different structure\"): the walk a "
                              "module function _postorder() with named states, a _unary helper, _lift()"),
    "cjensen": ("Clara Jensen", "source: Clara: Kahn's algorithm with an in-degree dict filled by a recursive "
                                "count()"),
    "hmurphy": ("Hugh Murphy", "copy L3 of Clara's through an assistant (\"add type hints and docs\"): "
                               "pending_uses, count_uses(), frontier, docstrings"),
    "dmoreau": ("Didier Moreau", "source: Didier: his own engine: local derivatives and a level per node, nodes "
                                 "sorted by level, French comments"),
    "isingh": ("Ishaan Singh", "copy L4 of Didier's through an assistant (\"make it look completely different\"): "
                               "Edge namedtuples, a module _collect(), depth with attrgetter"),
    "eeriksen": ("Einar Eriksen", "source: Einar: positions by id() in a dict, a recursive place(), a while loop "
                                  "down the list"),
    "jvargas": ("Javier Vargas", "copy L3 of Einar's through an assistant (\"use a generator and make it "
                                 "shorter\"): _placed() yielding from the inputs, the index dict by id() kept"),
    "lhoang": ("Linh Hoang", "source: Linh: a _sorted_nodes() method of her own (a stack, a list checked with "
                             "`in`), a print left commented out"),
    "m_reyes": ("Maria Reyes", "copy L1 of Linh's: verbatim, a form feed in the commented print"),
    "swhitaker": ("Sam Whitaker", "source: Sam: dfs() with topo_order and visited_nodes, neg/sub/rsub/tanh added"),
    "nbailey": ("Noah Bailey", "copy L2 of Sam's: renamed, comments dropped but one, an annotation on every "
                               "assignment"),
    "opark": ("Ola Park", "copy L1 of Sam's: verbatim, packed with zlib+base64 and run with exec"),
    "pwhite": ("Paul White", "public L1: micrograd's engine.py pasted, tanh, exp and log added in its style (a "
                             "first attempt without them)"),
    "qzhou": ("Qiang Zhou", "public L2: micrograd's with tanh, exp and log, renamed, comments dropped"),
    "rlee": ("Rosa Lee", "public L3: micrograd's with tanh, exp and log rewritten by an assistant: `result`, "
                         "sections, docstrings, a TypeError for pow"),
}

CLUSTERS = {  # username: (cluster, level)
    "ytanaka": ("yui", 1), "zali": ("yui", 3), "aokonkwo": ("adaeze", 1), "fbrooks": ("adaeze", 3),
    "bfarouk": ("basim", 1), "gquinn": ("basim", 4), "cjensen": ("clara", 1), "hmurphy": ("clara", 3),
    "dmoreau": ("didier", 1), "isingh": ("didier", 4), "eeriksen": ("einar", 1), "jvargas": ("einar", 3),
    "lhoang": ("linh", 1), "m_reyes": ("linh", 1), "swhitaker": ("sam", 1), "nbailey": ("sam", 2),
    "opark": ("sam", 1), "pwhite": ("public", 1), "qzhou": ("public", 2), "rlee": ("public", 3),
}
HARD = {"qhuang": "h1", "rbaker": "h1", "sdiaz": "h2", "tkim": "h2", "uosei": "h3", "vnovak": "h3",
        "wyoung": "h4", "xlopez": "h4"}
EVASIONS = {"m_reyes": "form feed in a comment", "nbailey": "annotation on every assignment",
            "hmurphy": "() after every statement", "opark": "zlib+base64 and exec"}
BUGS = {
    "gsantos": "breadth-first order, not topological: a node reached early passes its gradient on before all its "
               "consumers have added theirs (wrong gradients on shared nodes)",
    "iadeyemi": "no visited set: a node reached along two paths is twice in the order and passes its gradient on "
                "twice",
    "aokonkwo": "pow's derivative is n * x ** n, not n * x ** (n - 1)",
    "fbrooks": "pow's derivative is n * x ** n, not n * x ** (n - 1) (Adaeze's, kept by the rewrite)",
}
# Students who handed in twice: (earlier file's text maker, its time); the latest attempt is the one graded
FIRST = datetime.datetime(2026, 11, 16, 9, 5, 11)


def fill(student: str) -> str:
    """The starter with the TODO's two lines replaced by STUDENT's body (and their edits to its own text)."""
    spec = FILLS[student]
    assert TODO in STARTER
    body = textwrap.indent(spec["backward"].strip("\n") + "\n", " " * 8, lambda line: line.strip() != "")
    text = STARTER.replace(TODO, body, 1)
    return recipes.reword(text, spec.get("edits", []))


def hand(student: str) -> str:
    return (HERE / "hand" / f"{student}.py").read_text(encoding="utf-8")


def micrograd_with_extras() -> str:
    """Paul White's: micrograd's engine.py, `import math` on top, tanh, exp and log before backward()."""
    text = "import math\n\n" + PUBLIC
    return recipes.reword(text, [("    def backward(self):\n", MICROGRAD_EXTRAS + "    def backward(self):\n")])


def engines() -> dict[str, str]:
    """{username: the engine.py of their graded attempt}."""
    made = {student: fill(student) for student in FILLS}
    made.update({path.stem: path.read_text(encoding="utf-8") for path in sorted((HERE / "hand").glob("*.py"))})
    made["hmurphy"] = recipes.unit_after_statements(made["hmurphy"])
    made["m_reyes"] = recipes.form_feed(made["lhoang"], "# print(\"backprop through\"")
    sam = made["swhitaker"]
    made["opark"] = recipes.packed(sam)
    noah = recipes.rename(sam, {"topo_order": "order", "visited_nodes": "done", "dfs": "walk", "n": "node"})
    noah = recipes.drop_comments(noah, keep=("d(a * b)/da",))
    made["nbailey"] = recipes.annotate(noah)
    made["pwhite"] = micrograd_with_extras()
    qiang = recipes.drop_comments(made["pwhite"])
    made["qzhou"] = recipes.rename(qiang, {"topo": "ordering", "build_topo": "add_all", "visited": "marked",
                                           "out": "res", "other": "rhs"})
    assert sorted(made) == sorted(ROSTER), sorted(set(made) ^ set(ROSTER))
    return made


def earlier() -> dict[str, str]:
    """{username: the engine.py of an earlier attempt, not graded}: Bo's starter as downloaded, Yui's without her
    extra operations, Paul's micrograd without tanh, exp and log."""
    yui = dict(FILLS["ytanaka"])
    yui.pop("edits")
    return {"bchen": STARTER, "ytanaka": recipes.reword(STARTER, [(TODO, textwrap.indent(
        yui["backward"].strip("\n") + "\n", " " * 8, lambda line: line.strip() != ""))]),
        "pwhite": PUBLIC}


def receipt(name: str, user: str, when: datetime.datetime, filename: str) -> str:
    """Blackboard's receipt of one attempt, as its "Assignment File Download" writes it."""
    hour = when.strftime("%I").lstrip("0")
    said = f"{when.strftime('%A, %B')} {when.day}, {when.year} {hour}:{when.strftime('%M:%S %p')} EST"
    return (f"Name: {name} ({user})\nAssignment: {ASSIGNMENT}\nDate Submitted: {said}\n"
            f"Current Grade: Needs Grading\n\nSubmission Field:\n"
            f"There is no student submission text data for this assignment.\n\nComments:\n"
            f"There are no student comments for this assignment.\n\nFiles:\n"
            f"\tOriginal filename: engine.py\n\tFilename: {filename}\n")


def attempt(folder: Path, name: str, user: str, when: datetime.datetime, text: str) -> None:
    stem = f"{ASSIGNMENT}_{user}_attempt_{when.strftime('%Y-%m-%d-%H-%M-%S')}"
    filename = f"{stem}_engine.py"
    (folder / filename).write_text(text, encoding="utf-8")
    (folder / f"{stem}.txt").write_text(receipt(name, user, when, filename), encoding="utf-8")


def label(user: str) -> dict:
    cluster, level = CLUSTERS.get(user, (None, None))
    made = {"cluster": cluster, "kind": ROSTER[user][1], "level": level}
    if user in HARD:
        made["hard_pair"] = HARD[user]
    if user in EVASIONS:
        made["evasion"] = EVASIONS[user]
    if user in BUGS:
        made["bug"] = BUGS[user]
    return made


def write_class(out: Path) -> dict:
    """main/submissions and labels.json in OUT; returns the labels."""
    folder = out / "main" / "submissions"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    made, before = engines(), earlier()
    for i, user in enumerate(sorted(ROSTER)):
        # a deterministic spread of hand-in times over the week before the deadline
        when = FIRST + datetime.timedelta(hours=29 + 7 * i, minutes=(13 * i) % 60, seconds=(37 * i) % 60)
        if user in before:
            attempt(folder, ROSTER[user][0], user, when - datetime.timedelta(days=2, minutes=41), before[user])
        attempt(folder, ROSTER[user][0], user, when, made[user])
    labels = {"main": {user: label(user) for user in sorted(ROSTER)}}
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


if __name__ == "__main__":
    write_class(HERE)
