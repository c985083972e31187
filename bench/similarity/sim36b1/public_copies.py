"""The six public copies: karpathy/micrograd's engine.py (MIT, LICENSE.micrograd) with the tanh, exp and log the lab
asks for added, copied at levels 1-3 with copier.py's steps (kept for the record; run once)."""

from pathlib import Path

from copier import comments, rename, reorder, restyle

HERE = Path(__file__).resolve().parent
S = HERE / "main" / "submissions"
MICROGRAD = (HERE.parents[2] / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py").read_text(encoding="utf-8")

EXTRA = '''
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


def write(name, text):
    (S / f"{name}.py").write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def with_ops(where: str) -> str:
    """micrograd with the three operations added before backward() ("before") or at the end of the class ("end")."""
    if where == "before":
        text = MICROGRAD.replace("    def backward(self):", EXTRA.lstrip("\n") + "\n    def backward(self):", 1)
    else:
        text = MICROGRAD.rstrip("\n") + "\n" + EXTRA
    return text


HEADER = "import math\nimport sys\n\nsys.setrecursionlimit(100000)  # the 10,000-node chain\n"

# level 1 (x2): verbatim, the three operations added, the recursion limit raised
write("s912", HEADER + with_ops("before"))
write("s921", "import math, sys\nsys.setrecursionlimit(50000)\n" + with_ops("end"))

# level 2 (x2): replace-all renames, comments rewritten or removed
t = rename(with_ops("before"), {"out": "result", "topo": "ordering", "visited": "seen", "build_topo": "visit",
                                "child": "c", "v": "node"})
t = comments(t, {"# internal variables used for autograd graph construction": "# graph bookkeeping",
                 "# topological order all of the children in the graph": "# sort the graph",
                 "# go one variable at a time and apply the chain rule to get its gradient": "# chain rule, output first"})
write("s933", HEADER + t)
t = rename(with_ops("end"), {"out": "o", "other": "rhs", "topo": "nodes", "build_topo": "dfs", "t": "th"})
write("s940", "import math\nimport sys\nsys.setrecursionlimit(10**5)\n" + comments(t, None))

# level 3 (x2): renamed, methods reordered, restyled, comments removed
t = rename(with_ops("end"), {"out": "res", "other": "that", "topo": "order", "visited": "marked",
                             "build_topo": "walk", "child": "kid", "v": "n", "t": "y"})
t = reorder(comments(t, None), ["__init__", "__repr__", "__add__", "__radd__", "__mul__", "__rmul__", "__neg__",
                                "__sub__", "__rsub__", "__truediv__", "__rtruediv__", "__pow__", "relu", "tanh",
                                "exp", "log", "backward"])
write("s956", "import sys\nimport math\n\nsys.setrecursionlimit(30000)\n" + restyle(t))
t = rename(with_ops("before"), {"out": "output", "other": "x", "topo": "sorted_nodes", "visited": "done",
                                "build_topo": "add_node", "child": "prev", "v": "cur"})
t = reorder(comments(t, None), ["__init__", "__mul__", "__add__", "__pow__", "__neg__", "__sub__", "__truediv__",
                                "exp", "log", "tanh", "relu", "backward", "__radd__", "__rsub__", "__rmul__",
                                "__rtruediv__", "__repr__"])
write("s968", "import math\nimport sys\n\nsys.setrecursionlimit(100000)\n\n" + restyle(t))
