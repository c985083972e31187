"""The copiers' steps for sim39b1 (what a student does to a friend's file with an editor, or a script): rename-symbol on
name tokens, comments rewritten or dropped, methods moved, `+=` written out, quotes swapped, and the red team's four
evasions (a form feed in a comment, `: float` on every one-name assignment, `; ()` after every statement, zlib + base64
+ exec)."""

import ast
import base64
import io
import re
import tokenize
import zlib


def _tokens(text):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _offsets(text):
    starts, total = [0], 0
    for line in text.splitlines(keepends=True):
        total += len(line)
        starts.append(total)
    return starts


def _replace(text, edits):
    """EDITS: (start (row, col), end (row, col), new text), applied from the last."""
    starts = _offsets(text)
    for (r0, c0), (r1, c1), new in sorted(edits, reverse=True):
        a, b = starts[r0 - 1] + c0, starts[r1 - 1] + c1
        text = text[:a] + new + text[b:]
    return text


def rename(text, mapping):
    """An editor's rename-symbol: every name token in MAPPING (attributes too), and the same names inside f-strings."""
    edits = []
    for tok in _tokens(text):
        if tok.type == tokenize.NAME and tok.string in mapping:
            edits.append((tok.start, tok.end, mapping[tok.string]))
        elif tok.type == tokenize.STRING and tok.string.lstrip("rb").startswith(("f'", 'f"')):
            new = re.sub(r"\{(\w+)", lambda m: "{" + mapping.get(m.group(1), m.group(1)), tok.string)
            if new != tok.string:
                edits.append((tok.start, tok.end, new))
    return _replace(text, edits)


def comments(text, change):
    """Every comment through CHANGE (its text -> new text, or None to drop it; a line left empty goes too)."""
    edits = []
    lines = text.splitlines(keepends=True)
    for tok in _tokens(text):
        if tok.type == tokenize.COMMENT:
            new = change(tok.string)
            if new is None:
                row, col = tok.start
                before = lines[row - 1][:col]
                if before.strip():
                    edits.append(((row, len(before.rstrip())), tok.end, ""))
                else:
                    edits.append(((row, 0), (row + 1, 0), ""))
            elif new != tok.string:
                edits.append((tok.start, tok.end, new))
    return _replace(text, edits)


def move_methods(text, order):
    """The class's methods named in ORDER moved, in that order, to where the first of them was."""
    tree = ast.parse(text)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    lines = text.splitlines(keepends=True)
    spans = {}
    body = cls.body
    for i, node in enumerate(body):
        if isinstance(node, ast.FunctionDef) and node.name in order:
            start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
            end = (body[i + 1].lineno - 1) if i + 1 < len(body) else node.end_lineno
            while end > start and i + 1 < len(body) and not lines[end - 1].strip().startswith("def ") \
                    and (lines[end - 1].strip().startswith("#") or lines[end - 1].strip().startswith("@")):
                end -= 1  # comments and decorators above the next method stay with it
            spans[node.name] = (start, end)
    first = min(s for s, _ in spans.values())
    chunks = {name: "".join(lines[s:e]) for name, (s, e) in spans.items()}
    kept = [line for i, line in enumerate(lines) if not any(s <= i < e for s, e in spans.values())]
    removed_before = sum(1 for s, e in spans.values() for i in range(s, e) if i < first)
    at = first - removed_before
    moved = "".join(chunks[name] if chunks[name].endswith("\n\n") else chunks[name] + "\n" for name in order)
    return "".join(kept[:at]) + moved + "".join(kept[at:])


def write_out_augmented(text):
    """`a.b += c` -> `a.b = a.b + c`."""
    return re.sub(r"^(\s*)([\w.\[\]]+) \+= (.+)$", r"\1\2 = \2 + \3", text, flags=re.M)


def swap_quotes(text):
    """Single-quoted strings (no quote inside) in double quotes and back."""
    edits = []
    for tok in _tokens(text):
        s = tok.string
        if tok.type == tokenize.STRING and not s.endswith(('"""', "'''")):
            prefix = s[: len(s) - len(s.lstrip("rbfRBF"))]
            body = s[len(prefix):]
            if body[0] == "'" and '"' not in body:
                edits.append((tok.start, tok.end, prefix + '"' + body[1:-1] + '"'))
            elif body[0] == '"' and "'" not in body:
                edits.append((tok.start, tok.end, prefix + "'" + body[1:-1] + "'"))
    return _replace(text, edits)


def formfeed(text, marker):
    """A form feed put into the first comment that contains MARKER (evasion 1)."""
    i = text.index(marker)
    return text[:i] + "\f" + text[i:]


def annotate(text):
    """`NAME: float = ...` on every one-name assignment of the code (not in strings) (evasion 2)."""
    edits = []
    line_tokens = []
    for tok in _tokens(text):
        if tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            code = [t for t in line_tokens if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT,
                                                               tokenize.DEDENT)]
            if len(code) > 2 and code[0].type == tokenize.NAME and code[1].string == "=" \
                    and code[0].string not in ("return", "yield"):
                edits.append((code[0].end, code[0].end, ": float"))
            line_tokens = []
        else:
            line_tokens.append(tok)
    return _replace(text, edits)


def unit_after_statements(text):
    """`; ()` after every simple statement (evasion 3): Python evaluates an empty tuple and drops it."""
    edits = []
    line_tokens = []
    for tok in _tokens(text):
        if tok.type == tokenize.NEWLINE:
            code = [t for t in line_tokens if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT,
                                                               tokenize.DEDENT)]
            if code and code[0].string not in ("@",) and code[-1].string != ":":
                edits.append((code[-1].end, code[-1].end, "; ()"))
            line_tokens = []
        else:
            line_tokens.append(tok)
    return _replace(text, edits)


def pack(text, head=""):
    """The file packed with zlib + base64 and run with exec (evasion 4)."""
    blob = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    lines = [blob[i:i + 76] for i in range(0, len(blob), 76)]
    return (head + "import base64\nimport zlib\n\n_SRC = (\n" + "".join(f'    "{line}"\n' for line in lines)
            + ")\nexec(zlib.decompress(base64.b64decode(_SRC)).decode(\"utf-8\"))\n")
