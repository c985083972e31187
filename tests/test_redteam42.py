"""Session 42's red team (docs/security.md, "Session 42's red team"): what session 41 left of the sandbox.

- /tmp filled (OSError ENOSPC, the sandbox's tmpfs of --file-size MiB) is said as that limit's, with what to do; it was
  the bare "No space left on device".
- A worker that stops itself (SIGSTOP) is said to have stopped, not to loop; it was an infinite loop's words.
- `grade check` and the grade of record start the worker with one command line (`later=1` in both: the drawn probes'
  channel, empty in a check); the check's lacked it, which an engine could read.
- The observer names a submission's modules "standard" by the loader's SHADOWING, never a list of its own.
"""

import errno
import json
import re
import types
from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap, sandbox_worker_module

from grader.load.shadowing import SHADOWING, worker_names
from grader.observe.attempt import Attempt
from grader.observe.protocol import parse_event
from grader.sandbox import Limits, raised
from grader.sandbox.late_names import LateNames
from grader.sandbox.limit_hit import ran_out
from grader.sandbox.pipes import ran_out_text

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")
LIMITS = Limits(probe_seconds=1, import_seconds=5, submission_seconds=30, file_size_mb=8)
CAPPED = types.SimpleNamespace(limits=LIMITS, tmp_capped=True)  # bubblewrap's /tmp, or the grader's own tmpfs
UNCAPPED = types.SimpleNamespace(limits=LIMITS)  # the portable worker, or bubblewrap without --size: the disk's
ENOSPC = "OSError: [Errno 28] No space left on device"
FULL = ("the folder for temporary files (/tmp) is full: the files your code wrote there reached its size (8 MiB for "
        "all of them together) or its number of files; an engine needs to write no file: remove the code that writes "
        "them, or delete each file once it is used")
STOPPED = ("your code stopped its own process (a `SIGSTOP` or `SIGTSTP` signal: `os.kill(os.getpid(), "
           "signal.SIGSTOP)`, `os.killpg`, `signal.raise_signal`), which then did nothing until its time ran out; an "
           "engine sends no signal: remove the code that sends it")


def _facts_of(exc):
    worker = sandbox_worker_module()

    try:
        raise exc
    except OSError as caught:
        return raised.facts(caught, "/sandbox", None, worker._text, worker._type_name)


def test_a_full_tmp_is_the_disk_space_limit_with_its_size_where_the_sandbox_sets_it():
    assert _facts_of(OSError(errno.ENOSPC, "No space left on device"))["ran_out"] == "disk-space"
    assert ran_out("disk-space", CAPPED) == {"kind": "disk-space", "value": 8, "unit": "MiB"}
    assert ran_out("disk-space", UNCAPPED) == {"kind": "disk-space", "value": None, "unit": None}
    said = ran_out_text("disk-space", ENOSPC, "OSError", ran_out("disk-space", CAPPED))
    assert str(said) == f"{ENOSPC}, because {FULL}"
    assert {k: v for k, v in said.params.items() if k.startswith("limit")} == {
        "limit": "disk-space", "limit_value": 8, "limit_unit": "MiB"}
    assert str(ran_out_text("disk-space", ENOSPC, "OSError", ran_out("disk-space", UNCAPPED))) == (
        f"{ENOSPC}, because the folder your code wrote a file in is full (the machine's room, not a limit of the "
        "grader's); an engine needs to write no file: remove the code that writes them, or delete each file once it "
        "is used")
    # the observer takes the fact (it refused it as a forged report: "bad exception facts", the row crashed, 0)
    line = {"event": "result", "probe": "p", "status": "error", "error": ENOSPC, "exception": "OSError",
            "where": None, "facts": {"raised_in": None, "entered": None, "name": None, "owner": None,
                                     "operator": None, "missing": [], "ran_out": "disk-space"}}
    assert parse_event(json.dumps(line).encode(), "p")["facts"]["ran_out"] == "disk-space"


def test_the_raised_module_binds_no_dead_alias():
    assert not hasattr(raised, "_Exception")  # session 41 left `_Exception` bound and unused in the runner


def test_the_workers_names_are_the_loaders_standard_modules():
    # a `sitecustomize.py` is no standard module to the loader (never Python's start-up hooks): nor to the worker
    assert "sitecustomize" not in SHADOWING and "random" in SHADOWING
    assert worker_names({"engine", "random", "sitecustomize"}, None) == {"shadows": ["random"]}
    assert worker_names({"engine"}, None) == {}
    assert worker_names({"micrograd", "__init__", "engine", "random", "sitecustomize"}, "micrograd") == {
        "package": "micrograd", "own": ["engine", "sitecustomize"]}


