"""Fresh hard negatives put into the tuning classes: does the handling of canonical lines hold on forms it was not
tuned on?

    python bench/similarity/hardstress.py [--only nn tanh ...] [--list] [--sizes 10 16 25] [--seed 2020]

Issue 27's "no hard-negative pair in the top k": two independent students whose own code is the same few canonical
lines must not rank with copies. The hard pairs of the tuning classes were what the method was tuned on; the files of
hardstress/ are other such students, written by hand for this measure (hardstress/README.md), each group a few
students who wrote one form of the exercise's canonical lines, each in a hand of their own around it. Each group is
put into tuning cohorts of its exercise (a copy of the cohort with the group's students added, read as rescore.py
reads, kept in BUILD/rescore-cache/):

- nn (07-mlp-xor's nn.py): the eleventh class;
- fit_line (11-fit-line): the thirteenth;
- tanh (03-tanh's region of engine.py) and backward (05-backward's): the fourth, fifth and sixth classes' tuning seeds
  (1-9) whose starter has that region; mul (01-mul-backward): the sixth's; more_ops (04-more-ops): the fifth's;
- dual (08-dual-numbers): the seventeenth class (session 23), and the made cohorts below;
- neuron (10-neuron), dual and gradcheck (06-gradcheck), which had no tuning class: small cohorts
  made here from a fixed seed (`made_cohort`, at each of --sizes: a course's section of 10-25 students, where how rare
  a line is is poorly known): students who fill the starter from a few forms per region (hardstress/forms/), up to six
  copy pairs (a third verbatim with another header, the others with the students' local names changed), and the
  groups.

Every cohort read here is a tuning class's or one made here: no held-out class is read.

For each hard pair: its score and its rank among the cohort's pairs, the number of the class's positive pairs (k,
its copy pairs) that score above it, and whether it is in the top k (run.py's "hard negatives in the top k": its
rank at most k). The last line sums the pairs in the top k and the mean score.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import sys
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import rescore  # noqa: E402
import run  # noqa: E402

HANDS = HERE / "hardstress"
EXERCISES = HERE.parent.parent / "exercises"
# each group's exercise and the tuning cohorts it is put into (BUILD/...: a labelled class's cohort folder)
TUNING = {
    "nn": ["eleventh"],
    "fit_line": ["thirteenth"],
    "tanh": [f"{c}/seed-{s}" for c in ("fourth", "fifth", "sixth") for s in range(1, 10)],
    "backward": [f"{c}/seed-{s}" for c in ("fourth", "fifth", "sixth") for s in range(1, 10)],
    "mul": [f"sixth/seed-{s}" for s in range(1, 10)],
    "more_ops": [f"fifth/seed-{s}" for s in range(1, 10)],
    "dual": ["seventeenth"],  # session 23: the seventeenth class (08-dual-numbers, by hand), besides the made cohorts
}
REGION_MARK = {"tanh": "TODO(03-tanh)", "backward": "TODO(05-backward)", "mul": "TODO(01-mul-backward)",
               "more_ops": "TODO(04-more-ops)"}
MADE = {"neuron": "10-neuron/neuron.py", "dual": "08-dual-numbers/dual.py", "gradcheck": "06-gradcheck/gradcheck.py"}
# the made cohorts' sizes (students who fill the starter, before the copies and the hard groups): issue 27's blind
# class had 20 independent students; a course's section may have 10-25, where how rare a line is is poorly known
SIZES = (10, 16, 25)
SEED = 2020
REGION = re.compile(r"^(?P<indent>[ \t]*)# TODO\([^)]*\): your code here\n[ \t]*raise NotImplementedError\("
                    r"\"[^\"]*: write (?P<name>[^\"]+)\"\)\n", re.M)


def sections(text: str) -> dict[str, str]:
    """A hand's file: {"top": text, "end": text, "region NAME": body}."""
    out, name = {}, None
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            name = line[3:].strip()
            out[name] = ""
        elif name is not None:
            out[name] += line
    return out


def filled(starter: str, hand: dict[str, str]) -> str:
    """The STARTER with each region filled by the HAND's body for it (indented as the region), its top and end."""
    def body(match):
        text = hand.get(f"region {match['name']}")
        if text is None:
            return match.group(0)  # a region this hand does not fill (the cohort's other exercise): left as given
        return "".join(match["indent"] + line if line.strip() else line for line in text.strip("\n").splitlines(True)) + "\n"
    return hand.get("top", "") + REGION.sub(body, starter) + hand.get("end", "")


def groups(kind: str) -> dict[str, list[Path]]:
    """The hands of one exercise by group (s1a.txt, s1b.txt -> s1)."""
    out: dict[str, list[Path]] = {}
    for path in sorted((HANDS / kind).glob("*.txt")):
        out.setdefault(path.stem[:-1], []).append(path)
    return out


