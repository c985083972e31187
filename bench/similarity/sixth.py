"""A sixth labelled class, written blind to the method: python bench/similarity/sixth.py OUT_DIR [--seed N]

Written by a red team that did not read grader/similarity or docs/similarity.md's
method (fourth.py and fifth.py read only for run.py's label format and their
gradient check, which this file reuses), and made to differ from the five classes
before it: other people (sixth/people.txt, 28 of them: Russian, Chinese, Spanish,
pinyin, transliterated and Chinese-character identifiers, beginners and terse
writers, nine topological walks of other shapes: Kahn's algorithm with a list or a
deque, longest distance from the output, colours, enter/exit markers, a generator,
tuples concatenated, iterator stacks), another starter (01-mul-backward, carried on
as a student carries it: the 02 repair of `=` into `+=` and the 05 `backward`
method added), other engines (sixth/engines: closures, a dispatch table, a class per
op, nodes numbered at creation, local derivatives stored on the edges, grad
functions returning pairs), another copier (sixth_copier.py). The held-out class's
shape (issue 27), 60 files per seed:

- **20 independent students**: 17 fill the starter with their own code, 3 hand in
  an engine of their own.
- **3 pairs of hard negatives** (`hard_pair`): two students whose own code is the
  same canonical lines (sixth/canonical.txt: the lecture's, the course reference's,
  the plainest), each with their own comments and blank lines.
- **6 public copies** of karpathy/micrograd's engine (the copy the grader ships,
  MIT licence) with tanh, exp and log added by one of three students
  (sixth/micrograd.txt), two at each of levels 1, 2 and 3.
- **12 sources and 16 copies**: 3 sources per level (fillers, and one engine at
  each of levels 2, 3 and 4), each copied once, and one source per level copied a
  second time by a second copier: 4 copies per level.

Levels: 1 verbatim (or a header line and trailing newlines); 2 renamed (every
occurrence of a name the file binds) and comments dropped, replaced or
translated; 3 also `other` renamed, methods reordered and three or four restyles
(sixth_copier.RESTYLES, sometimes a formatter that keeps no comments); 4 the
person's or engine's code restructured by hand (people.txt's `l4` sections,
sixth/restructured: closures into a class per op, a table into closures, classes
into a table, recursion into loops and back, helpers extracted or inlined), then
level 3's steps. The seed draws the starter (1 01-mul-backward, 2 05-backward,
3 03-tanh, then again), the people, engines, copiers, levels' sources and the
tricks: on 7 copies, one each of a form feed in a comment, annotations on every
assignment and no-effect expression statements (two of each), and one copy packed
with zlib + base64 + exec (labelled `"opaque": true`).

Every file runs and passes fifth.check (its gradients on an expression of every op
it has equal the reference engine's to 1e-9). Writes OUT_DIR/main/submissions/<id>.py,
OUT_DIR/main/starter/engine.py and OUT_DIR/labels.json in run.py's schema
(`python bench/similarity/run.py --sixth 1 2 3`).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))

import fifth  # noqa: E402
from fifth import TODO, _indent, insert_after_method, read_blocks  # noqa: E402
from sixth_copier import TRICKS, Copier  # noqa: E402

MATERIAL = HERE / "sixth"
MICROGRAD = REPO / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py"
EXERCISES = ("01-mul-backward", "05-backward", "03-tanh")
SEEDS = (1, 2, 3)
REGION = {"01-mul-backward": "mul", "05-backward": "backward", "03-tanh": "tanh"}
DERIVED = "    # -- derived operations"
REPAIRS = ("self.grad = out.grad", "other.grad = out.grad", "self.grad = (out.data > 0) * out.grad")


def exercise_for(seed: int) -> str:
    return EXERCISES[(seed - 1) % len(EXERCISES)]


def starter_text(exercise: str) -> str:
    return (REPO / "exercises" / exercise / "engine.py").read_text(encoding="utf-8")


def people() -> dict:
    return read_blocks(MATERIAL / "people.txt")


def engines(restructured: bool = False) -> dict[str, str]:
    """{name: text} of sixth/engines (or of their hand restructurings, sixth/restructured)."""
    folder = MATERIAL / ("restructured" if restructured else "engines")
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py"))}


# -- a student's file -------------------------------------------------------------------------------


def sections_needed(exercise: str) -> list[str]:
    return ["mul", "backward"] if exercise == "01-mul-backward" else [REGION[exercise]]


def fill(starter: str, exercise: str, person: dict, l4: bool = False, keep_todo: bool | None = None,
         lead: str = "") -> str:
    """The starter with PERSON's code in its TODO region (01: also the `+=` repair and a backward method)."""
    sections, flags = person["sections"], person["flags"]

    def body(name: str) -> str:
        return sections[f"l4 {name}" if l4 and f"l4 {name}" in sections else name][1]

    match = TODO.search(starter)
    keep = "keep_todo" in flags if keep_todo is None else keep_todo
    todo = match.group(0).split("\n")[0] + "\n" if keep else ""
    text = starter[: match.start()] + todo + _indent(lead + body(REGION[exercise]), match.group("indent")) \
        + starter[match.end():]
    if exercise == "01-mul-backward":
        for line in REPAIRS:
            target, _, value = line.partition(" = ")
            new = f"{target} = {target} + {value}" if "longhand" in flags else f"{target} += {value}"
            text = text.replace(line, new)
        method = _indent("def backward(self):\n" + _indent(body("backward"), "    "), "    ")
        text = text.replace(DERIVED, method + "\n" + DERIVED, 1)
    extras = [(k, v) for k, v in sections.items() if k.startswith("+")]
    if l4:
        extras += [(k[3:], v) for k, v in sections.items() if k.startswith("l4 +")]
    for key, (only, extra) in extras:
        key = key.split("#")[0]
        if only is not None and exercise not in only:
            continue
        if key == "+top":
            text = text.replace("import math\n", "import math\n" + extra, 1)
        elif key == "+class":
            text = text.rstrip("\n") + "\n\n" + _indent(extra, "    ")
        elif key == "+end":
            text = text.rstrip("\n") + "\n\n\n" + extra
    return text


