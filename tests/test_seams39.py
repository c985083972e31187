"""Session 39's seam of loading (redteam39): a submission holding two files whose names differ only in case
(`engine.py` and `Engine.py`, a helper's `utils.py` and `Utils.py`). On macOS and Windows they are one file, so the
student cannot know which one the grader read; before, `engine.py` was graded and `Engine.py` left out without a
word (grader/load/levels._exercise_files took the exact name, _helper_modules skipped the other). Now two such files
the submission carries that differ in content are refused, naming both (`files` in the row's `message_data`); of the
same bytes they are graded as before: nothing of the student's is left out (grader/load/exercise_names.case_twins).

One batch of `grade run` (a folder, zips, each pair the same and different), then `grade check` and `grade ci` on the
entries, which must say what the row says."""

import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from costs import slow_fixture
from test_fresh_styles import LIMITS
from test_strangers36 import assert_a_surface_says_the_row

from grader.cli import main
from grader.pipeline import grade

ENGINE = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_bytes()
# a fresh twin: the same engine with a bug in its copy of `__mul__`'s local derivative, as a student's older draft
DRAFT = ENGINE.replace(b"self.grad += other.data * out.grad", b"self.grad += other.data")
USES_UTILS = b"import utils\n" + ENGINE
UTILS, UTILS_OLD = b"def twice(x):\n    return 2 * x\n", b"def twice(x):\n    return x + x + 0\n"

ENTRIES = {  # id -> (kind, files)
    "folder-differ": ("folder", {"engine.py": ENGINE, "Engine.py": DRAFT}),
    "folder-same": ("folder", {"engine.py": ENGINE, "Engine.py": ENGINE}),
    "zip-differ": ("zip", {"Engine.py": ENGINE, "engine.py": DRAFT}),
    "zip-same": ("zip", {"engine.py": ENGINE, "ENGINE.py": ENGINE}),
    "helper-differ": ("zip", {"engine.py": USES_UTILS, "utils.py": UTILS, "Utils.py": UTILS_OLD}),
    "helper-same": ("folder", {"engine.py": USES_UTILS, "utils.py": UTILS, "Utils.py": UTILS}),
    # another exercise's file (nn.py beside an engine graded alone) is not carried: its twins are not looked at
    "other-exercise": ("folder", {"engine.py": ENGINE, "nn.py": b"x = 1\n", "Nn.py": b"x = 2\n"}),
}

REFUSED = ("{where} holds {files}, whose names differ only in case and whose contents differ: on macOS and Windows "
           "they are one file, so the grader cannot tell which one you meant; keep one of them and hand in again")
# id -> (status, score, the files said); each refusal names the place and both files as the student named them
TABLE = {
    "folder-differ": ("rejected", 0.0, "folder-differ/", ["Engine.py", "engine.py"]),
    "folder-same": ("graded", 63.0, None, None),
    "zip-differ": ("rejected", 0.0, "zip-differ.zip", ["Engine.py", "engine.py"]),
    "zip-same": ("graded", 63.0, None, None),
    "helper-differ": ("rejected", 0.0, "helper-differ.zip", ["Utils.py", "utils.py"]),
    "helper-same": ("graded", 63.0, None, None),
    "other-exercise": ("graded", 63.0, None, None),
}


def _plant(folder: Path) -> None:
    for sub_id, (kind, files) in ENTRIES.items():
        if kind == "folder":
            (folder / sub_id).mkdir()
            for name, content in files.items():
                (folder / sub_id / name).write_bytes(content)
        else:
            with zipfile.ZipFile(folder / f"{sub_id}.zip", "w") as z:
                for name, content in files.items():
                    z.writestr(name, content)


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("seams39")
    (tmp / "class").mkdir()
    _plant(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return tmp / "class", {row["id"]: row for row in result.scores["submissions"]}


def test_every_entry_has_its_row(graded):
    assert sorted(graded[1]) == sorted(ENTRIES)


@pytest.mark.parametrize("case", sorted(TABLE))
def test_a_pair_differing_only_in_case_is_refused_where_their_contents_differ(graded, case):
    row = graded[1][case]
    status, score, where, files = TABLE[case]
    assert (row["status"], row["score"]) == (status, score)
    if files is None:
        assert (row.get("message_data") or {}).get("id") != REFUSED
        return
    assert (row["message_data"]["id"], row["message_data"]["params"]) == (
        REFUSED, {"where": where, "files": {"items": files, "join": "and"}})
    assert row["message"] == REFUSED.format(where=where, files=" and ".join(files))


@pytest.mark.parametrize("case", ["folder-differ", "zip-differ", "helper-differ", "zip-same"])
@pytest.mark.parametrize("surface", ["check", "ci"])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    assert_a_surface_says_the_row(graded, tmp_path, case, surface)


@pytest.mark.parametrize("lang,said", [
    ("en", "FAIL  zip-differ.zip could not be read: zip-differ.zip holds Engine.py and engine.py, whose names differ "
           "only in case"),
    ("ru", "FAIL  не удалось прочитать zip-differ.zip: в zip-differ.zip есть Engine.py и engine.py: их имена различаются "
           "только регистром букв, а содержимое разное; в «macOS» и Windows это один и тот же файл"),
    ("zh", "FAIL  无法读取 zip-differ.zip：zip-differ.zip 中有 Engine.py和engine.py，它们的文件名只有大小写不同，内容却不同"),
])
def test_grade_check_says_it_in_the_students_language(graded, lang, said):
    result = CliRunner().invoke(main, ["check", "-e", "engine", "--lang", lang, str(graded[0] / "zip-differ.zip")])
    assert said in result.output
