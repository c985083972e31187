"""A notebook as the code of a module: its code cells joined, IPython's escapes dropped as text, never run.

A notebook is parsed as JSON (nbformat); nothing in it is executed. The
joined code starts with stand-ins for what IPython puts in a notebook's
namespace, and cells that only run the student's own check are dropped.
"""

from __future__ import annotations

import json
import re
import warnings
from typing import Iterable

from ..i18n import msg
from ..json_values import values_in
from ..parsing import python_lines
from .futures import futures_first
from .reading import MAX_FILE_BYTES, MAX_NOTEBOOK_CELLS, MAX_NOTEBOOK_VALUES, Rejected, as_utf8, refuse_nul, too_large
from .check_cells import is_self_check_cell
from .escape_bindings import bound_by_escape, captured_output
from .written import TooMuchCode, runs_a_file, with_written_modules, written_module


def notebook_to_engine(data: bytes, shown: str) -> tuple[bytes, tuple]:
    """engine.py from a notebook's code cells, and the (cell, line) of each of its lines (`Origin.cells`)."""
    engine, places, _ = read_notebook(data, shown)
    return engine, places


def notebook_code(data: bytes, shown: str) -> str:
    """The code of a notebook's code cells, read and bounded as a notebook handed in is (never run), joined as
    join_code_cells joins them: what `grade similarity` reads of a notebook handed in beside the exercise's files."""
    return _joined_code_cells(_code_cells(data, shown)[0], shown)[0]


def read_notebook(data: bytes, shown: str, beside=None, unrun: list | None = None) -> tuple[bytes, tuple, tuple]:
    """notebook_to_engine's two, and the (cell, execution count) of each code cell Jupyter stored a count for
    (`Origin.runs`): the order the cells last ran in, read, never run (grader/load/cell_order.py). BESIDE (a file's
    name -> a reader of it, or None) reads the files handed in beside the notebook that a `%run` names (ran_beside;
    None: a notebook handed in alone, beside nothing). UNRUN, a list, gets (file's name, the `%run` line as written)
    of the files a `%run` names that were not handed in beside it, in the order it runs them
    (exercise_names.run_not_handed_in says so where the notebook then cannot run)."""
    cells, runs = _code_cells(data, shown)
    if beside is None and unrun is not None:
        beside = _nothing  # each `%run` of a file then names one not handed in
    code, places = _joined_code_cells(cells, shown, ran_beside(beside, unrun))
    if not code.strip():
        raise Rejected(msg("{file} has no code in its code cells; expected the engine's code in them", file=shown))
    head, code = futures_first(code, places)
    engine = (head + IPYTHON_STAND_INS + code).encode("utf-8")
    if len(engine) > MAX_FILE_BYTES:
        raise Rejected(too_large(shown, len(engine), MAX_FILE_BYTES, code_of=True))
    places = (None,) * (head + IPYTHON_STAND_INS).count("\n") + tuple(places)
    refuse_nul(engine, shown, places)
    return engine, places, runs


def files_beside(files: dict, name: str):
    """A file's name -> the reader of that file of FILES (a folder's: name -> read), handed in beside the notebook
    NAME (None for the notebook itself, or a name the folder does not hold): what its `%run ./other.ipynb` runs."""
    return lambda file: files.get(file) if file != name else None


def _nothing(name: str) -> None:
    """Beside a notebook handed in alone: no file."""
    return None


