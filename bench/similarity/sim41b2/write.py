"""Writes the class: main/submissions/ (one nn.py per student, sNNN.py), materials/ and labels.json.

python bench/similarity/sim41b2/write.py   (deterministic)

Starter-filled students from fillers.py (fill.py puts their bodies in 07-mlp-xor's nn.py), whole files typed by hand
from hand/ (students' own and the level-4 copies), level 1-3 copies by the recipes in COPIES (sim41b1's write.py's
tools: renames, comments, ast reordering and restyling, the evasions), public copies from public/nn.py
(karpathy/micrograd's nn.py, MIT, public/LICENSE) adapted as a student adapts it to the exercise (PUBLIC)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fill import filled  # noqa: E402
from fillers import LECTURE, STUDENTS, TA_POST  # noqa: E402

_spec = importlib.util.spec_from_file_location("sim41b1_recipes", HERE.parent / "sim41b1" / "recipes.py")
tools = importlib.util.module_from_spec(_spec)  # sim41b1's copy recipes
_spec.loader.exec_module(tools)


def student_text(sid: str) -> str:
    spec = STUDENTS[sid]
    text = filled(spec["bodies"], spec["keep_todo"])
    for old, new in spec["edits"]:
        if old is None:
            text = text.rstrip("\n") + new
        else:
            assert old in text, (sid, old)
            text = text.replace(old, new, 1)
    return text


def one(text, function):
    """A files-level recipe of sim41b1's tools applied to one file."""
    return function({"nn.py": text})["nn.py"]


SCRATCH = {
    "s120": "independent: Oskar: his own file: no base class, zero_grad delegated down the tree, a divergence error",
    "s121": "independent: Priya: her own file: forward() and children() on every module, parameters by a walk",
    "s305": "source: Uma: her own file: a layer built size by size, explicit loops everywhere",
}


def copy_rosa_l2(text):
    text = one(text, lambda f: tools.renamed(f, {"collected": "params", "activations": "outs", "signal": "h",
                                                 "_weighted_sum": "_dot", "shape": "dims", "fan_in": "n_in",
                                                 "fan_out": "n_out", "history": "losses", "STOP_EARLY": "EARLY_EXIT"}))
    text = text.replace("# set True to stop once the loss is tiny", "# stop when converged")
    return tools.annotated(text)


def copy_sven_l2(text):
    text = one(text, lambda f: tools.renamed(f, {"hist": "trace", "net": "model", "dims": "sizes", "r": "outs"}))
    return tools.with_empty_tuples(text)


def copy_tomasz_l3(text):
    text = one(text, lambda f: tools.renamed(f, {"siec": "network", "straty": "history", "strata": "loss",
                                                 "suma": "total", "wyjscia": "outs", "warstwa": "layer",
                                                 "rozmiary": "sizes", "gen": "rand", "sse": "sum_sq"}))
    text = tools.unparsed(tools.uncommented(text), reorder=True)
    return tools.packed(text)


def copy_uma_l3(text):
    text = one(text, lambda f: tools.renamed(f, {"previous": "prev_size", "is_last": "final", "outputs": "ys",
                                                 "error": "diff", "total": "z", "out": "acc"}))
    return tools.unparsed(tools.uncommented(text), reorder=True)


def copy_quentin_l1(text):
    return text.replace("    def zero_grad(self):\n", "    # \f\n    def zero_grad(self):\n", 1)


COPIES = {  # sid: (kind, source, level, recipe (None: verbatim; "hand": typed by hand), evasion)
    "s401": ("copy L1 of Quentin's: verbatim, a form feed in a comment", "s301", 1, copy_quentin_l1,
             "form feed in a comment"),
    "s402": ("copy L1 of Rosa's: verbatim", "s302", 1, None, None),
    "s403": ("copy L2 of Rosa's: renamed, a comment changed, `x: float = e` annotations", "s302", 2, copy_rosa_l2,
             "annotation on every assignment"),
    "s404": ("copy L2 of Sven's: renamed, `()` after every statement", "s303", 2, copy_sven_l2,
             "() after every statement"),
    "s405": ("copy L3 of Tomasz's: renamed (Polish to English), comments dropped, reordered, restyled, packed with "
             "zlib+base64 and exec", "s304", 3, copy_tomasz_l3, "zlib+base64 and exec"),
    "s406": ("copy L3 of Uma's: renamed, comments dropped, reordered, restyled", "s305", 3, copy_uma_l3, None),
    "s407": ("copy L4 of Quentin's: the MLP as weight matrices of Values, Neuron a one-row Layer", "s301", 4, "hand",
             None),
    "s408": ("copy L4 of Sven's: neurons and layers as closures (make_neuron, make_layer), classes hold them",
             "s303", 4, "hand", None),
    "s409": ("copy L4 of Tomasz's: a functional forward(params, x) over a dataclass tree of parameters", "s304", 4,
             "hand", None),
}

ADAPTED = '''

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        losses.append(loss.data)
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= lr * p.grad
    return losses
'''


