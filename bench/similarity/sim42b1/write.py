"""Writes sim42b1: main/submissions/ (one Jupyter notebook per student, as Canvas's "Download submissions" names
them), labels.json.

python bench/similarity/sim42b1/write.py   (deterministic: the same bytes every time)

Every notebook is the course's 05-backward.ipynb (starter/05-backward.ipynb) as a student hands it in: the engine
cell filled (bodies.py: each starter-filled student's backward() and methods of their own) or replaced by their own
engine (hand/: students' own engines and the level-4 copies), the cells they added (extras.py: answers, tests,
scratch and experiments), and the outputs their cells gave when they ran them, in the order they ran them (write.py
runs each notebook's cells in that order, as Jupyter would, and keeps what they printed; an experiment's timings are
typed from the student's screen, TIMINGS). Copies at levels 1-3 are made from their source by COPIES' recipes
(renames, comments, cells merged or moved, ast reordering and restyling, the red team's four evasions, with
sim41b1/recipes.py); public copies paste karpathy/micrograd's engine.py (public/engine.py, MIT) into the engine cell
with tanh, exp and log added (PUBLIC)."""

from __future__ import annotations

import contextlib
import copy
import importlib.util
import io
import json
import re
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bodies import BODIES, METHODS, OMAR_FUNCTIONS  # noqa: E402
from extras import EXTRAS  # noqa: E402

_spec = importlib.util.spec_from_file_location("sim41b1_recipes", HERE.parent / "sim41b1" / "recipes.py")
recipes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(recipes)

STARTER = json.loads((HERE / "starter" / "05-backward.ipynb").read_text(encoding="utf-8"))
ENGINE_CELL = 5  # the starter's code cell holding engine.py
TODO = ('        # TODO(05-backward): your code here\n'
        '        raise NotImplementedError("05-backward: write Value.backward")\n')
MICROGRAD = (HERE / "public" / "engine.py").read_text(encoding="utf-8")

# -- who is who ------------------------------------------------------------------------------------------------------

