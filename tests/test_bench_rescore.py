"""bench/similarity/rescore.py: a class scored from its kept reading measures as run.py measures it, and the
reading is kept only as long as what it depends on is unchanged."""

import json
import shutil
import textwrap
from pathlib import Path

import pytest
from bench_modules import load_bench

from grader.similarity import similarity

rescore = load_bench("rescore")
run = rescore.run

STARTER = '''
class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, other):
        raise NotImplementedError("write it")
'''

SOURCE = STARTER.replace('''        raise NotImplementedError("write it")''', '''        other = other if isinstance(other, Value) else Value(other)
        total = Value(self.data + other.data, (self, other), "+")

        def _backward():
            # both inputs get the sum's gradient, summed over every path
            self.grad += total.grad
            other.grad += total.grad

        total._backward = _backward
        return total

    def scaled_by_three_halves(self):
        return Value(self.data * 1.5, (self,), "scale")''')


def write_class(folder: Path) -> dict:
    sources = {"a": SOURCE, "b": SOURCE.replace("total", "summed").replace("# both", "# each of the"),
               "c": STARTER.replace('raise NotImplementedError("write it")',
                                    "return Value(self.data + other.data, (self, other), '+')"),
               "d": STARTER.replace('raise NotImplementedError("write it")', "out = Value(self.data + other)\n"
                                    "        return out")}
    (folder / "main" / "starter").mkdir(parents=True)
    (folder / "main" / "submissions").mkdir()
    (folder / "main" / "starter" / "engine.py").write_text(textwrap.dedent(STARTER), encoding="utf-8")
    for name, text in sources.items():
        (folder / "main" / "submissions" / f"{name}.py").write_text(textwrap.dedent(text), encoding="utf-8")
    labels = {"main": {"a": {"cluster": "c1", "kind": "a source", "level": 2},
                       "b": {"cluster": "c1", "kind": "copy, level 2", "level": 2},
                       "c": {"cluster": None, "kind": "independent", "level": None},
                       "d": {"cluster": None, "kind": "independent", "level": None}}}
    (folder / "labels.json").write_text(json.dumps(labels), encoding="utf-8")
    return labels


