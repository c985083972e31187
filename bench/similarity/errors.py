"""Where a class's average precision is lost: which negatives outrank which positives.

    python bench/similarity/errors.py [--second ..] --fourth 1 2 3 4 5 6 --fifth 1 2 3 4 5 6 7 8 9 [--sixth ..] [--seventh ..]
                                     [--eighth] [--ninth] [--tenth] [--eleventh] [--twelfth] [--thirteenth]
                                     [--fourteenth] [--fifteenth] [--sixteenth] [--seventeenth] [--eighteenth]
                                     [--nineteenth]
                                     [--list 5] [--json OUT]

For each class and seed (built by fourth.py / fifth.py / sixth.py / seventh.py in DIR, second.py in DIR's sibling
build-second/ as run.py builds it; reused when there), the pairs are
scored as run.py scores them and ranked (ties against the method). A ranking error is a (negative, positive)
pair in the wrong order; each negative pair is put in one kind:

- `hard`: two students of one hard-negative group (their own code is the same few canonical lines)
- `public-public`: two copies of the public source (they copied it, not each other)
- `public-other`: a public copy against anyone else
- `fillers`: two independent students who fill the starter
- `engine`: an independent student who wrote a whole engine (the tenth: a whole nn.py) against another
  independent student
- `copy-other`: a member of a copy cluster (source or copy) against someone outside it
- `hard-other`: a member of a hard-negative group against someone outside it

and each positive pair in one kind: its level (`L1`..`L4`), or `twice` (two copies of one source).
The table gives, per kind, the ranking errors it takes part in and the average precision the class would
have if that kind of negative were ranked below every positive (or that kind of positive above every
negative): what fixing it would be worth; and how many of the public source's copies match it at the
threshold (pubMatched, of all) and how many other students do (othersMatched: an honest engine said to
match micrograd). Each cohort's reading is rescore.py's, kept in BUILD/rescore-cache/ (read once, then reused while
the reading's modules and the cohort's files are the same): a scoring change is analysed in seconds.
--list N prints the N heaviest negatives and the N lowest positives of each class, each with the parts of its
score: the typical score taken away, the code's S and the two students' totals, the traits' T and totals, the shapes' M and totals (cohort.py), and
the public source both match.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import rescore  # noqa: E402
import run  # noqa: E402

NEGATIVE_KINDS = ("hard", "public-public", "public-other", "fillers", "engine", "copy-other", "hard-other")
POSITIVE_KINDS = ("L1", "L2", "L3", "L4", "twice")
CLASSES = ("second", "fourth", "fifth", "sixth", "seventh")
# written by hand, each in its own folder: the eighth, ninth, tenth, twelfth (10-neuron's neuron.py), fourteenth
# (08-dual-numbers' dual.py) and fifteenth (03-tanh's engine.py) measured, never tuned on; the eleventh a tuning class
# (07-mlp-xor's nn.py, like the tenth)
# the thirteenth (11-fit-line's fit_line.py), the sixteenth (10-neuron's neuron.py), the seventeenth
# (08-dual-numbers' dual.py), the eighteenth (04-more-ops' engine.py) and the nineteenth (03-tanh's engine.py)
# tuning classes too
HELD_OUT = ("eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
            "seventeenth", "eighteenth", "nineteenth")


def negative_kind(a: dict, b: dict) -> str:
    if a.get("hard_pair") is not None and a.get("hard_pair") == b.get("hard_pair"):
        return "hard"
    public = (a["cluster"] == "public") + (b["cluster"] == "public")
    if public:
        return "public-public" if public == 2 else "public-other"
    if a["cluster"] or b["cluster"]:
        return "copy-other"
    if a.get("hard_pair") or b.get("hard_pair"):
        return "hard-other"
    if any("engine" in m["kind"] or "whole" in m["kind"] for m in (a, b)):  # a whole engine (the tenth: nn.py)
        return "engine"
    return "fillers"


def positive_kind(a: dict, b: dict) -> str:
    if a["kind"].startswith("copy") and b["kind"].startswith("copy"):
        return "twice"
    return f"L{max(a['level'], b['level'])}"


def average_precision(rows: list[tuple[float, bool, str]]) -> float:
    """rows: (score, is a positive, ...), already ranked."""
    hits, total = 0, 0.0
    for i, (_, positive, *_) in enumerate(rows, 1):
        if positive:
            hits += 1
            total += hits / i
    return total / max(1, hits)


def ranked(scores: dict, labels: dict) -> list[tuple[float, bool, str, str]]:
    """(score, positive, kind, "a|b") of every pair of the main cohort, highest first, ties against the method."""
    members = labels["main"]
    rows = []
    for cohort, key, copy, _level, _hard in run.labelled_pairs({"main": members}):
        a, b = (members[x] for x in key.split("|"))
        kind = positive_kind(a, b) if copy else negative_kind(a, b)
        rows.append((scores["main"]["pairs"].get(key, 0.0), copy, kind, key))
    rows.sort(key=lambda r: (-r[0], r[1]))
    return rows


def analyse(rows: list[tuple[float, bool, str, str]]) -> dict:
    """Ranking errors per kind, and the average precision with each kind put right."""
    positives_below = Counter()  # negative kind -> (negative, positive) pairs in the wrong order
    negatives_above = Counter()  # positive kind -> the same, counted from the positive's side
    seen_negatives: Counter = Counter()
    total_positives = sum(r[1] for r in rows)
    seen_positives = 0
    for score, positive, kind, _ in rows:
        if positive:
            seen_positives += 1
            negatives_above[kind] += sum(seen_negatives.values())
        else:
            seen_negatives[kind] += 1
            positives_below[kind] += total_positives - seen_positives
    base = average_precision(rows)
    fixed = {}
    for kind in NEGATIVE_KINDS:
        rest = [r for r in rows if r[1] or r[2] != kind]
        fixed[kind] = average_precision(rest) - base
    for kind in POSITIVE_KINDS:
        lifted = sorted(rows, key=lambda r: (not (r[1] and r[2] == kind), -r[0], r[1]))
        fixed[kind] = average_precision(lifted) - base
    k = total_positives
    return {"ap": base, "errors": dict(positives_below), "missed": dict(negatives_above), "gain": fixed,
            "hard_in_top_k": sum(1 for r in rows[:k] if r[2] == "hard"),
            "public_pairs_in_top_k": sum(1 for r in rows[:k] if r[2] == "public-public")}


def public_attribution(public: dict[str, float], members: dict) -> dict:
    """The public copies matched to the public source at the threshold, and the other students matched to it."""
    copies = {i for i, m in members.items() if m["cluster"] == "public"}
    matched = {i for i, score in public.items() if score >= run.THRESHOLD}
    return {"public_copies": len(copies), "public_matched": len(matched & copies),
            "others_matched": len(matched - copies)}


def parts(group, found: list) -> tuple[dict[str, float], dict[str, str]]:
    """Every pair's score ("a|b" -> score) of the pairs FOUND (`run.command_scored`'s, as the command scores the cohort
    GROUP) and, for those above 0, the parts of it (as --list prints them)."""
    index = {d.id: i for i, d in enumerate(group.documents)}
    code, traits, shapes = group.shared_weights(), group.shared_traits(), group.shared_shapes()
    scores, described = {}, {}
    for p in found:
        i, j = index[p.a], index[p.b]
        key = "|".join(sorted((p.a, p.b)))
        scores[key] = p.score
        described[key] = (f"typical {p.typical:.2f} · code {code.get((i, j), 0):.1f} of {group.totals[i]:.1f}/"
                          f"{group.totals[j]:.1f} · traits {traits.get((i, j), 0):.1f} of {group.trait_totals[i]:.1f}/"
                          f"{group.trait_totals[j]:.1f} · shapes {shapes.get((i, j), 0):.1f} of "
                          f"{group.shape_totals[i]:.1f}/{group.shape_totals[j]:.1f}" + (f" · via {p.via}" if p.via else ""))
    return scores, described


def build(name: str, seed: int, folder: Path) -> dict:
    import eighth
    import eleventh
    import fifth
    import fourth
    import ninth
    import second
    import seventh
    import sixth
    import tenth
    import thirteenth
    import twelfth
    import fourteenth
    import fifteenth
    import sixteenth
    import seventeenth
    import eighteenth
    import nineteenth

    if name in HELD_OUT:
        labels = folder / "labels.json"
        held_out = {"eighth": eighth, "ninth": ninth, "tenth": tenth, "eleventh": eleventh,
                    "twelfth": twelfth, "thirteenth": thirteenth, "fourteenth": fourteenth,
                    "fifteenth": fifteenth, "sixteenth": sixteenth,
                    "seventeenth": seventeenth, "eighteenth": eighteenth,
                    "nineteenth": nineteenth}[name]
        return json.loads(labels.read_text(encoding="utf-8")) if labels.exists() else held_out.build(folder)
    module = {"second": second, "fourth": fourth, "fifth": fifth, "sixth": sixth, "seventh": seventh}[name]
    labels = folder / "labels.json"
    if labels.exists() and (folder / "main" / "submissions").is_dir():
        return json.loads(labels.read_text(encoding="utf-8"))
    return module.build(folder, seed)


def table(results: dict) -> str:
    head = ["class", "AP", "hardTopK", "pubTopK", "pubMatched", "othersMatched"] + [f"-{k}" for k in NEGATIVE_KINDS] + [f"+{k}" for k in POSITIVE_KINDS]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for name, r in results.items():
        cells = [name, f"{r['ap']:.3f}", str(r["hard_in_top_k"]), str(r["public_pairs_in_top_k"]),
                 f"{r['public_matched']}/{r['public_copies']}", str(r["others_matched"])]
        cells += [f"{r['errors'].get(k, 0)} ({r['gain'][k]:+.3f})" for k in NEGATIVE_KINDS]
        cells += [f"{r['missed'].get(k, 0)} ({r['gain'][k]:+.3f})" for k in POSITIVE_KINDS]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=HERE / "build")
    for name in CLASSES:
        parser.add_argument(f"--{name}", type=int, nargs="*", default=[], metavar="SEED")
    parser.add_argument("--eighth", action="store_true", help="also the eighth class (eighth/, written by hand)")
    parser.add_argument("--ninth", action="store_true", help="also the ninth class (ninth/, written by hand)")
    parser.add_argument("--tenth", action="store_true",
                        help="also the tenth class (tenth/, 07-mlp-xor's nn.py, written by hand)")
    parser.add_argument("--eleventh", action="store_true",
                        help="also the eleventh class (eleventh/, 07-mlp-xor's nn.py, written by hand: a tuning class)")
    parser.add_argument("--twelfth", action="store_true",
                        help="also the twelfth class (twelfth/, 10-neuron's neuron.py, written by hand: held out)")
    parser.add_argument("--thirteenth", action="store_true",
                        help="also the thirteenth class (thirteenth/, 11-fit-line's fit_line.py, written by hand: a "
                             "tuning class)")
    parser.add_argument("--fourteenth", action="store_true",
                        help="also the fourteenth class (fourteenth/, 08-dual-numbers' dual.py, written by hand: held out)")
    parser.add_argument("--fifteenth", action="store_true",
                        help="also the fifteenth class (fifteenth/, 03-tanh's engine.py, written by hand: held out)")
    parser.add_argument("--sixteenth", action="store_true",
                        help="also the sixteenth class (sixteenth/, 10-neuron's neuron.py, written by hand: a tuning "
                             "class)")
    parser.add_argument("--seventeenth", action="store_true",
                        help="also the seventeenth class (seventeenth/, 08-dual-numbers' dual.py, written by hand: a "
                             "tuning class)")
    parser.add_argument("--eighteenth", action="store_true",
                        help="also the eighteenth class (eighteenth/, 04-more-ops' engine.py, written by hand: a "
                             "tuning class)")
    parser.add_argument("--nineteenth", action="store_true",
                        help="also the nineteenth class (nineteenth/, 03-tanh's engine.py, written by hand: a tuning "
                             "class)")
    parser.add_argument("--list", type=int, default=0, help="print this many worst negatives and positives per class")
    parser.add_argument("--json", type=Path, help="also write the analysis here")
    args = parser.parse_args()
    results = {}
    cache = args.build / "rescore-cache" / rescore.reading_digest()
    chosen = [(name, seed) for name in CLASSES for seed in getattr(args, name)]
    chosen += [(name, 0) for name in HELD_OUT if getattr(args, name)]
    for name, seed in chosen:
        if name in HELD_OUT:
            folder = args.build / name
        else:
            folder = (args.build.parent / "build-second" if name == "second" else args.build / name) / f"seed-{seed}"
        labels = build(name, seed, folder)
        group, public, found = run.command_scored(rescore.kept_reading(folder / "main", cache))
        scores, described = parts(group, found)
        rows = ranked({"main": {"pairs": scores, "public": public}}, labels)
        results[f"{name} {seed}"] = {**analyse(rows), **public_attribution(public, labels["main"])}
        if args.list:
            members = labels["main"]
            lowest = min((r[0] for r in rows if r[1]), default=0.0)
            print(f"\n## {name} {seed}: AP {results[f'{name} {seed}']['ap']:.3f}, lowest positive {lowest:.3f}")
            negatives = [(i, r) for i, r in enumerate(rows, 1) if not r[1]][:args.list]
            for i, (score, _, kind, key) in negatives:
                a, b = key.split("|")
                print(f"  neg #{i:<3} {score:.3f} {kind:13} {key}  ({members[a]['kind']} / {members[b]['kind']})")
                print(f"       {described.get(key, '')}")
            positives = [(i, r) for i, r in enumerate(rows, 1) if r[1]][-args.list:]
            for i, (score, _, kind, key) in positives:
                print(f"  pos #{i:<3} {score:.3f} {kind:13} {key}  {described.get(key, '')}")
    print()
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    import os

    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
