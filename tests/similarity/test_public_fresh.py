"""Issue 27, session 17: fresh public copies, typed by other hands than bench/similarity/pubcopies' (public_fresh/:
each keeps micrograd's MIT notice): attributed to karpathy/micrograd and not reported as copying each other.

- q201: micrograd's engine at level 3 (a coercion helper, methods reordered, `+=` written out, the walk with a guard
  clause, relu's choice as a branch into a temporary, `%` in repr), with tanh (`math.tanh`, through `out.data`), exp,
  and log as `out.grad / self.data` added;
- q202: the same additions, at level 2 (type hints, `o` and `result`, comments reworded, the notice cut short);
- q203: a part of it (`__init__`, `__add__`, `__mul__`, `__pow__`, relu and backward verbatim), the other ops its own
  closures (`grad_fn`, its own neg, sub and div, a log that raises);
- q204: level 3 by another hand (`from math import exp as _e`, operands of the chain rule swapped, ops grouped core
  and derived, relu's test turned round, `.format`, `[::-1]`), tanh through `exp(2x)`;
- q205, q206 (network/): micrograd's nn.py adapted to 07-mlp-xor (an rng, tanh) by two hands: q205 renamed
  (`n_inputs`, `param`, `rng or random.Random(0)`), q206 as micrograd names it (an `if rng is None`, MLP's `seed`).
"""

from pathlib import Path

from costs import slow_fixture

from grader.similarity import similarity

from .test_similarity import CLASS, engine

HERE = Path(__file__).parent / "public_fresh"
ENGINE = "karpathy-micrograd/engine.py"


def _class(folder: Path, texts: dict[str, str]) -> Path:
    for name, text in texts.items():
        (folder / f"{name}.py").write_text(text, encoding="utf-8")
    return folder


@slow_fixture(scope="module")  # a class read and scored: seconds of CPU
def engines(tmp_path_factory):
    honest = {name.split("/")[-1]: engine(name) for name in CLASS}
    fresh = {path.stem: path.read_text(encoding="utf-8") for path in sorted(HERE.glob("q*.py"))}
    return similarity(_class(tmp_path_factory.mktemp("fresh"), {**honest, **fresh})).record


@slow_fixture(scope="module")  # a class read and scored: seconds of CPU
def networks(tmp_path_factory):
    texts = {path.stem: path.read_text(encoding="utf-8")
             for path in sorted((Path(__file__).parent / "network").glob("*.py")) + sorted((HERE / "network").glob("q*.py"))}
    return similarity(_class(tmp_path_factory.mktemp("fresh-network"), texts), exercise="07-mlp-xor").record


def test_fresh_copies_of_the_public_engine_are_attributed_to_it_and_are_no_pair(engines):
    # q201 holds micrograd's walk as a guard clause: read against the source restyled (restyles.py; as written 0.88)
    # (session 19, chains of `+` and `*` read in any grouping: q201 0.9641 -> 0.9642, q203 0.8891 -> 0.8892)
    # (session 20, the source as it spaced its lines (spacing.py): q203, micrograd's methods verbatim, 0.8892 -> 0.9412)
    # (session 22, a choice of the larger of two read as `max`: micrograd's relu, `0 if x < 0 else x`, is `max(x, 0)`,
    # q201's branch into a temporary and q204's test turned round too: q201 0.9642 -> 0.9637, q204 0.7185 -> 0.7228)
    # (session 36, sim36p: a public text's own comments are a match of their own, public_match._as_worded: q203, a part
    # that kept micrograd's comments, 0.9412 -> 0.9512)
    assert [(m["id"], m["source"], m["score"], m["flagged"]) for m in engines["public_matches"]] == [
        ("correct-recursive-raised-limit", ENGINE, 0.9997, True), ("q202", ENGINE, 0.9997, True),
        ("q201", ENGINE, 0.9637, True), ("q203", ENGINE, 0.9512, True), ("q204", ENGINE, 0.7228, True)]
    fresh = {f"q20{i}" for i in range(1, 5)}
    assert not [p for p in engines["pairs"] if p["a"] in fresh and p["b"] in fresh]  # under the report's floor
    # the part-copy's own ops (its own sub and div, each with its derivative) are an honest engine's: below the flag
    # (session 20, siml4m: 0.4472 -> 0.4408; the pair's own meanings as before, the class's dataclass-graphlib and
    # operator-edges engines now read op for op, which the class's weighing of what is common counts; session 22,
    # relu's choice read as `max`: 0.4408 -> 0.438)
    assert [(p["a"], p["b"], p["score"]) for p in engines["pairs"] if p["a"] in fresh or p["b"] in fresh] == [
        ("correct-direct-subdiv", "q203", 0.4253)]  # 0.438 before session 28 (units.UNIT_MOST)


def test_fresh_copies_of_the_public_network_the_limit(networks):
    """The limit (docs/similarity.md): of micrograd's nn.py beyond 07-mlp-xor's starter, what the exercise makes a
    copier change (the import, rng, tanh) is held by no copy, and most of the rest is the lecture's: its code held
    q206 at 0.20, q205 under the floor. Since session 20 the source is also read as it spaced its lines (spacing.py):
    q206 keeps micrograd's `wi*xi for wi,xi` and `nonlin=i!=len(nouts)-1` and matches it at 0.94; q205, which
    respaced every line the usual way (`wi * xi for wi, xi`), holds none of it and stays the limit (since session 22
    matched by the parts of nn.py it took, public_match._Parts, at 0.20: listed, not flagged). They are no
    pair: what made them a flagged pair (0.54 until session 18) was the MIT notice both kept, micrograd's licence,
    which is known text (handouts.notice_texts); without it what they share besides the source (its lines adapted
    alike) is under the report's floor."""
    assert [(m["id"], m["source"], m["score"], m["flagged"]) for m in networks["public_matches"]] == [
        ("q206", "karpathy-micrograd/nn.py", 0.9412, True), ("q205", "karpathy-micrograd/nn.py", 0.2027, False)]
    assert [(p["a"], p["b"], p["score"], p.get("both_match_public")) for p in networks["pairs"]] == []