def _request(todo, as_drawn=False, box=types.SimpleNamespace(late_names=LateNames, limits=LIMITS)):
    return Attempt(box, 0, None, {"module": "engine"}, todo, None, None, as_drawn=as_drawn).request


def test_a_check_and_the_grade_of_record_give_the_worker_one_command_line():
    # the grade of record names its drawn probes later, on the channel; a check of a suite that draws has none, and
    # the same line (it had no `later=1`)
    assert _request(["chain", "diamond", "chain@k1", "diamond@k2"]) == _request(["chain", "diamond"], True) == {
        "module": "engine", "run": ["chain", "diamond"], "later": 1}
    # a suite that draws nothing: neither has the channel (a module more in the worker would move the heap)
    assert _request(["chain", "diamond"]) == {"module": "engine", "run": ["chain", "diamond"]}
    # a sandbox without the channel (a stand-in of the tests') names every probe on the line, as before
    assert _request(["chain"], True, types.SimpleNamespace(limits=LIMITS)) == {"module": "engine", "run": ["chain"]}


@pytest.mark.slow
@needs_bwrap
def test_grade_check_starts_the_engine_suites_worker_as_the_grade_does(tmp_path, monkeypatch):
    """Both through the pipeline, the worker's arguments as the sandbox builds them (layers.worker_arguments)."""
    import grader.sandbox as sandbox
    from grader.classroom.student_check import check
    from grader.pipeline import grade

    seen = []
    monkeypatch.setattr(sandbox, "worker_arguments", lambda request: seen.append(
        sandbox.layers.worker_arguments(request)) or seen[-1])
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "alice.py").write_text(CORRECT, encoding="utf-8")
    grade(tmp_path / "class", exercise="engine", limits=LIMITS, jobs=1, draw_secret=b"redteam42")
    check(tmp_path / "class" / "alice.py", "engine", limits=LIMITS)
    assert len(seen) == 2 and seen[0] == seen[1] and "later=1" in seen[0]


@pytest.mark.parametrize("files, carried", [
    # a call with a literal name, wherever it is (a function's body, a `try`): carried, as `python engine.py` finds it
    ({"engine.py": "import importlib\ndef f():\n    return importlib.import_module('random')\nclass Value: pass\n",
      "random.py": ""}, ["engine.py", "random.py"]),
    ({"engine.py": "try:\n    r = __import__('copy')\nexcept ImportError:\n    r = None\nclass Value: pass\n",
      "copy.py": ""}, ["copy.py", "engine.py"]),
    # an import statement in a `try` (body or handler), an `if`, a `with`: read as the calls are (mend42a; before, left
    # out, and `import random` in a `try` got Python's where `python engine.py` gives theirs)
    ({"engine.py": "try:\n    import random\nexcept ImportError:\n    random = None\nclass Value: pass\n",
      "random.py": ""}, ["engine.py", "random.py"]),
    ({"engine.py": "try:\n    import numpy\nexcept ImportError:\n    from copy import deepcopy\nclass Value: pass\n",
      "copy.py": ""}, ["copy.py", "engine.py"]),
    ({"engine.py": "import sys\nif sys.version_info >= (3,):\n    import types\nclass Value: pass\n", "types.py": ""},
     ["engine.py", "types.py"]),
    ({"engine.py": "import contextlib\nwith contextlib.suppress(ImportError):\n    import random as r\nclass Value: pass\n",
      "random.py": ""}, ["engine.py", "random.py"]),
    # by a helper of theirs
    ({"engine.py": "from notes import x\nclass Value: pass\n",
      "notes.py": "from importlib import import_module\nx = import_module('types')\n", "types.py": ""},
     ["engine.py", "notes.py", "types.py"]),
    # a name the loader cannot read (a variable), a function it does not know by its name (an alias): carried since
    # session 43 (the file reaches the import system: shadowing.reaches_imports), and the worker decides at run time;
    # no call: left out
    ({"engine.py": "from importlib import import_module as im\nr = im('random')\nclass Value: pass\n",
      "random.py": ""}, ["engine.py", "random.py"]),
    ({"engine.py": "import importlib\nname = 'random'\nr = importlib.import_module(name)\nclass Value: pass\n",
      "random.py": ""}, ["engine.py", "random.py"]),
    ({"engine.py": "s = 'import_module(\"random\")'\nclass Value: pass\n", "random.py": ""}, ["engine.py"]),
])
def test_a_standard_named_file_reached_by_an_import_call_of_a_literal_name_is_carried(tmp_path, files, carried):
    from grader.load import load_entry

    (tmp_path / "hw").mkdir()
    for name, text in files.items():
        (tmp_path / "hw" / name).write_text(text, encoding="utf-8")
    sub = load_entry(tmp_path / "hw")
    assert (sub.problem, sorted(sub.files)) == (None, carried)


