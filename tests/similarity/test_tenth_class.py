"""The tenth labelled class (bench/similarity/tenth/, issue 27): 57 hand-written files of 07-mlp-xor's nn.py (the
network, not the engine) that work, labelled in the held-out class's shape, with six evasions no earlier class has,
each on one copy, and each one's plain copy beside it; its public source is micrograd's nn.py, with its licence."""

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import pytest
from costs import slow_fixture

from tests.similarity.held_out import assert_built_as_committed, assert_held_out_shape

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench" / "similarity"
sys.path.insert(0, str(BENCH))

import run  # noqa: E402
import tenth  # noqa: E402

SUBMISSIONS = tenth.CLASS / "main" / "submissions"
TRICKS = {"qualified-import", "lambdas", "star-args", "with-wrapper", "ast-roundtrip", "tuple-assign"}


def text(sid: str, folder: Path = SUBMISSIONS) -> str:
    return (folder / f"{sid}.py").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def labels():
    return tenth.labels()["main"]


@slow_fixture(scope="module")
def built(tmp_path_factory, labels):
    """(folder, starter's text): the class built in FOLDER/class, every file checked, and FOLDER/plain, as committed
    (held_out.assert_built_as_committed): built once for the tests that read it (2.6 s of CPU a build)."""
    out = tmp_path_factory.mktemp("tenth")
    return out, assert_built_as_committed(tenth, out, labels)


def test_the_class_is_built_checked_and_the_same_as_committed(built):
    folder, starter = built
    assert starter == (REPO / "exercises" / "07-mlp-xor" / "nn.py").read_text(encoding="utf-8")
    assert len(re.findall(r"# TODO\(07-mlp-xor\): your code here", starter)) == 11
    assert sorted(p.name for p in (folder / "class" / "public").iterdir()) == ["LICENSE", "README.md", "nn.py"]
    assert "MIT License" in (folder / "class" / "public" / "LICENSE").read_text(encoding="utf-8")


def test_the_class_has_the_held_out_shape(labels):
    assert_held_out_shape(labels, r"t\d{3}", "fills 07 (nn.py)", 17, {t: 1 for t in TRICKS})
    assert all(lab["kind"].startswith("copy of") and lab["level"] in (1, 2, 3)
               for lab in labels.values() if lab.get("tricks"))
    assert not any(lab.get("opaque") for lab in labels.values())
    assert sorted(p.stem for p in (tenth.CLASS / "plain").glob("*.py")) == sorted(
        sid for sid, lab in labels.items() if lab.get("tricks"))


def test_run_reads_the_class_as_its_exercise_file_against_its_own_public_source(tmp_path, built):
    folder = built[0] / "class"  # tenth.build's: main/submissions, main/starter, public/
    cohort = folder / "main"
    assert run.starter_file(cohort).name == "nn.py"
    assert run.public_source(cohort) == folder / "public" / "nn.py"
    assert run.public_folder(folder) == folder / "public"
    (tmp_path / "engine-class" / "main" / "starter").mkdir(parents=True)
    (tmp_path / "engine-class" / "main" / "starter" / "engine.py").write_text("", encoding="utf-8")
    assert run.public_source(tmp_path / "engine-class" / "main") == run.PUBLIC_ARCHIVE / "engine.py"
    assert run.public_folder(tmp_path / "engine-class") == run.PUBLIC_ARCHIVE


