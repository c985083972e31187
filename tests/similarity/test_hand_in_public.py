"""Session 44 (sim44s): a course text matched by one file of a hand-in is that file's, not the whole hand-in's.

A small class of folder hand-ins (a package `micrograd/` and, for some, a `train.py` beside it) on sim41actl's honest
engines, with the lecture's texts passed as `--public` (lecture/train.py, lecture/micrograd/engine.py):

- m1 hands in an own engine (g1) and the lecture's train.py; m1copy copied the whole hand-in (the engine's docstring
  changed, the lecture's train.py kept), as sim41b1's Bai Xue copied Ma Chao's;
- p1 and p2 hand in the lecture's engine (i1) with train.py files of their own: their engines are public copies;
- h1, h2 and i2: own engines, one with a train.py of its own.

Before, the exercise files of a hand-in (its `part`, scored in a cohort of the parts) were given the whole hand-in's
public matches: m1's and m1copy's engines were read as copies of lecture/train.py, and the copy of m1's engine fell
from 1.0 to 0.577 when the lecture was passed. Now the parts are scored against the sources themselves.
"""

import importlib.util
from pathlib import Path

from costs import slow_fixture

from grader.similarity import similarity

# loaded under a name of its own (xdist workers share modules: test_hand_in.py loads the same file as its own)
_SPEC = importlib.util.spec_from_file_location(
    "bench_sim42fctl_make_sim44s", Path(__file__).resolve().parents[2] / "bench" / "similarity" / "sim42fctl" / "make.py")
make = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(make)

STARTER_ENGINE = "class Value:\n    def __init__(self, data):\n        self.data = data\n        self.grad = 0.0\n"


def engine(name: str) -> str:
    return (make.ENGINES / f"{name}.py").read_text(encoding="utf-8")


def hand_ins() -> dict[str, dict[str, str]]:
    own = engine("g1")
    copied = '"""Homework 2 engine (Bai Xue)."""' + own.split('"""', 2)[2]
    return {"m1": {"micrograd/engine.py": own, "train.py": make.COURSE_TRAIN},
            "m1copy": {"micrograd/engine.py": copied, "train.py": make.COURSE_TRAIN},
            "p1": {"micrograd/engine.py": engine("i1"), "train.py": make.T1_TRAIN},
            "p2": {"micrograd/engine.py": engine("i1"), "train.py": make.W1_TRAIN},
            "h1": {"micrograd/engine.py": engine("h1")}, "h2": {"micrograd/engine.py": engine("h2")},
            "i2": {"micrograd/engine.py": engine("i2"), "train.py": make.w1copy_train()}}


@slow_fixture(scope="module")  # a class read and scored twice: seconds of CPU
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sim44s")
    make.write(folder / "starter" / "hw", {"micrograd/__init__.py": make.INIT, "micrograd/engine.py": STARTER_ENGINE,
                                           "tests/test_engine.py": make.COURSE_TESTS})
    make.write(folder / "lecture", {"train.py": make.COURSE_TRAIN, "micrograd/engine.py": engine("i1")})
    for sid, files in hand_ins().items():
        make.write(folder / "submissions" / sid, {"micrograd/__init__.py": make.INIT, **files})
    return {public: similarity(folder / "submissions", starters=(folder / "starter" / "hw",),
                               public=(folder / "lecture",) if public else (), shipped_public=False).record
            for public in (False, True)}


def pair(record, a, b):
    return next(((p["score"], p["flagged"], p.get("both_match_public")) for p in record["pairs"]
                 if {p["a"], p["b"]} == {a, b}), None)


def test_the_copy_of_an_engine_beside_the_lecture_train_py_keeps_its_score(records):
    assert pair(records[False], "m1", "m1copy") == (1.0, True, None)
    # 0.577 before session 44; the whole hand-ins both hold the lecture's train.py, and the record says so
    assert pair(records[True], "m1", "m1copy") == (1.0, True, "lecture/train.py")


def test_the_lecture_train_py_is_still_reported_as_the_hand_ins_public_match(records):
    found = [(m["id"], m["source"], m["score"], m["flagged"]) for m in records[True]["public_matches"]
             if m["source"] == "lecture/train.py"]
    assert found == [("m1", "lecture/train.py", 0.9995, True), ("m1copy", "lecture/train.py", 0.9995, True)]


def test_an_engine_that_is_the_lecture_s_is_still_a_public_copy(records):
    assert pair(records[False], "p1", "p2")[:2] == (1.0, True)  # the same engine, nothing passed to explain it
    assert pair(records[True], "p1", "p2") is None  # both the lecture's engine: explained by it
    engines = sorted((m["id"], m["score"]) for m in records[True]["public_matches"]
                     if m["source"] == "lecture/micrograd/engine.py" and m["flagged"])
    assert engines == [("p1", 0.9999), ("p2", 0.9999)]