def adapted(text: str, tanh: bool) -> str:
    """karpathy/micrograd's nn.py as a student adapts it: the course's engine, an rng passed down, train_xor; TANH:
    the hidden units switched from relu to the course's tanh."""
    for old, new in (("from micrograd.engine import Value", "from engine import Value"),
                     ("    def __init__(self, nin, nonlin=True):\n", "    def __init__(self, nin, nonlin=True, rng=None):\n"),
                     ("random.uniform(-1,1)", "(rng or random).uniform(-1,1)"),
                     ("    def __init__(self, nin, nouts):\n", "    def __init__(self, nin, nouts, rng=None):\n"),
                     ("nonlin=i!=len(nouts)-1)", "nonlin=i!=len(nouts)-1, rng=rng)"),
                     ("sz = [nin] + nouts", "sz = [nin] + list(nouts)")):
        assert old in text, old
        text = text.replace(old, new)
    if tanh:
        text = text.replace("act.relu() if self.nonlin", "act.tanh() if self.nonlin").replace("'ReLU'", "'Tanh'")
    return text.rstrip("\n") + "\n" + ADAPTED


def public_l2(text):
    text = tools.renamed({"nn.py": text}, {"act": "pre", "sz": "dims", "nin": "n_inputs", "nouts": "widths",
                                           "losses": "curve"})["nn.py"]
    return text.replace("import random\n", "# adapted from a tutorial's MLP\nimport random\n", 1)


PUBLIC = {  # sid: (kind, level, recipe)
    "s601": ("public L1: karpathy/micrograd's nn.py adapted (the course's engine, rng, train_xor), relu kept", 1,
             lambda t: adapted(t, tanh=False)),
    "s602": ("public L1: karpathy/micrograd's nn.py adapted, relu switched to tanh", 1,
             lambda t: adapted(t, tanh=True)),
    "s603": ("public L2: karpathy/micrograd's nn.py adapted (tanh), renamed, a comment added", 2,
             lambda t: public_l2(adapted(t, tanh=True))),
    "s604": ("public L2: karpathy/micrograd's nn.py adapted (relu), renamed", 2,
             lambda t: public_l2(adapted(t, tanh=False))),
    "s605": ("public L3: karpathy/micrograd's nn.py adapted (tanh), renamed, reordered, restyled", 3,
             lambda t: tools.unparsed(public_l2(adapted(t, tanh=True)), reorder=True)),
}


def everyone() -> tuple[dict[str, str], dict[str, dict]]:
    texts, labels = {}, {}
    for sid, spec in STUDENTS.items():
        texts[sid] = student_text(sid)
        label = {"cluster": None, "kind": spec["kind"], "level": None, **spec["label"]}
        if spec["kind"].startswith("source"):
            label.update(cluster=sid, level=1)
        labels[sid] = label
    for sid, kind in SCRATCH.items():
        texts[sid] = (HERE / "hand" / f"{sid}.py").read_text(encoding="utf-8")
        source = kind.startswith("source")
        labels[sid] = {"cluster": sid if source else None, "kind": kind, "level": 1 if source else None}
    for sid, (kind, source, level, recipe, evasion) in COPIES.items():
        texts[sid] = ((HERE / "hand" / f"{sid}.py").read_text(encoding="utf-8") if recipe == "hand"
                      else (recipe or str)(texts[source]))
        labels[sid] = {"cluster": source, "kind": kind, "level": level, **({"evasion": evasion} if evasion else {})}
    public = (HERE / "public" / "nn.py").read_text(encoding="utf-8")
    for sid, (kind, level, recipe) in PUBLIC.items():
        texts[sid] = recipe(public)
        labels[sid] = {"cluster": "public", "kind": kind, "level": level}
    return texts, labels


def write_class(out: Path) -> dict:
    texts, labels = everyone()
    submissions = out / "main" / "submissions"
    submissions.mkdir(parents=True, exist_ok=True)
    for old in submissions.glob("*.py"):
        old.unlink()
    for sid, text in texts.items():
        (submissions / f"{sid}.py").write_text(text, encoding="utf-8")
    return {"main": {sid: labels[sid] for sid in sorted(labels)}}


def write_materials(out: Path) -> None:
    for folder, bodies in (("lecture", LECTURE), ("ta-post", TA_POST)):
        (out / "materials" / folder).mkdir(parents=True, exist_ok=True)
        (out / "materials" / folder / "nn.py").write_text(filled(bodies), encoding="utf-8")
    (out / "materials" / "ta-post" / "post.md").write_text(
        "# Re: my XOR loss is stuck\n\nTA here. Three things to check: zero_grad() must run before backward() (the "
        "gradients add up otherwise), the last layer must be linear, and every neuron must draw its weights from the "
        "rng it is given. Here is a complete nn.py written the long way, with explicit loops, so you can compare "
        "line by line (nn.py beside this post).\n", encoding="utf-8")


def main() -> None:
    labels = write_class(HERE)
    write_materials(HERE)
    (HERE / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(labels['main'])} files written")


if __name__ == "__main__":
    main()