def test_each_evasion_is_its_plain_copy_with_only_the_trick(labels):
    seen = set()
    for sid, lab in labels.items():
        if not lab.get("tricks"):
            continue
        trick, tricked, before = lab["tricks"][0], text(sid), text(sid, tenth.CLASS / "plain")
        seen.add(trick)
        assert tenth.TRICKS[trick](before) == tricked  # the committed copy is what the scripted trick makes of it
        tree, plain_tree = ast.parse(tricked), ast.parse(before)
        if trick == "qualified-import":  # `import engine`, every Value as engine.Value
            assert "from engine import Value" in before and "from engine import Value" not in tricked
            names = [t for t in tokenize.generate_tokens(io.StringIO(before).readline)
                     if t.type == tokenize.NAME and t.string == "Value"]
            assert tricked.count("engine.Value") == len(names) - 1 >= 2  # the import's name is not qualified
            assert tricked.replace("engine.Value", "Value").replace("import engine", "from engine import Value") \
                == before
        elif trick == "lambdas":  # one-return methods as lambdas bound in the class body
            made = [n for n in ast.walk(tree) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Lambda)]
            assert len(made) == 6
            assert len([f for f in ast.walk(plain_tree) if isinstance(f, ast.FunctionDef)]) == len(
                [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]) + 6
        elif trick == "star-args":  # every def takes *_extra too
            defs = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
            assert len(defs) > 10 and all(f.args.vararg and f.args.vararg.arg == "_extra" for f in defs)
            assert re.sub(r"(, )?\*_extra(, )?", lambda m: ", " if m.group(1) and m.group(2) else "", tricked) \
                == before
        elif trick == "with-wrapper":  # every method's body inside `with contextlib.nullcontext():`
            withs = [n for n in ast.walk(tree) if isinstance(n, ast.With)]
            assert len(withs) > 10 and all(ast.unparse(w.items[0].context_expr) == "contextlib.nullcontext()"
                                           for w in withs)
        elif trick == "ast-roundtrip":  # the same syntax tree, every comment and blank line gone
            assert ast.dump(tree) == ast.dump(plain_tree)
            blank = [sum(not line.strip() for line in t.split("\n")) for t in (before, tricked)]
            assert "#" in before and blank[1] < blank[0]
            assert not any(line.lstrip().startswith("#") for line in tricked.split("\n"))
        elif trick == "tuple-assign":  # runs of assignments joined into one
            joined = [n for n in ast.walk(tree) if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Tuple)]
            assert len(joined) >= 4
            assert len([n for n in ast.walk(plain_tree) if isinstance(n, ast.Assign)]) > len(
                [n for n in ast.walk(tree) if isinstance(n, ast.Assign)]) + 4
    assert seen == TRICKS


def test_copies_differ_from_their_sources_and_no_two_files_are_the_same(labels):
    texts = {sid: text(sid) for sid in labels}
    assert len(set(texts.values())) == 57
    for sid, lab in labels.items():
        if lab["kind"].startswith("copy of") and lab["cluster"] != "public":
            source = next(s for s, other in labels.items() if other["cluster"] == lab["cluster"]
                          and other["kind"].startswith("a source"))
            assert texts[sid] != texts[source]


def test_every_trick_on_every_source_runs_as_its_source_and_changes_its_text(labels):
    """What `tenth.py OUT --tricks` measures: each trick applied to each source verbatim still works (check)."""
    sources = sorted(sid for sid, lab in labels.items() if lab["kind"].startswith("a source"))
    assert len(sources) == 12
    for name, trick in tenth.TRICKS.items():
        for sid in sources:
            made = trick(text(sid))
            assert made != text(sid), (name, sid)
            tenth.check(made, f"{name}-{sid}")


@pytest.mark.parametrize("mutation", [
    ("self.b = Value(0)", "self.b = Value(rng.uniform(-1, 1))"),  # the bias drawn too: other weights
    ("return outs[0] if len(outs) == 1 else outs", "return outs"),  # a one-neuron layer gives a list
    ("nonlin=i < len(nouts) - 1", "nonlin=True"),  # the last layer squashed
    ("net.zero_grad()", "pass"),  # gradients accumulate over the steps
])
def test_the_check_finds_a_network_that_does_not_do_what_the_exercise_asks(labels, mutation):
    source = text(next(sid for sid, lab in labels.items() if lab["kind"] == "independent: noor_ar fills 07 (nn.py)"))
    old, new = mutation
    assert source.count(old) == 1
    tenth.check(source, "noor")
    with pytest.raises(AssertionError):
        tenth.check(source.replace(old, new), "noor mutated")
