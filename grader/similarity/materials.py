"""The code in what an instructor passes as `--public`: every text form a course hands code out in.

A TA's hint is a forum post (markdown, its code in a fenced block, or an HTML page with the code in `<pre>`), a
lecture is a notebook (its code cells, and code in its markdown cells) or a `.py`, a handout a `.txt` (plain code,
or a doctest session with `>>>` prompts). Until session 43 only the `.py` files of a `--public` folder were read:
sim42b1's TA hint, a markdown post, was passed and not read, and the two honest students who pasted it stayed a
pair at 0.883, inside the top k (issue 27). Each file is read by its form (`READ_FORMS`; any other file is left
out, as a licence or a data file is), and its code becomes one public source, as a `.py` file is:

- `.py`: the file as it is.
- `.md`, `.markdown`: its fenced blocks (``` and ~~~) and its indented blocks (four spaces or a tab, after a blank
  line). A block tagged as Python (`python`, `py`, `python3`, `pycon`, `ipython`...) is read when it parses; an
  untagged one when it parses and is code (`_is_code`: not only names and numbers: an output shown as `0.0` is not);
  one tagged as another language (`text`, `sh`, `console`, `output`) is not.
- `.ipynb`: its code cells as the grader reads a notebook's (IPython's escapes dropped: `join_code_cells`), and the
  blocks of its markdown cells as a markdown file's.
- `.html`, `.htm`: the text of each `<pre>` and each `<code>` outside one (entities decoded, tags inside dropped, a
  `<br>` a line's end), each read as an untagged block.
- `.txt`: the whole text when it parses as code; else its paragraphs (runs of lines between blank lines) that do,
  each with up to MOST_TRIMMED lines of prose trimmed off its ends ("Something like:"), an indented one joined to the
  code before it; the trimming and joining stop once WORK times the text's length has been parsed (each parse
  counted ATTEMPT characters more), so a text costs about what parsing it once does (a MiB of prose or of broken
  code: 0.2-0.7 s of CPU; of code 0.9-1.2 s).

Any block whose lines start with doctest's prompts (`>>> `, `... `) is read as the code after them (the output
lines dropped). A block is dedented first (an indented block, a fragment of a method body), so a TA's snippet of
`backward`'s body is read as statements, which match the same statements inside a student's method. Blocks that do
not parse are left out (a block with an ellipsis for a missing part parses: `...` is Python). A file's blocks are
joined in order with blank lines between them; the source's lines in the record are those of the joined text, not
of the file. A file over MOST_BYTES is refused with a clear error (a page of inline images is not a handout).
"""

from __future__ import annotations

import ast
import bisect
import itertools
import json
import re
import textwrap
from html.parser import HTMLParser
from pathlib import Path

from ..parsing import tree_or_none

READ_FORMS = (".py", ".md", ".markdown", ".ipynb", ".html", ".htm", ".txt")
MOST_BYTES = 32 * 1024 * 1024  # a material's file, read whole: a lecture notebook with its plots is a few MiB
MOST_TRIMMED = 8  # lines of prose trimmed off a plain text's paragraph, at most, at each end
WORK = 8  # a plain text's trimming and joining parse at most this many times its length,
ATTEMPT = 1_000  # each parse counted as this many characters more (a parse that fails costs Python a second pass)
PYTHON_TAGS = frozenset({"python", "py", "python3", "py3", "pycon", "ipython", "ipython3", "pytb", "doctest"})
# A fence's line: up to three spaces, three or more backticks or tildes, the rest (its tag, and what follows it)
FENCE_LINE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)")
PROMPT = re.compile(r"^\s*(>>>|\.\.\.)( |$)")


class MaterialError(ValueError):
    """A material that cannot be read: the message says which file and what to do."""


def material_code(path: Path, forms: tuple[str, ...] = READ_FORMS, otherwise: str | None = None) -> str | None:
    """The Python code in the file at PATH as its form holds it (the module's docstring), or None when its form is
    not one FORMS names (read as OTHERWISE's form, when given). A file that is not UTF-8 text, or a notebook that is
    not one, raises MaterialError."""
    form = path.suffix.lower() if path.suffix.lower() in forms else otherwise
    if form is None:
        return None
    try:
        if path.stat().st_size > MOST_BYTES:
            raise MaterialError(f"--public: {path} is {path.stat().st_size:,} bytes, more than the "
                                f"{MOST_BYTES:,} read of a material; pass the file that holds its code")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MaterialError(f"--public: {path} cannot be read as UTF-8 text ({exc})") from None
    if form == ".py":
        return text
    if form == ".ipynb":
        blocks = _notebook_blocks(path, text)
    elif form in (".md", ".markdown"):
        blocks = markdown_blocks(text)
    elif form in (".html", ".htm"):
        blocks = [block for block in html_blocks(text) if _is_code(block)]
    else:
        blocks = text_blocks(text)
    return "\n\n".join(blocks) + "\n" if blocks else ""