def ran_beside(beside, unrun: list | None = None):
    """A file's name -> the lines of code `%run NAME` runs, each with its place in that file (None where it is no
    file handed in beside the notebook, or cannot be read): a `.py` file's text, each line `(NAME, line)`, or another
    notebook's code cells joined (its own `%run`s of further files not followed), each line `(NAME, line, cell)`, its
    line in that cell (None for a line the joining adds: `Origin.place` says it in that notebook, diag41). Read once
    each. UNRUN (a list) gets, once each, (name, the `%run` line naming it first) of no file handed in beside it."""
    if beside is None:
        return None
    from .reading import MAX_NOTEBOOK_BYTES, python_source

    known: dict = {}

    def code(name: str, written: str | None = None):
        if name not in known:
            read, lines = beside(name), None
            if read is None and unrun is not None:
                unrun.append((name, written or f"%run ./{name}"))
            try:
                if read is not None and name.lower().endswith(".ipynb"):
                    code, places = _joined_code_cells(_code_cells(read(MAX_NOTEBOOK_BYTES), name)[0], name)
                    lines = [(text, None if at is None else (name, at[1], at[0]))
                             for text, at in zip(code.split("\n")[:-1], places)]  # as joined: one line each
                elif read is not None:
                    lines = [(text, (name, k)) for k, text in enumerate(
                        python_lines(python_source(read(MAX_FILE_BYTES), name).decode("utf-8")), start=1)]
            except Rejected:
                lines = None  # IPython's %run fails there; the notebook runs on without its names, as before
            known[name] = lines
        return known[name]
    return code


def _code_cells(data: bytes, shown: str) -> tuple[list, tuple]:
    """[(cell number, source)] of a notebook's code cells, and read_notebook's runs: read and bounded, never run."""
    text = as_utf8(data, shown).decode("utf-8")
    # Bounded before it is parsed: a parse costs by values, not bytes (16 MiB of empty objects in an output took
    # 3.2 GB of the grader's memory and 15 s of its CPU on 06cff00, and was graded)
    values = values_in(data)
    if values > MAX_NOTEBOOK_VALUES:
        raise Rejected(msg("{file} holds up to {count} JSON values, more than the limit of {limit}; clear its outputs "
                           "in Jupyter, save it and submit again", file=shown, count=values, limit=MAX_NOTEBOOK_VALUES))
    try:
        data = json.loads(text)  # json's reason (line, column) says more than nbformat's "does not appear to be JSON"
    except json.JSONDecodeError as e:
        raise Rejected(msg("{file} is not a readable notebook: bad JSON at line {line}, column {column} ({error}); "
                           "open it in Jupyter, save it and submit again", file=shown, line=e.lineno, column=e.colno,
                           error=e.msg)) from None
    except RecursionError:
        raise Rejected(msg("{file} is not a readable notebook: its JSON is nested too deeply; open it in Jupyter, "
                           "save it and submit again", file=shown)) from None
    except ValueError:  # a number of more digits than Python reads (4300): no notebook writes one
        raise Rejected(msg("{file} is not a readable notebook: its JSON holds a number too long to read; open it "
                           "in Jupyter, save it and submit again", file=shown)) from None
    # Bounded before nbformat and the joining, whose work grows with every cell and every line (a 14 MiB
    # notebook of one-line statements took 40 s of CPU to be refused as too much code; 150,000 empty cells 7 s)
    count = _cell_count(data)
    if count > MAX_NOTEBOOK_CELLS:
        raise Rejected(msg("{file} has {count} cells, more than the limit of {limit}; keep the cells of the engine "
                           "and submit again", file=shown, count=count, limit=MAX_NOTEBOOK_CELLS))
    import nbformat  # here, not at the top: it imports jsonschema (a third of a second), which a class without
    # notebooks, and `grade check` on a .py, never need

    captured: dict = {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # nbformat warns about missing cell ids and the like
            notebook = nbformat.reads(text, as_version=4, capture_validation_error=captured)
        error = captured.get("ValidationError")
        # numbered as Jupyter shows them, from 1, Markdown cells included
        cells = [(number, cell.source) for number, cell in enumerate(notebook.cells, start=1)
                 if cell.cell_type == "code"]
        runs = tuple((number, cell.get("execution_count")) for number, cell in enumerate(notebook.cells, start=1)
                     if cell.cell_type == "code" and type(cell.get("execution_count")) is int)
    except Exception as e:  # JSON that is not a notebook fails in assorted ways (ValidationError, KeyError, ...)
        error = e
    if error is not None:
        raise Rejected(msg("{file} is not a valid Jupyter notebook ({error}); open it in Jupyter, save it and submit "
                           "again", file=shown, error=_short(error)))
    size = sum(len(source.encode("utf-8", "surrogatepass")) for _, source in cells if not _other_language(source))
    if size > MAX_FILE_BYTES:  # what is kept of them is no smaller, but for IPython's escapes: refused unread
        raise Rejected(too_large(shown, size, MAX_FILE_BYTES, code_of=True))
    return cells, runs


def _cell_count(data) -> int:
    """The cells of a notebook's JSON, read before it is validated: nbformat 4's `cells`, or 3's in its worksheets."""
    if not isinstance(data, dict):
        return 0
    if isinstance(data.get("cells"), list):
        return len(data["cells"])
    worksheets = data.get("worksheets")
    if isinstance(worksheets, list):
        return sum(len(w["cells"]) for w in worksheets if isinstance(w, dict) and isinstance(w.get("cells"), list))
    return 0


def _other_language(source: str) -> bool:
    """Whether a code cell is a cell magic's (`%%bash`, `%%html`): dropped whole, never counted as code."""
    head = source.lstrip()[:200]  # its first line that is not blank (without_escapes reads it so), unsplit
    first = python_lines(head)[0] if head else ""
    if not first.startswith("%%"):
        return False
    magic = first[2:].split(maxsplit=1)
    return not magic or magic[0] not in CELL_MAGICS_RUN_AS_PYTHON


def _short(error: Exception) -> str:
    """nbformat's reason in one line: where in the notebook, and the first line of the message."""
    message = (getattr(error, "message", None) or str(error) or type(error).__name__).strip().splitlines()[0]
    if len(message) > 120:
        message = message[:117] + "..."
    location = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in getattr(error, "absolute_path", ()))
    return f"{location.lstrip('.')}: {message}" if location else message


