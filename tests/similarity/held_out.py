"""The held-out class's shape (issue 27) as the hand-written classes (bench/similarity/eighth/ to fourteenth/) label
it."""

import ast
import json
import re
from collections import Counter
from pathlib import Path


def assert_held_out_shape(labels: dict, ids: str, fills: str, fillers: int, tricks: dict, independents: int = 20,
                          public_levels: tuple = (1, 1, 2, 2, 3, 3), sources_a_level: int = 3,
                          public_source: str = "karpathy/micrograd") -> None:
    """The held-out class's shape, by default: 57 files named by IDS (a regex): 20 independent (FILLERS of them with
    FILLS in their kind), 3 hard-negative pairs, 6 micrograd copies (levels 1, 1, 2, 2, 3, 3), 12 sources with 13
    copies (3 sources a level, one copied twice), and TRICKS ({trick: copies}) on the copies. A smaller class (the
    eleventh) gives its own INDEPENDENTS, PUBLIC_LEVELS and SOURCES_A_LEVEL; a class whose public copies are of
    another public source (the seventeenth) gives its PUBLIC_SOURCE."""
    sources = 4 * sources_a_level
    assert len(labels) == independents + 6 + len(public_levels) + 2 * sources + 1
    assert all(re.fullmatch(ids, s) for s in labels)
    independent = [lab for lab in labels.values() if lab["cluster"] is None and "hard_pair" not in lab]
    assert len(independent) == independents
    assert sum(fills in lab["kind"] for lab in independent) == fillers
    assert sorted(Counter(lab["hard_pair"] for lab in labels.values() if "hard_pair" in lab).values()) == [2, 2, 2]
    public = [lab for lab in labels.values() if lab["cluster"] == "public"]
    assert sorted(lab["level"] for lab in public) == sorted(public_levels)
    assert {lab["public_source"] for lab in public} == {public_source}
    clusters = Counter(lab["cluster"] for lab in labels.values() if lab["cluster"] not in (None, "public"))
    assert len(clusters) == sources and sorted(clusters.values()) == [2] * (sources - 1) + [3]
    for level in (1, 2, 3, 4):
        members = [lab for lab in labels.values() if lab["cluster"] not in (None, "public") and lab["level"] == level]
        assert len({lab["cluster"] for lab in members}) == sources_a_level
        assert sum(lab["kind"].startswith("a source") for lab in members) == sources_a_level
    assert Counter(t for lab in labels.values() for t in lab.get("tricks", [])) == tricks


def assert_built_as_committed(module, out: Path, labels: dict, plain: bool = True) -> str:
    """MODULE (eighth to fourteenth).build makes the class in OUT as committed, every file checked, and (with PLAIN: a
    class with tricked copies) with the plain copies in OUT/plain each tricked copy is its plain copy: the starter's
    text, for the caller to check."""
    assert module.build(out / "class") == {"main": labels}  # build runs every file through its check
    assert json.loads((out / "class" / "labels.json").read_text(encoding="utf-8")) == {"main": labels}
    built = out / "class" / "main" / "submissions"
    assert sorted(p.name for p in built.iterdir()) == sorted(f"{s}.py" for s in labels)
    if not plain:
        return _starter(out)
    assert module.build(out / "plain", plain=True) == {"main": labels}
    plain = sorted((module.CLASS / "plain").glob("*.py"))
    assert plain and all((out / "plain" / "main" / "submissions" / p.name).read_bytes() == p.read_bytes()
                         for p in plain)
    return _starter(out)


def _starter(out: Path) -> str:
    starter = sorted((out / "class" / "main" / "starter").glob("*.py"))  # engine.py, or the tenth's nn.py
    assert len(starter) == 1
    return starter[0].read_text(encoding="utf-8")


def tree_without_docstrings(source: str) -> str:
    """SOURCE's syntax tree without its docstrings, dumped (past a byte-order mark, as Python reads a file)."""
    tree = ast.parse(source.removeprefix("\ufeff"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(body, list) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def assert_hard_pairs_same_and_copies_differ(labels: dict, texts: dict, plain: dict) -> None:
    """A hard-negative pair's two files differ only in comments and blank lines (the same syntax tree), as does each
    untricked level-1 copy from its source (docstrings apart); every other copy's tree differs from its source's; no
    two files are the same. TEXTS: each file's text by id; PLAIN: each tricked copy's plain copy's."""
    def dump(source):
        return ast.dump(ast.parse(source.removeprefix("\ufeff")))

    assert len(set(texts.values())) == len(labels)
    pairs = {}
    for sid, lab in labels.items():
        if "hard_pair" in lab:
            pairs.setdefault(lab["hard_pair"], []).append(sid)
    assert len(pairs) == 3 and all(dump(texts[a]) == dump(texts[b]) and texts[a] != texts[b]
                                   for a, b in pairs.values())
    sources = {lab["cluster"]: sid for sid, lab in labels.items() if lab["kind"].startswith("a source")}
    for sid, lab in labels.items():
        if lab["kind"].startswith("copy of") and lab["cluster"] != "public":
            same = tree_without_docstrings(plain.get(sid, texts[sid])) == tree_without_docstrings(
                texts[sources[lab["cluster"]]])
            assert same == (lab["level"] == 1), sid
