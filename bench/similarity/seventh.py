"""A seventh labelled class, of real engines by strangers: python bench/similarity/seventh.py OUT_DIR [--seed N]

Written by a red team blind to the method (grader/similarity and docs/similarity.md's method
unread; sixth.py and sixth_copier.py read for the class's layout, label format and gradient
check, which it reuses). What is new: ten **real engines from public repositories** of ten
authors, each under the MIT licence (seventh/README.md lists repository, path, commit and
licence), adapted minimally to the course's API (what each lacked added in its author's own
style). The search tool through which they were read keeps their text out of this repository,
so they live beside it, in SEVENTH_MATERIAL (default /work/seventh-material: engines/ with a
provenance header on each file, restructured/ with three of them rewritten by hand for level
4, LICENSES/), like the issue's held-out class. The builder strips the provenance header.

The held-out class's shape (issue 27), 60 files per seed (starter: seed 1 05-backward, 2
03-tanh, 3 05-backward, alternating):

- **20 independent**: 15 students who fill the starter's region (seventh/people.txt, 25
  people, one hand each, a dozen walk algorithms and as many tanh forms, comments in ten
  languages), 5 real engines handed in whole.
- **3 pairs of hard negatives** (`hard_pair`): seventh/canonical.txt's lines (the lecture's,
  the shortest with math.tanh, a beginner's) with each student's own comments.
- **6 public copies** of karpathy/micrograd's engine (the grader's copy, MIT) with tanh, exp
  and log added by one of three students (seventh/micrograd.txt), two at each of levels 1-3.
- **12 sources, 16 copies**: per level three sources (levels 1-3: two fillers and one real
  engine; level 4: one filler and two real engines restructured by hand), one of each level's
  copied a second time by another copier.

Copies: seventh_copier.Copier7 (levels 1-2 sixth_copier's; level 3 its own: class renamed and
aliased, derived operators moved to a mixin, `+=` written out, coercion as an `if`, operands
swapped, docstrings added, methods reordered; level 4 the restructured text, then level 3).
Tricks on nine copies of levels 1-3 the seed draws: form feed in a comment, annotations on every
assignment, no-effect statements, `getattr(x, 'data')` reads (two each) and one zlib + base64 +
exec packing (`"opaque": true`). Every file runs and passes fifth.check before it is written.
`python bench/similarity/run.py --seventh 1 2 3`.
"""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))

import sixth  # noqa: E402
from fifth import read_blocks  # noqa: E402
from seventh_copier import TRICKS, Copier7  # noqa: E402

MATERIAL = HERE / "seventh"
REAL = Path(os.environ.get("SEVENTH_MATERIAL", "/work/seventh-material"))
EXERCISES = ("05-backward", "03-tanh")
SEEDS = (1, 2, 3)
REGION = {"05-backward": "backward", "03-tanh": "tanh"}
PROVENANCE = re.compile(r"\A# === provenance ===\n(?:#.*\n)*?# === end ===\n")
TRICKED = ["formfeed", "formfeed", "annotate", "annotate", "noops", "noops", "getattr", "getattr", "packed"]


def exercise_for(seed: int) -> str:
    return EXERCISES[(seed - 1) % len(EXERCISES)]


def available() -> bool:
    """Whether the real engines are there (they are kept outside the repository)."""
    return (REAL / "engines").is_dir() and len(list((REAL / "engines").glob("*.py"))) >= 10


def provenance(name: str, restructured: bool = False) -> dict[str, str]:
    """The header fields of a real engine (repository, path, commit, licence, adapted)."""
    text = (REAL / ("restructured" if restructured else "engines") / f"{name}.py").read_text(encoding="utf-8")
    fields, key = {}, None
    for line in PROVENANCE.match(text).group(0).splitlines()[1:-1]:
        m = re.match(r"# (\w+): (.*)", line)
        if m:
            key = m.group(1)
            fields[key] = m.group(2)
        elif key:
            fields[key] += " " + line[1:].strip()
    return fields


def real_engines(restructured: bool = False) -> dict[str, str]:
    """{name: text without its provenance header} of the real engines (or their hand restructurings)."""
    folder = REAL / ("restructured" if restructured else "engines")
    return {p.stem: PROVENANCE.sub("", p.read_text(encoding="utf-8"), count=1) for p in sorted(folder.glob("*.py"))}


def people() -> dict:
    return read_blocks(MATERIAL / "people.txt")


HARD_COMMENTS = [  # (a comment leading the region, one under the imports, one at the end): each student's own
    ("my solution", None, None),
    ("solução da lista 2", "aluno: R.", None),
    (None, "Übung 5", "alle Tests grün"),
    ("écrit en TP", None, "fin"),
    ("as in the video", None, None),
    (None, None, "took me two evenings"),
    ("готово", "группа 3", None),
    ("做完了", None, "第五题"),
]


