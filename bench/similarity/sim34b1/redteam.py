"""The red team's script (issue 27's evasions) as the copiers of s06/s08 ran it on their renamed copy, kept for the
record: python redteam.py IN OUT. Every assignment gets a `: float` annotation, every simple statement is followed
by a `()` line, and one comment gets a form feed. The result is kept in main/submissions as it came out; this script
is not run by the benchmark."""

import ast
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
lines = text.split("\n")
# 1. `x: float = e` on every single-target assignment to a name or an attribute
tree = ast.parse(text)
for node in ast.walk(tree):
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], (ast.Name, ast.Attribute)):
        i = node.lineno - 1
        lines[i] = re.sub(r"^(\s*[\w.]+) = ", r"\1: float = ", lines[i], count=1)
# 2. `()` after every simple statement (at its indentation)
text = "\n".join(lines)
tree = ast.parse(text)
compound = (ast.FunctionDef, ast.ClassDef, ast.If, ast.For, ast.While, ast.With, ast.Try, ast.AsyncFunctionDef)
docstring = tree.body[0] if tree.body and isinstance(tree.body[0], ast.Expr) else None  # `()` there would put
# a statement before `from __future__` (a SyntaxError: the copier's first run of this script)
after = sorted({(n.end_lineno, n.col_offset) for n in ast.walk(tree) if isinstance(n, ast.stmt)
                and not isinstance(n, compound) and n is not docstring}, reverse=True)
lines = text.split("\n")
for end, col in after:
    lines.insert(end, " " * col + "()")
# 3. a form feed inside the first comment of the class body
for i, line in enumerate(lines):
    if line.lstrip().startswith("# ") and line.startswith("        "):
        lines[i] = line.replace("# ", "#\f ", 1)
        break
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines))
