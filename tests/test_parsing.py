"""Two of the grader's threads parse at once (the observing threads read each submission's imports while its
worker starts, the rows' thread reads hints): each gets its own file's tree, whatever the other does.

CPython before 3.11.8 (and 3.12.0-3.12.1) counts the AST constructor's depth in one counter for the whole
interpreter (gh-106905, fixed by gh-113035): a garbage collection inside one thread's parse runs a finalizer,
the finalizer lets another thread in, that thread's parse resets the counter, and the first fails with a
spurious SystemError ("AST constructor recursion depth mismatch") that reads as a file that does not parse.
Session 9's CI lost bob's numpy import so (tests/test_reading_ahead.py). Here the other thread's parse is
made to happen exactly there, inside the first one, by a finalizer: no timing decides anything."""

import ast
import gc
import os
import signal
import threading
from pathlib import Path

import pytest

from grader import forbidden, parsing

REFERENCE = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_text()
PADDING = "_PADDING = (" + "0, " * 2500 + ")\n"  # enough nodes that its parse makes a collection due (3.13: 2,000)
BOB = "import numpy as np\n" + REFERENCE + "\n# parsed while another file is parsed\n" + PADDING
ALICE = REFERENCE + "\n# parsed inside bob's parse\n"


class _OtherThreadParses:
    """Garbage whose finalizer, run by a collection (inside the parse that allocated enough to start one, if
    the collector may run then), parses another file in another thread and waits for it."""

    def __init__(self, parse, got):
        self.cycle, self.parse, self.got = self, parse, got  # a cycle: only the collector frees it

    def __del__(self):
        if "alice" in self.got:
            return
        thread = threading.Thread(target=lambda: self.got.setdefault("alice", self.parse(ALICE)))
        thread.start()
        thread.join(600)  # a bound only a deadlock reaches (the other thread waiting for a lock this one holds)
        self.got["alice done"] = not thread.is_alive()


def _parse_while_another_thread_parses(parse):
    """{"bob": parse(BOB), "alice": parse(ALICE), ...}, alice's parse started by a finalizer of garbage made
    right before bob's (so the first collection, in bob's parse unless the parse holds the collector off)."""
    forbidden._PARSED.clear()
    got = {}
    assert len(list(ast.walk(ast.parse(BOB)))) > gc.get_threshold()[0]  # its parse allocates enough to collect
    gc.collect()
    for _ in range(20):
        _OtherThreadParses(parse, got)
    got["bob"] = parse(BOB)
    gc.collect()  # where the garbage is freed when the parse held the collector off
    forbidden._PARSED.clear()
    return got


def test_a_file_parsed_while_another_thread_parses_gets_its_own_tree():
    got = _parse_while_another_thread_parses(forbidden.parsed)
    assert got["alice done"] is True
    assert ast.dump(got["bob"]) == ast.dump(ast.parse(BOB))
    assert ast.dump(got["alice"]) == ast.dump(ast.parse(ALICE))


def test_the_forbidden_imports_read_while_another_thread_reads_are_the_files_own():
    def imports(text):
        return forbidden.forbidden_imports({"engine.py": text.encode()}, ("numpy",))

    got = _parse_while_another_thread_parses(imports)
    assert got["alice done"] is True
    assert got["bob"] == [{"module": "numpy", "file": "engine.py", "line": 1}]
    assert got["alice"] == []


def test_the_collection_a_parse_leaves_due_runs_its_finalizers_with_the_lock_let_go():
    """A parse allocates with the collector off; the first allocation after it is back collects. A finalizer
    run then may parse, or wait for a thread that parses: with the lock still held, it would wait for ever
    (a `with` block's exit allocated there: every such finalizer ran inside the lock)."""
    found = []

    class Garbage:
        def __init__(self):
            self.cycle = self

        def __del__(self):
            found.append(parsing._LOCK.locked())

    assert len(list(ast.walk(ast.parse(BOB)))) > gc.get_threshold()[0]  # its parse leaves a collection due
    gc.collect()
    for _ in range(5):
        Garbage()
    parsing.parse(BOB)
    gc.collect()
    assert found == [False] * 5


def test_a_process_forked_while_another_thread_parses_parses_and_collects():
    """The fleet's work horses and a process pool are forked, maybe while another thread is inside parse():
    the child has the lock that thread held, never to be released, and the collector it turned off."""
    collecting = gc.isenabled()
    with parsing._LOCK:  # as another thread inside parse() holds them
        gc.disable()
        parsing._holding_off = True
        try:
            pid = os.fork()
            if pid == 0:  # the child: parses (or hangs on the lock until the alarm), and says whether it collects
                signal.alarm(60)  # a bound only a hang reaches
                same = ast.dump(parsing.parse(BOB)) == ast.dump(ast.parse(BOB))
                os._exit(0 if same and gc.isenabled() else 1)
        finally:
            parsing._holding_off = False
            if collecting:
                gc.enable()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