def entries_for(seed: int, exercise: str | None = None):
    """[(text, kind, cluster, level, hard pair, extra labels)] of the class, its starter and exercise."""
    rng = random.Random(f"seventh:{seed}")
    exercise = exercise or exercise_for(seed)
    starter = sixth.starter_text(exercise)
    crowd = people()
    names = sorted(crowd)
    rng.shuffle(names)
    l4_person = next(n for n in names if f"l4 {REGION[exercise]}" in crowd[n]["sections"])
    rest = [n for n in names if n != l4_person]
    own, sourced = rest[:15], rest[15:21]
    engines, restructured = real_engines(), real_engines(restructured=True)
    order = sorted(engines)
    rng.shuffle(order)
    l4_engines = [e for e in order if e in restructured][:2]
    others = [e for e in order if e not in l4_engines]
    own_engines, src_engines = others[:5], others[5:8]

    def origin(name: str) -> dict:
        p = provenance(name)
        return {"repository": p["repository"], "path": p["path"], "commit": p["commit"],
                "licence": p["licence"].split(" (")[0]}

    entries = [(sixth.fill(starter, exercise, crowd[n]), f"independent: {n} fills {exercise}", None, None, None, {})
               for n in own]
    entries += [(engines[e], f"independent: real engine {origin(e)['repository']}", None, None, None,
                 {"origin": origin(e)}) for e in own_engines]
    for group, form in enumerate(("lecture", "math", "plain")):
        for member in range(2):
            draw = random.Random(f"7:{seed}:h{group}:{member}")
            entries.append((sixth.hard_negative(starter, exercise, form, member, draw, MATERIAL, HARD_COMMENTS),
                            f"independent: the {form} lines with own comments", None, None, f"h{group}", {}))
    hands = ["pt_after_pow", "de_class_end", "en_composed"]
    rng.shuffle(hands)
    for i, level in enumerate((1, 1, 2, 2, 3, 3)):
        copier = Copier7(random.Random(f"7:{seed}:public:{i}"))
        copy = getattr(copier, f"level{level}")(sixth.micrograd_with_ops(hands[i % 3], MATERIAL))
        entries.append((copy, f"copy of karpathy/micrograd + {hands[i % 3]}, level {level}", "public", level, None,
                        {"public_source": "karpathy/micrograd"}))

    # sources: (text, who, level, is a real engine)
    sources = [(sixth.fill(starter, exercise, crowd[n]), n, lv, False) for n, lv in zip(sourced, (1, 1, 2, 2, 3, 3))]
    sources += [(engines[e], e, lv, True) for e, lv in zip(src_engines, (1, 2, 3))]
    sources += [(sixth.fill(starter, exercise, crowd[l4_person]), l4_person, 4, False)]
    sources += [(engines[e], e, 4, True) for e in l4_engines]
    twice = {rng.choice([i for i, s in enumerate(sources) if s[2] == lv]) for lv in (1, 2, 3, 4)}
    copies = []
    for n, (text, who, level, is_engine) in enumerate(sources):
        kind = f"real engine {origin(who)['repository']}" if is_engine else f"{who} fills {exercise}"
        extra = {"origin": origin(who)} if is_engine else {}
        entries.append((text, f"a source: {kind}", f"c{n}", level, None, extra))
        for j in range(2 if n in twice else 1):
            copier = Copier7(random.Random(f"7:{seed}:copy:{n}:{j}"))
            if level == 4:
                base = restructured[who] if is_engine else sixth.fill(starter, exercise, crowd[who], l4=True)
                copy = copier.level4(base, starter)
            else:
                copy = getattr(copier, f"level{level}")(text, starter)
            copies.append([copy, f"copy of {kind}, level {level}", f"c{n}", level, None, dict(extra)])
    for entry, trick in zip(rng.sample([c for c in copies if c[3] != 4], len(TRICKED)), TRICKED):
        entry[0] = TRICKS[trick](entry[0], rng)
        entry[1] += f", {trick}"
        entry[5].update({"tricks": [trick], **({"opaque": True} if trick == "packed" else {})})
    entries += [tuple(c) for c in copies]
    return starter, exercise, entries


def build(out: Path, seed: int = 1, exercise: str | None = None) -> dict:
    if not available():
        raise SystemExit(f"seventh.py: the real engines are not in {REAL} (SEVENTH_MATERIAL); see seventh/README.md")
    starter, exercise, entries = entries_for(seed, exercise)
    return sixth.write_class(out, starter, entries, random.Random(f"seventh:ids:{seed}"))


def main():
    sixth.command_line(__doc__, build, EXERCISES, exercise_for)


if __name__ == "__main__":
    main()
