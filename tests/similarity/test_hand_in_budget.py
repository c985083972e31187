"""A hand-in's files share one budget of work and of text (budget.HandIn, session 43): each file had its own, so a
hand-in of several hostile files cost their sum (simf42: two 16 KiB cuts of bench/similarity/adversarial.py's op
table, 1.97 s); a file alone is read as before, the exercise's files are read first, a file past the hand-in's budget
is read as lexical tokens, cut or not read and says so, and a hand-in's part reuses its files' readings."""

import importlib.util
from pathlib import Path

from grader.similarity import PUBLIC_ARCHIVE, documents
from grader.similarity.budget import HAND_IN_CHARS, HAND_IN_LIMIT, WORK_LIMIT, one_hand_in
from grader.similarity.cohort import read_document, read_documents
from grader.similarity.normalise import read_source

_SPEC = importlib.util.spec_from_file_location(
    "sim43f_adversarial", Path(__file__).resolve().parents[2] / "bench" / "similarity" / "adversarial.py")
ADVERSARIAL = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ADVERSARIAL)

ENGINE = (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")
TABLE = ADVERSARIAL.op_table(3000)
CUT = TABLE[:16 * 1024].rsplit("\n\n", 1)[0] + "\n"  # an op table's large entry shared by its ops, 16 KiB
LEFT_NOTHING = {"what": "lexical", "why": f"reading took over 0 units of work, what its hand-in had left of the "
                                          f"{HAND_IN_LIMIT:,} all its files have (the files before it took the rest)"}


def _units(reading):
    return [(u.file, u.name, u.tokens, u.lines) for u in reading.units]


def test_a_file_alone_is_read_as_before():
    alone = read_source(CUT, "o0.py")
    with one_hand_in({"o0.py": CUT}):
        within = read_source(CUT, "o0.py")
    assert within.limits == alone.limits and _units(within) == _units(alone)
    # it spends the budget of a file and of its condensed reading: the hand-in's, which is twice a file's
    assert [l["what"] for l in alone.limits] == ["condensed", "lexical"] and HAND_IN_LIMIT == 2 * WORK_LIMIT


def test_a_second_hostile_file_is_read_as_lexical_tokens_and_says_so():
    document = read_document("x", {"engine.py": ENGINE, "o0.py": CUT, "o1.py": CUT})
    by_file = [l for l in document.limits if l["file"] == "o1.py"]
    assert by_file == [{"file": "o1.py", **LEFT_NOTHING}]
    first = [l["what"] for l in document.limits if l["file"] == "o0.py"]
    assert first == ["condensed", "lexical"]  # what the engine left it: read, then read condensed
    assert not [l for l in document.limits if l["file"] == "engine.py"]
    # the file read past the budget is still compared, by its lexical tokens
    assert [u for u in _units(document) if u[0] == "o1.py"]


def test_the_exercise_files_come_first_whatever_the_names():
    # a.py sorts before engine.py, but the hand-in lists its exercise's files first (hand_in.handed_in)
    document = read_document("x", {"engine.py": CUT, "a.py": CUT})
    assert [l for l in document.limits if l["file"] == "a.py"] == [{"file": "a.py", **LEFT_NOTHING}]
    assert [l["what"] for l in document.limits if l["file"] == "engine.py"] == ["condensed", "lexical"]


def test_the_text_past_the_hand_in_cap_is_cut_or_not_read_and_says_so():
    line = "def f(a, b):\n    return a + b\n\n"
    big = line * (60 * 1024 // len(line))  # 60 KiB
    texts = {"engine.py": ENGINE, "h0.py": big, "h1.py": big, "h2.py": big, "h3.py": big}
    document = read_document("x", texts)
    left = HAND_IN_CHARS - len(ENGINE) - 2 * len(big)  # the files before it count, the first one too
    cut = left - left % len(line)  # at the last top-level statement within what is left
    why = f"its hand-in's files are compared up to {HAND_IN_CHARS // 1024} KiB in all, its files before it first"
    capped = [l for l in document.limits if l["what"] in ("truncated", "not read")]
    assert capped == [
        {"file": "h2.py", "what": "truncated", "compared_chars": cut, "chars": len(big), "why": why},
        {"file": "h3.py", "what": "not read", "compared_chars": 0, "chars": len(big), "why": why}]
    assert document.texts == {"engine.py": ENGINE, "h0.py": big, "h1.py": big, "h2.py": big[:cut]}


def test_the_first_file_is_read_whatever_its_size():
    big = "x = 1\n" * (HAND_IN_CHARS // 5)
    document = read_document("x", {"engine.py": big, "train.py": "print(1)\n"})
    assert document.texts == {"engine.py": big}
    assert [l["what"] for l in document.limits if l["file"] == "train.py"] == ["not read"]


def test_a_part_reuses_the_readings_of_its_files(monkeypatch):
    read = []
    real = documents.read_source
    monkeypatch.setattr(documents, "read_source", lambda text, name: read.append(name) or real(text, name))
    whole = {"engine.py": ENGINE, "o0.py": CUT}
    document, = read_documents([("x", whole, {"engine.py": ENGINE})], jobs=1)
    assert read == ["engine.py", "o0.py"]  # the part's engine.py not read again
    alone = read_document("x", {"engine.py": ENGINE})
    assert document.part.prints == alone.prints and document.part.tokens == alone.tokens
    assert document.part.traits == alone.traits and document.part.limits == alone.limits == []
    # a hand-in without other files has no part
    plain, = read_documents([("y", {"engine.py": ENGINE})], jobs=1)
    assert plain.part is None and plain.prints == alone.prints