# Where the grader compiles or runs text as code (compile, exec, eval), by (file under grader/, the function it is in,
# the call), and why it is no parse to route through grader/parsing.py. Text compiled to code builds no tree of
# Python AST objects: the AST constructor whose interpreter-wide counter gh-106905 is about runs only for a tree
# (ast.parse, compile with ast.PyCF_ONLY_AST, ast.literal_eval of text), so a compile neither disturbs a parse nor is
# disturbed by one. Each is named all the same, so that a new one is looked at, not let through by a rule.
_TO_CODE = "text compiled to code, never a tree"
COMPILES = {
    ("classroom/notebook_check.py", "_kernel_cells", "compile"):
        f"{_TO_CODE}: whether a cell compiles as the kernel ran it (the compiler's SyntaxErrors too, a `return` "
        "outside a function, which a parse does not raise)",
    ("engines.py", "trusted_module", "compile"): f"{_TO_CODE}: a trusted engine (a variant, a style) run as a module",
    ("engines.py", "trusted_module", "exec"): "runs the code compiled beside it",
    ("engines.py", "reference_mistake", "compile"):
        f"{_TO_CODE}: a module of the reference (gradcheck.py, nn.py, dual.py, fit_line.py) with a named mistake "
        "made, run as a module (06's, 07's, 08's and 11's mistakes.py)",
    ("engines.py", "reference_mistake", "exec"): "runs the code compiled beside it",
    ("sandbox/worker.py", "_load_source", "compile"):
        f"{_TO_CODE}, in the worker's process (one thread, no grader in it): a runner module without its .code",
    ("sandbox/worker.py", "_load_source", "exec"): "runs the code compiled beside it, in the worker's process",
    ("sandbox/template_runner.py", "_load", "compile"): f"{_TO_CODE}, in the sandbox's template process: worker.py",
    ("sandbox/template_runner.py", "_load", "exec"): "runs the code compiled beside it, in the template process",
    ("suites/09-write-tests/probes.py", "_run_tests", "compile"):
        f"{_TO_CODE}, in the worker's process (probes run in the sandbox): the student's engine and tests",
    ("suites/09-write-tests/probes.py", "_run_tests", "exec"): "runs the code compiled beside it, in the worker",
    ("suites/09-write-tests/probes.py", "_conftest", "compile"):
        f"{_TO_CODE}, in the worker's process (probes run in the sandbox): the student's conftest.py (strangers40)",
    ("suites/09-write-tests/probes.py", "_conftest", "exec"): "runs the conftest.py compiled beside it, in the worker",
}


def _parses_and_compiles(text):
    """What a module's text does that parses or compiles text, from its syntax tree (its docstrings and comments, which
    name these calls, are not calls): (offenders, compiles). An offender parses outside grader/parsing.py: any use of
    ast.parse, or `from ast import parse`; ast.literal_eval of anything but the `.body` of a tree parse() made (text
    given to it is parsed by ast.parse); compile with ast.PyCF_ONLY_AST (a parse); exec or eval of a string written
    in the call. compiles: the (function, call) of each compile, exec and eval, for COMPILES."""
    offenders, compiles, tree = [], set(), ast.parse(text)

    def visit(node, function):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        name = (node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else
                node.func.attr if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else None)
        where = (function, getattr(node, "lineno", None))
        if isinstance(node, ast.Attribute) and node.attr == "parse" and isinstance(node.value, ast.Name) \
                and node.value.id == "ast":
            offenders.append(("ast.parse", *where))
        elif isinstance(node, ast.ImportFrom) and node.module == "ast" and any(a.name == "parse" for a in node.names):
            offenders.append(("from ast import parse", *where))
        elif name == "literal_eval":
            arg = node.args[0] if node.args else None
            made_by_parse = (isinstance(arg, ast.Attribute) and arg.attr == "body" and isinstance(arg.value, ast.Call)
                             and getattr(arg.value.func, "id", getattr(arg.value.func, "attr", None)) == "parse")
            if not made_by_parse:
                offenders.append(("literal_eval of text", *where))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and name in ("compile", "exec", "eval"):
            if any(isinstance(n, ast.Attribute) and n.attr == "PyCF_ONLY_AST" for n in ast.walk(node)):
                offenders.append(("compile to a tree", *where))
            elif name != "compile" and node.args and isinstance(node.args[0], (ast.Constant, ast.JoinedStr)):
                offenders.append((f"{name} of text", *where))
            else:
                compiles.add((function, name))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return offenders, compiles


