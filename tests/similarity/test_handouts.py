"""Hard negatives made of what the course hands out (issue 27): two honest students who paste the exercise's
instructions' example as a smoke test, or the output the instructions show, share the course's text, not each
other's work; it is subtracted as the starter is (grader/similarity/handouts.py)."""

import json
from pathlib import Path

import pytest

from grader.classroom import starters
from grader.similarity import handouts, similarity, visible_tests
from grader.similarity.cohort import read_document, starter_kgrams
from grader.similarity.handouts import handout_texts

STUB = '        # TODO(03-tanh): your code here\n        raise NotImplementedError("03-tanh: write Value.tanh")'

# honest tanh bodies, each written its own way (the rest of the class, and the two hard negatives' own code)
BODIES = {
    "ana": """        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out""",
    "bo": """        e2 = math.exp(2 * self.data)
        squashed = (e2 - 1) / (e2 + 1)
        result = Value(squashed, (self,), "tanh")

        def grad_rule():
            self.grad = self.grad + result.grad * (1.0 - squashed * squashed)

        result._backward = grad_rule
        return result""",
    "cy": """        value = math.tanh(self.data)
        node = Value(value, _children=(self,), _op="tanh")
        node._backward = lambda: setattr(self, "grad", self.grad + (1 - node.data ** 2) * node.grad)
        return node""",
    "di": """        ex, emx = math.exp(self.data), math.exp(-self.data)
        th = (ex - emx) / (ex + emx)
        res = Value(th, (self,), "tanh")

        def back():
            local = 1 - th * th
            self.grad += local * res.grad

        res._backward = back
        return res""",
    "ed": """        y = 2 / (1 + math.exp(-2 * self.data)) - 1
        o = Value(y, (self,), "tanh")

        def step():
            self.grad += o.grad * (1 + y) * (1 - y)

        o._backward = step
        return o""",
    "fu": """        sig = 1 / (1 + math.exp(-2 * self.data))
        th = 2 * sig - 1
        output = Value(th, (self,), 'tanh')

        def chain():
            self.grad += 4 * sig * (1 - sig) * output.grad

        output._backward = chain
        return output""",
}

# the README's "Try it" example pasted as a smoke test, and the output it shows pasted as comments
SMOKE = """

if __name__ == "__main__":
    for x0 in (0.0, 2.0, 5.0):
        x = Value(x0)
        y = x.tanh()
        y.backward()
        print(x.grad)
"""
OUTPUT = """
# expected:
# 1.0
# 0.07065082485316443
# 0.0001815832309438603
"""


@pytest.fixture(scope="module")
def starter():
    return starters.starter_files("03-tanh")["engine.py"]


def filled(starter: str, body: str, tail: str = "") -> str:
    assert STUB in starter
    return starter.replace(STUB, body).rstrip("\n") + "\n" + tail


def class_folder(tmp_path: Path, starter: str, students: dict[str, str]) -> tuple[Path, Path]:
    (tmp_path / "handout").mkdir()
    (tmp_path / "handout" / "engine.py").write_text(starter, encoding="utf-8")
    folder = tmp_path / "submissions"
    folder.mkdir()
    for name, text in students.items():
        (folder / f"{name}.py").write_text(text, encoding="utf-8")
    return folder, tmp_path / "handout" / "engine.py"


def pairs_of(folder: Path, starter: Path) -> dict[tuple[str, str], float]:
    record = similarity(folder, starters=(starter,)).record
    return {(p["a"], p["b"]): p["score"] for p in record["pairs"]}


def hard_class(starter: str) -> dict[str, str]:
    """Six honest students; bo and di paste the README's example as a smoke test and the output it shows, ed the
    example alone; and zz copies bo, smoke test and all."""
    tails = {"bo": SMOKE + OUTPUT, "di": SMOKE + OUTPUT, "ed": SMOKE}
    students = {name: filled(starter, body, tails.get(name, "")) for name, body in BODIES.items()}
    students["zz"] = students["bo"]
    return students


