"""The red team's four disguises of issue 27, as a copier scripts them (kept for the record: run once, on the copies
named in README.md; its output is the copies in main/submissions, not this script).

    python redteam.py formfeed|annotate|parens|pack IN OUT
"""

import ast
import base64
import sys
import zlib


def formfeed(text: str) -> str:
    """A form feed inside the first comment of the class body (Python ignores it; it is a line break to some tools)."""
    lines = text.split("\n")
    inside = False
    for i, line in enumerate(lines):
        if line.startswith("class "):
            inside = True
        elif inside and line.lstrip().startswith("#") and line.startswith("    "):
            head, _, rest = line.partition("# ")
            lines[i] = f"{head}# \x0c{rest}"
            return "\n".join(lines)
    raise ValueError("no comment in a class body")


def _insert(text: str, edits: list[tuple[int, int, str]]) -> str:
    """EDITS (line, column, text), 1-based lines, inserted from the last to the first."""
    lines = text.split("\n")
    for line, col, what in sorted(edits, reverse=True):
        s = lines[line - 1]
        b = s.encode("utf-8")  # ast's columns count UTF-8 bytes
        lines[line - 1] = (b[:col] + what.encode("utf-8") + b[col:]).decode("utf-8")
    return "\n".join(lines)


def annotate(text: str) -> str:
    """`x: float = e` for every assignment to one name or attribute."""
    edits = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], (ast.Name, ast.Attribute)):
            target = node.targets[0]
            edits.append((target.end_lineno, target.end_col_offset, ": float"))
    return _insert(text, edits)


def parens(text: str) -> str:
    """`; ()` after every simple statement (an expression that does nothing)."""
    simple = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.Import, ast.ImportFrom, ast.Pass,
              ast.Raise, ast.Assert, ast.Break, ast.Continue, ast.Delete, ast.Global, ast.Nonlocal)
    edits = [(node.end_lineno, node.end_col_offset, "; ()") for node in ast.walk(ast.parse(text))
             if isinstance(node, simple)]
    return _insert(text, edits)


def pack(text: str) -> str:
    """The whole file compressed, encoded and run with exec."""
    blob = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    return ("# engine.py\nimport base64, zlib\n\nexec(zlib.decompress(base64.b64decode(\n"
            + "".join(f'    "{blob[i:i + 76]}"\n' for i in range(0, len(blob), 76)) + ")).decode())\n")


if __name__ == "__main__":
    how, source, target = sys.argv[1:]
    with open(source, encoding="utf-8") as f:
        out = {"formfeed": formfeed, "annotate": annotate, "parens": parens, "pack": pack}[how](f.read())
    with open(target, "w", encoding="utf-8") as f:
        f.write(out)
