"""bench/similarity/sim40b1.py, session 40's first blind class (the whole engine with a sixth course's Russian starter:
children, op and a BACKWARD_RULES table): what its writer makes is what is committed, and its check fails the slips its
labelled bugs make and a walk whose order is not topological (tests/test_bench_sim36.py builds it, every file checked,
and holds its labels to issue 27's recipe)."""

import json

import pytest
from bench_modules import load_bench, load_writer


def test_the_writer_makes_what_is_committed(monkeypatch):
    """write.py makes every file of main/submissions, the course texts and labels.json as committed (no hand edit
    after writing; the whole engines and level-4 copies are typed by hand in main/submissions, which it leaves)."""
    sim40b1 = load_bench("sim40b1")
    write = load_writer(sim40b1, monkeypatch)
    files, labels = write.files_and_labels()
    submissions = sim40b1.CLASS / "main" / "submissions"
    assert len(files) == 47 == len(list(submissions.glob("*.py")))
    assert [name for name, text in files.items() if (submissions / f"{name}.py").read_text(encoding="utf-8") != text] \
        == []
    for folder, spec in (("lecture", write.fillers.LECTURE), ("ta-post", write.fillers.TA)):
        text = (sim40b1.CLASS / "materials" / folder / "engine.py").read_text(encoding="utf-8")
        assert text == write.filled(sim40b1.STARTER.read_text(encoding="utf-8"), spec), folder
    assert json.loads((sim40b1.CLASS / "labels.json").read_text(encoding="utf-8")) == {"main": labels}


def test_the_labelled_slips_and_a_wrong_order_fail_the_check():
    """The lecture's code passes sim40b1's check; rule_add setting the grad (s174's slip) and log's derivative
    multiplied by a instead of divided fail it, naming the gradient; s533's walk marking a node visited when it is
    pushed (not when it is expanded) passes sim36b1's check but fails the DAG check, naming the DAG and the leaf."""
    sim40b1 = load_bench("sim40b1")
    text = (sim40b1.CLASS / "materials" / "lecture" / "engine.py").read_text(encoding="utf-8")
    sim40b1.check(text, "lecture")
    for right, slip in (("    a.grad += node.grad\n    b.grad += node.grad\n",
                         "    a.grad = node.grad\n    b.grad = node.grad\n"),
                        ("a.grad += node.grad / a.data", "a.grad += node.grad * a.data")):
        assert text.count(right) == 1, right  # the slip is made, once
        with pytest.raises(AssertionError, match="grad"):
            sim40b1.check(text.replace(right, slip), "lecture")
    engine = (sim40b1.CLASS / "main" / "submissions" / "s533.py").read_text(encoding="utf-8")
    right = ("            elif id(node) not in visited:\n"
             "                visited.add(id(node))\n"
             "                frames.append((node, 1))\n"
             "                frames.extend((p, 0) for p in node.parents if id(p) not in visited)\n")
    slip = ("            else:\n"
            "                frames.append((node, 1))\n"
            "                for p in node.parents:\n"
            "                    if id(p) not in visited:\n"
            "                        visited.add(id(p))\n"
            "                        frames.append((p, 0))\n")
    assert engine.count(right) == 1
    pushed = engine.replace(right, slip).replace("visited = set()", "visited = {id(self)}")
    sim40b1.sim36b1.check(pushed, "s533-draft")
    with pytest.raises(AssertionError, match=r"s533-draft: DAG \d: leaf \d: grad"):
        sim40b1.check(pushed, "s533-draft")


def test_the_notebook_writer_makes_what_is_committed(monkeypatch):
    """sim40b2's write.py makes every notebook and .py hand-in, the starter, the materials, the public notebook and
    labels.json as committed (nbformat with fixed cell ids: the same bytes every time)."""
    sim40b2 = load_bench("sim40b2")
    write = load_writer(sim40b2, monkeypatch)
    files, labels = write.files_and_labels()
    submissions = sim40b2.CLASS / "main" / "submissions"
    assert sorted(files) == sorted(p.name for p in submissions.iterdir()) and len(files) == 35
    assert [name for name, text in files.items() if (submissions / name).read_text(encoding="utf-8") != text] == []
    assert [path for path, text in write.course_files().items()
            if (sim40b2.CLASS / path).read_text(encoding="utf-8") != text] == []
    assert json.loads((sim40b2.CLASS / "labels.json").read_text(encoding="utf-8")) == {"main": labels}


@pytest.mark.slow
def test_the_notebook_class_builds_checked_with_its_recipe(tmp_path):
    """sim40b2 builds with every hand-in checked (its two labelled bugs fail the check, every other file passes),
    and its labels hold issue 27's recipe: copies at levels 1-4, three hard pairs, four public copies, the four
    evasions, notebooks and .py exports."""
    run = load_bench("run")
    sim40b2 = load_bench("sim40b2")
    labels = sim40b2.build(tmp_path / "sim40b2")
    members = labels["main"]
    built = sorted(p.name for p in (tmp_path / "sim40b2" / "main" / "submissions").iterdir())
    assert len(built) == len(members) == 35 and sum(name.endswith(".py") for name in built) == 2
    rows = list(run.labelled_pairs(labels))
    levels = {}
    for *_, copy, level, _ in rows:
        if copy:
            levels[level] = levels.get(level, 0) + 1
    assert levels == {1: 2, 2: 3, 3: 2, 4: 4} and sum(hard for *_, hard in rows) == 3
    assert sum(m["cluster"] == "public" for m in members.values()) == 4
    assert sorted(name for name, m in members.items() if "bug" in m) == ["s146", "s167"]
    assert {m["evasion"] for m in members.values() if "evasion" in m} == {
        "form feed in a comment", "annotation on every assignment", "() after every statement", "zlib+base64 and exec"}
    assert (tmp_path / "sim40b2" / "main" / "starter" / "engine.py").read_text(encoding="utf-8") == \
        sim40b2.code_of(sim40b2.STARTER)


def test_the_notebook_check_reads_code_cells_and_fails_the_slips():
    """A notebook's code is its code cells joined with `%magic` lines dropped (s111's `%matplotlib inline`); the
    lecture's notebook cell passes the check, Lukas's (s146) and Ravi's (s167) slips fail it naming the gradient."""
    sim40b2 = load_bench("sim40b2")
    submissions = sim40b2.CLASS / "main" / "submissions"
    code = sim40b2.code_of(submissions / "s111.ipynb")
    assert "%matplotlib" not in code and "def backward(self):" in code
    sim40b2.check(submissions / "s501.ipynb")
    for name, match in (("s146", "add: grad 1.0 != 3"), ("s167", "tanh: grad")):
        with pytest.raises(AssertionError, match=match):
            sim40b2.check(submissions / f"{name}.ipynb")
