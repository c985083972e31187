"""Fresh honest controls put into labelled cohorts, read as rescore.py reads (kept in build/rescore-cache/): the measure
of sim25ctl/ to sim30bctl/, sim30actl/, sim31ctl/, sim31actl/, sim34ctl/, sim35ctl/, sim36ctl/, sim37ctl/, sim37actl/,
sim38actl/, sim39actl/, sim40tctl/, sim40actl/, sim41actl/, sim41hctl/, sim42hctl/, sim42actl/, sim42pctl/, sim42fctl/ and sim43actl/ (each folder's
measure.py says which controls go where; sim36ctl's, sim37actl's, sim38actl's, sim39actl's and sim40actl's cohorts
include sim35b1, built by `run.py --sim35b1`, sim37ctl's sim36b2, built by `run.py --sim36b2`, sim37actl's,
sim38actl's, sim39actl's, sim40actl's and sim41actl's sim36b1, sim38actl's, sim39actl's, sim40actl's, sim41actl's and
sim42actl's and sim43actl's sim37b1, built by `run.py --sim37b1`, sim39actl's to sim43actl's sim38b1, built
by `run.py --sim38b1`, sim40actl's to sim43actl's sim39b1, built by `run.py --sim39b1`, sim41actl's and
sim42actl's and sim43actl's sim40b1, built by `run.py --sim40b1`, sim42actl's and sim43actl's sim40b2, built by `run.py --sim40b2`, and sim40tctl's,
sim41hctl's and sim42hctl's sim39b2, built by `run.py --sim39b2`, sim42pctl's sim41b2, built by
`run.py --sim41b2`, and sim42fctl's sim36b1 and sim40b1).

    python bench/similarity/controls.py   (every folder's measure.py in turn, then each one's count of pairs with a
                                           control in a top k)
"""
import json
import re
import shutil
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import rescore
import run

HERE = Path(__file__).resolve().parent
BUILD = HERE / "build"


def source(name: str) -> Path:
    """The labelled class NAME: a folder of the benchmark's kept whole (by hand, its starter in main/), or one the build
    made (generated, or a blind class whose generator puts its starter in: `run.py --sim35b1` builds BUILD/sim35b1)."""
    kept = HERE / name
    return kept if (kept / "labels.json").exists() and (kept / "main" / "starter").is_dir() else BUILD / name


def honest_files(folder: Path, prefixes: tuple[str, ...] | None = None) -> dict[str, str]:
    """FOLDER/honest/*.py as controls: ctl_<stem> -> text, sorted; only the pairs whose stem begins with one of
    PREFIXES where given (r1_a, r1_b for "r1")."""
    return {f"ctl_{p.stem}": p.read_text(encoding="utf-8") for p in sorted((folder / "honest").glob("*.py"))
            if prefixes is None or p.stem[:2] in prefixes}


def scored(name: str, files: dict[str, str], folder: str, tag: str, listed: dict[str, str] | None = None):
    """The cohort NAME with FILES (id -> text) added, read in BUILD/FOLDER/TAG/: its pairs ranked ("a|b" -> (rank,
    score)), their number, and the class's k (its copy pairs). LISTED: texts the course lists beside the starter
    (file name -> text, a README*.md: read as `grade similarity --starter FOLDER` reads its folder's, handouts.py)."""
    labelled = source(name)
    labels = json.loads((labelled / "labels.json").read_text())["main"]
    k = sum(1 for _, _, copy, _, _ in run.labelled_pairs({"main": labels}) if copy)
    target = BUILD / folder / tag / name.replace("/", "-") / "main"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(labelled / "main", target)
    for sid, text in files.items():
        (target / "submissions" / f"{sid}.py").write_text(text, encoding="utf-8")
    for file_name, text in (listed or {}).items():
        (target / "starter" / file_name).write_text(text, encoding="utf-8")
    cache = BUILD / "rescore-cache" / rescore.reading_digest()
    _, _, pairs = run.scored(*rescore.kept_reading(target, cache))  # the command's scoring (grader.similarity.scored)
    return {f"{p.a}|{p.b}": (n, p.score) for n, p in enumerate(pairs, 1)}, len(pairs), k


def honest_pairs(files: dict[str, str], cohorts: list[str], folder: str, tag: str) -> int:
    """Each of COHORTS with FILES (ctl_<pair>_a, ctl_<pair>_b, ...) added: prints each pair's score and rank (TOPK when
    its rank is at most k) and every pair with a control in the top k; returns how many such pairs in all."""
    in_top = 0
    for name in cohorts:
        rank, n, k = scored(name, files, folder, tag)
        out = []
        for a, b in combinations(sorted(files), 2):
            if a[:-2] == b[:-2]:
                at, s = rank.get(f"{a}|{b}", (n + 1, 0.0))
                out.append(f"{a[4:-2]} {s:.3f} #{at}{' TOPK' if at <= k else ''}")
        top = [f"{key} {s:.3f} #{at}" for key, (at, s) in sorted(rank.items(), key=lambda kv: kv[1][0])
               if at <= k and "ctl_" in key]
        in_top += len(top)
        print(f"{name} (k = {k}): " + "; ".join(out) + ("; in the top k: " + ", ".join(top) if top else ""))
    return in_top


