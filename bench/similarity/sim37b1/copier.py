"""The edits a copying student makes, as functions of the text (copies.py and public_copies.py use them). Written for
this class; each step is what an editor or a short script does, nothing that needs the file to be understood."""

import base64
import io
import re
import tokenize
import zlib


def rename(text: str, mapping: dict) -> str:
    """An editor's "rename symbol": every name token in MAPPING replaced, in code only (comments and strings kept)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    lines = text.splitlines(keepends=True)
    for tok in reversed(tokens):
        if tok.type == tokenize.NAME and tok.string in mapping:
            (row, start), (_, end) = tok.start, tok.end
            lines[row - 1] = lines[row - 1][:start] + mapping[tok.string] + lines[row - 1][end:]
        elif tok.type == tokenize.STRING and tok.string[:1] in "fF" and tok.start[0] == tok.end[0]:  # Python < 3.12
            (row, start), (_, end) = tok.start, tok.end
            inner = re.sub(r"\{(\w+)", lambda m: "{" + mapping.get(m.group(1), m.group(1)), tok.string)
            lines[row - 1] = lines[row - 1][:start] + inner + lines[row - 1][end:]
    return "".join(lines)


def replace(text: str, mapping: dict) -> str:
    """Literal replacements (comments rewritten, a line changed); each must occur."""
    for old, new in mapping.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


def methods(text: str, cls: str = "Value"):
    """(head, [method blocks], tail) of class CLS: each block a method with the comments and blank lines before it."""
    start = text.index(f"class {cls}")
    lines = text[start:].splitlines(keepends=True)
    end = next((i for i, line in enumerate(lines[1:], 1) if line.strip() and not line[0].isspace()), len(lines))
    body, tail = lines[:end], "".join(lines[end:])
    cuts = [i for i, line in enumerate(body) if re.match(r"    (def |@)", line) and not re.match(r"    @", body[i - 1])]
    # a block starts at its def (or decorator), moved up over the comment and blank lines just before it
    starts = []
    for i in cuts:
        while i > 1 and (body[i - 1].strip() == "" or body[i - 1].startswith("    #")):
            i -= 1
        starts.append(i)
    head = text[:start] + "".join(body[:starts[0]])
    blocks = ["".join(body[a:b]) for a, b in zip(starts, starts[1:] + [len(body)])]
    return head, blocks, tail


def reorder(text: str, order, cls: str = "Value") -> str:
    """The class's methods put in ORDER: a list of method names, the rest kept after them in their order."""
    head, blocks, tail = methods(text, cls)
    name = lambda block: re.search(r"def (\w+)", block).group(1)  # noqa: E731
    kept = [b for b in blocks if name(b) in ("__init__", "__repr__") and name(b) not in order]  # they stay on top
    first = kept + [b for n in order for b in blocks if name(b) == n]
    rest = [b for b in blocks if b not in first]
    moved = [b if b.endswith("\n\n") else b + "\n" for b in first + rest]
    return head + "".join(moved).rstrip("\n") + "\n" + ("\n\n" + tail.lstrip("\n") if tail.strip() else "")


def written_out(text: str) -> str:
    """`x += e` written `x = x + e` (a student who retypes it their way)."""
    return re.sub(r"^(\s*)([\w.\[\]]+) \+= (.+)$", r"\1\2 = \2 + \3", text, flags=re.M)


def quotes(text: str) -> str:
    """Double-quoted one-line strings in single quotes (not docstrings, not f-strings with quotes inside)."""
    return re.sub(r'(?<![\w"])"([^"\'\n]*)"(?!")', r"'\1'", text)


def drop_comments(text: str) -> str:
    """Every comment line removed, and every end-of-line comment."""
    out = []
    for line in text.splitlines(keepends=True):
        if line.strip().startswith("#"):
            continue
        out.append(re.sub(r"\s+#[^\"'\n]*$", "", line))
    return "".join(out)


# ---- the red team's four evasions ---------------------------------------------------------------------------

def formfeed(text: str, comment: str) -> str:
    """A form feed put inside the comment COMMENT (one character; Python ignores it)."""
    assert comment in text and comment.lstrip().startswith("#")
    return text.replace(comment, comment.replace(" ", " \f", 1), 1)


def annotate(text: str) -> str:
    """`name: float = e` for every plain one-name assignment (Python ignores an annotation inside a function)."""
    return re.sub(r"^(\s+)([A-Za-z_]\w*) = (?!=)", r"\1\2: float = ", text, flags=re.M)


def parens(text: str) -> str:
    """`; ()` after every simple statement: an expression statement that does nothing."""
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    lines = text.splitlines(keepends=True)
    inserts, first, last = [], None, None
    for tok in tokens:
        if tok.type in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING):
            continue
        if tok.type == tokenize.NEWLINE:
            if first is not None and last.string != ":" and first.string not in ("@",):
                inserts.append(last.end)
            first = last = None
            continue
        if first is None:
            first = tok
        last = tok
    for row, col in sorted(inserts, reverse=True):
        line = lines[row - 1]
        lines[row - 1] = line[:col] + "; ()" + line[col:]
    return "".join(lines)


def packed(text: str) -> str:
    """The file compressed and base64-encoded, run with exec: nothing readable is left."""
    blob = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    rows = "\n".join(f'    "{blob[i:i + 76]}"' for i in range(0, len(blob), 76))
    return f"import base64, zlib\n\n_SRC = (\n{rows}\n)\nexec(zlib.decompress(base64.b64decode(_SRC)).decode())\n"