def markdown_blocks(text: str) -> list[str]:
    """The code of a markdown text's fenced and indented blocks, in order (the module's docstring)."""
    text = text.replace("\r\n", "\n")
    found: list[tuple[int, str]] = []
    lines = text.split("\n")
    starts = list(itertools.accumulate((len(line) + 1 for line in lines), initial=0))  # each line's offset
    for first, last, tag, body in fenced_blocks(lines):
        tag = tag.lower().lstrip("{.").rstrip("}")
        code = _as_code(body) if tag in PYTHON_TAGS else _code(body) if not tag else None
        if code is not None:
            found.append((starts[first], code))
        lines[first:last + 1] = [" " * len(line) for line in lines[first:last + 1]]  # blanked, in place
    outside = "\n".join(lines)
    for start, body in _indented(outside):
        code = _code(body)
        if code is not None:
            found.append((start, code))
    return [code for _, code in sorted(found)]


def fenced_blocks(lines: list[str]) -> list[tuple[int, int, str, str]]:
    """(first line, last line, tag, body) of each fenced block of a markdown text's LINES, in order: a fence's line
    opens a block that the next line holding the same fence alone (up to three spaces before it, spaces after)
    closes; an opening fence no line closes opens none (its lines are read as they are), and a longer one may
    open as a shorter fence of its own first characters when only that one is closed (as a regular expression
    would read it). Each line is looked at once and each closing line found by a search (bisect): linear in the
    text, where the regular expression that read it until review43b searched the rest of the text for every
    fence left open (100 KB of "```a" lines: 58 s of CPU)."""
    closing: dict[str, list[int]] = {}  # a fence -> the lines that close it, in order
    for number, line in enumerate(lines):
        body = line.rstrip(" \t")
        fence = body.lstrip(" ")
        if len(body) - len(fence) <= 3 and len(fence) >= 3 and fence[0] in "`~" and fence == fence[0] * len(fence):
            closing.setdefault(fence, []).append(number)
    lengths = {char: sorted(len(f) for f in closing if f[0] == char) for char in "`~"}  # shortest first
    blocks, number = [], 0
    while number < len(lines) - 1:  # an opening fence's line ends with a newline: the last line opens nothing
        opened = FENCE_LINE.fullmatch(lines[number])
        shut = None
        if opened is not None:
            run, rest = opened.group(1), opened.group(2)
            known = lengths[run[0]]
            tried = bisect.bisect_right(known, len(run))
            while tried and shut is None:  # the longest fence first, as a regular expression reads it
                tried -= 1
                after = closing[run[0] * known[tried]]
                at = bisect.bisect_right(after, number)
                if at < len(after):
                    shut, tail = after[at], run[known[tried]:] + rest
        if shut is None:
            number += 1
            continue
        tag = re.match(r"[ \t]*([^\s`]*)", tail).group(1) if tail[:1] != "`" else ""
        body = "".join(line + "\n" for line in lines[number + 1:shut])
        blocks.append((number, shut, tag, body))
        number = shut + 1
    return blocks


def _indented(text: str) -> list[tuple[int, str]]:
    """(offset, text) of each indented block: lines of four spaces or a tab after a blank line, blank lines within."""
    blocks, current, start, offset, blank_before = [], [], 0, 0, True
    for line in text.split("\n"):
        if line.strip() and line.startswith(("    ", "\t")) and (current or blank_before):
            if not current:
                start = offset
            current.append(line)
        elif not line.strip() and current:
            current.append(line)
        else:
            if current:
                blocks.append((start, "\n".join(current)))
                current = []
        blank_before = not line.strip()
        offset += len(line) + 1
    if current:
        blocks.append((start, "\n".join(current)))
    return blocks


def _notebook_blocks(path: Path, text: str) -> list[str]:
    """A notebook's code cells (joined as the grader joins them) and its markdown cells' blocks, in cell order."""
    from ..load.notebooks import join_code_cells

    try:
        notebook = json.loads(text)
        cells = notebook["cells"] if "cells" in notebook else notebook["worksheets"][0]["cells"]
        sources = [(cell.get("cell_type"), cell.get("source", cell.get("input", ""))) for cell in cells]
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError):
        raise MaterialError(f"--public: {path} is not a Jupyter notebook (JSON with its cells); open it in Jupyter, "
                            "save it and pass it again") from None
    blocks: list[str] = []
    code: list[str] = []
    for kind, source in sources:
        source = "".join(source) if isinstance(source, list) else str(source)
        if kind == "code":
            code.append(source)
            continue
        if code:  # the code cells up to here, as one block
            blocks.append(join_code_cells(code).strip("\n"))
            code = []
        if kind == "markdown":
            blocks.extend(markdown_blocks(source))
    if code:
        blocks.append(join_code_cells(code).strip("\n"))
    return [block for block in blocks if block.strip()]


