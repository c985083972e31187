"""The level 1-3 copy recipes and the red team's four evasions (session 43, simw43), used by sim43b1/write.py and
sim43b2/write.py. Each copy's renames and rewordings are given by hand in its write.py (a copier's own choices); these
functions only carry them out. Level-4 copies are typed by hand (hand/), never made here."""

from __future__ import annotations

import ast
import base64
import io
import re
import tokenize
import zlib


def rename(text: str, names: dict[str, str]) -> str:
    """Every whole-word occurrence of each name replaced (as an editor's find-and-replace does, comments and strings
    too)."""
    for old, new in names.items():
        text = re.sub(rf"\b{re.escape(old)}\b", new, text)
    return text


def reword(text: str, edits: list[tuple[str, str]]) -> str:
    """Each (old, new) replaced once; an old text that is missing is a mistake of the recipe."""
    for old, new in edits:
        assert old in text, f"recipe: {old!r} is not in the text"
        text = text.replace(old, new, 1)
    return text


def drop_comments(text: str, keep: tuple[str, ...] = ()) -> str:
    """Every `#` comment removed (a line holding only a comment goes), but those containing a KEEP text."""
    out = []
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    comments = {}
    for tok in tokens:
        if tok.type == tokenize.COMMENT and not any(k in tok.string for k in keep):
            comments.setdefault(tok.start[0], []).append(tok.start[1])
    for number, line in enumerate(text.split("\n"), 1):
        if number in comments:
            line = line[:min(comments[number])].rstrip()
            if not line.strip():
                continue
        out.append(line)
    return "\n".join(out)


def single_quotes(text: str) -> str:
    """Double-quoted one-line strings written with single quotes (those holding no quote of either kind)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    lines = text.split("\n")
    for tok in reversed(tokens):
        s = tok.string
        if tok.type != tokenize.STRING or tok.start[0] != tok.end[0]:
            continue
        prefix = s[:len(s) - len(s.lstrip("rbfuRBFU"))]
        body = s[len(prefix):]
        if body.startswith('"""') or not body.startswith('"') or "'" in body or "\\" in body:
            continue
        line = lines[tok.start[0] - 1]
        lines[tok.start[0] - 1] = line[:tok.start[1]] + prefix + "'" + body[1:-1] + "'" + line[tok.end[1]:]
    return "\n".join(lines)


def reorder_methods(text: str, class_name: str, order: list[str]) -> str:
    """The methods of CLASS_NAME put in ORDER (names not listed keep their place after those listed); the comment
    lines between methods go with the method below them. Class attributes assigned between methods stay first."""
    tree = ast.parse(text)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name)
    lines = text.split("\n")
    methods = [n for n in cls.body if isinstance(n, ast.FunctionDef)]
    others = [n for n in cls.body if not isinstance(n, ast.FunctionDef)]
    start = methods[0].lineno - 1 - len(methods[0].decorator_list)
    head = lines[:start]
    segments = {}
    previous_end = start
    for method in methods:
        begin = (method.decorator_list[0].lineno if method.decorator_list else method.lineno) - 1
        comment_start = begin
        while comment_start > previous_end and lines[comment_start - 1].strip().startswith("#"):
            comment_start -= 1
        segments[method.name] = "\n".join(lines[comment_start:method.end_lineno]).rstrip()
        previous_end = method.end_lineno
    tail_start = cls.end_lineno
    stray = [n for n in others if n.lineno > methods[0].lineno]
    stray_text = ["\n".join(lines[n.lineno - 1:n.end_lineno]) for n in stray]
    names = [name for name in order if name in segments] + [m.name for m in methods if m.name not in order]
    body = "\n\n".join(segments[name] for name in names)
    if stray_text:
        body = "\n".join(stray_text) + "\n\n" + body
    return "\n".join(head).rstrip() + "\n\n" + body + "\n" + "\n".join(lines[tail_start:])


def annotate(text: str, annotation: str = "float") -> str:
    """Evasion: every one-line assignment to one name or attribute written `x: float = e`."""
    tree = ast.parse(text)
    lines = text.split("\n")
    spots = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], (ast.Name, ast.Attribute)):
            target = node.targets[0]
            spots.append((target.end_lineno, target.end_col_offset))
    for line_no, col in sorted(spots, reverse=True):
        line = lines[line_no - 1]
        lines[line_no - 1] = line[:col] + f": {annotation}" + line[col:]
    return "\n".join(lines)


_COMPOUND = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.While, ast.With, ast.Try,
             ast.AsyncFor, ast.AsyncWith, ast.Match)


def unit_after_statements(text: str) -> str:
    """Evasion: `()` after every simple statement, on a line of its own at the statement's indentation."""
    tree = ast.parse(text)
    lines = text.split("\n")
    spots = []
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None)
            for stmt in stmts if isinstance(stmts, list) else []:
                if isinstance(stmt, ast.stmt) and not isinstance(stmt, _COMPOUND):
                    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and \
                            isinstance(stmt.value.value, str):
                        continue  # a docstring stays a docstring
                    spots.append((stmt.end_lineno, stmt.col_offset))
    for line_no, col in sorted(set(spots), reverse=True):
        lines.insert(line_no, " " * col + "()")
    return "\n".join(lines)


def form_feed(text: str, comment: str) -> str:
    """Evasion: a form feed put into the comment COMMENT (it must be in the text)."""
    assert comment in text, f"recipe: {comment!r} is not in the text"
    return text.replace(comment, comment.replace("# ", "#\f ", 1), 1)


def packed(text: str, note: str = "") -> str:
    """Evasion: the file packed with zlib+base64 and run with exec."""
    blob = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    chunks = [blob[i:i + 76] for i in range(0, len(blob), 76)]
    body = "\n".join(f'    "{c}"' for c in chunks)
    return f"{note}import base64\nimport zlib\n\n_SRC = (\n{body}\n)\nexec(zlib.decompress(base64.b64decode(_SRC)))\n"