# sid: (Canvas file stem: <lastfirst>_<user id>_<submission id>_<file>, kind label)
PEOPLE = {
    "aigerim": ("abenovaaigerim_42101_9911201_05-backward", "independent: Aigerim: a stack of (node, expanded) pairs, the README's three steps as comments, `!pip install` cell"),
    "ben": ("carterben_42102_9911202_05-backward", "independent: Ben: a two-stack post-order he noticed is not topological, then Kahn's release over it"),
    "carla": ("reyescarla_42103_9911203_05-backward", "independent: Carla: consumer counts by BFS and Kahn's algorithm from the output with deque, a markdown on her approach"),
    "dmitri": ("volkovdmitri_42104_9911204_05-backward", "independent: Dmitri: a stack of (node, iterator) frames, no extra cells"),
    "emma": ("larsenemma_42105_9911205_05-backward-1", "independent: Emma: the recursive build_topo with the recursion limit raised (re-submitted: -1)"),
    "fatima": ("hassanfatima_42106_9911206_05-backward", "independent: Fatima: a recursive build with no limit raised, the Try-it cell's RecursionError left in its output"),
    "george": ("okaforgeorge_42107_9911207_05-backward", "independent: George: one node at a time, the top of the stack pushes its first unfinished input, order walked by index"),
    "hana": ("kimhana_42108_9911208_05-backward", "independent: Hana: nodes sorted by longest distance from the output (BFS then relaxation), a timing cell"),
    "ivan": ("petrovivan_42109_9911209_05-backward", "independent: Ivan: an iterative DFS with no visited set"),
    "julia": ("novakjulia_42110_9911210_05-backward", "independent: Julia: a _postorder generator method, backward three lines"),
    "kofi": ("mensahkofi_42111_9911211_05-backward", "independent: Kofi: white/grey/black colouring over an explicit stack, a reflection"),
    "lena": ("schmidtlena_42112_9911212_05-backward", "independent: Lena: ids in a seen set, a deque filled output-first with appendleft, a %%time cell"),
    "mateo": ("garciamateo_42113_9911213_05-backward", "independent: Mateo: pending-consumer counts in a defaultdict, a diamond assert cell"),
    "sofia": ("lopezsofia_42114_9911214_05-backward", "independent: Sofía: Spanish comments, a stack of [node, next child index] lists"),
    "olek": ("nowakolek_42115_9911215_05-backward", "independent: Olek: his own engine pasted into the engine cell: parents and grad_fns lists, Kahn by id()"),
    "priya": ("sharmapriya_42116_9911216_05-backward", "independent: Priya: her own engine: __slots__, local derivatives stored at forward time, a (node, index) stack"),
    "quinn": ("obrienquinn_42117_9911217_05-backward", "independent: Quinn: his own Scalar aliased Value, rules taking the output, a node finished on its second pop"),
    "rui": ("costarui_42118_9911218_05-backward", "independent: Rui: his own engine with a global tape in creation order, walked backwards"),
    "sam": ("turnersam_42301_9911301_05-backward", "hard h1: the lecture's backward (slide 14) pasted"),
    "tara": ("singhtara_42302_9911302_05-backward", "hard h1: the lecture's backward pasted, the TODO line kept"),
    "uma": ("iyeruma_42303_9911303_05-backward", "hard h2: the TA's forum hint pasted"),
    "victor": ("moreauvictor_42304_9911304_05-backward", "hard h2: the TA's forum hint pasted, a comment on the seed"),
    "wen": ("liwen_42305_9911305_05-backward", "hard h3: the README's three steps as comments over the lecture's code"),
    "xavier": ("duboisxavier_42306_9911306_05-backward", "hard h3: the README's three steps as comments over the lecture's code, one name shortened"),
    "yusuf": ("demiryusuf_42201_9911401_05-backward", "source: Yusuf: ENTER/EXIT markers on an explicit stack, backward returns the order, numeric_grad and a tree printer, an answer"),
    "zofia": ("kowalskazofia_42202_9911402_05-backward", "source: Zofia: Polish comments, Kahn's release from the output (FIFO with pop(0)) and a cycle assert, a timing experiment"),
    "arjun": ("mehtaarjun_42203_9911403_05-backward", "source: Arjun: a _topo_order method over a stack of iterators and a path, zero_grad, a draw() cell and a diamond test"),
    "bea": ("fischerbea_42204_9911404_05-backward", "source: Bea: recursion with the limit raised for the call only (try/finally), a zero_grad(*roots) cell, a limitation note"),
    "chen": ("chenwei_42205_9911405_05-backward", "source: Chen: NEW/OPEN/DONE states, a check() cell of four cases, a Chinese answer"),
    "dana": ("cohendana_42206_9911406_05-backward", "source: Dana: a module-level _reverse_topological generator in a later cell, a random-graph cell"),
    "eli": ("rosseli_42207_9911407_05-backward", "source: Eli: his own engine: (input, local derivative) edges built at forward time, a _prev property, Kahn's release"),
    "fern": ("walshfern_42208_9911408_05-backward", "source: Fern: her own engine: grad_fn returning one gradient per input, exp, a (node, index) stack"),
}

HARD = {"sam": "h1", "tara": "h1", "uma": "h2", "victor": "h2", "wen": "h3", "xavier": "h3"}
BUGS = {
    "fatima": "backward() recurses one call per node with Python's default limit: the 10,000-node chain raises RecursionError",
    "ivan": "no visited set: a node reached along two paths is listed twice and passes its gradient on twice (m = 2a; m*m + m gives dm 2m+2, not 2m+1)",
}
OWN_ENGINES = {"olek", "priya", "quinn", "rui", "eli", "fern"}

# how each ran their notebook: the order of their cells' runs (by name: engine, try, and extras by number), and
# the notebook's flavour (jupyter, colab, vscode)
FLAVOUR = {
    "aigerim": "colab", "ben": "jupyter", "carla": "vscode", "dmitri": "jupyter", "emma": "colab", "fatima": "colab",
    "george": "jupyter", "hana": "jupyter", "ivan": "colab", "julia": "vscode", "kofi": "jupyter", "lena": "jupyter",
    "mateo": "colab", "sofia": "colab", "olek": "jupyter", "priya": "vscode", "quinn": "jupyter", "rui": "colab",
    "sam": "jupyter", "tara": "colab", "uma": "jupyter", "victor": "colab", "wen": "jupyter", "xavier": "vscode",
    "yusuf": "jupyter", "zofia": "colab", "arjun": "vscode", "bea": "jupyter", "chen": "jupyter", "dana": "colab",
    "eli": "jupyter", "fern": "colab",
}