class _Pre(HTMLParser):
    """The text of each `<pre>` and of each `<code>` outside one, entities decoded and tags within dropped."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.depth = 0  # how deep inside the outermost <pre> or <code>
        self.outer = ""
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if self.depth and tag == "br":
            self.parts.append("\n")
        elif tag in ("pre", "code"):
            if not self.depth:
                self.outer, self.parts = tag, []
            self.depth += tag == self.outer

    def handle_endtag(self, tag):
        if self.depth and tag == self.outer:
            self.depth -= 1
            if not self.depth:
                self.blocks.append("".join(self.parts))

    def handle_data(self, data):
        if self.depth:
            self.parts.append(data)


def html_blocks(text: str) -> list[str]:
    """The code of an HTML page's `<pre>` and `<code>` elements that parse (each as an untagged block)."""
    reader = _Pre()
    # Read up to its last `>`: no element ends after it, and Python's parser (3.11) reads a tag left open at the end
    # again from each `<` after it (20,000 `<a ` with no `>`: 30 s of CPU, review43b)
    reader.feed(text[:text.rfind(">") + 1])
    reader.close()
    blocks = (block.replace("\xa0", " ") for block in reader.blocks)  # `&nbsp;` indents a page's code
    return [code for code in map(_as_code, blocks) if code is not None]


def text_blocks(text: str) -> list[str]:
    """The code of a plain text: the whole when it parses as code, else its paragraphs that do, prose trimmed off
    their ends, an indented one joined to the code before it when they parse together (a function with a blank line
    in it). The trimming and the joining parse again and again: they stop once WORK times the text's length has been
    parsed, after which each paragraph is read whole (linear in the text, whatever it holds)."""
    text = text.replace("\r\n", "\n")
    whole = _read(text)
    if whole is not None and _code_like(whole[1]):
        return [whole[0]]
    budget = [WORK * len(text) + 100_000]  # characters left to parse
    found: list[tuple[str, str]] = []  # (the code, the lines it was read from)
    joinable = False  # the last paragraph read was code and its end was not trimmed
    for paragraph in re.split(r"\n[ \t]*\n", text):
        raw, code, trimmed_head, trimmed_tail = _trimmed(paragraph.split("\n"), budget)
        if raw is None:
            joinable = False
            continue
        joined = None
        if joinable and not trimmed_head and raw[:1] in (" ", "\t") and budget[0] > 0:
            together = found[-1][1] + "\n\n" + raw
            budget[0] -= len(together) + ATTEMPT
            joined = _as_code(together)
        if joined is not None:
            found[-1] = (joined, together)
        else:
            found.append((code, raw))
        joinable = not trimmed_tail
    return [code for code, _ in found]


def _trimmed(lines: list[str], budget: list[int]) -> tuple[str | None, str | None, bool, bool]:
    """The lines of a paragraph's LINES that are code and their code, up to MOST_TRIMMED lines of prose trimmed off
    each end (None: none are; only the whole paragraph is tried once BUDGET, characters left to parse, is spent); and
    whether its head and its tail were trimmed."""
    for head in range(min(MOST_TRIMMED, len(lines) - 1) + 1):
        for tail in range(min(MOST_TRIMMED, len(lines) - head - 1) + 1):
            if (head or tail) and budget[0] <= 0:
                return None, None, False, False
            body = "\n".join(lines[head:len(lines) - tail])
            budget[0] -= len(body) + ATTEMPT
            read = _read(body)
            if read is not None and _code_like(read[1]):
                return body, read[0], head > 0, tail > 0
    return None, None, False, False


def _as_code(block: str) -> str | None:
    """BLOCK as the code it shows (doctest's prompts read off, dedented), or None when that does not parse."""
    read = _read(block)
    return read[0] if read is not None else None


def _is_code(block: str) -> bool:
    """Whether BLOCK parses as code (`_as_code`) that is not only names and numbers (an output shown, a word)."""
    return _code(block) is not None


def _code(block: str) -> str | None:
    """BLOCK's code when it is code (`_is_code`), else None."""
    read = _read(block)
    return read[0] if read is not None and _code_like(read[1]) else None


def _read(block: str) -> tuple[str, list] | None:
    """BLOCK's code (`_as_code`) and its statements, parsed once; None when it does not parse."""
    lines = block.replace("\r\n", "\n").split("\n")
    if any(PROMPT.match(line) and line.lstrip().startswith(">>>") for line in lines):
        lines = [PROMPT.sub("", line, count=1) for line in lines if PROMPT.match(line)]
    code = textwrap.dedent("\n".join(lines)).strip("\n")
    if not code.strip():
        return None
    tree = tree_or_none(code)  # grader/parsing: no other thread's parse inside it, its warnings not printed
    return None if tree is None else (code, tree.body)


def _code_like(body: list) -> bool:
    """Whether statements BODY are code: not only names, numbers and attributes (`0.0707`, `order`)."""
    plain = (ast.Name, ast.Constant, ast.Attribute, ast.UnaryOp, ast.Tuple)
    return any(not (isinstance(statement, ast.Expr) and isinstance(statement.value, plain)) for statement in body)