HARD_COMMENTS = [  # (a comment leading the region, one under the imports, one at the end): each student's own
    ("done", None, None),
    ("решение", "домашка 1, вариант 3", None),
    (None, "作业提交", "测试通过了"),
    ("finally works", None, "TODO: clean up later"),
    ("смотрел видео Карпатого", None, None),
    ("照着讲义写的", None, "by 王同学"),
    (None, None, "submitted late, sorry"),
    ("ok", "Lab 1", None),
]


def hard_negative(starter: str, exercise: str, form: str, member: int, rng: random.Random,
                  material: Path = MATERIAL, comments: list = HARD_COMMENTS) -> str:
    """A student whose own code is FORM's canonical lines (MATERIAL/canonical.txt), with comments and blank lines of
    their own (drawn from COMMENTS)."""
    lead, under_imports, end = rng.choice(comments)
    text = fill(starter, exercise, read_blocks(material / "canonical.txt")[form], keep_todo=member == 1,
                lead=f"# {lead}\n" if lead else "")
    if under_imports:
        text = text.replace("import math\n", f"import math\n\n# {under_imports}\n", 1)
    if end:
        text = text.rstrip("\n") + f"\n\n# {end}\n"
    if rng.random() < 0.5:
        text = re.sub(r"\n(\s+)out = Value\(", r"\n\n\1out = Value(", text, count=1)
    return text


def micrograd_with_ops(hand: str, material: Path = MATERIAL) -> str:
    """karpathy/micrograd's engine (the grader's copy, MIT licence) with tanh, exp and log added by HAND
    (MATERIAL/micrograd.txt)."""
    text = MICROGRAD.read_text(encoding="utf-8")
    for key, (_, body) in read_blocks(material / "micrograd.txt")[hand]["sections"].items():
        if key == "+top":
            text = body.rstrip("\n") + "\n\n\n" + text.lstrip("\n")
        elif key.startswith("+after:"):
            text = insert_after_method(text, key.split(":", 1)[1], _indent(body, "    "))
        elif key == "+class":
            text = text.rstrip("\n") + "\n\n" + _indent(body, "    ")
    return text


# -- the class --------------------------------------------------------------------------------------


