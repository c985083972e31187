"""The grader's memory is bounded by what it keeps, not by what a submission writes (issue 11).

A submission that reports about 16 MiB of tiny nested JSON objects (`{"":{}}`) per worker, within
the line and report caps, once took the grader from some 50 MB to gigabytes: each 1 MiB line
became about 33 MB of Python objects, kept until the batch ended. The grader's peak is measured
in a subprocess of its own, grading 200 honest engines beside one such flood: the high-water mark
of that process alone, its sandboxed workers not counted. It is read as VmHWM, the peak of the
process's own memory since it exec'd Python; ru_maxrss would also carry the size of the process
it was forked from (Linux keeps the larger across exec), here a pytest that may hold torch.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

from endings_support import tampered

ROOT = Path(__file__).resolve().parents[1]
CORRECT = ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py"
FLOOD = ROOT / "tests" / "fixtures" / "hostile" / "flood-nested-json"
PEAK_LIMIT_MB = 300
HONEST = 200

GRADE_AND_MEASURE = """
import json, sys
from grader.pipeline import grade
from grader.sandbox import Limits

result = grade(sys.argv[1], limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=60), jobs=2,
               cache_dir=sys.argv[2])
rows = result.scores["submissions"]
peak_kb = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({"peak_kb": peak_kb,
                  "statuses": sorted({(r["status"], r["score"] == r["max_score"]) for r in rows if r["id"] != "flood"}),
                  "flood": [(r["status"], r["message"], r["message_data"]["params"].get("detail"))
                            for r in rows if r["id"] == "flood"]}))
"""


def test_a_flood_of_nested_json_leaves_the_graders_peak_under_300_mb(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    # One engine file under 200 names: observed once (the cache serves the others), but each row
    # has its run record in memory, as in a class of 200.
    for i in range(HONEST):
        shutil.copy(CORRECT, folder / f"student{i:03d}.py")
    shutil.copytree(FLOOD, folder / "flood")
    done = subprocess.run([sys.executable, "-c", GRADE_AND_MEASURE, str(folder), str(tmp_path / "cache")],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    measured = json.loads(done.stdout.splitlines()[-1])
    assert measured["statuses"] == [["graded", True]]  # every honest engine at full marks
    (status, message, detail), = measured["flood"]
    # the row's words (endings_support.tampered) and the parser's reason, a field of the row since session 38 (seams38)
    assert (status, message) == ("crashed", tampered("engine.py"))
    assert "a line holds more values than an observation may (10000)" in detail
    assert measured["peak_kb"] < PEAK_LIMIT_MB * 1024, measured["peak_kb"]
