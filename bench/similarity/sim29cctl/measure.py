"""sim29c's fresh hard negatives and copies (make.py) put into the cohorts of 04-more-ops, read as rescore.py reads
(kept in BUILD/rescore-cache/): the eighteenth and fifth 3, 6, 9, each with the twelve honest students (three a
style: l, e, c, s) and the four copies added, labelled (each copy in one cluster with its source; every two members
of one style not a copy pair a hard negative). For each cohort: its average precision with them (and its k), each
copy pair's score and rank, each style's honest pairs' scores and ranks (TOPK when the rank is at most k), and every
pair with a control in the top k that is not a copy pair.

    python bench/similarity/sim29cctl/measure.py [--parts]   (--parts: the pieces of each control pair in a top k)
"""
import json
import sys
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402
import run  # noqa: E402
from make import SOURCES  # noqa: E402

COHORTS = ["eighteenth", "fifth/seed-3", "fifth/seed-6", "fifth/seed-9"]


def files() -> dict[str, str]:
    return {f"ctl_{p.stem}": p.read_text(encoding="utf-8")
            for folder in ("honest", "copies") for p in sorted((HERE / folder).glob("*.py"))}


def labels(name: str, added: dict[str, str]) -> dict:
    """The cohort NAME's labels with ADDED's: a copy in its source's cluster, every control its style's hard pair."""
    main = dict(json.loads((controls.source(name) / "labels.json").read_text())["main"])
    for sid in added:
        stem = sid[4:]
        source = SOURCES.get(stem, (stem, None))
        copied = stem in SOURCES or any(s == stem for s, _ in SOURCES.values())
        main[sid] = {"cluster": f"ctl_{source[0]}" if copied else None, "level": source[1] if stem in SOURCES else None,
                     "kind": "sim29cctl", "hard_pair": f"ctl_{stem[0]}"}
    for sid, (src, level) in SOURCES.items():  # a source's level: its copy's
        main[f"ctl_{src}"]["level"] = level
    return {"main": main}


def measure(parts: bool = False) -> int:
    added = files()
    in_top = 0
    for name in COHORTS:
        rank, n, _ = controls.scored(name, added, "sim29cctl", "more-ops")
        pairs = {"|".join(sorted(key.split("|"))): s for key, (_, s) in rank.items()}
        ranked = {"|".join(sorted(key.split("|"))): at for key, (at, _) in rank.items()}
        lab = labels(name, added)
        m = run.measures({"main": {"pairs": pairs, "public": {}}}, lab)
        k = m["k"]
        out = [f"{name}: AP {m['average_precision']} k {k} hard {m['hard_negatives_in_top_k']}"]
        copies = []
        for stem, (src, level) in SOURCES.items():
            key = "|".join(sorted((f"ctl_{src}", f"ctl_{stem}")))
            at = ranked.get(key, n + 1)
            copies.append(f"{src} L{level} {pairs.get(key, 0.0):.3f} #{at}{'' if at <= k else ' OUT'}")
        out.append("  copies: " + "; ".join(copies))
        for style in "lecs":
            row = []
            for a, b in combinations(sorted(s for s in added if s[4] == style and "copy" not in s), 2):
                key = f"{a}|{b}"
                at = ranked.get(key, n + 1)
                row.append(f"{a[4:]}|{b[4:]} {pairs.get(key, 0.0):.3f} #{at}{' TOPK' if at <= k else ''}")
            out.append(f"  {style}: " + "; ".join(row))
        copy_keys = {"|".join(sorted((f"ctl_{src}", f"ctl_{stem}"))) for stem, (src, _) in SOURCES.items()}
        top = [(key, at) for key, at in sorted(ranked.items(), key=lambda kv: kv[1])
               if at <= k and "ctl_" in key and key not in copy_keys]
        in_top += len(top)
        if top:
            out.append("  in the top k: " + ", ".join(f"{key.replace('ctl_', '')} {pairs[key]:.3f} #{at}"
                                                       for key, at in top))
        print("\n".join(out))
        if parts and top:
            show_parts(name, [key for key, _ in top])
    return in_top


def show_parts(name: str, keys: list[str]) -> None:
    """The pieces of evidence of each pair of KEYS in the cohort NAME with the controls (cohort.pairs' channels)."""
    import rescore
    target = controls.BUILD / "sim29cctl" / "more-ops" / name.replace("/", "-") / "main"
    cache = controls.BUILD / "rescore-cache" / rescore.reading_digest()
    group, public = run.scored_cohort(*rescore.kept_reading(target, cache))
    channels = {}
    group.pairs(public={"micrograd": public}, threshold=run.THRESHOLD, channels=channels)
    index = {d.id: n for n, d in enumerate(group.documents)}
    for key in keys:
        a, b = sorted((index[x] for x in key.split("|")))
        got = {piece: round(s, 3) for piece, s in channels.get((a, b), {}).items()}
        print(f"    {key.replace('ctl_', '')}: raw {group.raw.get((a, b), 0.0):.3f} {got}")


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
