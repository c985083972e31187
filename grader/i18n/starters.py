"""The starters' comments and docstrings in a language, their code untouched (`grade handout --lang`).

A starter file's prose is cut into units, each a gettext message of the `starters` domain:

- a block of full-line comments at one indentation (its lines joined with newlines), a banner's
  words (`# -- the basic operations ---`, the dashes kept and padded to the same width), and a
  comment after code on its line;
- a docstring, cleaned of its indentation (inspect.cleandoc).

A `TODO(exercise): ` prefix stays as it is (`grade check`, the handout scan and the students look for
it) and only the words after it are a unit. A translation keeps the English lines' breaks where it
has several lines: the translator breaks the lines, and `translate` re-indents them. Everything else
(every token but comments and docstrings) is copied byte for byte, and `same_code` checks it: a
submission graded from a Russian handout is graded exactly as one from the English.

`extract` is the Babel extractor of these units (grader/locale/babel-starters.cfg), so the catalog
is made and updated with `pybabel extract` and `pybabel update` like the others.
"""

from __future__ import annotations

import inspect
import io
import re
import tokenize
import unicodedata
from pathlib import Path

TODO = re.compile(r"^(TODO\([\w-]+\):\s*)(.*)$")
PERCENT_DIRECTIVE = re.compile(r"%(?:\([\w]*\))?[-#0 +]?(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?[diouxXeEfFgGcrs]")
BANNER = re.compile(r"^(-- )(.*?)( -+)$")


