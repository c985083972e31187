"""Session 35's review: a hole left open by the landed work, pinned as a strict xfail until it was mended (session 36:
the drawn probes are named to the worker only once its published ones are observed, grader/sandbox/late_names.py;
tests/test_drawn_late.py tries more ways in).

redteam35b (judge/cross_check._drawn_outcome) hides every number of a failure at the drawn inputs, so that a
harvester cannot learn the draws of its run from feedback. But the worker was told every probe it runs on its command
line before the first one ran (`run=add_values,...,add_values@<token>,...`: grader/sandbox/worker.py), the drawn
ones' tokens included, and grader/drawn_inputs.py, which maps a token to its inputs, is public. An engine read
sys.argv at import and raised the tokens in a probe at the *published* inputs, whose failures keep their text: one
submission showed every draw of its run (78 tokens, 1,457 characters, before trust35's five probes) for one
point, as before redteam35b. Now its command line names the published probes alone: the first tanh raises what it
found there, nothing."""

from pathlib import Path

from grader.pipeline import grade
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")

ARGV_LEAK = r'''

# Reads the probes it will run from its command line, and raises the drawn ones' tokens in the first tanh, which
# runs at the published inputs (tanh/zero): whatever it found (session 35: every token of the run; now none).
import sys as _sys

_RUN = [a.partition("=")[2] for a in _sys.argv if a.startswith("run=")]
_TOKENS = [n.partition("@")[2] for n in (_RUN[0].split(",") if _RUN else []) if "@" in n]
_TOLD = []
_tanh = Value.tanh


def _leaking_tanh(self):
    if not _TOLD:
        _TOLD.append(1)
        raise ValueError("LEAK " + " ".join(_TOKENS))
    return _tanh(self)


Value.tanh = _leaking_tanh
'''


def test_no_draw_of_the_run_shows_in_a_failure_at_the_published_inputs(tmp_path, monkeypatch):
    monkeypatch.delenv("MICROGRAD_GRADER_SECRET", raising=False)
    (tmp_path / "leak.py").write_text(CORRECT + ARGV_LEAK, encoding="utf-8")
    graded = grade(tmp_path, limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=30), jobs=1)
    (row,) = graded.scores["submissions"]
    tokens = [name.partition("@")[2] for name in graded.runs["leak"]["drawn"]]
    assert len(tokens) >= 78  # the engine suite's drawn probes, each observed at its draw (83 since trust35)
    shown = " ".join(test["output"] for test in row["tests"])
    assert (row["status"], row["score"]) == ("graded", 62.0)  # tanh/zero lost, as the trick costs
    assert "ValueError: LEAK " in shown  # its failure at the published inputs keeps its text
    assert not [token for token in tokens if token in shown]


def test_the_engine_package_passed_as_the_entry_itself_is_the_engine(tmp_path):
    """strangers35 took `alice/engine/__init__.py` (a folder below the entry) as the engine, but not the package
    folder passed itself, as a student checks it: `grade check -e engine engine/` said "no engine.py found in engine/;
    expected engine.py, or a single .py or .ipynb file (found: __init__.py, ...)" (0), where `grade check -e engine .`
    beside it scored 63/63. The entry's own folder named `engine` holding `__init__.py` is the package too."""
    from grader.load import load_entry

    files = {"__init__.py": "from .value import Value\nfrom . import ops\n", "value.py": "class Value:\n    pass\n",
             "ops.py": "from .value import Value\n"}
    for name, text in files.items():
        (tmp_path / "engine").mkdir(exist_ok=True)
        (tmp_path / "engine" / name).write_text(text, encoding="utf-8")
    sub = load_entry(tmp_path / "engine", frozenset({"engine.py"}))
    assert not sub.rejected, sub.problem
    assert (sorted(sub.files), sub.package) == (["engine.py", "ops.py", "submission/__init__.py", "value.py"],
                                                "submission")
    assert sub.files["engine.py"] == files["__init__.py"].encode()
    assert sub.origins["engine.py"].file == "__init__.py"  # its messages name the file handed in
    (tmp_path / "engine" / "__init__.py").rename(tmp_path / "engine" / "main.py")  # no package without its __init__
    assert load_entry(tmp_path / "engine", frozenset({"engine.py"})).problem.startswith("no engine.py found in engine/")
