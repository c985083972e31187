"""A third labelled class, of the held-out class's shape: python bench/similarity/third.py OUT_DIR [--seed N]

Issue 27 describes the class `grade similarity` is judged on (kept outside the
project): 60 small engines, most of them a starter with its TODO regions filled
in; three pairs of independent students whose own code is the same few
canonical lines; twelve sources, each copied at one of four levels (two copies
of one of them); six copies of karpathy/micrograd's engine with the tanh, exp
and log it lacks added, at levels 1 to 3. This class has that shape and is made
a third way, so that no figure of it comes from the generator the method was
first tuned on (generate.py) nor from the one the last round was tuned on
(second.py's fixed fill forms):

- **Fillers of the 04-more-ops starter** whose eight regions are written in the
  habits of an author drawn by authors.py (names, forms of every derivative,
  composed or direct ops, temporaries, comments): every filler writes each
  region their own way, not one of a few fixed texts.
- **Other hands' engines**: the engines other sessions wrote under
  tests/fixtures (second.py's list), a few of them among the independent
  students and the sources.
- **Hard negatives**: three pairs whose regions are the course reference's
  own lines (canonical: subtracted) but for the two one-line regions
  (`__neg__`, `__rsub__`), which both members write the same plain way; each
  member with comments of their own.
- **Public copies**: micrograd with tanh, exp and log added in a copier's
  habits (generate.public_copy), at levels 1, 1, 2, 2, 3, 3 of generate.py's
  transforms.
- **Copies**: twelve sources (eight fillers, four other hands' engines), three
  per level, copied by second.py's red-team transforms (level 1: form feed and
  blank lines; 2: renamed, restyled, annotations; 3: also methods shuffled,
  swapped statements, `()` or `assert True` noise, `+=` written out, while
  loops; 4: also a coercion helper and temporaries, one of them packed with
  zlib + base64 for `exec`); one level-3 source copied twice.

It was built and measured once, with the method as landed (typical scores,
the normalisation fixes of this round); nothing was changed after looking at
its pairs (docs/similarity.md, Measured). Writes OUT_DIR/main/... and
OUT_DIR/labels.json as generate.py and second.py do.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import second  # noqa: E402
from authors import Writer, draw  # noqa: E402
from generate import _for_starter, _region_body, enclosing_method, public_copy, reference_text, regions, \
    with_comments  # noqa: E402

SEED = 4077
EXERCISE = "04-more-ops"
EXERCISES = ("04-more-ops", "03-tanh", "05-backward")  # starters whose regions authors.py can write
FILLERS, OTHERS = 16, 4  # the independent students: fillers and other hands' engines
SOURCE_FILLERS, SOURCE_OTHERS = 8, 4
PLAIN = {"__neg__": ["return self * -1"], "__rsub__": ["return other + (-self)"]}


def reference_bodies(exercise: str = EXERCISE) -> dict[str, list[str]]:
    """{method: the reference's own lines for the exercise's region}, unindented by the method's body indent."""
    lines = reference_text().splitlines()
    out = {}
    for region in regions():
        if region.exercise == exercise:
            method = enclosing_method(lines, region.begin)
            out[method] = [line[len(region.indent):] if line.strip() else "" for line in lines[region.begin + 1:region.end]]
    return out


def filled(starter: str, bodies: dict[str, list[str]], exercise: str = EXERCISE) -> str:
    text = starter
    for method, body in bodies.items():
        todo = (f'        # TODO({exercise}): your code here\n'
                f'        raise NotImplementedError("{exercise}: write Value.{method}")')
        assert todo in text, method
        text = text.replace(todo, "\n".join("        " + line if line.strip() else "" for line in body))
    return text


def author_fill(starter: str, rng: random.Random, exercise: str = EXERCISE) -> str:
    writer = Writer(_for_starter(draw(rng)))
    return filled(starter, {m: _region_body(writer, m, exercise) for m in reference_bodies(exercise)}, exercise)


def build(out: Path, seed: int = SEED, exercise: str = EXERCISE) -> dict:
    from grader.classroom import starters

    rng = random.Random(seed)
    starter = starters.starter_files(exercise)["engine.py"]
    canonical = reference_bodies(exercise)
    plain = {m: body for m, body in PLAIN.items() if m in canonical}  # 04-more-ops' one-liners; elsewhere none
    entries: list[tuple[str, str, str | None, int | None, str | None]] = []  # text, kind, cluster, level, hard pair
    others = rng.sample(second.OTHER_AUTHORS, OTHERS + SOURCE_OTHERS)
    for _ in range(FILLERS):
        entries.append((author_fill(starter, rng, exercise), "independent, fills the starter in their habits",
                        None, None, None))
    for name in others[:OTHERS]:
        entries.append(((second.FIXTURES / name / "engine.py").read_text(encoding="utf-8"), f"independent: {name}",
                        None, None, None))
    for p in range(3):
        for _ in range(2):
            text = with_comments(filled(starter, {**canonical, **plain}, exercise), rng)
            entries.append((text, "independent, the same canonical lines", None, None, f"h{p}"))
    for level in (1, 1, 2, 2, 3, 3):
        entries.append((public_copy(level, rng), f"copy of the public engine, level {level}", "public", level, None))
    sources = [(author_fill(starter, rng, exercise), "a source: fills the starter") for _ in range(SOURCE_FILLERS)]
    sources += [((second.FIXTURES / name / "engine.py").read_text(encoding="utf-8"), f"a source: {name}")
                for name in others[OTHERS:]]
    rng.shuffle(sources)
    packed = False
    for n, (text, kind) in enumerate(sources):
        level, cluster = 1 + n % 4, f"c{n}"
        entries.append((text, kind, cluster, level, None))
        for _ in range(2 if n == 2 else 1):  # one level-3 source copied twice
            if level == 4:
                copy, packed = second.level4(text, rng, packed=not packed), True
            else:
                copy = second.LEVELS[level](text, rng)
            entries.append((copy, f"copy, level {level}", cluster, level, None))
    return second.write_class(out, starter, rng, entries)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--exercise", default=EXERCISE, choices=EXERCISES)
    args = parser.parse_args()
    print(f"{len(build(args.out, args.seed, args.exercise)['main'])} submissions in {args.out}")


if __name__ == "__main__":
    main()