TIMINGS = {  # what the timing cells printed on the student's machine (typed from their notebook)
    "hana": "0.1183 s\n",
    "zofia": ("n=   100  czas=0.0004s  grad=1.010050\nn=  1000  czas=0.0041s  grad=1.105165\n"
              "n= 10000  czas=0.0433s  grad=2.718146\nn= 50000  czas=0.2379s  grad=148.376063\n"),
    "omar": ("n=   100  time=0.0003s  grad=1.010050\nn=  1000  time=0.0038s  grad=1.105165\n"
             "n= 10000  time=0.0401s  grad=2.718146\nn= 50000  time=0.2188s  grad=148.376063\n"),
    "ines": ("n=   100  time=0.0005s  grad=1.010050\nn=  1000  time=0.0049s  grad=1.105165\n"
             "n= 10000  time=0.0512s  grad=2.718146\nn= 50000  time=0.2811s  grad=148.376063\n"),
    "lena": "CPU times: user 71.4 ms, sys: 1.02 ms, total: 72.4 ms\nWall time: 72.6 ms\n",
}


# -- the engine cell -------------------------------------------------------------------------------------------------


def starter_engine() -> str:
    return "".join(STARTER["cells"][ENGINE_CELL]["source"])


def filled_engine(sid: str) -> str:
    text = starter_engine()
    assert TODO in text
    text = text.replace(TODO, BODIES[sid])
    extra = METHODS.get(sid, "")
    if extra:
        anchor = "\n    # -- derived operations"
        text = text.replace(anchor, extra.rstrip("\n") + "\n" + anchor)
    return text


def own_engine(sid: str) -> str:
    return (HERE / "hand" / f"{sid}.py").read_text(encoding="utf-8").rstrip("\n")


# -- a notebook ------------------------------------------------------------------------------------------------------


def cells_of(sid: str, engine: str, extras: list) -> list[dict]:
    """[{kind, text, name}] of a student's notebook: the starter's cells, the engine cell ENGINE, EXTRAS after the
    cell each names."""
    starter = STARTER["cells"]
    names = {ENGINE_CELL: "engine", 7: "try", 8: "expected", 11: "end"}
    out = []
    for i, cell in enumerate(starter):
        text = engine if i == ENGINE_CELL else "".join(cell["source"])
        out.append({"kind": "code" if cell["cell_type"] == "code" else "md", "text": text,
                    "name": names.get(i, f"starter{i}")})
        if i in names:
            for n, (where, kind, extra) in enumerate(extras):
                if where == names[i]:
                    out.append({"kind": kind, "text": extra, "name": f"x{n}"})
    return out


def runnable(text: str) -> str:
    """A cell's code as IPython runs it for our purposes: `!shell` and `%magic` lines left out."""
    return "\n".join(line for line in text.split("\n") if not line.lstrip().startswith(("!", "%")))


def run_order(cells: list[dict], sid: str) -> list[int]:
    """The indices of the code cells in the order the student ran them: the engine cell, then their helper cells
    (which the engine may call), the Try-it cell, the rest; a Colab student ran the engine cell twice (after an
    edit), a Jupyter one ran a helper first."""
    code = [i for i, c in enumerate(cells) if c["kind"] == "code" and "from grader import check" not in c["text"]]
    engine = next(i for i in code if cells[i]["name"] == "engine")
    rest = [i for i in code if i != engine]
    first = [i for i in rest if i < engine]
    helpers = [i for i in rest if i > engine and "def " in cells[i]["text"]]
    others = [i for i in rest if i not in helpers and i not in first]
    order = first + [engine] + helpers + others
    if FLAVOUR.get(sid) == "colab":
        order = first + [engine] + [engine] + helpers + others
    return order