# A notebook's code is Python plus IPython's escapes. Escapes are dropped as
# text, never run: a line magic (`%timeit f()`), a shell escape (`!pip install
# x`), a captured one (`files = !ls`), a help query (`Value?`) and any line that
# calls into IPython (`get_ipython().system(...)`, IPYTHON_CALL). Dropping a line could leave an empty block
# (`if colab:\n    !pip install graphviz`), so the line becomes `pass` at the
# same indentation and the cell still compiles. Only lines that start a
# statement are looked at: a line inside a string or a bracket (`x = (a\n %
# b)`) is the student's Python and stays. A cell magic (`%%bash`) makes the
# whole cell another language, so the cell is dropped, except `%%time` and
# `%%capture`, whose body IPython runs as ordinary code in the notebook, and
# `%%writefile NAME.py`, whose body is Python the notebook runs where it imports
# that module (`_joined_code_cells`).
#
# What IPython itself puts in a notebook's namespace is not there when the code
# runs as a module, and a stray `display(x)` at the top level, normal in Jupyter
# and Colab, would stop the whole engine with a NameError. So the code of a
# notebook starts with harmless stand-ins: `display(...)` shows nothing, and
# `get_ipython()` returns None, as it does outside IPython. `__builtin__` is the
# builtins module (IPython's alias of Python 2's name), and the history names
# are empty: `In` a list of inputs, `Out` a dict of outputs, `_`, `__`, `___`
# the last outputs (None), `_i`, `_ii`, `_iii` the last inputs (''). A notebook
# that defines its own `display` replaces the stand-in, as it would in Jupyter.
IPYTHON_STAND_INS = (
    "def display(*objects, **options): return None  # grader: Jupyter's display() shows nothing here\n"
    "def get_ipython(): return None  # grader: the code does not run in IPython\n"
    "import builtins as __builtin__  # grader: IPython's name for the builtins module\n"
    "In, Out, _, __, ___, _i, _ii, _iii = [''], {}, None, None, None, '', '', ''  # grader: IPython's history\n"
)