@pytest.mark.slow  # reads a class twice: about 2 s of CPU on a loaded machine
def test_a_class_scored_from_its_kept_reading_measures_as_run_does(tmp_path, monkeypatch):
    labels = write_class(tmp_path / "class")
    cache = tmp_path / "cache"
    fresh = run.measures(run.our_scores(tmp_path / "class"), labels, run.THRESHOLD)
    assert (fresh["k"], fresh["average_precision"], fresh["recall_flagged_by_level"]) == (1, 1.0, {"2": "1/1"})
    assert rescore.rescore(tmp_path / "class", labels, cache) == fresh
    assert len(list(cache.glob("*.pickle"))) == 1

    def unread(folder, materials=None):
        raise AssertionError(f"read again: {folder}")

    monkeypatch.setattr(run, "read_cohort", unread)
    assert rescore.rescore(tmp_path / "class", labels, cache) == fresh  # from the kept reading
    # a changed submission is another cohort: it is read again
    (tmp_path / "class" / "main" / "submissions" / "d.py").write_text("x = 1\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="read again"):
        rescore.rescore(tmp_path / "class", labels, cache)


def test_a_file_that_is_not_utf8_is_left_out_as_grade_similarity_leaves_it_out(tmp_path, capsys):
    write_class(tmp_path / "class")
    submissions = tmp_path / "class" / "main" / "submissions"
    # d saved as cp1252 with no coding line: the grader's intake rejects it; f saved as cp1252 under its coding line:
    # Python runs it, and since session 23 the intake reads it so (grader/load/reading.python_source), and so does
    # the benchmark's (it once read it as plain UTF-8 and left it out, where grade similarity compared it)
    plain = (submissions / "d.py").read_bytes()
    (submissions / "d.py").write_bytes(b"# caf\xe9\n" + plain)
    (submissions / "e.py").write_bytes(b"\xef\xbb\xbf" + (submissions / "c.py").read_bytes())  # a byte-order mark
    (submissions / "f.py").write_bytes(b"# -*- coding: cp1252 -*-\n# caf\xe9\n" + plain)
    record = similarity(submissions, starters=(tmp_path / "class" / "main" / "starter" / "engine.py",)).record
    assert [(s["id"], s["status"]) for s in record["submissions"]] == [
        ("a", "compared"), ("b", "compared"), ("c", "compared"), ("d", "rejected"), ("e", "compared"),
        ("f", "compared")]
    documents, _ = run.read_cohort(tmp_path / "class" / "main")
    assert [d.id for d in documents] == ["a", "b", "c", "e", "f"]
    assert "left out, as grade similarity leaves it out: d.py is not UTF-8 text (byte 0xe9 at offset 5)" in \
        capsys.readouterr().err
    texts = run.submitted_texts(submissions)
    assert texts["e"] == texts["c"]  # the mark dropped
    assert texts["f"] == "# -*- coding: utf-8 -*-\n# caf\u00e9\n" + plain.decode("utf-8")  # read as Python reads it


def test_the_reading_digest_follows_the_reading_and_not_the_scoring(tmp_path):
    package = tmp_path / "similarity"
    shutil.copytree(run.REPO / "grader" / "similarity", package, ignore=shutil.ignore_patterns("__pycache__"))
    before = rescore.reading_digest(package)
    for name in ("cohort.py", "scores.py", "labels.py"):
        (package / name).write_text((package / name).read_text(encoding="utf-8") + "\n# a scoring change\n",
                                    encoding="utf-8")
    assert rescore.reading_digest(package) == before
    (package / "normalise.py").write_text((package / "normalise.py").read_text(encoding="utf-8") + "\n# reading\n",
                                          encoding="utf-8")
    assert rescore.reading_digest(package) != before


@pytest.mark.parametrize("name, expected", [
    ("fourth class, 03-tanh (fourth.py, seed 1)", "tuning"), ("fourth class, 03-tanh (fourth.py, seed 10)", "validation"),
    ("fifth class, 04-more-ops (fifth.py, seed 18)", "validation"), ("seventh class, 03-tanh (seventh.py, seed 3)", "tuning"),
    ("sixth class, 03-tanh (sixth.py, seed 13)", None), ("first class (generate.py, seed 777)", None),
    ("third class, 05-backward (third.py, seed 6262)", None)])
def test_each_red_team_seed_is_in_one_set(name, expected):
    assert rescore.seed_set(name) == expected


def test_the_sets_add_up_their_classes():
    rows = {"fourth class, 03-tanh (fourth.py, seed 1)": {"ap": 0.5, "L3": "1/3", "L4": "0/3", "hard": 1, "pub": 0},
            "fifth class, 03-tanh (fifth.py, seed 2)": {"ap": 0.7, "L3": "2/3", "L4": "1/4", "hard": 0, "pub": 1},
            "fifth class, 03-tanh (fifth.py, seed 11)": {"ap": 0.9, "L3": "3/3", "L4": "4/4", "hard": 0, "pub": 0},
            "first class (generate.py, seed 777)": {"ap": 0.1, "L3": "9/9", "L4": "9/9", "hard": 9, "pub": 9}}
    assert rescore.totals(rows) == ["tuning: 2 classes, mean AP 0.6000, L3 3/6, L4 1/7, hard 1, pub 1",
                                    "validation: 1 classes, mean AP 0.9000, L3 3/3, L4 4/4, hard 0, pub 0"]



def test_the_ranked_pairs_name_the_hard_pairs_of_the_top_k_and_the_copies_below_it():
    members = {"a": {"cluster": "c1", "level": 1}, "b": {"cluster": "c1", "level": 1},
               "c": {"cluster": "c2", "level": 4}, "d": {"cluster": "c2", "level": 4},
               "h1": {"cluster": None, "level": None, "hard_pair": "h1"},
               "h2": {"cluster": None, "level": None, "hard_pair": "h1"},
               "p1": {"cluster": "public", "level": None}, "p2": {"cluster": "public", "level": None},
               "e": {"cluster": None, "level": None}}
    scores = {"main": {"pairs": {"a|b": 0.99, "h1|h2": 0.97, "c|d": 0.41, "p1|p2": 0.6, "a|e": 0.5, "b|e": 0.3},
                       "public": {}}}
    ranked = rescore.ranked_pairs(scores, {"main": members})
    assert ranked == {"k": 2, "pairs": [
        {"rank": 1, "pair": "a|b", "score": 0.99, "kind": "copy", "level": 1},
        {"rank": 2, "pair": "h1|h2", "score": 0.97, "kind": "hard", "level": None},  # the hard pair in the top k
        {"rank": 3, "pair": "p1|p2", "score": 0.6, "kind": "public", "level": None},
        {"rank": 5, "pair": "c|d", "score": 0.41, "kind": "copy", "level": 4}]}  # a|e (0.5) and b|e: honest, below k
    assert run.measures(scores, {"main": members})["hard_negatives_in_top_k"] == 1

@pytest.mark.parametrize("argv,dropped", [
    (["rescore.py", "--eighteenth"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--nineteenth"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--sim29l4"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--sim30l4"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--fourth", "1", "2"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--first-seeds", "--second-seeds", "--third", "--eighteenth"], []),
    (["rescore.py", "--seventeenth", "--first", "777"], ["--second-seeds", "--third"]),  # a prefix, as argparse takes
    (["rescore.py", "--second-seeds", "11", "12", "--first-seeds", "21"], ["--third"]),  # seeds of one's own
    (["rescore.py", "--second-seeds", "11"], ["--first-seeds", "--third"]),
    (["run.py", "--sim35b1"], ["--first-seeds", "--second-seeds", "--third"]),  # a blind class measured alone
    (["rescore.py", "--sim35b2"], ["--first-seeds", "--second-seeds", "--third"]),
    (["run.py", "--sim36b1"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--sim36b2"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--sim36p"], ["--first-seeds", "--second-seeds", "--third"]),  # a class of its own, measured alone
    (["rescore.py", "--sim36q"], ["--first-seeds", "--second-seeds", "--third"]),
    (["run.py", "--sim37b1"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--sim37b2"], ["--first-seeds", "--second-seeds", "--third"]),
    (["run.py", "--sim38b1"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--sim38b2"], ["--first-seeds", "--second-seeds", "--third"]),
    (["rescore.py", "--eighth"], []),  # only held-out classes named: the coordinator's end measure
    (["run.py"], []),
])
def test_naming_a_tuning_class_leaves_out_the_held_out_default_seeds(argv, dropped):
    import run

    args = run.arguments().parse_args(argv[1:])
    given = {option: getattr(args, option) for option in ("first_seeds", "second_seeds", "third")}
    assert run.without_held_out_defaults(args, argv) == dropped
    assert {option: getattr(args, option) for option in given} == {
        option: [] if "--" + option.replace("_", "-") in dropped else seeds for option, seeds in given.items()}


def test_what_the_course_lists_beside_the_starter_is_read_as_given_and_keys_the_kept_reading(tmp_path):
    """A README*.md in a cohort's starter folder is read as `grade similarity --starter` reads it (handouts.py): its
    python blocks subtracted as the starter is; and it is part of the cohort's digest, so a kept reading is not
    reused once the course lists a text (session 31, sim31b)."""
    write_class(tmp_path / "class")
    folder = tmp_path / "class" / "main"
    digest, given = rescore.cohort_digest(folder), run.given_kgrams(folder)
    (folder / "starter" / "README.course.md").write_text(
        "The tutorial's helper:\n\n```python\ndef scaled_by_three_halves(self):\n"
        "    return Value(self.data * 1.5, (self,), \"scale\")\n```\n", encoding="utf-8")
    assert rescore.cohort_digest(folder) != digest
    assert given < run.given_kgrams(folder)


def test_the_classs_own_public_source_keys_the_kept_reading(tmp_path):
    """A class's own public source (its public/ file named as its starter) is read with each cohort: writing or
    changing it changes the cohort's digest, so a kept reading of the old text is not reused (session 36, sim36p:
    its text revised, the class was scored against the first one); micrograd's shipped engine is in the reading's
    digest (`reading_digest`), not the cohort's."""
    write_class(tmp_path / "class")
    folder = tmp_path / "class" / "main"
    digest = rescore.cohort_digest(folder)
    (tmp_path / "class" / "public").mkdir()
    (tmp_path / "class" / "public" / "engine.py").write_text("x = 1\n", encoding="utf-8")
    first = rescore.cohort_digest(folder)
    (tmp_path / "class" / "public" / "engine.py").write_text("x = 2\n", encoding="utf-8")
    assert len({digest, first, rescore.cohort_digest(folder)}) == 3


def test_a_cohorts_notebooks_zips_and_public_package_key_the_kept_reading(tmp_path):
    """Notebooks and zips a cohort holds are its files (the digest hashed .py files only: a notebook class's changed
    cell kept its stale reading), and a public source handed out as a package (sim41b1's public/micrograd/) is read
    file by file (it was read as one file and failed: a folder)."""
    write_class(tmp_path / "class")
    folder = tmp_path / "class" / "main"
    seen = {rescore.cohort_digest(folder)}
    (folder / "submissions" / "nb.ipynb").write_text("{}", encoding="utf-8")
    seen.add(rescore.cohort_digest(folder))
    (folder / "submissions" / "nb.ipynb").write_text('{"cells": []}', encoding="utf-8")
    seen.add(rescore.cohort_digest(folder))
    (folder / "submissions" / "hw.zip").write_bytes(b"PK\x05\x06" + bytes(18))
    seen.add(rescore.cohort_digest(folder))
    starter = folder / "starter" / "engine.py"
    package = folder / "starter" / "hw2" / "micrograd"
    package.mkdir(parents=True)
    (package / "engine.py").write_bytes(starter.read_bytes())
    starter.unlink()
    seen.add(rescore.cohort_digest(folder))
    (tmp_path / "class" / "public" / "micrograd").mkdir(parents=True)
    (tmp_path / "class" / "public" / "micrograd" / "engine.py").write_text("x = 1\n", encoding="utf-8")
    seen.add(rescore.cohort_digest(folder))
    (tmp_path / "class" / "public" / "micrograd" / "engine.py").write_text("x = 2\n", encoding="utf-8")
    seen.add(rescore.cohort_digest(folder))
    assert len(seen) == 7


def test_the_anchors_read_a_notebook_as_its_code_cells(tmp_path):
    # copydetect and pycode_similar read .py files only: a class of notebooks handed to them as it is scored 0.0101
    # (sim40b2); run.py hands them every file as the command's intake reads it (intake.as_python_files)
    import nbformat

    folder = tmp_path / "submissions"
    folder.mkdir()
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# my engine"),
                                           nbformat.v4.new_code_cell(SOURCE),
                                           nbformat.v4.new_code_cell("%matplotlib inline\nprint(Value(2.0))")])
    nbformat.write(book, folder / "nb.ipynb")
    (folder / "plain.py").write_text(SOURCE, encoding="utf-8")
    (folder / "notes.txt").write_text("not code", encoding="utf-8")
    out = run.as_python_files(folder, tmp_path / "anchored")
    assert sorted(p.name for p in out.iterdir()) == ["nb.py", "plain.py"]
    code = (out / "nb.py").read_text(encoding="utf-8")
    assert SOURCE.strip() in code and "print(Value(2.0))" in code and "# my engine" not in code
    assert "%matplotlib" not in code.replace("# %matplotlib", "")  # IPython's escape kept only as text, never as code
    assert (out / "plain.py").read_text(encoding="utf-8") == SOURCE


def test_the_anchors_read_a_class_of_folders_and_zips_as_the_command_loads_it(tmp_path):
    # a Moodle export of packages (sim41b1): the anchors read no file of it and scored an empty class (AP 0.01);
    # each hand-in is now what grader/load reads of it, its .py files joined in name order (intake.as_python_files)
    import zipfile

    folder = tmp_path / "submissions"
    package = folder / "Li Wei_100101_assignsubmission_file_" / "micrograd"
    package.mkdir(parents=True)
    (package / "engine.py").write_text(SOURCE, encoding="utf-8")
    (package / "nn.py").write_text("from .engine import Value\n", encoding="utf-8")
    (package.parent / "README.md").write_text("# mine\n", encoding="utf-8")
    (folder / "Wang Fang_100102_assignsubmission_file_").mkdir()
    with zipfile.ZipFile(folder / "Wang Fang_100102_assignsubmission_file_" / "hw2.zip", "w") as packed:
        packed.writestr("hw2/micrograd/engine.py", SOURCE)
        packed.writestr("__MACOSX/hw2/micrograd/._engine.py", "junk")
    out = run.as_python_files(folder, tmp_path / "anchored")
    assert sorted(p.name for p in out.iterdir()) == ["Li Wei_100101.py", "Wang Fang_100102.py"]
    assert (out / "Li Wei_100101.py").read_text(encoding="utf-8") == SOURCE + "\n\nfrom .engine import Value\n"
    assert (out / "Wang Fang_100102.py").read_text(encoding="utf-8") == SOURCE
    starter = tmp_path / "starter" / "hw2"
    starter.mkdir(parents=True)
    (starter / "engine.py").write_text(SOURCE, encoding="utf-8")
    assert [p.name for p in run.as_python_files(tmp_path / "starter", tmp_path / "s").iterdir()] == ["hw2.py"]


def test_the_anchors_key_an_lms_exports_files_by_the_commands_ids(tmp_path, capsys):
    # a Canvas download of notebooks (sim42b1): the anchors' files were named by the download's names
    # (`carterben_42102_9911202_05-backward`), which no label matched, so copydetect's AP read 0.0067 (session 42);
    # they are keyed now as the command's loader keys the students (intake._keyed_as_the_command_keys)
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "carterben_42102_9911202_engine.py").write_text(SOURCE, encoding="utf-8")
    (folder / "liwei_42103_9911203_engine.py").write_text(SOURCE + "\n# mine\n", encoding="utf-8")
    (folder / "liwei_42103_9911204_helpers.py").write_text("x = 1\n", encoding="utf-8")  # not the file keyed: said
    out = run.as_python_files(folder, tmp_path / "anchored")
    assert sorted(p.name for p in out.iterdir()) == ["carterben_42102.py", "liwei_42103.py"]
    assert capsys.readouterr().err == ("left out, as not the file grade similarity keys a student by: "
                                       "liwei_42103_9911204_helpers\n")
    assert (out / "liwei_42103.py").read_text(encoding="utf-8") == SOURCE + "\n# mine\n"
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "s101.py").write_text(SOURCE, encoding="utf-8")
    assert [p.name for p in run.as_python_files(plain, tmp_path / "p").iterdir()] == ["s101.py"]
    # a starter or public folder holds the exercise's file at its top (sim42b2/public/engine.py, every sim3xb1/starter):
    # one hand-in to the loader (AmbiguousFolder), its files kept under their own names, not a crash of the anchors
    public = tmp_path / "public"
    public.mkdir()
    (public / "engine.py").write_text(SOURCE, encoding="utf-8")
    (public / "nn.py").write_text("from engine import Value\n", encoding="utf-8")
    out = run.as_python_files(public, tmp_path / "pub")
    assert sorted(p.name for p in out.iterdir()) == ["engine.py", "nn.py"]
    assert (out / "engine.py").read_text(encoding="utf-8") == SOURCE


TA_POST = '''The TA's post on the forum: a power, with its rule, for anyone stuck.

```python
    def __pow__(self, exponent):
        assert isinstance(exponent, (int, float)), "only a number as the exponent"
        powered = Value(self.data ** exponent, (self,), f"**{exponent}")

        def _backward():
            # d(x**n)/dx = n * x**(n - 1), times what flows in
            self.grad += exponent * self.data ** (exponent - 1) * powered.grad

        powered._backward = _backward
        return powered
```
'''


def write_class_with_materials(folder: Path) -> dict:
    """write_class's class, and two honest students who both typed in the TA's post (a hard pair: the course's text,
    which the class's materials/ holds)."""
    labels = write_class(folder)
    post = TA_POST.split("```python\n")[1].split("```")[0]
    own = textwrap.dedent(STARTER.replace('raise NotImplementedError("write it")',
                                          "return Value(self.data + other.data, (self, other), '+')"))
    for name in ("h1", "h2"):
        (folder / "main" / "submissions" / f"{name}.py").write_text(own + post, encoding="utf-8")
        labels["main"][name] = {"cluster": None, "kind": "the TA's post typed in", "level": None, "hard_pair": "ta"}
    (folder / "materials").mkdir()
    (folder / "materials" / "ta-post.md").write_text(TA_POST, encoding="utf-8")
    (folder / "labels.json").write_text(json.dumps(labels), encoding="utf-8")
    return labels


@pytest.mark.slow  # reads the class twice and runs the command on it: about 4 s of CPU on a loaded machine
def test_materials_score_a_class_as_the_command_with_its_course_texts_scores_it(tmp_path):
    """--materials (session 44, sim44m): a class's materials/ read as `--public materials/`, as run.py's "the
    command, --public materials/" reads it; its readings kept apart from the class's reading without them."""
    labels = write_class_with_materials(tmp_path / "class")
    cache = tmp_path / "cache"
    without = rescore.class_scores(tmp_path / "class", cache)
    assert rescore.ranked_pairs(without, labels)["pairs"][:2] == [
        {"rank": 1, "pair": "h1|h2", "score": 0.9818, "kind": "hard", "level": None},  # the TA's post, typed by both
        {"rank": 2, "pair": "a|b", "score": 0.8944, "kind": "copy", "level": 2}]
    texts = rescore.class_scores(tmp_path / "class", cache, materials=True)
    assert rescore.ranked_pairs(texts, labels)["pairs"] == [
        {"rank": 1, "pair": "a|b", "score": 0.8944, "kind": "copy", "level": 2},
        {"rank": 4, "pair": "h1|h2", "score": 0.0079, "kind": "hard", "level": None}]  # explained by the post
    assert texts["main"]["public"] == without["main"]["public"]  # against micrograd, not against the post
    assert len(list(cache.glob("*.pickle"))) == 2
    measured = rescore.rescore(tmp_path / "class", labels, cache, materials=True)
    assert (measured["average_precision"], measured["hard_negatives_in_top_k"]) == (1.0, 0)
    assert measured == run.measures(run.command_scores(tmp_path / "class", tmp_path / "class" / "materials"), labels,
                                    run.THRESHOLD)


def test_a_class_without_materials_is_scored_as_without_and_its_line_says_so(tmp_path):
    write_class(tmp_path / "class")
    assert run.materials_folder(tmp_path / "class") is None
    (tmp_path / "sim34b1").mkdir()  # a build without the class's texts: its source folder's
    assert run.materials_folder(tmp_path / "sim34b1") == run.HERE / "sim34b1" / "materials"
    assert run.is_material("materials/ta-post.md", run.HERE / "sim34b1" / "materials")
    assert not run.is_material("engine.py", run.HERE / "sim34b1" / "materials")
    assert not run.is_material("materials/ta-post.md", None)
    row = {"ap": 0.5, "L3": "1/2", "L4": "0/1", "hard": 1, "pub": 0, "pubtop": 0, "materials": False}
    assert rescore.line("a class", row, materials=True).endswith("hard 1 pub 0 pubtop 0 no materials")
    assert rescore.line("a class", {**row, "materials": True}, True).endswith("pubtop 0 materials read")
    assert rescore.line("a class", row).endswith("pubtop 0")
    old = {k: v for k, v in row.items() if k != "materials"}  # an --against json written before --materials
    assert rescore.same(old, row) and not rescore.same(old, {**row, "materials": True}) and not rescore.same(None, row)