def _docstring_tokens(source: str) -> set[tuple[int, int]]:
    """The start (row, col) of every docstring's STRING token: the first statement of the module, a class
    or a function body, when it is a string."""
    import ast
    from ..parsing import parse  # grader/parsing.py: one parse at a time

    starts = set()
    for node in ast.walk(parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                starts.add((first.lineno, first.col_offset))
    return starts


def units(source: str) -> list[dict]:
    """The prose of a source file, in order: {kind: block|banner|trailing|docstring, text, and where it is}."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    lines = source.splitlines(keepends=True)
    docstrings = _docstring_tokens(source)
    found, block = [], None
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            row, col = tok.start
            body = tok.string[1:].removeprefix(" ")
            full_line = not lines[row - 1][:col].strip()
            if full_line and block and block["col"] == col and block["end"] == row - 1 and not BANNER.match(body):
                block["text"] += "\n" + body
                block["end"] = row
                continue
            banner = BANNER.match(body) if full_line else None
            unit = {"kind": "banner" if banner else "block" if full_line else "trailing",
                    "row": row, "end": row, "col": col, "text": banner[2] if banner else body}
            found.append(unit)
            block = unit if full_line and not banner else None
        elif tok.type == tokenize.STRING and tok.start in docstrings:
            found.append({"kind": "docstring", "row": tok.start[0], "end": tok.end[0], "col": tok.start[1],
                          "text": inspect.cleandoc(_string_value(tok.string)), "token": tok.string})
            block = None
        elif tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            block = None
    return found


def _string_value(token: str) -> str:
    import ast

    from ..parsing import parse

    return ast.literal_eval(parse(token, mode="eval").body)  # parsed as every parse of the grader is (parsing.py)


def messages(source: str) -> list[str]:
    """The msgids of a source file: its units' texts, a TODO's prefix left out."""
    out = []
    for unit in units(source):
        text = unit["text"]
        todo = TODO.match(text)
        if todo:
            text = todo[2]
        if re.search(r"[A-Za-z]{2}", text):  # words, not a bare `# ---`
            out.append(text)
    return out


def extract_titles(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for the suites' TITLE (babel.cfg): what `grade check`, the handout's
    index and the reports call each exercise."""
    import ast
    from ..parsing import parse  # grader/parsing.py: one parse at a time

    for node in parse(fileobj.read().decode("utf-8")).body:
        if (isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["TITLE"]
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            yield node.lineno, None, node.value.value, ["an exercise's title"]


def extract_templates(fileobj, keywords, comment_tags, options):
    """A Babel extractor for grade serve's Jinja2 templates (grader/serve/templates/): the words of `_("…")` and
    `_n("…", "…", n)` calls, as Jinja2's own extractor reads them (`{# TRANSLATORS: … #}` comments too); a call
    whose words are not a literal (`_(view.status)`, a status the code declares) is not a message to extract."""
    try:
        from jinja2.ext import babel_extract
    except ImportError:
        raise SystemExit("extracting grade serve's templates needs Jinja2: pip install -e '.[serve]'") from None
    for lineno, function, message, comments in babel_extract(fileobj, keywords, comment_tags, options):
        first = message[0] if isinstance(message, tuple) else message
        if first is not None:
            yield lineno, function, message, comments


def extract_variant_words(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for the named mistakes' words (babel-diagnose.cfg): the `title` and
    `explanation` of each `Variant(...)` written in a file (grader/variants/, grader/diagnose/walks.py), a
    string, or strings and the file's own string constants joined with `+`; and, as Babel's Python extractor
    would, each `msg("...")` (a variant whose words are made from parts gives them as `words=` Messages)."""
    import ast
    from ..parsing import parse  # grader/parsing.py: one parse at a time

    tree = parse(fileobj.read().decode("utf-8"))
    constants = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = _joined(node.value, constants)
            if value is not None:
                constants[node.targets[0].id] = value

    for node in ast.walk(tree):
        called = isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None))
        if called == "msg" and node.args and _joined(node.args[0], {}):
            yield node.lineno, None, _joined(node.args[0], {}), []
        if called == "Variant":
            for keyword in node.keywords:
                if keyword.arg in ("title", "explanation"):
                    text = _joined(keyword.value, constants)
                    if text:
                        yield keyword.value.lineno, None, text, [f"a named mistake's {keyword.arg}"]


def _made_messages(tree):
    """What a suite's own code makes as messages: each `msg("...")`, each `nmsg("...", "...", ...)` (a plural),
    and the `title` and `explanation` of each named mistake (`Mistake(...)`, 11-fit-line's mistakes.py)."""
    import ast

    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = getattr(node.func, "id", getattr(node.func, "attr", None))
        texts = [_joined(a, {}) for a in node.args[:2]]
        if called == "msg" and texts and texts[0]:
            yield node.lineno, "msg", texts[0], []
        elif called == "nmsg" and len(texts) == 2 and all(texts):
            yield node.lineno, "nmsg", tuple(texts), []
        elif called == "Mistake":
            for keyword in node.keywords:
                if keyword.arg in ("title", "explanation") and _joined(keyword.value, {}):
                    yield keyword.value.lineno, None, _joined(keyword.value, {}), [f"a named mistake's {keyword.arg}"]


def _joined(node, constants):
    """A string expression's value: a constant, a name bound to one, or such values joined with `+`."""
    import ast

    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _joined(node.left, constants), _joined(node.right, constants)
        return left + right if left is not None and right is not None else None
    return None


def extract_suite_texts(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for a suite's words (babel-suites.cfg): each test's doc (the docstring of a
    function decorated with `@points`, as grader.judge.points keeps it) and, in a probes file, each probe's
    description (its docstring's first line, as grader.judge.describe shows it)."""
    import ast
    from ..parsing import parse  # grader/parsing.py: one parse at a time

    name = getattr(fileobj, "name", "")
    probes_file = str(name).endswith(("probes.py", "shared_probes.py"))
    tree = parse(fileobj.read().decode("utf-8"))
    if "suites" in Path(str(name)).parts:  # a suite's own code (judge/__init__.py's messages are the grader's)
        yield from _made_messages(tree)
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        doc = ast.get_docstring(node, clean=False)
        if not doc or not doc.strip():
            continue
        decorated = any(isinstance(d, ast.Call) and getattr(d.func, "id", getattr(d.func, "attr", None)) == "points"
                        for d in node.decorator_list)
        text = doc.strip() if decorated else doc.strip().splitlines()[0]
        if PERCENT_DIRECTIVE.search(text):
            # "0.1% on dy/dw1" reads to Babel as a %-directive ("% o") that a translation must repeat: such a
            # text is left out (shown in English) rather than translated around a false placeholder
            continue
        if decorated:
            yield node.lineno, None, text, ["a test's doc"]
        elif probes_file and not node.name.startswith("_") and node in tree.body:
            yield node.lineno, None, text, ["a probe's expression"]


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for the starters (babel-starters.cfg): every unit of a file, as a message."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for unit in units(source):
        text = unit["text"]
        todo = TODO.match(text)
        if todo:
            text = todo[2]
        if text in messages_set(source):
            yield unit["row"], None, text, []


def messages_set(source: str) -> set[str]:
    return set(messages(source))


def _width(text: str) -> int:
    """Columns a terminal or editor gives `text`: two for a wide (CJK) character."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def translate(source: str, gettext) -> str:
    """`source` with its comments and docstrings through `gettext` (a unit without a translation stays
    English); every other byte as it was."""
    lines = source.splitlines(keepends=True)
    replacements = []  # (first row, last row, new lines), rows 1-based
    for unit in units(source):
        todo = TODO.match(unit["text"])
        prefix, text = (todo[1], todo[2]) if todo else ("", unit["text"])
        translated = gettext(text) if text in messages_set_cached(source) else text
        if translated == text:
            continue
        row, col = unit["row"], unit["col"]
        line = lines[row - 1]
        if unit["kind"] == "trailing":
            code = line[:col]
            replacements.append((row, row, [f"{code}# {prefix}{translated}\n"]))
        elif unit["kind"] == "banner":
            old = line.rstrip("\n")
            new = f"{line[:col]}# -- {translated} "
            new += "-" * max(3, _width(old) - _width(new))
            replacements.append((row, row, [new + "\n"]))
        elif unit["kind"] == "block":
            indent = line[:col]
            body = (prefix + translated).split("\n")
            replacements.append((row, unit["end"], [f"{indent}# {b}".rstrip() + "\n" for b in body]))
        else:  # a docstring: the same quotes and indentation, the translated lines
            indent = " " * col
            quote = unit["token"][:3] if unit["token"][:3] in ('"""', "'''") else unit["token"][0]
            body = translated.split("\n")
            multi = "\n" in unit["token"]
            text = body[0] + "".join("\n" + (indent + b if b else "") for b in body[1:])
            if multi and unit["token"].rstrip(quote).endswith("\n" + indent):
                text += "\n" + indent
            if quote in text or "\\" in text:
                raise ValueError(f"a translated docstring may not hold {quote} or a backslash: {text[:60]!r}")
            head = line[:col]
            after = _after_token(lines, unit)
            replacements.append((row, unit["end"], [head + quote + text + quote + after]))
    for first, last, new in sorted(replacements, reverse=True):
        lines[first - 1:last] = new
    return "".join(lines)


def _after_token(lines: list[str], unit: dict) -> str:
    """What follows a docstring's closing quotes on its last line (a newline, a comment)."""
    token_lines = unit["token"].split("\n")
    last = lines[unit["end"] - 1]
    start = unit["col"] if len(token_lines) == 1 else 0
    return last[start + len(token_lines[-1]):]


_CACHE: dict[str, set[str]] = {}


def messages_set_cached(source: str) -> set[str]:
    if source not in _CACHE:
        _CACHE[source] = messages_set(source)
    return _CACHE[source]


def _code(source: str) -> list[tuple[int, str, int]]:
    """The tokens that are code (no comments, docstrings, blank lines or layout of prose): type, text, line."""
    docstrings = _docstring_tokens(source)
    return [(t.type, t.string, t.start[0]) for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL) and not (t.type == tokenize.STRING and t.start in docstrings)]


def todos(text: str) -> list[str]:
    """The TODO(exercise) markers of a text, in order."""
    return re.findall(r"TODO\([\w-]+\)", text)


def same_code(english: str, translated: str) -> str | None:
    """None when the two sources are the same code with the same TODO markers, else what differs."""
    if todos(english) != todos(translated):
        return f"TODO markers {todos(translated)} instead of {todos(english)}"
    a, b = _code(english), _code(translated)
    if [t[:2] for t in a] == [t[:2] for t in b]:
        return None
    first = next((i for i, (x, y) in enumerate(zip(a, b)) if x[:2] != y[:2]), min(len(a), len(b)))
    if first >= len(b):
        return f"the code ends before the English's line {a[first][2]}"
    if first >= len(a):
        return f"line {b[first][2]} has code the English does not"
    line = translated.splitlines()[b[first][2] - 1].strip()
    english_line = english.splitlines()[a[first][2] - 1].strip()
    return f"line {b[first][2]} is `{line}`, the English `{english_line}`"