# a call into IPython (`get_ipython().system(...)`, `.run_line_magic(...)`, `.kernel...`): what Jupyter's export
# writes for an escape, and what no stand-in answers, so its statement is dropped as an escape is. A use of
# `get_ipython()` itself stays, as Python: `IN_COLAB = 'google.colab' in str(get_ipython())`, `get_ipython() is
# None` in a try that catches NameError, `get_ipython().__class__.__name__` (the ways a notebook tells where it
# runs) each answer as outside IPython. Review 26: every statement that named it was dropped, so a correct engine
# beside `try: IN_NOTEBOOK = get_ipython() is not None / except NameError: IN_NOTEBOOK = False` lost the name
# (NameError: 0/63, in a notebook and in a script that runs as it is), and `if ... get_ipython() ...:` its block.
# IPython's own `get_ipython` is none of those: `from IPython import get_ipython` is dropped (the stand-in is what
# it names) and so is `IPython.get_ipython()`; IPython itself is not where a submission is graded.
IPYTHON_CALL = re.compile(r"\bget_ipython\(\)\s*\.\s*(?!__)[A-Za-z_]|\.\s*get_ipython\(\)"
                          r"|^\s*from\s+IPython(?:\.[\w.]+)?\s+import\s+\(?\s*get_ipython\s*\)?\s*(?:#.*)?$")

CELL_MAGICS_RUN_AS_PYTHON = frozenset({"time", "capture"})
_ESCAPE = re.compile(
    r"""^(?:
        [%!?]                            # %magic, !shell, ?help
      | [\w.]+\?\??$                     # Value? and Value??
      | [\w.,()\[\]\s*]+?=\s*[!%]        # files = !ls, out = %sx ls
    )""",
    re.VERBOSE,
)


def join_code_cells(cells: Iterable[str]) -> str:
    """The code of a notebook's code cells, escapes and self-check cells dropped, joined with blank lines."""
    return _joined_code_cells(enumerate(cells, start=1))[0]


_GROWTH = 4  # the code `%run` and imports put in place is built up to this many times MAX_FILE_BYTES, no further


def _joined_code_cells(cells: Iterable[tuple[int, str]], shown: str | None = None, beside=None) -> tuple[str, list]:
    """join_code_cells for (cell number, source) pairs, and the (cell, line) of each line of the result. A
    `%%writefile NAME.py` cell (`%%file`, `-a` to append) writes a module of the notebook's own: its code is put where
    the notebook imports that module (once, as Python imports a module once) or `%run`s it (each time), and the
    import binds what it names (`from engine import Value`: defined already; `import engine`: the notebook's own
    module). A module never imported nor run is dropped, as IPython never runs it. SHOWN names the notebook when
    the code grows past MAX_FILE_BYTES (a module `%run` again and again). BESIDE (ran_beside) gives the code a
    `%run` of a file handed in beside the notebook runs."""
    lines: list[str] = []
    places: list = []
    written: dict[str, list] = {}  # module -> [(text, (cell, line))], as written so far
    inlined: set[str] = set()
    size = 0
    for number, source in cells:
        target = written_module(source)
        if target is not None:
            name, append, body = target
            written[name] = (written.get(name, []) if append else []) + [(text, (number, k)) for text, k in body]
            continue
        kept = without_escapes(source)
        code = "\n".join(text for text, _ in kept)
        if not code.strip() or is_self_check_cell(code):
            continue
        entries = [(text, (number, line)) for text, line in kept]
        if written or (beside is not None and runs_a_file(python_lines(source))):
            try:  # put in place up to a few times the limit, so that a size just past it is said exactly
                entries = with_written_modules(entries, written, inlined, python_lines(source),
                                               budget=[_GROWTH * MAX_FILE_BYTES - size], beside=beside)
            except TooMuchCode as grown:
                raise Rejected(too_large(shown or "the notebook", _GROWTH * MAX_FILE_BYTES + grown.size,
                                         MAX_FILE_BYTES, code_of=True)) from None
        size += sum(len(text.encode("utf-8", "surrogatepass")) + 1 for text, _ in entries)
        if size > MAX_FILE_BYTES:
            raise Rejected(too_large(shown or "the notebook", size, MAX_FILE_BYTES, code_of=True))
        if lines:
            lines.append("")  # a blank line between cells
            places.append(None)
        lines.extend(text for text, _ in entries)
        places.extend(place for _, place in entries)
    return "\n".join(lines) + "\n", places


