"""The copiers' steps for sim38b1's level 1-3 copies (session 38, simw38): what a student (or a script a student found)
does to a file: an editor's rename-symbol on name tokens, comments rewritten or dropped, methods moved, `+=` written
out, quotes swapped; and the red team's four evasions. Each step takes and returns the file's text."""

from __future__ import annotations

import ast
import base64
import io
import re
import tokenize
import zlib


def _tokens(text: str):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _offsets(text: str) -> list[int]:
    starts, total = [], 0
    for line in text.splitlines(keepends=True):
        starts.append(total)
        total += len(line)
    starts.append(total)
    return starts


def _replace(text: str, edits) -> str:
    """EDITS: (start (row, col), end (row, col), new text), tokenize's positions; applied from the end."""
    starts = _offsets(text)
    for (r0, c0), (r1, c1), new in sorted(edits, reverse=True):
        a, b = starts[r0 - 1] + c0, starts[r1 - 1] + c1
        text = text[:a] + new + text[b:]
    return text


def rename(text: str, names: dict[str, str]) -> str:
    """An editor's rename-symbol: every NAME token in NAMES (attributes too: `.inputs` is a name token as well), and
    the names inside an f-string's braces (one STRING token before Python 3.12)."""
    word = re.compile(r"(?<![\w.'\"!:])(" + "|".join(map(re.escape, names)) + r")\b")

    def in_braces(match):
        return word.sub(lambda m: names[m.group(1)], match.group(0))

    edits = []
    for t in _tokens(text):
        if t.type == tokenize.NAME and t.string in names:
            edits.append((t.start, t.end, names[t.string]))
        elif t.type == tokenize.STRING and re.match(r"[rbRB]*[fF]", t.string):
            new = re.sub(r"\{[^{}]*\}", in_braces, t.string)
            if new != t.string:
                edits.append((t.start, t.end, new))
    return _replace(text, edits)


def recomment(text: str, comments: dict[str, str]) -> str:
    """Comments rewritten: a comment whose text (after '# ') starts with a key gets the value instead ('' drops it)."""
    edits = []
    for t in _tokens(text):
        if t.type == tokenize.COMMENT:
            body = t.string[1:].strip()
            for key, new in comments.items():
                if body.startswith(key):
                    edits.append((t.start, t.end, f"# {new}" if new else ""))
                    break
    return _strip_empty(_replace(text, edits))


def drop_comments(text: str, keep=()) -> str:
    """Every comment removed (but those starting with a string in KEEP), and the lines left empty by it."""
    edits = [(t.start, t.end, "") for t in _tokens(text)
             if t.type == tokenize.COMMENT and not any(t.string[1:].strip().startswith(k) for k in keep)]
    return _strip_empty(_replace(text, edits))


def _strip_empty(text: str) -> str:
    """Lines that held only a removed comment go; trailing spaces left by a removed comment go."""
    out = []
    for line in text.splitlines(keepends=True):
        if line.strip() == "" and line.rstrip("\n") != "":
            continue
        out.append(line.rstrip() + "\n" if line.endswith("\n") else line.rstrip())
    return "".join(out)


def _methods(text: str, cls: str):
    """The (first, last) lines (1-based) of each method of class CLS, with its decorators, in order."""
    tree = ast.parse(text)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            return [(min([f.lineno] + [d.lineno for d in f.decorator_list]), f.end_lineno, f.name)
                    for f in node.body if isinstance(f, ast.FunctionDef)]
    raise ValueError(f"no class {cls}")


def reorder(text: str, cls: str, order: list[str]) -> str:
    """The methods of CLS named in ORDER moved into that order (in the slots those methods held; others stay);
    each method carries the blank lines after it. Comments between methods stay where they were."""
    lines = text.splitlines(keepends=True)
    spans = {name: (a, b) for a, b, name in _methods(text, cls)}
    slots = sorted(spans[name] for name in order)
    blocks = {name: lines[spans[name][0] - 1:spans[name][1]] for name in order}
    out, pos = [], 0
    for (a, b), name in zip(slots, order):
        out.extend(lines[pos:a - 1])
        out.extend(blocks[name])
        pos = b
    out.extend(lines[pos:])
    return "".join(out)


def expand_augmented(text: str) -> str:
    """`x += e` written out as `x = x + e` (parenthesised when e is not a plain term)."""
    def one(match):
        indent, target, value = match.groups()
        if re.search(r"[+\-]| if |lambda", value):
            value = f"({value})"
        return f"{indent}{target} = {target} + {value}"
    return re.sub(r"^(\s*)([\w.\[\]()]+) \+= (.+)$", one, text, flags=re.M)


def quotes(text: str, to: str = "'") -> str:
    """String literals without either quote inside switched to TO quotes (docstrings and f-strings too)."""
    other = '"' if to == "'" else "'"
    edits = []
    for t in _tokens(text):
        if t.type == tokenize.STRING:
            s = t.string
            m = re.match(r"^([rbfRBF]*)(\"\"\"|'''|\"|')(.*)\2$", s, re.S)
            if not m:
                continue
            prefix, q, body = m.groups()
            if len(q) == 3 or to in body or other in body or "\\" in body:
                continue
            edits.append((t.start, t.end, f"{prefix}{to}{body}{to}"))
    return _replace(text, edits)