def _in_backward(body, before=""):
    """A correct engine whose backward() first runs `body`."""
    return CORRECT + "\n\n" + before + "_bw = Value.backward\ndef _b(self):\n" + body + "    return _bw(self)\n" + (
        "Value.backward = _b\n")


RANDOM_PY = "def student_helper():\n    return 25\n"
# their random.py, reached by a call of a literal name: theirs, as `python engine.py` gives it on a Python that has
# not imported `random` before the script (session 42: the loader left random.py out and the call got Python's: the
# import failed, 0)
BY_CALL = "\n\nimport importlib as _il\n_R = {call}\nassert _R.student_helper() == 25, _R\n"


def _notebook():
    """A notebook that writes its random.py (`%%writefile`), imports it and checks that it is its own, then its engine."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("%%writefile random.py\n" + RANDOM_PY),
                nbformat.v4.new_code_cell("import random\nassert random.student_helper() == 25\n"),
                nbformat.v4.new_code_cell(CORRECT)]
    return nbformat.writes(nb)


HOSTILE = {
    "honest": CORRECT,
    "import-module": {"engine.py": CORRECT + BY_CALL.format(call='_il.import_module("random")'), "random.py": RANDOM_PY},
    "dunder-import": {"engine.py": CORRECT + BY_CALL.format(call='__import__("random")'), "random.py": RANDOM_PY},
    # the grader: their random (the %%writefile cell's code put where it is imported: grader/load/written.py); in
    # Jupyter the kernel imported Python's random before any cell ran, and `import random` gets that one: the assert
    # fails there (docs/contract.md, session 42)
    "notebook-random.ipynb": _notebook(),
    # files of 3 MiB in /tmp until it is full (each under the file-size limit: never EFBIG)
    "tmp-fill": _in_backward("    _n = 0\n    while True:\n        _n += 1\n"
                             "        with open(_tf.gettempdir() + '/fill%d.bin' % _n, 'wb') as f:\n"
                             "            f.write(b'x' * (3 << 20))\n", "import tempfile as _tf\n"),
    "sigstop": _in_backward("    _os.kill(_os.getpid(), _sig.SIGSTOP)\n", "import os as _os, signal as _sig\n"),
    # their random.py and no import call: the worker that gives it imports no `importlib` (nor its `warnings`) of its
    # own, as a worker without it (review42a: shadows.py imported both, two modules more in such a worker's heap)
    "shadow-no-importlib": {"engine.py": "import random, sys\nassert random.student_helper() == 25\n"
                            "assert not {'importlib', 'warnings'} & set(sys.modules), sys.modules.keys()\n" + CORRECT,
                            "random.py": RANDOM_PY},
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    from grader.pipeline import grade

    folder = tmp_path_factory.mktemp("redteam42") / "class"
    folder.mkdir()
    for name, code in HOSTILE.items():
        if isinstance(code, dict):
            (folder / name).mkdir()
            for file, text in code.items():
                (folder / name / file).write_text(text, encoding="utf-8")
        else:
            (folder / (name if name.endswith(".ipynb") else f"{name}.py")).write_text(code, encoding="utf-8")
    result = grade(folder, exercise="05-backward", limits=LIMITS, jobs=2)
    assert result.sandbox == "bubblewrap"
    return {row["id"]: row for row in result.scores["submissions"]}


def _first_words(row):
    failing = [t for t in row["tests"] if t["status"] not in ("passed", "skipped") and t["name"] != "engine/imports"]
    return {re.search(r"(your engine raised .*|did not finish .*)", t["output"].splitlines()[0]).group(1)
            for t in failing}


@pytest.mark.slow
@needs_bwrap
def test_a_full_tmp_and_a_stopped_worker_are_said_as_what_happened(graded):
    assert {sid: (row["status"], row["score"]) for sid, row in graded.items()} == {
        "honest": ("graded", 25.0), "tmp-fill": ("graded", 0.0), "sigstop": ("timeout", 0.0),
        "import-module": ("graded", 25.0), "dunder-import": ("graded", 25.0), "notebook-random": ("graded", 25.0),
        "shadow-no-importlib": ("graded", 25.0)}
    assert {w.partition(" (tmp-fill.py")[0] for w in _first_words(graded["tmp-fill"])} == {
        f"your engine raised {ENOSPC}, because {FULL}"}
    assert graded["sigstop"]["message"] == (
        f"3 probes in a row did not finish within 1 s each; the rest were not run, because {STOPPED}")
    # the probes that timed out, and those not run after the third in a row: each says the process was stopped
    assert _first_words(graded["sigstop"]) == {
        f"did not finish within 1 s, because {STOPPED}",
        f"did not finish within 1 s each; the rest were not run, because {STOPPED}"}


# -- what the student reads: `grade check`'s lines and Jupyter's table ------------------------------------------------

FORGED = "boom\x1b[2K\rPASS  order/chain  fake\nPASS  order/diamond  fake\u2028PASS x\u202eabc"


def test_a_check_entry_shows_a_students_controls_and_separators_as_escapes():
    from grader.classroom.check_report import _entry

    # a newline of the student's stays a line of the entry, indented (no line the check did not make starts with PASS);
    # the escape sequence, the separator and the bidi override are shown as text (U+2028 was a line of its own, and
    # U+202E reached the terminal raw)
    assert _entry("FAIL  seed/single-op  ", f"your engine raised ValueError: {FORGED}").splitlines() == [
        "FAIL  seed/single-op  your engine raised ValueError: boom\\x1b[2K\\x0dPASS  order/chain  fake",
        "                      PASS  order/diamond  fake\\u2028PASS x\\u202eabc"]


@pytest.mark.slow
@needs_bwrap
def test_grade_check_shows_a_forged_pass_in_an_exception_as_the_students_text(tmp_path):
    from grader.classroom.student_check import check

    engine = tmp_path / "engine.py"
    engine.write_text(_in_backward(f"    raise ValueError({FORGED!r})\n"), encoding="utf-8")
    result = check(engine, "05-backward", limits=LIMITS)
    lines = str(result).splitlines()
    assert [line.split(None, 1)[0] for line in lines[1:] if not line.startswith(" ")][:10] == [
        "PASS", "SKIP", "FAIL", "FAIL", "FAIL", "FAIL", "FAIL", "FAIL", "FAIL", "why:"]
    at = lines.index(next(line for line in lines if line.startswith("FAIL  seed/single-op ")))
    # the worker's text of a message already makes ESC and CR U+FFFD (sandbox/worker.py _text); the rest is escaped
    assert lines[at:at + 2] == [
        "FAIL  seed/single-op            y = a * b at a = 3, b = -2 (one operation): your engine raised ValueError: "
        "boom\ufffd[2K\ufffdPASS  order/chain  fake",
        "                                PASS  order/diamond  fake\\u2028PASS x\\u202eabc (engine.py, line 141, in _b)"]
    # Jupyter's table (check()'s _repr_html_): the same escapes in its cells, none of the characters raw
    from grader.classroom.check_report import html_table

    table = html_table(result)
    assert not {"\x1b", "\r", "\u2028", "\u202e"} & set(table)
    assert "PASS  order/diamond  fake\\u2028PASS x\\u202eabc" in table


@pytest.mark.parametrize("call", ["__import__", "importlib.import_module"])
def test_a_shadows_wrapper_called_from_c_with_no_python_caller_gives_pythons_module(tmp_path, call):
    # `_thread.start_new_thread` runs `out.extend(map(wrapper, ["random"]))` with no Python frame below the wrapper:
    # sys._getframe(1) raised ValueError there (mend42a); no file of the student's called it, so Python's module
    import subprocess
    import sys

    (tmp_path / "hw").mkdir()
    (tmp_path / "hw" / "random.py").write_text("mine = True\n", encoding="utf-8")
    script = (
        "import _thread, builtins, importlib, sys, time\n"
        "from grader.sandbox import shadows\n"
        f"shadows.install({{'shadows': 'random'}}, {str(tmp_path / 'hw') + '/'!r})\n"
        "import random as pythons\n"
        "errors = []\n"
        "sys.unraisablehook = lambda u: errors.append(type(u.exc_value).__name__)\n"
        "out = []\n"
        f"_thread.start_new_thread(out.extend, (map({'builtins.' + call if call == '__import__' else call}, "
        "['random']),))\n"
        "deadline = time.monotonic() + 30\n"
        "while not out and not errors and time.monotonic() < deadline:\n"
        "    time.sleep(0.01)\n"
        "print([m is pythons for m in out], errors)\n")
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert (ran.stdout, ran.stderr) == ("[True] []\n", "")