def test_what_parses_or_compiles_text_is_told_from_its_syntax_tree():
    """Each way to parse outside grader/parsing.py is found, in a call, not in a docstring that names it; compiles are
    listed for COMPILES. The first offender is i18n/starters.py's _string_value before de3b4c3, which a grep for
    `ast.parse(` could not see."""
    text = (
        '"""ast.parse(text) and ast.literal_eval(text), named in a docstring."""\n'
        "import ast\nfrom ast import parse, literal_eval\nfrom .parsing import parse\n"
        "def _string_value(token):\n    return ast.literal_eval(token)\n"
        "def node(token):\n    return ast.literal_eval(parse(token, mode='eval').body)\n"
        "def tree(text):\n    return ast.parse(text), compile(text, 'f', 'exec', ast.PyCF_ONLY_AST)\n"
        "def passed_on(text):\n    return map(ast.parse, [text])\n"
        "def run(text):\n    exec(compile(text, 'f', 'exec'), {})\n    eval('1 + 1')\n    exec(f'x = {text}')\n"
    )
    assert _parses_and_compiles(text) == ([
        ("from ast import parse", "<module>", 3),
        ("literal_eval of text", "_string_value", 6),
        ("ast.parse", "tree", 10), ("compile to a tree", "tree", 10),
        ("ast.parse", "passed_on", 12),
        ("eval of text", "run", 15), ("exec of text", "run", 16),
    ], {("run", "compile"), ("run", "exec")})


def test_every_parse_of_the_grader_goes_through_grader_parsing():
    """A parse outside grader/parsing.parse can be disturbed by one inside it (and disturb it): every module's
    parse goes through it, the one-thread tools' too (a handout, a wheel's visible tests), so none is left out by
    being thought single-threaded: ast.parse, ast.literal_eval of text (which is ast.parse of it), compile to a tree,
    exec or eval of a string. Each compile, exec and eval of text is listed in COMPILES with why it is no parse."""
    grader = Path(__file__).resolve().parents[1] / "grader"
    offenders, compiles = [], set()
    for path in sorted(grader.rglob("*.py")):
        if path.name == "parsing.py" and path.parent == grader:
            continue
        found, calls = _parses_and_compiles(path.read_text(encoding="utf-8"))
        module = str(path.relative_to(grader))
        offenders += [(module, *offender) for offender in found]
        compiles |= {(module, *call) for call in calls}
    assert offenders == []
    assert sorted(compiles) == sorted(COMPILES)


LONG_LINE = "def add_them(a):\n    return " + " + ".join(["a"] * 1000) + " + None\n"  # a TypeError at its last +


def test_a_grader_error_formatted_while_another_thread_parses_reads_the_same():
    """CPython 3.11 parses the line of each frame of a traceback it formats (the carets under the operator that
    failed): a grader error formatted while another thread parses, its collection inside that parse, lost its
    carets (the SystemError, which traceback swallows) or took the other thread's parse's counter."""
    import linecache
    import traceback

    if not hasattr(traceback, "_extract_caret_anchors_from_line_segment"):
        pytest.skip("this Python's tracebacks parse no line (3.10: no carets)")
    linecache.cache["<long line>"] = (len(LONG_LINE), None, LONG_LINE.splitlines(True), "<long line>")
    namespace = {}
    exec(compile(LONG_LINE, "<long line>", "exec"), namespace)
    try:
        namespace["add_them"](1)
    except TypeError as exc:
        error = traceback.TracebackException.from_exception(exc)
    alone = "".join(error.format())
    assert len(list(ast.walk(ast.parse(LONG_LINE)))) > gc.get_threshold()[0]  # the line's parse collects
    got = {}
    gc.collect()
    for _ in range(20):
        _OtherThreadParses(parsing.parse, got)
    formatted = "".join(error.format())
    gc.collect()
    del linecache.cache["<long line>"]
    assert got["alice done"] is True
    assert ast.dump(got["alice"]) == ast.dump(ast.parse(ALICE))
    assert "~~~~~~~~~~~~~~~~~~~~~~~~~~~^~~~~~" in alone  # a + ... + a under ~, the failing + under ^, None under ~
    assert formatted == alone


def test_a_calls_name_is_the_name_or_attribute_it_is_spelt_with_else_none():
    # parsing.called_name: what the diagnosis, the loader and the forbidden imports read a call by (session 40: the
    # expression stood in seven places of theirs)
    from grader.parsing import called_name

    calls = [node for node in ast.walk(ast.parse("f(1)\nx.y.g()\nh()()\nt[0]()\n(lambda: 1)()\nimportlib.reload(m)\n"))
             if isinstance(node, ast.Call)]
    assert [called_name(call.func) for call in calls] == ["f", "g", None, None, None, "reload", "h"]