def without_escapes(cell: str) -> list[tuple[str, int]]:
    """A cell's lines with its escapes made `pass`, each with its line number in the cell (from 1)."""
    lines = python_lines(cell)  # as Python and IPython end a line: a pasted U+2028 in a string is inside one
    offset, bound = 0, None  # lines of the cell dropped before `lines[0]`; the `%%capture NAME` line's binding
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and lines[first].lstrip().startswith("%%"):
        magic = lines[first].lstrip()[2:].split(maxsplit=1)
        if not magic or magic[0] not in CELL_MAGICS_RUN_AS_PYTHON:
            return []
        lines, offset = lines[first + 1 :], first + 1
        bound = captured_output(magic[0], magic[1] if len(magic) > 1 else "")
    out: list[tuple[str, int]] = [(bound, offset)] if bound else []
    scanner = _StatementScanner()
    i = 0
    while i < len(lines):
        line = lines[i]
        body = line.lstrip()
        indent = line[: len(line) - len(body)]
        if _ESCAPE.match(body.rstrip()):  # an escape runs to the end of its line, or on past a trailing backslash
            start = i
            while lines[i].endswith("\\") and i + 1 < len(lines):
                i += 1
            out.append((indent + bound_by_escape(body), offset + start + 1))
            i += 1
            continue
        start = i  # one Python statement: through open brackets, strings and backslashes
        scanner.feed(lines[i])
        while not scanner.at_statement_start and i + 1 < len(lines):
            i += 1
            scanner.feed(lines[i])
        scanner.reset()
        statement = lines[start : i + 1]
        if any(IPYTHON_CALL.search(part) for part in statement) and not body.startswith("#"):
            # (a comment that names it stays: `pass` in its place would take its indentation, which Python
            # ignores in a comment, and could end the block it sits in)
            out.append((indent + bound_by_escape(body), offset + start + 1))
        else:
            out.extend((text, offset + start + k + 1) for k, text in enumerate(statement))
        i += 1
    while out and not out[-1][0].strip():  # trailing blank lines, as rstrip() drops them
        out.pop()
    if out:
        out[-1] = (out[-1][0].rstrip(), out[-1][1])
    return out


class _StatementScanner:
    """Tracks, line by line, whether the next line starts a new statement (not inside a string or brackets)."""

    def __init__(self):
        self.reset()

    def reset(self) -> None:
        self.quote: str | None = None  # the open string's quote: ' " ''' or """
        self.depth = 0  # open brackets
        self.continued = False  # a backslash ended the line

    @property
    def at_statement_start(self) -> bool:
        return self.quote is None and self.depth == 0 and not self.continued

    def feed(self, line: str) -> None:
        k, n = 0, len(line)
        self.continued = False
        while k < n:
            c = line[k]
            if self.quote is not None:
                if c == "\\":
                    if k + 1 >= n:
                        self.continued = True  # backslash-newline inside a string
                    k += 2
                    continue
                if line.startswith(self.quote, k):
                    k += len(self.quote)
                    self.quote = None
                    continue
            elif c == "#":
                break
            elif c in "([{":
                self.depth += 1
            elif c in ")]}":
                self.depth = max(0, self.depth - 1)
            elif c in "'\"":
                self.quote = c * 3 if line.startswith(c * 3, k) else c
                k += len(self.quote)
                continue
            elif c == "\\" and k == n - 1:
                self.continued = True
            k += 1
        if self.quote in ("'", '"') and not self.continued:
            self.quote = None  # an unterminated one-line string: a syntax error for Python to report
