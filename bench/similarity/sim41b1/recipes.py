"""The copy recipes of sessions 41's blind classes (sim41b1's write.py, and sim41b2's, which loads this file by
path): renames that must each occur, comments dropped, files merged, reordering and restyling through `ast`, and the
red team's four evasions (a form feed in a comment, `x: float = e`, `()` after every statement, zlib+base64 and exec).
Each takes and gives text, or {path: text} of a hand-in."""

from __future__ import annotations

import ast
import base64
import io
import re
import tokenize
import zlib


def renamed(files: dict[str, str], names: dict[str, str]) -> dict[str, str]:
    """Every whole-word occurrence of each name replaced, in every file (each must occur somewhere)."""
    out = dict(files)
    for old, new in names.items():
        pattern = re.compile(rf"\b{re.escape(old)}\b")
        assert any(pattern.search(t) for p, t in out.items() if p.endswith(".py")), old
        out = {p: pattern.sub(new, t) if p.endswith(".py") else t for p, t in out.items()}
    return out


def replaced(files: dict[str, str], path: str, pairs: list[tuple[str, str]]) -> dict[str, str]:
    out = dict(files)
    for old, new in pairs:
        assert old in out[path], (path, old)
        out[path] = out[path].replace(old, new)
    return out


def uncommented(text: str) -> str:
    """TEXT without its `#` comments (a line that was only a comment goes)."""
    lines = text.split("\n")
    gone = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            lines[row - 1] = lines[row - 1][:col].rstrip()
            if not lines[row - 1].strip():
                gone.add(row - 1)
    return "\n".join(line for i, line in enumerate(lines) if i not in gone)


def unparsed(text: str, reorder: bool = False) -> str:
    """TEXT through ast (comments dropped, one style); REORDER: top-level functions and each class's methods in
    reverse order (docstring and imports first)."""
    tree = ast.parse(text)

    def flip(body):
        head = [s for s in body if isinstance(s, (ast.Import, ast.ImportFrom)) or
                (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        defs = [s for s in body if isinstance(s, ast.FunctionDef)]
        rest = [s for s in body if s not in head and s not in defs]
        return head + rest + defs[::-1]

    if reorder:
        tree.body = flip(tree.body)
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                node.body = flip(node.body)
    return ast.unparse(tree) + "\n"


def merged_engine(files: dict[str, str], module: str) -> dict[str, str]:
    """engine.py and ops.py merged into MODULE.py (ops' functions first, then the Value class); imports updated."""
    out = dict(files)
    ops = out.pop("micrograd/ops.py").replace("    from .engine import Value\n\n", "")
    engine = out.pop("micrograd/engine.py").replace("from . import ops\n", "").replace("ops.", "")
    engine = re.sub(r'^""".*?"""\n', "", engine, flags=re.S).lstrip("\n")
    out[f"micrograd/{module}.py"] = ops.rstrip("\n") + "\n\n\n" + engine
    for path in list(out):
        out[path] = out[path].replace("from .engine import", f"from .{module} import")
    return out


def with_form_feed(files: dict[str, str], path: str, after: str) -> dict[str, str]:
    """A comment holding a form feed, in the class body after the line AFTER (Python reads it; the line splits)."""
    return replaced(files, path, [(after, after + "        # \f section: backward\n")])


def annotated(text: str) -> str:
    """Every `name = e` in a function, `name: float = e` (Python ignores the annotation)."""
    class Annotate(ast.NodeTransformer):
        def visit_FunctionDef(self, node):
            self.generic_visit(node)
            node.body = [self._one(s) for s in node.body]
            return node

        def _one(self, s):
            for field in ("body", "orelse"):
                if hasattr(s, field) and not isinstance(s, ast.FunctionDef):
                    setattr(s, field, [self._one(x) for x in getattr(s, field)])
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
                return ast.AnnAssign(target=s.targets[0], annotation=ast.Name("float"), value=s.value, simple=1)
            return s

    return ast.unparse(ast.fix_missing_locations(Annotate().visit(ast.parse(text)))) + "\n"


def with_empty_tuples(text: str) -> str:
    """`()` after every statement (an expression statement with no effect)."""
    class Pad(ast.NodeTransformer):
        def generic_visit(self, node):
            super().generic_visit(node)
            for field in ("body", "orelse", "finalbody"):
                body = getattr(node, field, None)
                if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                    padded = []
                    for s in body:
                        padded += [s, ast.Expr(ast.Tuple([], ast.Load()))]
                    setattr(node, field, padded)
            return node

    return ast.unparse(ast.fix_missing_locations(Pad().visit(ast.parse(text)))) + "\n"


def packed(text: str) -> str:
    """TEXT compressed with zlib, base64-encoded and run with exec."""
    blob = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    lines = [blob[i:i + 76] for i in range(0, len(blob), 76)]
    body = "\n".join(f'    "{line}"' for line in lines)
    return ("import base64\nimport zlib\n\n_SRC = (\n" + body + "\n)\n"
            "exec(zlib.decompress(base64.b64decode(_SRC)).decode(\"utf-8\"))\n")


def on_py(files: dict[str, str], function, only=None) -> dict[str, str]:
    return {p: function(t) if p.endswith(".py") and (only is None or p in only) else t for p, t in files.items()}