def test_the_handouts_are_found_from_the_starters_todo_markers(starter):
    texts = handout_texts({"engine.py": starter})
    assert sorted(texts) == ["03-tanh/README.md <block 1>", "03-tanh/README.md <block 2>",
                             "03-tanh/README.md <block 3>"]
    assert texts["03-tanh/README.md <block 1>"].startswith("from engine import Value\n\nfor x0 in (0.0, 2.0, 5.0):\n")
    # the output shown: as comments, as a string, and its numbers as numbers and as strings (pasted into asserts)
    assert texts["03-tanh/README.md <block 2>"] == \
        '# 1.0\n# 0.07065082485316443\n# 0.0001815832309438603\n\n"""1.0\n0.07065082485316443\n0.0001815832309438603"""\n' \
        "expected = [\n    1.0,\n    '1.0',\n    0.07065082485316443,\n    '0.07065082485316443',\n" \
        "    0.0001815832309438603,\n    '0.0001815832309438603',\n]\n"


def test_a_starters_own_folder_hands_out_its_readme(tmp_path):
    (tmp_path / "README.md").write_text("Run\n\n```python\nprint(f(2))\n```\n\nIt prints\n\n```\n4\n```\n",
                                        encoding="utf-8")
    (tmp_path / "engine.py").write_text("def f(x):\n    pass\n", encoding="utf-8")
    texts = handout_texts({"engine.py": "def f(x):\n    pass\n"}, (tmp_path / "engine.py",))
    assert texts == {f"{tmp_path.name}/README.md <block 1>": 'print(f(2))\n',
                     f"{tmp_path.name}/README.md <block 2>": '# 4\n\n"""4"""\nexpected = [\n    4,\n    \'4\',\n]\n'}


@pytest.mark.slow
def test_students_who_paste_the_instructions_example_and_output_are_not_a_pair(tmp_path, starter):
    folder, given = class_folder(tmp_path, starter, hard_class(starter))
    pairs = pairs_of(folder, given)
    # the README's example and the output it shows are the course's: no pair among the four who pasted them
    assert not [pair for pair in pairs if set(pair) <= {"bo", "di", "ed"}]
    assert pairs[("bo", "zz")] >= 0.98  # a copy is still a copy (0.9815; 0.99 or more before session 28's UNIT_MOST)


@pytest.mark.slow
def test_without_the_handouts_the_pasted_example_made_pairs(tmp_path, starter, monkeypatch):
    folder, given = class_folder(tmp_path, starter, hard_class(starter))
    monkeypatch.setattr("grader.similarity.handout_texts", lambda *args: {})
    pairs = pairs_of(folder, given)
    # listed (REPORT_FLOOR 0.2) on the course's text alone: in a larger class, where fewer paste it, 0.4-0.8
    assert pairs[("bo", "di")] >= 0.2 and pairs[("bo", "ed")] >= 0.2


# the visible tests pasted as a student does: 03-tanh's probes (grader/suites/shared_probes.py) with `grade check`'s
# numbers asserted, in the student's engine under `if __name__ == "__main__":`
CHECKS = """

if __name__ == "__main__":
    x = Value(2.0)
    y = x.tanh()
    y.backward()
    assert abs(y.data - 0.9640275801) < 1e-06
    assert abs(x.grad - 0.0706508249) < 1e-06
    x = Value(-0.5)
    t = x.tanh()
    y = t * 2
    y.backward()
    assert abs(x.grad - 1.572895466) < 1e-06
    x = Value(5.0)
    y = x.tanh()
    y.backward()
    assert abs(x.grad - 0.0001815832) < 1e-06
"""


@pytest.mark.slow  # the reference run on the probes, read twice: 2 s of CPU
def test_the_visible_tests_are_read_as_a_student_pastes_them():
    texts = dict(visible_tests.visible_texts("03-tanh"))
    statements = texts["03-tanh visible tests <probes> <statements>"]
    assert statements.startswith("x = Value(0.0)\ny = x.tanh()\ny.backward()\nx = Value(2.0)\n")  # V as Value
    assert "return" not in statements and '"""' not in statements  # no observation, no docstring
    functions = texts["03-tanh visible tests <abs> <functions>"]
    assert "def test_tanh_two():" in functions and "    assert abs(x.grad - 0.0706508249) < 1e-06\n" in functions
    assert "test_tanh_int" not in functions and "test_tanh_neuron" not in functions  # hidden tests' probes: not shown
    assert "x.grad for y = tanh(x) at x = 2: expected 0.0706508249" in texts["03-tanh visible tests <expected>"]
    # what is subtracted: the checks and their numbers, not the probes' own statements (every smoke test's words)
    plain = {name: text for name, text in texts.items() if "<probes>" in name}
    assert visible_tests.checks_kgrams("03-tanh") and not visible_tests.checks_kgrams("03-tanh") & starter_kgrams(plain)
    # a module-taking probe (07-mlp-xor's): the student's names, not the probe's `m` or `nn = module_of(m, "nn")`
    network = dict(visible_tests.visible_texts("07-mlp-xor"))["07-mlp-xor visible tests <probes> <statements>"]
    assert "Neuron(2)" in network and "module_of" not in network and "nn.Neuron" not in network