def executed(cells: list[dict], sid: str) -> list[dict]:
    """CELLS with the outputs and execution counts of a run in the student's order (what they printed; an error's
    traceback as Jupyter shows it, shortened)."""
    namespace = {"__name__": "__main__"}
    cells = copy.deepcopy(cells)
    limit = sys.getrecursionlimit()  # a fresh kernel each: a limit one notebook raised is not the next one's
    count = {"jupyter": 3, "colab": 1, "vscode": 1}[FLAVOUR.get(sid, "jupyter")]
    for i in run_order(cells, sid):
        cell = cells[i]
        text = cell["text"]
        buffer = io.StringIO()
        error = None
        with contextlib.redirect_stdout(buffer):
            try:
                exec(compile(runnable(text), f"<cell {i}>", "exec"), namespace)
            except Exception as caught:  # noqa: BLE001 -- the student's cell raised: its output shows it
                error = caught
        outputs = []
        printed = buffer.getvalue()
        if "perf_counter" in text or text.startswith("%%time"):
            printed = TIMINGS[sid]
        if printed:
            outputs.append({"name": "stdout", "output_type": "stream", "text": printed.splitlines(keepends=True)})
        if error is not None:
            outputs.append({"ename": type(error).__name__, "evalue": str(error), "output_type": "error",
                            "traceback": [f"{type(error).__name__}: {error}"]})
        if text.rstrip().split("\n")[-1].strip().endswith("# should be 2*3+1 = 7"):
            value = eval(text.rstrip().split("\n")[-1].split("#")[0], namespace)
            outputs.append({"data": {"text/plain": [repr(value)]}, "execution_count": count, "metadata": {},
                            "output_type": "execute_result"})
        cell["outputs"] = outputs
        cell["count"] = count
        count += 1
    sys.setrecursionlimit(limit)
    return cells


def notebook(cells: list[dict], flavour: str, sid: str, cleared: bool = False) -> str:
    """The .ipynb text (nbformat 4) of CELLS as FLAVOUR's front end writes it."""
    out = []
    for n, cell in enumerate(cells):
        lines = cell["text"].splitlines(keepends=True)
        if cell["kind"] == "md":
            item = {"cell_type": "markdown", "metadata": {}, "source": lines}
        else:
            item = {"cell_type": "code", "execution_count": None if cleared else cell.get("count"),
                    "metadata": {}, "outputs": [] if cleared else cell.get("outputs", []), "source": lines}
        if flavour == "colab":
            item["metadata"] = {"id": f"{sid[:3]}{n:02d}cell{len(cell['text']) % 97:02d}"}
            if item["cell_type"] == "code":
                item["metadata"]["colab"] = {"base_uri": "https://localhost:8080/"}
        else:
            item["id"] = f"{n:02d}{sid}"[:12] if flavour == "jupyter" else f"vsc-{sid}-{n}"
        out.append(item)
    if flavour == "colab":
        meta = {"colab": {"provenance": [], "name": "05-backward.ipynb"},
                "kernelspec": {"display_name": "Python 3", "name": "python3"}, "language_info": {"name": "python"}}
        minor = 0
        for item in out:
            item.pop("id", None)
    elif flavour == "vscode":
        meta = {"kernelspec": {"display_name": ".venv", "language": "python", "name": "python3"},
                "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                  "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                  "pygments_lexer": "ipython3", "version": "3.12.1"}}
        minor = 5
    else:
        meta = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                  "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                  "pygments_lexer": "ipython3", "version": "3.11.5"}}
        minor = 5
    return json.dumps({"cells": out, "metadata": meta, "nbformat": 4, "nbformat_minor": minor},
                      indent=1, ensure_ascii=False) + "\n"


def student_cells(sid: str) -> list[dict]:
    engine = own_engine(sid) if sid in OWN_ENGINES else filled_engine(sid)
    return cells_of(sid, engine, EXTRAS.get(sid, []))


# -- copies ----------------------------------------------------------------------------------------------------------


def on_code(cells: list[dict], function, names=None) -> list[dict]:
    """CELLS with FUNCTION applied to the text of each code cell named in NAMES (default: every code cell but the
    starter's and the grader's check)."""
    out = copy.deepcopy(cells)
    for cell in out:
        if cell["kind"] == "code" and (cell["name"] in names if names else not cell["name"].startswith("starter")) \
                and "from grader import check" not in cell["text"]:
            cell["text"] = function(cell["text"])
    return out


