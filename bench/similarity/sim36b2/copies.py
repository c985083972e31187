"""The copies of sim36b2 (levels 1-3 and the public copies), made from their sources with sim36b1/copier.py's steps
(kept for the record; run once). The level-4 copies were rewritten by hand (README.md)."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "sim36b1"))

from copier import annotate, comments, pack, parens, rename, restyle  # noqa: E402

S = HERE / "main" / "submissions"


def read(name):
    return (S / f"{name}.py").read_text(encoding="utf-8")


def write(name, text):
    (S / f"{name}.py").write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def reorder_functions(text: str, order: list) -> str:
    """The module's top-level functions in ORDER (each with the lines up to the next one)."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith("def ")]
    ends = starts[1:] + [len(lines)]
    blocks = {lines[s][4:].split("(")[0]: lines[s:e] for s, e in zip(starts, ends)}
    tail = lines[ends[-1]:]
    body = [line for name in order for line in blocks[name]]
    rest = [line for name, block in blocks.items() if name not in order for line in block]
    return "\n".join(lines[: starts[0]] + body + rest + tail)


def formfeed_in_function(text: str) -> str:
    """A form feed inside the first comment of a function body."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("    # "):
            lines[i] = line.replace("# ", "# \x0c", 1)
            return "\n".join(lines)
    raise ValueError("no comment in a function body")


# c1, level 1: Ilya's file handed in by Jana as it is
write("s411", read("s402"))
# c2, level 1 + the form feed: Maya's file, a form feed in neuron's first comment
write("s433", formfeed_in_function(read("s420")))
# c3, level 2 + annotations: Rosa's file by Piotr: renames, then `: float` on every assignment
t = rename(read("s441"), {"inputs": "xs", "weights": "ws", "bias": "bb", "pre": "lin", "post": "act_out",
                          "named": "by_name", "result": "res", "ours": "mine", "ref": "theirs",
                          "denominator": "scale", "ratio": "rel"})
write("s452", annotate(t))
# c4, level 2 + packed: Tomás's file by Hugo: the Spanish names and comments in English, packed with zlib + base64
t = rename(read("s460"), {"h": "leaves", "clave": "key", "valor": "val", "lineal": "linear", "salida": "out",
                          "peor": "worst", "mio": "mine", "escala": "scale"})
t = comments(t, {"# las cinco hojas": "# the five leaves", "# combinación lineal": "# linear part",
                 "# gradientes por nombre": "# gradients by name", "# dos ceros exactos: coinciden": "# both 0: equal"})
write("s468", pack(t))
# c4, level 3: Tomás's file by Chloé, who never saw Hugo's: renamed, functions reordered, restyled, comments gone
t = rename(read("s460"), {"h": "nodes", "clave": "nm", "valor": "x", "lineal": "z", "salida": "act",
                          "peor": "largest", "mio": "a", "ref": "bref", "escala": "norm"})
t = reorder_functions(comments(t, None), ["largest_relative_difference", "neuron", "neuron_gradients"])
write("s476", restyle(t.replace("largest = max(largest, abs(a - bref) / norm)",
                                "largest = abs(a - bref) / norm if abs(a - bref) / norm > largest else largest")))
# c5, level 3 + parens: Aiko's file by Ravi: renamed, reordered, restyled, then `; ()` after every statement
t = rename(read("s483"), {"leaf_values": "numbers", "leaves": "nodes", "position": "idx", "weighted": "dot",
                          "shifted": "pre", "activated": "y", "one": "rel", "bigger": "m"})
t = reorder_functions(t, ["neuron_gradients", "neuron", "largest_relative_difference"])
write("s491", parens(restyle(t)))
# c6, level 3: Ben's file by Ola: renamed, reordered, restyled, one comment added
t = rename(read("s505"), {"v": "leaf", "s": "pre", "biggest": "top", "rel": "d", "a": "mine", "r": "ref", "k": "name"})
t = reorder_functions(t, ["neuron_gradients", "largest_relative_difference", "neuron"])
write("s514", restyle(t.replace('    leaf["x1"], leaf["x2"] = Value(x1), Value(x2)',
                                '    # leaves, two at a time\n    leaf["x1"], leaf["x2"] = Value(x1), Value(x2)')))

# the public copies: public/neuron.py (CC0) pasted into the starter's functions, or handed in as it is
PUBLIC = (HERE / "public" / "neuron.py").read_text(encoding="utf-8")
write("s602", PUBLIC)  # level 1: the post's file as it is
t = rename(PUBLIC, {"params": "leaf", "act": "z", "worst": "largest", "denom": "scale", "torch_grads": "reference"})
write("s615", comments(t, {"# the pre-activation: a dot product of weights and inputs, plus the bias": "# weighted sum",
                           "# relu or tanh on top": "# activation"}))  # level 2
t = rename(PUBLIC, {"params": "p", "act": "s", "y": "out", "worst": "m", "g": "mine", "r": "ref", "denom": "d"})
write("s627", "\n".join(line for line in comments(t, None).split("\n")
                        if not line.startswith("# "))) # level 2: every comment and the header gone
t = rename(PUBLIC, {"params": "nodes", "act": "total", "worst": "best", "denom": "bottom", "grads": "ours"})
t = reorder_functions(comments(t, None), ["largest_relative_difference", "neuron_gradients", "neuron"])
write("s639", restyle(t.replace("if denom == 0.0:", "if not bottom:").replace("if bottom == 0.0:", "if not bottom:")))
