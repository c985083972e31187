"""The eighth labelled class (bench/similarity/eighth/, issue 27): 57 hand-written files that work, labelled in the
held-out class's shape, with the issue's four evasions on four copies and each one's plain copy beside it."""

import ast
import base64
import re
import sys
import zlib
from pathlib import Path

import pytest

from tests.similarity.held_out import assert_built_as_committed, assert_held_out_shape

BENCH = Path(__file__).resolve().parents[2] / "bench" / "similarity"
sys.path.insert(0, str(BENCH))

import eighth  # noqa: E402

SUBMISSIONS = eighth.CLASS / "main" / "submissions"


def text(sid: str, folder: Path = SUBMISSIONS) -> str:
    return (folder / f"{sid}.py").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def labels():
    return eighth.labels()["main"]


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    starter = assert_built_as_committed(eighth, tmp_path, labels)  # 04-more-ops's, as written on
    assert starter.count("# TODO(04-more-ops): your code here") == 8


def test_the_class_has_the_held_out_shape(labels):
    assert_held_out_shape(labels, r"u\d{3}", "fills 04-more-ops", 16,
                          {"formfeed": 1, "annotate": 1, "parens": 1, "packed": 1})
    assert [sid for sid, lab in labels.items() if lab.get("opaque")] == ["u339"]
    assert sorted(p.stem for p in (eighth.CLASS / "plain").glob("*.py")) == sorted(
        sid for sid, lab in labels.items() if lab.get("tricks"))


def test_each_evasion_is_its_plain_copy_with_only_the_trick(labels):
    plain = {sid: text(sid, eighth.CLASS / "plain") for sid, lab in labels.items() if lab.get("tricks")}
    for sid, lab in labels.items():
        if not lab.get("tricks"):
            continue
        trick, tricked, before = lab["tricks"][0], text(sid), plain[sid]
        if trick == "formfeed":
            assert tricked.count("\f") == 1 and tricked.replace("\f", "") == before
            line = next(ln for ln in tricked.splitlines(keepends=True) if "\f" in ln)
            assert line.lstrip().startswith("#")
        elif trick == "annotate":
            tree = ast.parse(tricked)
            # every assignment that can be annotated is (a tuple target cannot be)
            assert all(isinstance(n.targets[0], ast.Tuple) for n in ast.walk(tree) if isinstance(n, ast.Assign))
            assert len([n for n in ast.walk(tree) if isinstance(n, ast.AnnAssign)]) > 30
            assert ast.dump(_unannotated(tree)) == ast.dump(ast.parse(before))
        elif trick == "parens":
            assert "\n".join(ln for ln in tricked.splitlines() if ln.strip() != "()") == before.rstrip("\n")
            assert tricked.count("()\n") > 60
        elif trick == "packed":
            blob = re.search(r'_SRC = """(.*?)"""', tricked, re.S).group(1)
            assert zlib.decompress(base64.b64decode("".join(blob.split()))).decode("utf-8") == before
            assert "exec(" in tricked and "class Value" not in tricked


def _unannotated(tree: ast.AST) -> ast.AST:
    class Plain(ast.NodeTransformer):
        def visit_AnnAssign(self, node):
            return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)

    tree = Plain().visit(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            node.targets[0].ctx = ast.Store()
        if isinstance(node, ast.Assign):
            node.type_comment = None
    return ast.fix_missing_locations(tree)


def test_copies_keep_their_source_working_and_no_two_independents_are_the_same_file(labels):
    texts = {sid: text(sid) for sid in labels}
    assert len(set(texts.values())) == 57
    for sid, lab in labels.items():
        if lab["kind"].startswith("copy of") and lab["cluster"] != "public":
            source = next(s for s, other in labels.items() if other["cluster"] == lab["cluster"]
                          and other["kind"].startswith("a source"))
            assert texts[sid] != texts[source]


def test_every_packing_runs_as_the_plain_copy_and_the_class_holds_the_one_it_names():
    plain = text(eighth.PACKED, eighth.CLASS / "plain")
    packed = eighth.packings(plain)
    assert len(packed) == 11 and all("exec(" in p and "class Value" not in p for p in packed.values())
    for name, packing in packed.items():
        eighth.check(packing, name)  # runs, and its gradients are the reference's
    ours = text(eighth.PACKED)
    assert ours.replace("import base64, zlib\n\n", "import base64, zlib\n").replace('"""\n\nexec', '"""\nexec') == (
        packed["triple_join_split"])