def renamed(cells: list[dict], names: dict[str, str], only=None) -> list[dict]:
    """Every whole-word occurrence of each name replaced in the code cells (ONLY: those cells; each name must occur)."""
    out = copy.deepcopy(cells)
    chosen = [c for c in out if c["kind"] == "code" and (only is None or c["name"] in only)]
    files = recipes.renamed({f"{n}.py": c["text"] for n, c in enumerate(chosen)}, names)
    for n, cell in enumerate(chosen):
        cell["text"] = files[f"{n}.py"]
    return out


def replaced(cells: list[dict], pairs: list[tuple[str, str]]) -> list[dict]:
    """Each OLD text (which must occur) replaced by NEW, in whichever cell holds it."""
    out = copy.deepcopy(cells)
    for old, new in pairs:
        hits = [c for c in out if old in c["text"]]
        assert hits, old
        for cell in hits:
            cell["text"] = cell["text"].replace(old, new)
    return out


def merged(cells: list[dict], into: str, names: list[str]) -> list[dict]:
    """The code cells NAMES appended to the cell INTO, and gone from where they were."""
    out = copy.deepcopy(cells)
    target = next(c for c in out if c["name"] == into)
    for name in names:
        cell = next(c for c in out if c["name"] == name)
        target["text"] = target["text"].rstrip("\n") + "\n\n\n" + cell["text"]
        out.remove(cell)
    return out


def moved(cells: list[dict], name: str, before: str) -> list[dict]:
    out = copy.deepcopy(cells)
    cell = next(c for c in out if c["name"] == name)
    out.remove(cell)
    out.insert(next(i for i, c in enumerate(out) if c["name"] == before), cell)
    return out


def split(cells: list[dict], name: str, at: str) -> list[dict]:
    """The cell NAME cut in two before the line starting AT."""
    out = copy.deepcopy(cells)
    i = next(i for i, c in enumerate(out) if c["name"] == name)
    head, tail = out[i]["text"].split("\n" + at, 1)
    out[i]["text"] = head.rstrip("\n")
    out.insert(i + 1, {"kind": out[i]["kind"], "text": at + tail, "name": name + "b"})
    return out


def with_form_feed(text: str) -> str:
    anchor = "    def backward(self):\n"
    assert anchor in text
    return text.replace(anchor, "    # \f ---------------------------------------- backward\n" + anchor)


def copy_ines(cells):
    """Zofia's at level 2: Polish names turned English-ish, comments and markdown translated."""
    cells = renamed(cells, {"licznik": "ile", "do_odwiedzenia": "stos", "gotowe": "kolejka", "kolejnosc": "porzadek",
                            "rodzic": "wejscie", "lancuch": "chain", "czasy": "times"})
    return replaced(cells, [
        ('# Algorytm Kahna, ale od wyjścia: węzeł jest gotowy, gdy wszyscy jego "konsumenci" oddali gradient.',
         "# Kahn's algorithm from the output: a node is ready when all of its users gave it their gradient"),
        ("# sprawdzenie: każdy węzeł odwiedzony dokładnie raz", "# every node visited once"),
        ("## Eksperyment: czas w zależności od długości łańcucha", "## Experiment: backward time vs. chain length"),
        ("Czas rośnie liniowo (10x dłuższy łańcuch ≈ 10x dłużej), bo każdy węzeł i każda krawędź są odwiedzane raz.",
         "Linear: 10x longer chain is about 10x more time (each node and edge once)."),
        ('czas=', 'time='),
    ])


def copy_jonas(cells):
    """Arjun's at level 2: renamed, comments dropped, the engine cell packed with zlib+base64 and exec."""
    cells = renamed(cells, {"emitted": "finished", "its": "iters", "path": "trail", "draw": "render",
                            "limit": "max_depth", "label": "tag"})
    cells = on_code(cells, recipes.uncommented, names={"engine", "x0", "x1"})
    return on_code(cells, recipes.packed, names={"engine"})


def copy_kai(cells):
    """Chen's at level 2: renamed, the Chinese answer rewritten, a form feed in a comment of the engine cell."""
    cells = renamed(cells, {"NEW": "WHITE", "OPEN": "GREY", "DONE": "BLACK", "state": "colour",
                            "out_order": "result", "st": "stk", "cur": "top"}, only={"engine"})
    cells = renamed(cells, {"check": "verify", "expr_fn": "f", "got": "grads"}, only={"x0"})
    cells = replaced(cells, [("陈：所有测试通过。状态 NEW/OPEN/DONE 防止一个节点被加入两次。",
                              "All tests pass. The three colours stop a node from being added twice.")])
    return on_code(cells, with_form_feed, names={"engine"})