def entries_for(seed: int, exercise: str | None = None):
    """[(text, kind, cluster, level, hard pair, extra labels)] of the class, its starter and exercise."""
    rng = random.Random(f"sixth:{seed}")
    exercise = exercise or exercise_for(seed)
    starter = starter_text(exercise)
    crowd = people()
    needed = sections_needed(exercise)
    names = sorted(crowd)
    rng.shuffle(names)
    l4_people = [n for n in names if all(f"l4 {s}" in crowd[n]["sections"] for s in needed)][:2]
    rest = [n for n in names if n not in l4_people]
    own, sourced = rest[:17], rest[17:24]
    texts, restructured = engines(), engines(restructured=True)
    names_e = sorted(texts)
    rng.shuffle(names_e)
    l4_engine = next(e for e in names_e if e in restructured)
    others = [e for e in names_e if e != l4_engine]
    own_engines, l2_engine, l3_engine = others[:3], others[3], others[4]

    entries = [(fill(starter, exercise, crowd[n]), f"independent: {n} fills {exercise}", None, None, None, {})
               for n in own]
    entries += [(texts[e], f"independent: engine '{e}'", None, None, None, {}) for e in own_engines]
    for group, form in enumerate(("lecture", "course", "plain")):
        for member in range(2):
            entries.append((hard_negative(starter, exercise, form, member, random.Random(f"{seed}:h{group}:{member}")),
                            f"independent: the {form} lines with own comments", None, None, f"h{group}", {}))
    hands = ["zh_after_relu", "ru_end", "en_helper"]
    rng.shuffle(hands)
    for i, level in enumerate((1, 1, 2, 2, 3, 3)):
        copier = Copier(random.Random(f"{seed}:public:{i}"))
        copy = getattr(copier, f"level{level}")(micrograd_with_ops(hands[i % 3]))
        entries.append((copy, f"copy of karpathy/micrograd + {hands[i % 3]}, level {level}", "public", level, None,
                        {}))

    # sources: (text, what, level, who, is an engine)
    sources = [(fill(starter, exercise, crowd[n]), n, lv, False) for n, lv in zip(sourced, (1, 1, 1, 2, 2, 3, 3))]
    sources += [(fill(starter, exercise, crowd[n]), n, 4, False) for n in l4_people]
    sources += [(texts[l2_engine], l2_engine, 2, True), (texts[l3_engine], l3_engine, 3, True),
                (texts[l4_engine], l4_engine, 4, True)]
    twice = {rng.choice([i for i, s in enumerate(sources) if s[2] == lv]) for lv in (1, 2, 3, 4)}
    copies = []
    for n, (text, who, level, is_engine) in enumerate(sources):
        kind = f"engine '{who}'" if is_engine else f"{who} fills {exercise}"
        entries.append((text, f"a source: {kind}", f"c{n}", level, None, {}))
        for j in range(2 if n in twice else 1):
            copier = Copier(random.Random(f"{seed}:copy:{n}:{j}"))
            if level == 4:
                base = restructured[who] if is_engine else fill(starter, exercise, crowd[who], l4=True)
                copy = copier.level4(base, starter)
            else:
                copy = getattr(copier, f"level{level}")(text, starter)
            copies.append([copy, f"copy of {kind}, level {level}", f"c{n}", level, None, {}])
    # the tricks, on copies the seed draws (never on level 4: its copies are hard enough to find)
    tricked = rng.sample([c for c in copies if c[3] != 4], 7)
    for entry, trick in zip(tricked, ["formfeed", "formfeed", "annotate", "annotate", "noops", "noops", "packed"]):
        entry[0] = TRICKS[trick](entry[0], rng)
        entry[1] += f", {trick}"
        entry[5] = {"tricks": [trick], **({"opaque": True} if trick == "packed" else {})}
    entries += [tuple(c) for c in copies]
    return starter, exercise, entries


def write_class(out: Path, starter: str, entries, rng: random.Random) -> dict:
    """fifth.write_class (every file checked, drawn ids and order, run.py's schema), with the tricks' labels."""
    labels = fifth.write_class(out, starter, [entry[:5] for entry in entries], rng)
    extra = {(text, kind): more for text, kind, *_, more in entries if more}
    for sid, label in labels["main"].items():
        text = (out / "main" / "submissions" / f"{sid}.py").read_text(encoding="utf-8")
        label.update(extra.get((text, label["kind"]), {}))
    (out / "labels.json").write_text(json.dumps(labels, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return labels


def build(out: Path, seed: int = 1, exercise: str | None = None) -> dict:
    starter, exercise, entries = entries_for(seed, exercise)
    return write_class(out, starter, entries, random.Random(f"sixth:ids:{seed}"))


def command_line(description: str, build, exercises, exercise_for):
    """A class's command line (this one's and seventh.py's): OUT [--seed N] [--exercise E]."""
    parser = argparse.ArgumentParser(description=description.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exercise", choices=exercises, default=None)
    args = parser.parse_args()
    labels = build(args.out, args.seed, args.exercise)
    print(f"{len(labels['main'])} files in {args.out} ({args.exercise or exercise_for(args.seed)})")


def main():
    command_line(__doc__, build, EXERCISES, exercise_for)


if __name__ == "__main__":
    main()