@pytest.mark.slow
def test_students_who_paste_the_visible_tests_checks_share_less(tmp_path, starter, monkeypatch):
    """bo, di and ed paste the same checks (CHECKS). The asserts on `grade check`'s numbers are the course's and
    are subtracted; the probes' statements (`x = Value(2.0)`, `y.backward()`) are not (a copy's own smoke test is
    made of the same words, measured): three students who paste the same block still share those."""
    students = {name: filled(starter, body, CHECKS if name in ("bo", "di", "ed") else "") for name, body in BODIES.items()}
    students["zz"] = students["bo"]
    folder, given = class_folder(tmp_path, starter, students)
    after = pairs_of(folder, given)
    monkeypatch.setattr("grader.similarity.handout_kgrams", lambda *args: frozenset())
    before = pairs_of(folder, given)
    for pair in (("bo", "di"), ("bo", "ed"), ("di", "ed")):
        assert after.get(pair, 0.0) < before[pair] - 0.1, (pair, after.get(pair), before[pair])
    assert after[("bo", "zz")] >= 0.99


def test_a_public_sources_licence_and_readme_are_known_text(tmp_path):
    from grader.similarity import PUBLIC_ARCHIVE

    texts = handouts.notice_texts([PUBLIC_ARCHIVE])
    assert sorted(texts) == ["karpathy-micrograd/LICENSE", "karpathy-micrograd/README.md"]
    assert "# Permission is hereby granted, free of charge, to any person obtaining a copy" in \
        texts["karpathy-micrograd/LICENSE"]
    (tmp_path / "leaked" / "deep").mkdir(parents=True)  # a --public folder: the notices beside each of its sources
    (tmp_path / "leaked" / "deep" / "engine.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "leaked" / "deep" / "COPYING").write_text("GPL v3 or later\n", encoding="utf-8")
    (tmp_path / "leaked" / "notes.txt").write_text("not a notice\n", encoding="utf-8")
    assert handouts.notice_texts([tmp_path / "leaked"]) == {"deep/COPYING": '# GPL v3 or later\n\n"""GPL v3 or later"""\n'}


# the README's four steps as a student writes them over their tanh (each word the instructions'), and a comment of
# one's own about them
STEPS = """        # 1. compute t = tanh(x) for x = self.data (the math module has tanh)
        # 2. make the new node from t, with self as its only input and "tanh" as its operation
        # 3. give it a _backward that adds the local derivative times out.grad into self.grad
        # 4. return the new node
"""


def test_a_comment_in_the_instructions_words_is_the_courses(starter):
    given = handouts.instruction_kgrams({"engine.py": starter})  # 03-tanh's README*.md, from its TODO marker
    text = filled(starter, STEPS + "        # my own words: squash it, then chain the slope back\n" + BODIES["ana"])
    course = handouts.instructed(text, given)
    steps = {h for line in STEPS.splitlines() for h in handouts.instructed(f"{line.strip()}\n", given)}
    # every run of the four steps' words, and none of the student's own comment (nor of the starter's)
    assert len(steps) == 44 and course == steps
    own = handouts.instructed("# my own words: squash it, then chain the slope back\n", given)
    assert own == frozenset()
    # a comment half in the instructions' words is the student's (INSTRUCTED 0.6)
    assert handouts.instructed("# compute t = tanh(x) but my way with cosh and sinh\n", given) == frozenset()


def test_a_students_traits_leave_out_the_instructions_words(starter):
    """What the reading keeps of a filler's comments (read_document): the steps' runs are not among the traits
    (as the starter's comments are not), the student's own comment's runs are."""
    text = filled(starter, STEPS + "        # my own words: squash it, then chain the slope back\n" + BODIES["ana"])
    given = starter_kgrams({"engine.py": starter})
    steps = handouts.instructed(STEPS, handouts.instruction_kgrams({"engine.py": starter}))
    kept = read_document("s", {"engine.py": text}, given).traits
    with_course = read_document("s", {"engine.py": text}, given | handouts.instruction_kgrams({"engine.py": starter}))
    assert steps <= kept.keys() and not steps & with_course.traits.keys()
    assert kept.keys() - with_course.traits.keys() == steps  # nothing else: the own comment and the code's traits