def copy_lior(cells):
    """Bea's at level 3: renamed, the zero_grad cell merged into the engine cell, reordered, restyled through ast,
    `x: float = e` on every assignment."""
    cells = renamed(cells, {"visit": "dfs", "topo": "ordering", "visited": "done", "old": "previous",
                            "roots": "outputs", "p": "w", "q": "z"})
    cells = merged(cells, "engine", ["x0"])
    cells = on_code(cells, lambda t: recipes.unparsed(t, reorder=True).rstrip("\n"), names={"engine"})
    cells = on_code(cells, lambda t: recipes.annotated(t).rstrip("\n"), names={"engine"})
    return replaced(cells, [("**Limitations:** I raise the recursion limit only for the duration of the call.",
                             "Note: the recursion limit is only raised while backward runs.")])


def copy_mia(cells):
    """Dana's at level 3: renamed, the generator cell moved above the engine cell, the random test split in two,
    restyled through ast, `()` after every statement."""
    cells = renamed(cells, {"_reverse_topological": "_walk_back", "ready": "expanded", "random_graph": "make_dag",
                            "worst": "biggest", "n_leaves": "k", "n_ops": "steps", "evaluate": "run_at"})
    cells = moved(cells, "x0", before="engine")
    cells = split(cells, "x1", "biggest = 0.0")
    cells = on_code(cells, lambda t: recipes.with_empty_tuples(t).rstrip("\n"), names={"engine", "x0"})
    cells = on_code(cells, lambda t: recipes.unparsed(t).rstrip("\n"), names={"x1", "x1b"})
    return replaced(cells, [("(the finite-difference part of my random test does not work yet",
                             "(finite differences not finished")])


def copy_noah(cells):
    """Yusuf's at level 3: renamed, the engine cell reordered and restyled through ast, the helpers cell split in
    two, the answer reworded."""
    cells = renamed(cells, {"ordering": "seq", "marked": "seen", "agenda": "todo", "ENTER": "PUSH", "EXIT": "POP",
                            "numeric_grad": "finite_diff", "show": "dump", "indent": "level", "f_float": "g"})
    cells = on_code(cells, lambda t: recipes.unparsed(recipes.uncommented(t), reorder=True).rstrip("\n"),
                    names={"engine"})
    cells = split(cells, "x1", "def dump(")
    return replaced(cells, [
        ("If a node were listed twice its `_backward` would run twice and its inputs would get its gradient twice",
         "Otherwise `_backward` of a repeated node runs twice, so its inputs receive the gradient twice"),
        ("## Helpers\nA numerical gradient to compare against, and a printer for the graph (no graphviz on my "
         "laptop).", "## helper functions"),
    ])


def omar_cells():
    cells = cells_of("omar", filled_engine("omar"), EXTRAS["omar"])
    for cell in cells:
        if cell["text"] is None:
            cell["text"] = OMAR_FUNCTIONS
    return cells