# ---- the red team's four evasions ---------------------------------------------------------------------------------

def formfeed(text: str, after: str) -> str:
    """A form feed put into the first comment that contains AFTER, just after it (Python ignores it there)."""
    i = text.index(after)
    assert "#" in text[text.rfind("\n", 0, i):i], "AFTER must be inside a comment"
    return text[:i + len(after)] + "\f" + text[i + len(after):]


def _col(lines: list[str], row: int, col: int) -> int:
    """ast's column (UTF-8 bytes) as a character column."""
    return len(lines[row - 1].encode("utf-8")[:col].decode("utf-8"))


def annotate(text: str, annotation: str = "float") -> str:
    """`name = e` written `name: float = e` for every one-name assignment (Python does not check annotations)."""
    lines = text.splitlines(keepends=True)
    edits = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target = node.targets[0]
            at = (target.end_lineno, _col(lines, target.end_lineno, target.end_col_offset))
            edits.append((at, at, f": {annotation}"))
    return _replace(text, edits)


def parens(text: str) -> str:
    """`; ()` after every simple statement that ends its line alone (an expression statement with no effect)."""
    tree = ast.parse(text)
    simple = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.Import, ast.ImportFrom, ast.Pass,
              ast.Continue, ast.Break, ast.Raise, ast.Assert)
    ends = {}
    for node in ast.walk(tree):
        if isinstance(node, simple) and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            ends.setdefault(node.end_lineno, []).append(node)
    lines = text.splitlines(keepends=True)
    edits = []
    for row, nodes in ends.items():
        col = _col(lines, row, max(n.end_col_offset for n in nodes))
        rest = lines[row - 1][col:]
        if rest.strip() == "" or rest.strip().startswith("#"):
            edits.append(((row, col), (row, col), "; ()"))
    return _replace(text, edits)


def packed(text: str, header: str = "") -> str:
    """The file compressed with zlib, in base64, and run with exec (it defines the same names)."""
    blob = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    lines = [blob[i:i + 76] for i in range(0, len(blob), 76)]
    body = "\n".join(f'    "{line}"' for line in lines)
    return (f"{header}import base64\nimport zlib\n\n_SRC = (\n{body}\n)\n\n"
            "exec(zlib.decompress(base64.b64decode(_SRC)).decode(\"utf-8\"), globals())\n")


# ---- what both of session 38's classes do with these steps ------------------------------------------------------

def read(folder, name: str) -> str:
    """The file NAME.py in FOLDER (a source a copier starts from)."""
    return (folder / f"{name}.py").read_text(encoding="utf-8")


def level3(text: str, names: dict[str, str], cls: str, order: list[str], to: str = "'") -> str:
    """Level 3: renamed, comments dropped, CLS's methods reordered, `+=` written out, quotes swapped."""
    return quotes(expand_augmented(reorder(drop_comments(rename(text, names)), cls, order)), to)


def labels(people: dict, hand: dict, hard: dict, copies: dict, evasions: dict, sources: dict, public: dict,
           public_source: str) -> dict:
    """Every file's label in run.py's schema, from a class's specs: PEOPLE the starter fillers ({name: spec with
    "kind" and maybe "bug"}), HAND the independents typed by hand ({name: kind}), HARD {name: (pair, kind)}, COPIES
    {copy: (cluster, source, level, what changed)}, EVASIONS {copy: evasion}, SOURCES {source: kind} (a source has its
    first copy's cluster and level), PUBLIC {name: (level, what)} of the public copies of PUBLIC_SOURCE."""
    out = {}
    for name, spec in people.items():
        out[name] = {"cluster": None, "level": None, "kind": "independent: " + spec["kind"] + " (starter filled)",
                     **({"bug": spec["bug"]} if "bug" in spec else {})}
    for name, kind in hand.items():
        out[name] = {"cluster": None, "level": None, "kind": kind}
    for name, (pair, kind) in hard.items():
        out[name] = {"cluster": None, "level": None, "hard_pair": pair, "kind": "hard negative: " + kind}
    firsts = {}
    for copy, (cluster, source, level, what) in copies.items():
        firsts.setdefault(source, (cluster, level))
        out[copy] = {"cluster": cluster, "level": level, "kind": f"copy (level {level}): {what}",
                     **({"evasion": evasions[copy]} if copy in evasions else {})}
    for source, (cluster, level) in firsts.items():
        out[source] = {"cluster": cluster, "level": level, "kind": sources[source]}
    for name, (level, what) in public.items():
        out[name] = {"cluster": "public", "level": level, "public_source": public_source,
                     "kind": f"public copy (level {level}): {what}"}
    return dict(sorted(out.items()))
