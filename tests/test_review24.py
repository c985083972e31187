"""Session 24's review of what the session landed (helper review24): fresh samples that broke it, each failing
before its fix."""

from pathlib import Path

from load_support import ENGINE, write

from grader.load import load_entry, load_folder
from grader.load.reading import MAX_HELPER_MODULES
from grader.pipeline import grade
from grader.sandbox import Limits

ENGINE_ONLY = frozenset({"engine.py"})


def test_a_class_of_files_named_like_canvas_by_accident_is_read_entry_by_entry(tmp_path):
    # Names with underscores and numbers that Canvas never writes: a class of these was one row, every student's
    # file a helper of one "student" (`hw_3`, `2026_12`), rejected for having no engine.py (session 24's exports).
    classes = {
        "no-file-id": ["lab_3_alice.py", "lab_3_bob.py"],  # a user's entry without a file id is Canvas's .html
        "same-file-id": ["hw_3_1_alice.py", "hw_3_1_bob.py", "hw_3_1_carol.py"],  # one attachment id, three files
        "leading-zero": ["2026_12_01_alice.py", "2026_12_03_bob.py"],  # Canvas's ids have no leading zero
        "digits-only": ["2026_12_14_alice.py", "2026_12_15_bob.py"],  # a Canvas student is a name, not a number
        "two-names-one-user": ["alice_7_11_engine.py", "bob_7_12_engine.py"],  # a user id is one student
    }
    for label, names in classes.items():
        folder = write(tmp_path / label, {name: ENGINE for name in names})
        assert [(s.id, s.problem, s.export) for s in load_folder(folder)] == [
            (name[:-3], None, None) for name in sorted(names)], label


def _folder(root, files):
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


REFERENCE = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_text(encoding="utf-8")


def test_a_namespace_package_a_helper_imports_travels_with_it(tmp_path):
    # Session 24 carried a folder without __init__.py only where an exercise file imported it: one imported by a
    # helper module or a package's module was left out, and the engine's import failed in the sandbox (0/63).
    helper = _folder(tmp_path / "helper", {"engine.py": "from helpers import Value  # noqa: F401\n",
                                           "helpers.py": "from utils.base import Value  # noqa: F401\n",
                                           "utils/base.py": REFERENCE, "venv/lib/site.py": "x = 1\n"})
    nested = _folder(tmp_path / "nested", {"engine.py": "from autodiff.value import Value  # noqa: F401\n",
                                           "autodiff/value.py": "from autodiff.kernels.ops import Value  # noqa\n",
                                           "autodiff/kernels/ops.py": REFERENCE})
    assert [(s.problem, sorted(s.files)) for s in (load_entry(helper, ENGINE_ONLY), load_entry(nested, ENGINE_ONLY))] \
        == [(None, ["engine.py", "helpers.py", "utils/base.py"]),
            (None, ["autodiff/kernels/ops.py", "autodiff/value.py", "engine.py"])]


def test_namespace_packages_imported_round_after_round_stay_within_the_helper_cap(tmp_path):
    # p0 imports p1, which imports p2, ...: each found a round after the last; the carried helpers stay 32.
    files = {"engine.py": REFERENCE + "import p0.m  # noqa: F401,E402\n"}
    files.update({f"p{i}/m.py": f"import p{i + 1}.m  # noqa: F401\n" for i in range(40)})
    sub = load_entry(_folder(tmp_path / "chain", files), ENGINE_ONLY)
    assert (sub.problem, len(sub.files)) == (None, 1 + MAX_HELPER_MODULES)


LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
MUL = '        out = Value(self.data * other.data, (self, other), "*")\n'


def test_an_exception_without_a_message_is_said_by_its_type_alone(tmp_path):
    # `raise NotImplementedError` (a stub) and `raise SystemExit` read "raised NotImplementedError:  (engine.py, ...":
    # the worker wrote "Type: " and the empty message.
    for student, raised in (("alice", "NotImplementedError"), ("bob", "SystemExit")):
        source = REFERENCE.replace(MUL, f"        if other.data == 3.0:\n            raise {raised}\n" + MUL, 1)
        _folder(tmp_path / "class" / student, {"engine.py": source})
    line = REFERENCE.splitlines().index(MUL.rstrip("\n")) + 2
    result = grade(tmp_path / "class", exercise="engine", limits=LIMITS, jobs=1, cache_dir=tmp_path / "cache")
    said = [next(t["output"] for t in row["tests"] if t["name"] == "mul/shared-node")
            for row in result.scores["submissions"]]
    assert said == [f"y = a * a at a = 3: your engine raised {raised} (engine.py, line {line}, in __mul__)"
                    for raised in ("NotImplementedError", "SystemExit")]