# sid: (Canvas stem, kind, source, level, cells function, flavour, cleared, evasion)
COPIES = {
    "gabe": ("brooksgabe_42401_9911501_05-backward", "copy L1 of Yusuf's: verbatim, outputs cleared, opened in Colab",
             "yusuf", 1, lambda: student_cells("yusuf"), "colab", True, None),
    "hugo": ("martinhugo_42402_9911502_05-backward", "copy L1 of Eli's: his engine and cells verbatim, run again",
             "eli", 1, lambda: student_cells("eli"), "vscode", False, None),
    "ines": ("ferreiraines_42403_9911503_05-backward", "copy L2 of Zofia's: Polish names renamed, comments and "
             "markdown translated", "zofia", 2, lambda: copy_ines(student_cells("zofia")), "jupyter", False, None),
    "jonas": ("bergjonas_42404_9911504_05-backward", "copy L2 of Arjun's: renamed, comments dropped, the engine cell "
              "packed with zlib+base64 and exec", "arjun", 2, lambda: copy_jonas(student_cells("arjun")), "colab",
              False, "zlib+base64 and exec"),
    "kai": ("tanakakai_42405_9911505_05-backward", "copy L2 of Chen's: renamed, the answer rewritten in English, a "
            "form feed in a comment", "chen", 2, lambda: copy_kai(student_cells("chen")), "vscode", False,
            "form feed in a comment"),
    "lior": ("levilior_42406_9911506_05-backward", "copy L3 of Bea's: renamed, zero_grad merged into the engine cell, "
             "reordered, restyled, `x: float = e` annotations", "bea", 3, lambda: copy_lior(student_cells("bea")),
             "jupyter", False, "annotation on every assignment"),
    "mia": ("hoffmia_42407_9911507_05-backward", "copy L3 of Dana's: renamed, the generator cell moved above the "
            "engine, the test cell split, restyled, `()` after every statement", "dana", 3,
            lambda: copy_mia(student_cells("dana")), "colab", False, "() after every statement"),
    "noah": ("kleinnoah_42408_9911508_05-backward", "copy L3 of Yusuf's: renamed, comments dropped, the engine cell "
             "reordered and restyled, the helpers cell split, the answer reworded", "yusuf", 3,
             lambda: copy_noah(student_cells("yusuf")), "jupyter", False, None),
    "omar": ("saidomar_42409_9911509_05-backward", "copy L4 of Zofia's, by hand: the count and the release moved to "
             "module functions (a functions cell), deque FIFO, the timing experiment as functions and a dict "
             "comprehension, English", "zofia", 4, omar_cells, "jupyter", False, None),
    "pia": ("lundpia_42410_9911510_05-backward", "copy L4 of Fern's, by hand: the operations as a table of "
            "(forward, backward) functions with one apply(), operators as lambdas, post_order() a function over a "
            "stack of remaining inputs", "fern", 4, lambda: cells_of("pia", own_engine("pia"), EXTRAS["pia"]),
            "colab", False, None),
    "ravi": ("raoravi_42411_9911511_05-backward", "copy L4 of Chen's, by hand: string states with setdefault in a "
             "_finished_order method, the four checks as a CASES table in one loop, the answer in English", "chen",
             4, lambda: cells_of("ravi", filled_engine("ravi"), EXTRAS["ravi"]), "jupyter", False, None),
}
FLAVOUR.update({sid: spec[5] for sid, spec in COPIES.items()})


# -- public copies: karpathy/micrograd's engine.py pasted into the engine cell, tanh, exp and log added ---------------

WAY_A = '''
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
'''

WAY_B = '''
    def exp(self):
        x = self.data
        out = Value(math.exp(x), (self, ), 'exp')

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        # tanh(x) = (e^2x - 1) / (e^2x + 1), from exp, so no new backward needed
        e = (2 * self).exp()
        return (e - 1) / (e + 1)

    def log(self):
        x = self.data
        out = Value(math.log(x), (self, ), 'log')

        def _backward():
            self.grad += out.grad / x
        out._backward = _backward
        return out
'''

WAY_C = '''
    def _unary(self, f, df, name):
        """a one-input op: f(x) forward, df(x, y) its derivative (y = f(x))"""
        y = f(self.data)
        out = Value(y, (self,), name)

        def _backward():
            self.grad += df(self.data, y) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        return self._unary(math.tanh, lambda x, y: 1 - y * y, 'tanh')

    def exp(self):
        return self._unary(math.exp, lambda x, y: y, 'exp')

    def log(self):
        return self._unary(math.log, lambda x, y: 1 / x, 'log')
'''


def micrograd_with(way: str, head: str = "import math\n", limit_in_backward: bool = True) -> str:
    """micrograd's engine.py with WAY's operations after relu, HEAD at the top, the recursion limit raised in
    backward() (a chain of 10,000 nodes goes 10,000 calls deep in its build_topo)."""
    text = MICROGRAD.lstrip("\n")
    anchor = "\n    def backward(self):\n"
    assert anchor in text
    text = text.replace(anchor, way.rstrip("\n") + "\n" + anchor)
    if limit_in_backward:
        text = text.replace(anchor, anchor + "        sys.setrecursionlimit(100000)  # for long chains\n")
        head += "import sys\n"
    return head + "\n" + text.rstrip("\n")


def public_cells(sid: str, engine: str, extras=()) -> list[dict]:
    return cells_of(sid, engine, list(extras))


