"""sim42fctl's controls (make.py: six hand-ins as folders, a package, train.py and tests/) put into whole-engine
cohorts, the starter handed out as a folder with the course's train.py and tests (starter/hw/), read as rescore.py reads
(kept in BUILD/rescore-cache/): sim36b1 and sim40b1 (their build copies, made by `run.py --sim36b1`, `--sim40b1`).
Prints each class's average precision with them, the copy pair w1|w1copy (the whole hand-in copied, its engine at
level 2), the honest pair f1|f2 (own engines, the course's train.py and tests), t1|t2 (own engines, t2's train.py
copied from t1's: a copy of that file alone, reported, not counted either way) and every pair with a control in the
top k that is neither the copy pair nor t1|t2 (controls.py counts them).

    python bench/similarity/sim42fctl/measure.py [--build BUILD]
"""
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
import controls  # noqa: E402
import make  # noqa: E402
import rescore  # noqa: E402
import run  # noqa: E402

COHORTS = ["sim36b1", "sim40b1"]
COPY = "ctl_w1|ctl_w1copy"
TRAIN_ONLY = "ctl_t1|ctl_t2"
HONEST = "ctl_f1|ctl_f2"


def labels(name: str, ids: list[str]) -> dict:
    main = dict(json.loads((controls.source(name) / "labels.json").read_text())["main"])
    for sid in ids:
        stem = sid[4:]
        if stem.startswith("w"):
            main[sid] = {"cluster": "ctl_w1", "level": 2, "kind": "sim42fctl"}
        else:  # two students of one letter that are not a copy pair: a hard negative
            main[sid] = {"cluster": None, "level": None, "kind": "sim42fctl", "hard_pair": f"ctl_{stem[0]}"}
    return {"main": main}


def measure() -> int:
    in_top = 0
    for name in COHORTS:
        target = controls.BUILD / "sim42fctl" / "folders" / name / "main"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(controls.source(name) / "main", target)
        ids = make.hand_ins(target)
        cache = controls.BUILD / "rescore-cache" / rescore.reading_digest()
        _, _, found = run.scored(*rescore.kept_reading(target, cache))
        rank = {"|".join(sorted((p.a, p.b))): (n, p.score) for n, p in enumerate(found, 1)}
        scores = {key: s for key, (_, s) in rank.items()}
        m = run.measures({"main": {"pairs": scores, "public": {}}}, labels(name, ids))
        k = m["k"]
        shown = []
        for key in (COPY, HONEST, TRAIN_ONLY):
            at, s = rank.get(key, (len(found) + 1, 0.0))
            shown.append(f"{key.replace('ctl_', '')} {s:.3f} #{at}{' TOPK' if at <= k else ''}")
        top = [f"{key.replace('ctl_', '')} {s:.3f} #{at}" for key, (at, s) in sorted(rank.items(), key=lambda kv: kv[1])
               if at <= k and "ctl_" in key and key not in (COPY, TRAIN_ONLY)]
        in_top += len(top)
        print(f"{name}: AP {m['average_precision']} k {k} hard {m['hard_negatives_in_top_k']}; " + "; ".join(shown)
              + ("; in the top k: " + ", ".join(top) if top else ""))
    return in_top


if __name__ == "__main__":
    if "--build" in sys.argv:
        controls.BUILD = Path(sys.argv[sys.argv.index("--build") + 1]).resolve()
    print(f"pairs with a control in a top k (not the copy pair, not t1|t2): {measure()}")
