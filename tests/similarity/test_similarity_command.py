"""`grade similarity`, the command: the private files it writes, an exercise's starter subtracted, the public
source's licence, and mistake signatures from graded rows (the cohort's scores: test_similarity.py)."""

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.classroom import starters
from grader.cli import main
from grader.similarity import PUBLIC_ARCHIVE, starter_files

from .test_similarity import EXAMPLES, KAHN, with_backward


# -- the command -------------------------------------------------------------------------------


def test_grade_similarity_on_the_examples_writes_private_files(tmp_path):
    out, html = tmp_path / "similarity.json", tmp_path / "similarity.html"
    result = CliRunner().invoke(main, ["similarity", str(EXAMPLES), "-o", str(out), "--html", str(html)])
    assert result.exit_code == 0, result.output
    # the ring of five copies (alice, bob, dave, frank, grace) is one cluster of 8 flagged pairs: their shared own
    # code is 10.2 weighted tokens, 5.6 of them the lecture's lines (canonical variants, weak evidence between two
    # students: cohort.CANONICAL_EVIDENCE) and 4.6 an iterative backward erin, outside the ring, has too; of the
    # three pairs of the copies with their own planted bug and disguise, bob-grace shares its methods as the
    # structure reads them (0.56, flagged), bob-dave and dave-grace score 0.44-0.46, under the flag
    assert result.output.splitlines()[0] == (
        "Compared 7 submissions (0 could not be read) and 1 public source: 8 pairs flagged in 1 cluster, "
        "0 public matches flagged.")
    assert f"Written to {out}, {html} (mode 600: for the instructor only)." in result.output
    for path in (out, html):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["public"] == ["karpathy-micrograd/engine.py"] and record["starter"] == []


def test_grade_similarity_subtracts_an_exercise_starter_and_lists_unreadable_entries(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    starter = starters.starter_files("05-backward")["engine.py"]
    for name in ("alice", "bob"):  # the same distinctive backward()
        (folder / f"{name}.py").write_text(with_backward(starter, KAHN), encoding="utf-8")
    for name in ("carol", "dave"):  # the course's own answer: canonical, no evidence of anything
        (folder / f"{name}.py").write_text(starters.solution_files("05-backward")["engine.py"], encoding="utf-8")
    (folder / "mallory.rar").write_bytes(b"Rar!")
    out = tmp_path / "s.json"
    result = CliRunner().invoke(main, ["similarity", str(folder), "-e", "05-backward", "--no-micrograd",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["starter"] == ["engine.py"] and record["public"] == []
    assert record["submissions"][-1]["status"] == "rejected"
    assert "mallory.rar is a .rar file" in record["submissions"][-1]["message"]
    assert [(p["a"], p["b"]) for p in record["pairs"]] == [("alice", "bob")]  # not carol and dave: canonical
    assert record["pairs"][0]["score"] >= 0.95


def test_the_record_names_the_starter_files_given(tmp_path):
    # a starter given as one file is named as given (the loader runs one .py file as the sandbox's engine.py: the
    # record said engine.py for nn.py, session 13); a folder's files keep their names; two files of one name are
    # told apart by their folders
    folder = tmp_path / "subs"
    folder.mkdir()
    handout = starters.starter_files("07-mlp-xor")
    for name in ("alice", "bob"):
        (folder / f"{name}.py").write_text(handout["nn.py"], encoding="utf-8")
    given = tmp_path / "handout"
    given.mkdir()
    for name, text in handout.items():
        (given / name).write_text(text, encoding="utf-8")
    other = tmp_path / "other"
    other.mkdir()
    (other / "nn.py").write_text(handout["nn.py"] + "\n# the second term's\n", encoding="utf-8")
    out = tmp_path / "s.json"
    result = CliRunner().invoke(main, ["similarity", str(folder), "-e", "07-mlp-xor", "--no-micrograd",
                                       "--starter", str(given / "nn.py"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["starter"] == ["nn.py"]
    assert sorted(starter_files("07-mlp-xor", (given,))) == ["engine.py", "nn.py"]
    assert starter_files(None, (given / "nn.py", other / "nn.py")) == {
        "nn.py": handout["nn.py"], "other/nn.py": handout["nn.py"] + "\n# the second term's\n"}


def test_grade_similarity_names_a_bad_exercise():
    result = CliRunner().invoke(main, ["similarity", str(EXAMPLES), "-e", "07-nope"])
    assert result.exit_code == 2
    assert "no exercise named '07-nope'; available: 01-mul-backward, 02-accumulate" in result.output


def test_the_shipped_public_source_carries_its_licence():
    licence = (PUBLIC_ARCHIVE / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License\n\nCopyright (c) 2020 Andrej Karpathy\n")
    assert "class Value:" in (PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8")


def test_a_public_folder_holding_the_shipped_source_compares_it_once(tmp_path):
    # an instructor's --public folder with micrograd's engine as shipped (session 16: each copy was listed twice)
    (tmp_path / "leak").mkdir()
    (tmp_path / "leak" / "engine.py").write_text((PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8"),
                                                 encoding="utf-8")
    (tmp_path / "leak" / "other.py").write_text("def f(x):\n    return x\n", encoding="utf-8")
    out = tmp_path / "similarity.json"
    result = CliRunner().invoke(main, ["similarity", str(EXAMPLES), "--public", str(tmp_path / "leak"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["public"] == ["karpathy-micrograd/engine.py", "leak/other.py"]


def test_mistake_signatures_come_from_the_failures_of_graded_rows(tmp_path):
    from grader.similarity import SimilarityError, mistake_signatures

    sample = Path(__file__).parents[1] / "report" / "sample_scores.json"
    signatures = mistake_signatures(sample)
    assert sorted(signatures) == ["bob", "carol", 'mallory<script>alert("pwn")</script>,x']  # failing and graded
    assert json.loads(signatures["bob"])[0] == ["mul/shared-node"]
    assert json.loads(signatures["bob"])[2] == ["mul-assign"]
    bad = tmp_path / "scores.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(SimilarityError, match="not a scores file written by `grade`"):
        mistake_signatures(bad)