PUBLIC = {
    "linh": ("nguyenlinh_42501_9911601_05-backward", "public L1: karpathy/micrograd's engine.py pasted into the engine "
             "cell, tanh, exp and log added as closures in its style, the recursion limit raised", 1,
             lambda: public_cells("linh", micrograd_with(WAY_A)), "colab"),
    "malik": ("haddadmalik_42502_9911602_05-backward", "public L2: micrograd's with tanh, exp and log as closures, "
              "renamed, comments dropped", 2,
              lambda: renamed(on_code(public_cells("malik", micrograd_with(WAY_A)), recipes.uncommented,
                                      names={"engine"}),
                              {"topo": "order", "build_topo": "visit", "visited": "seen", "child": "c"},
                              only={"engine"}), "jupyter"),
    "nina": ("popovnina_42503_9911603_05-backward", "public L1: micrograd's with exp and log as closures and tanh "
             "built from exp (Karpathy's video), the recursion limit raised at the top of the cell", 1,
             lambda: public_cells("nina", micrograd_with(WAY_B, head="import math\nimport sys\n"
                                                         "sys.setrecursionlimit(100_000)\n",
                                                         limit_in_backward=False),
                                  [("expected", "md", "I used micrograd's engine from GitHub (MIT) and added the "
                                                      "ops from the video.")]), "colab"),
    "oscar": ("lindoscar_42504_9911604_05-backward", "public L3: micrograd's with tanh from exp, renamed, reordered, "
              "restyled", 3,
              lambda: on_code(renamed(public_cells("oscar", micrograd_with(WAY_B)),
                                      {"topo": "ordered", "build_topo": "dfs", "visited": "marked", "out": "res",
                                       "other": "rhs"}, only={"engine"}),
                              lambda t: recipes.unparsed(t, reorder=True).rstrip("\n"), names={"engine"}), "vscode"),
    "pavel": ("sokolovpavel_42505_9911605_05-backward", "public L2: micrograd's with tanh, exp and log through one "
              "_unary helper, renamed", 2,
              lambda: renamed(public_cells("pavel", micrograd_with(WAY_C)),
                              {"topo": "nodes", "build_topo": "collect", "v": "n", "_unary": "_single"},
                              only={"engine"}), "jupyter"),
}
FLAVOUR.update({sid: spec[4] for sid, spec in PUBLIC.items()})


# -- the class -------------------------------------------------------------------------------------------------------


def everyone() -> tuple[dict[str, str], dict[str, dict]]:
    """({Canvas file name: notebook text}, {grader id: label}) of the whole class."""
    files, labels = {}, {}

    def add(stem: str, cells: list[dict], sid: str, label: dict, cleared: bool = False):
        cells = executed(cells, sid) if not cleared else cells
        files[f"{stem}.ipynb"] = notebook(cells, FLAVOUR[sid], sid, cleared)
        labels[grader_id(stem)] = label

    sources = {spec[2] for spec in COPIES.values()}
    for sid, (stem, kind) in PEOPLE.items():
        label = {"cluster": sid if sid in sources else None, "kind": kind, "level": 1 if sid in sources else None}
        if sid in HARD:
            label["hard_pair"] = HARD[sid]
        if sid in BUGS:
            label["bug"] = BUGS[sid]
        add(stem, student_cells(sid), sid, label)
    for sid, (stem, kind, source, level, make, _, cleared, evasion) in COPIES.items():
        label = {"cluster": source, "kind": kind, "level": level}
        if evasion:
            label["evasion"] = evasion
        add(stem, make(), sid, label, cleared)
    for sid, (stem, kind, level, make, _) in PUBLIC.items():
        add(stem, make(), sid, {"cluster": "public", "kind": kind, "level": level})
    return files, labels


def grader_id(stem: str) -> str:
    """The grader's id of a Canvas file: <lastfirst>_<user id> (docs/contract.md §1)."""
    return "_".join(stem.split("_")[:2])


def write_class(out: Path) -> dict:
    files, labels = everyone()
    folder = out / "main" / "submissions"
    if folder.exists():
        for old in folder.iterdir():
            old.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    labels = {"main": {sid: labels[sid] for sid in sorted(labels)}}
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


def main() -> None:
    labels = write_class(HERE)
    print(f"{len(labels['main'])} notebooks written")


if __name__ == "__main__":
    main()