def augmented(kind: str, cohort: Path, labels: dict, out: Path) -> tuple[Path, dict]:
    """A copy of COHORT (a labelled class's cohort folder) in OUT with KIND's hard students added: (folder, labels)."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(cohort / "starter", out / "starter")
    shutil.copytree(cohort / "submissions", out / "submissions")
    starter = run.starter_file(out).read_text(encoding="utf-8")
    labels = dict(labels)
    for group, paths in groups(kind).items():
        for path in paths:
            sid = f"hs_{kind}_{path.stem}"
            (out / "submissions" / f"{sid}.py").write_text(filled(starter, sections(path.read_text(encoding="utf-8"))),
                                                           encoding="utf-8")
            if group.startswith("c"):  # session 24: a copy pair (c1a the source, c1b its copy by hand, `## level N`)
                level = next(int(name.split()[1]) for name in sections(path.read_text(encoding="utf-8"))
                             if name.startswith("level "))
                labels[sid] = {"cluster": f"hs_{kind}_{group}", "level": level,
                               "kind": f"fresh copy pair {group}, level {level}"}
                continue
            labels[sid] = {"cluster": None, "level": None, "hard_pair": f"hs_{kind}_{group}",
                           "kind": f"fresh hard negative {group}"}
    return out, labels


def made_cohort(kind: str, out: Path, seed: int = SEED, size: int = 16) -> tuple[Path, dict]:
    """A small cohort of KIND's exercise (neuron, dual, gradcheck): SIZE students who fill its starter from
    hardstress/forms/KIND.txt (each region's forms, one drawn per student; a header and an end block of their own),
    copy pairs of the first few (min(6, SIZE // 2 - 1): a third verbatim with another header, the others with the
    student's local names changed, by the forms' `## renames` when it has them), then the hard groups
    (`augmented`)."""
    if out.exists():
        shutil.rmtree(out)
    starter_path = EXERCISES / MADE[kind]
    (out / "starter").mkdir(parents=True)
    (out / "submissions").mkdir()
    starter = starter_path.read_text(encoding="utf-8")
    (out / "starter" / starter_path.name).write_text(starter, encoding="utf-8")
    forms = sections((HANDS / "forms" / f"{kind}.txt").read_text(encoding="utf-8"))
    by_region: dict[str, list[str]] = {}
    for name, body in forms.items():
        if name.startswith("region "):
            by_region.setdefault(name.split(" #")[0], []).append(body)
    tops, ends = forms["tops"].split("\n--\n"), forms["ends"].split("\n--\n")
    rng = random.Random(seed)
    labels, texts = {}, {}
    for n in range(size):
        hand = {region: rng.choice(bodies) for region, bodies in sorted(by_region.items())}
        hand["top"], hand["end"] = tops[n % len(tops)].strip("\n") + "\n", "\n\n" + ends[n % len(ends)].strip("\n") + "\n"
        texts[f"m{n:02d}"] = filled(starter, hand)
        labels[f"m{n:02d}"] = {"cluster": None, "level": None, "kind": "independent: fills the starter from forms"}
    first = {"leaf": "nodes", "values": "vals_", "diffs": "gaps", "best": "biggest", "other": "rhs", "out": "res",
             "result": "res", "o": "rhs", "grads": "g_"}
    second = {"act": "pre", "s": "acc", "total": "pre", "a": "mine", "c": "theirs", "v": "val", "d": "der",
              "th": "tt", "top": "denom"}
    if "renames" in forms:
        first, second = ({old: new for old, new in (line.split() for line in block.strip("\n").splitlines())}
                         for block in forms["renames"].split("\n--\n"))
    renames = [{}, first, second, {}, second, first][:min(6, size // 2 - 1)]
    for n, mapping in enumerate(renames):
        source = texts[f"m{n:02d}"]
        copy = "# my own work\n" + source if not mapping else source
        for old, new in mapping.items():
            copy = re.sub(rf"(?<![\w.\"'!]){old}\b(?![\"'])", new, copy)
        texts[f"c{n:02d}"] = copy
        labels[f"m{n:02d}"]["cluster"] = labels[f"m{n:02d}"]["kind"] = f"c{n}"
        labels[f"m{n:02d}"]["level"] = 1 if not mapping else 2
        labels[f"c{n:02d}"] = {"cluster": f"c{n}", "level": 1 if not mapping else 2, "kind": f"copy of m{n:02d}"}
    for sid, text in texts.items():
        (out / "submissions" / f"{sid}.py").write_text(text, encoding="utf-8")
    return augmented(kind, out, labels, out.with_name(out.name + "-hard"))


def describe(group, public, a: str, b: str) -> str:
    """The parts of a pair's score: code shared (of which canonical variants), traits, shapes (errors.py's --list)."""
    index = {d.id: i for i, d in enumerate(group.documents)}
    i, j = sorted((index[a], index[b]))
    code, lines = group.shared_weights().get((i, j), 0.0), group.shared_canonical().get((i, j), 0.0)
    traits, shapes = group.shared_traits().get((i, j), 0.0), group.shared_shapes().get((i, j), 0.0)
    return (f"code {code:.1f} (canonical {lines:.1f}) of {group.totals[i]:.1f}/{group.totals[j]:.1f} · traits "
            f"{traits:.1f} of {group.trait_totals[i]:.1f}/{group.trait_totals[j]:.1f} · shapes {shapes:.1f} of "
            f"{group.shape_totals[i]:.1f}/{group.shape_totals[j]:.1f}")


def measure(name: str, folder: Path, labels: dict, cache: Path, details: bool) -> list[dict]:
    """Each fresh hard pair of one augmented cohort: its score, rank, positives above it, in the top k or not."""
    group, public, found = run.command_scored(rescore.kept_reading(folder, cache))  # as the command scores it
    scores = {"|".join(sorted((p.a, p.b))): p.score for p in found}
    rows = [(scores.get(key, 0.0), copy, hard, key) for _, key, copy, _, hard in run.labelled_pairs({"main": labels})]
    rows.sort(key=lambda r: (-r[0], r[1]))
    k = sum(r[1] for r in rows)
    out = []
    for rank, (score, copy, hard, key) in enumerate(rows, 1):
        if (hard or copy) and key.startswith("hs_"):
            above = sum(1 for r in rows[:rank] if r[1])
            row = {"class": name, "pair": key, "score": score, "rank": rank, "k": k, "positives_above": above,
                   "in_top_k": rank <= k, "copy": bool(copy)}
            if details:
                row["parts"] = describe(group, public, *key.split("|"))
            out.append(row)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    kinds = list(dict.fromkeys([*TUNING, *MADE]))  # dual has both (the seventeenth and made cohorts): once
    parser.add_argument("--only", nargs="*", default=kinds, help="exercises: " + " ".join(kinds))
    parser.add_argument("--list", action="store_true", help="each pair's parts (code, canonical, traits, shapes)")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    parser.add_argument("--build", type=Path, default=HERE / "build")
    parser.add_argument("--sizes", nargs="*", type=int, default=list(SIZES), help="the made cohorts' sizes")
    parser.add_argument("--seed", type=int, default=SEED, help="the made cohorts' seed")
    args = parser.parse_args()
    cache = args.build / "rescore-cache" / rescore.reading_digest()
    work = args.build / "hardstress"
    rows = []
    for kind in args.only:
        if kind in MADE:
            for size in args.sizes:
                folder, labels = made_cohort(kind, work / f"{kind}-{size}", args.seed, size)
                rows += measure(f"{kind} (made {size})", folder, labels, cache, args.list)
        for cls in TUNING.get(kind, []):
            cohort = args.build / cls / "main"
            if kind in REGION_MARK and REGION_MARK[kind] not in run.starter_file(cohort).read_text(encoding="utf-8"):
                continue
            labels = json.loads((args.build / cls / "labels.json").read_text(encoding="utf-8"))["main"]
            out = work / f"{kind}-{cls.replace('/', '-')}"
            if (cohort.parent / "public").is_dir():  # a class with a public source of its own (the seventeenth's)
                shutil.copytree(cohort.parent / "public", out / "public", dirs_exist_ok=True)
                out = out / "main"
            folder, labels = augmented(kind, cohort, labels, out)
            rows += measure(cls, folder, labels, cache, args.list)
    for row in rows:
        print(f"{row['class']:18s} {row['pair']:28s} {row['score']:.4f} rank {row['rank']:4d} k {row['k']:3d} "
              f"positives above {row['positives_above']:3d}{'  IN TOP K' if row['in_top_k'] else ''}"
              + ("  (copy)" if row.get("copy") else "")
              + (f"\n    {row['parts']}" if "parts" in row else ""))
    copies, rows = [r for r in rows if r.get("copy")], [r for r in rows if not r.get("copy")]
    by_kind: dict[str, list[dict]] = {}
    for row in rows:
        by_kind.setdefault(row["pair"].split("|")[0][3:].rsplit("_", 1)[0], []).append(row)
    for kind, found in by_kind.items():
        print(f"{kind}: {sum(r['in_top_k'] for r in found)}/{len(found)} hard pairs in the top k, mean score "
              f"{statistics.mean(r['score'] for r in found):.4f}")
    print(f"all: {sum(r['in_top_k'] for r in rows)}/{len(rows)} hard pairs in the top k, mean score "
          f"{statistics.mean(r['score'] for r in rows):.4f}" if rows else "no rows")
    if copies:  # session 24: the fresh copy pairs (the other side of the trade), found when in the top k
        print(f"copies: {sum(r['in_top_k'] for r in copies)}/{len(copies)} fresh copy pairs in the top k, mean score "
              f"{statistics.mean(r['score'] for r in copies):.4f}")
    rows = rows + copies
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