def style_labels(name: str, added: dict[str, str], sources: dict[str, tuple[str, int]], kind: str) -> dict:
    """The cohort NAME's labels with ADDED's (ctl_<style><n>, ctl_<source>_copy): a copy in its source's cluster
    (SOURCES: copy -> (source, level)), every control its style's hard pair (two students of one style that are not a
    copy pair are a hard negative)."""
    main = dict(json.loads((source(name) / "labels.json").read_text())["main"])
    for sid in added:
        stem = sid[4:]
        origin = sources.get(stem, (stem, None))
        copied = stem in sources or any(s == stem for s, _ in sources.values())
        main[sid] = {"cluster": f"ctl_{origin[0]}" if copied else None, "level": origin[1] if stem in sources else None,
                     "kind": kind, "hard_pair": f"ctl_{stem[0]}"}
    for sid, (src, level) in sources.items():  # a source's level: its copy's
        main[f"ctl_{src}"]["level"] = level
    return {"main": main}


def style_files(here: Path) -> dict[str, str]:
    """HERE/honest/*.py and HERE/copies/*.py as controls: ctl_<stem> -> text."""
    return {f"ctl_{p.stem}": p.read_text(encoding="utf-8")
            for folder in ("honest", "copies") for p in sorted((here / folder).glob("*.py"))}


def style_measure(here: Path, sources: dict[str, tuple[str, int]], cohorts: list[str], styles: str, tag: str,
                  parts: bool = False, listed: dict[str, str] | None = None) -> int:
    """HERE's controls (style_files) put into each of COHORTS (read in BUILD/<HERE's name>/TAG/), labelled by
    style_labels: prints each cohort's average precision with them, each copy pair's score and rank, each of STYLES'
    honest pairs (TOPK when the rank is at most k), and every pair with a control in the top k that is not a copy pair
    (PARTS: its pieces of evidence); returns how many such pairs in all. LISTED: as `scored`'s."""
    added, kind = style_files(here), here.name
    copy_keys = {"|".join(sorted((f"ctl_{src}", f"ctl_{stem}"))) for stem, (src, _) in sources.items()}
    in_top = 0
    for name in cohorts:
        rank, n, _ = scored(name, added, kind, tag, listed)
        pairs = {"|".join(sorted(key.split("|"))): s for key, (_, s) in rank.items()}
        ranked = {"|".join(sorted(key.split("|"))): at for key, (at, _) in rank.items()}
        m = run.measures({"main": {"pairs": pairs, "public": {}}}, style_labels(name, added, sources, kind))
        k = m["k"]
        out = [f"{name}: AP {m['average_precision']} k {k} hard {m['hard_negatives_in_top_k']}"]
        copies = []
        for stem, (src, level) in sources.items():
            key = "|".join(sorted((f"ctl_{src}", f"ctl_{stem}")))
            at = ranked.get(key, n + 1)
            copies.append(f"{src} L{level} {pairs.get(key, 0.0):.3f} #{at}{'' if at <= k else ' OUT'}")
        out.append("  copies: " + "; ".join(copies))
        for style in styles:
            row = []
            for a, b in combinations(sorted(s for s in added if s[4] == style and "copy" not in s), 2):
                key = f"{a}|{b}"
                at = ranked.get(key, n + 1)
                row.append(f"{a[4:]}|{b[4:]} {pairs.get(key, 0.0):.3f} #{at}{' TOPK' if at <= k else ''}")
            out.append(f"  {style}: " + "; ".join(row))
        top = [(key, at) for key, at in sorted(ranked.items(), key=lambda kv: kv[1])
               if at <= k and "ctl_" in key and key not in copy_keys]
        in_top += len(top)
        if top:
            out.append("  in the top k: " + ", ".join(f"{key.replace('ctl_', '')} {pairs[key]:.3f} #{at}"
                                                       for key, at in top))
        print("\n".join(out))
        if parts and top:
            show_parts(BUILD / kind / tag / name.replace("/", "-") / "main", [key for key, _ in top])
    return in_top


def show_parts(target: Path, keys: list[str]) -> None:
    """The pieces of evidence of each pair of KEYS in the cohort read from TARGET (cohort.pairs' channels)."""
    cache = BUILD / "rescore-cache" / rescore.reading_digest()
    channels = {}
    group, _, _ = run.command_scored(rescore.kept_reading(target, cache), channels=channels)
    index = {d.id: n for n, d in enumerate(group.documents)}
    for key in keys:
        a, b = sorted((index[x] for x in key.split("|")))
        got = {piece: round(s, 3) for piece, s in channels.get((a, b), {}).items()}
        print(f"    {key.replace('ctl_', '')}: raw {group.raw.get((a, b), 0.0):.3f} {got}")


# the control folders, each measured by its own measure.py, which ends with a line that gives its count
FOLDERS = ("sim25ctl", "sim26bctl", "sim27ctl", "sim27bctl", "sim28ctl", "sim29cctl", "sim30bctl", "sim30actl", "sim31ctl",
           "sim31actl", "sim34ctl", "sim35ctl", "sim36ctl", "sim37ctl", "sim37actl", "sim38actl", "sim39actl",
           "sim40tctl", "sim40actl", "sim41actl", "sim41hctl", "sim42hctl", "sim42actl", "sim42pctl", "sim42fctl",
           "sim43actl")


def main() -> None:
    counts = {}
    for folder in FOLDERS:
        print(f"== {folder}", flush=True)
        done = subprocess.run([sys.executable, str(HERE / folder / "measure.py")], capture_output=True, text=True,
                              check=True)
        print(done.stdout, end="", flush=True)
        counts[folder] = int(re.findall(r"in a top k[^:]*: (\d+)", done.stdout)[-1])
    print("pairs with a control in a top k: " + ", ".join(f"{f} {n}" for f, n in counts.items()))


if __name__ == "__main__":
    main()
