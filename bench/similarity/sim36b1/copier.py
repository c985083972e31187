"""How the copies were made from their sources (kept for the record; run once per copy, its output is the copy in
main/submissions, not this script). Each step is what a copier does by hand or with an editor's replace-all:

    rename(text, {"old": "new"})   replace-all on whole words (also inside comments and strings, as an editor does)
    comments(text, {"old comment": "new comment"} | None)   rewrite comments (None: delete every own-line comment)
    reorder(text, ["name", ...])   move the class's methods into another order (blank lines kept between)
    restyle(text)                  `a += b` -> `a = a + b`, single quotes -> double quotes
    formfeed(text)                 a form feed inside the first comment of the class body
    annotate(text)                 `x: float = e` for every plain assignment to a name or attribute
    parens(text)                   `; ()` after every simple statement line
    pack(text)                     the file as zlib + base64, run with exec
"""

import ast
import base64
import re
import zlib


def rename(text: str, names: dict) -> str:
    for old, new in names.items():
        text = re.sub(rf"(?<![\w!]){re.escape(old)}(?![\w])", new, text)
    return text


def comments(text: str, mapping: dict | None) -> str:
    out = []
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("#"):
            if mapping is None:
                continue
            if stripped in mapping:
                if mapping[stripped] is None:
                    continue
                line = line[: len(line) - len(line.lstrip())] + mapping[stripped]
        out.append(line)
    return "\n".join(out)


def reorder(text: str, order: list) -> str:
    tree = ast.parse(text)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    lines = text.split("\n")
    blocks, spans = {}, []
    methods = [n for n in cls.body if isinstance(n, ast.FunctionDef)]
    for node in methods:
        start = (node.decorator_list[0].lineno if node.decorator_list else node.lineno) - 1
        end = node.end_lineno
        blocks[node.name] = lines[start:end]
        spans.append((start, end, node.name))
    names = [n for n in order if n in blocks] + [n for _, _, n in spans if n not in order]
    result = list(lines)
    for (start, end, _), name in sorted(zip(spans, names), reverse=True):
        result[start:end] = blocks[name]
    return "\n".join(result)


def restyle(text: str) -> str:
    text = re.sub(r"^(\s+)([\w.]+) \+= (.+)$", r"\1\2 = \2 + (\3)", text, flags=re.M)
    return "\n".join(line if '"' in line else re.sub(r"'([^'\n]*)'", r'"\1"', line) for line in text.split("\n"))


def formfeed(text: str) -> str:
    lines = text.split("\n")
    inside = False
    for i, line in enumerate(lines):
        if line.startswith("class "):
            inside = True
        elif inside and line.lstrip().startswith("# ") and line.startswith("    "):
            lines[i] = line.replace("# ", "# \x0c", 1)
            return "\n".join(lines)
    raise ValueError("no comment in the class body")


def annotate(text: str) -> str:
    tree = ast.parse(text)
    lines = text.split("\n")
    targets = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], (ast.Name, ast.Attribute)):
            t = node.targets[0]
            if t.lineno == node.lineno and t.end_lineno == t.lineno:
                targets.append((t.lineno, t.end_col_offset))
    for line, col in sorted(targets, reverse=True):
        b = lines[line - 1].encode("utf-8")
        lines[line - 1] = (b[:col] + b": float" + b[col:]).decode("utf-8")
    return "\n".join(lines)


def parens(text: str) -> str:
    tree = ast.parse(text)
    lines = text.split("\n")
    ends = set()
    compound = (ast.FunctionDef, ast.ClassDef, ast.If, ast.For, ast.While, ast.With, ast.Try, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not isinstance(node, compound):
            if node.end_lineno == node.lineno or True:
                ends.add(node.end_lineno)
    for n in sorted(ends, reverse=True):
        line = lines[n - 1]
        code, hashes, rest = line.partition("  #")
        lines[n - 1] = code.rstrip() + "; ()" + (hashes + rest if hashes else "")
    return "\n".join(lines)


def pack(text: str) -> str:
    blob = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    chunks = "\n".join(f'    "{blob[i:i + 76]}"' for i in range(0, len(blob), 76))
    return ("import base64, zlib\n\n_SRC = (\n" + chunks + "\n)\n\n"
            "exec(compile(zlib.decompress(base64.b64decode(_SRC)).decode('utf-8'), 'engine.py', 'exec'))\n")
