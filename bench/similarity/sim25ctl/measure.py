"""sim25's fresh controls (make.py) put into tuning cohorts, read as rescore.py reads (kept in BUILD/rescore-cache/).

    python bench/similarity/sim25ctl/measure.py [--check]

honest/: the six pairs put into the cohorts of 04-more-ops (the eighteenth, fifth 3, 6 and 9): each pair's score
and rank, TOPK when its rank is at most the class's k (its copy pairs), and each control's highest pair with a
member of the class when that is in the top k. copies/: each copy put into its source's class (by hand: the
eighteenth, sixteenth, seventeenth), the pair (source, copy) scored and ranked against that class's k.
--check first runs every file through its class's own check (against the course's reference)."""
import sys
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402
import make  # noqa: E402

HONEST_COHORTS = ["eighteenth", "fifth/seed-3", "fifth/seed-6", "fifth/seed-9"]


def _scored(name: str, files: dict[str, str], tag: str):
    """The cohort NAME with FILES (id -> text) added: its pairs ranked, and its k (controls.scored)."""
    return controls.scored(name, files, "sim25ctl", tag)


def honest() -> int:
    files = controls.honest_files(HERE)
    in_top = 0
    for name in HONEST_COHORTS:
        rank, n, k = _scored(name, files, "honest")
        out = []
        for a, b in combinations(sorted(files), 2):
            if a[:-2] == b[:-2]:  # ctl_pN_a|ctl_pN_b
                at, s = rank.get(f"{a}|{b}", (n + 1, 0.0))
                in_top += at <= k
                out.append(f"{a[4:-2]} {s:.3f} #{at}{' TOPK' if at <= k else ''}")
            elif (at := rank.get(f"{a}|{b}", (n + 1, 0.0)))[0] <= k:  # two controls of different pairs: honest too
                in_top += 1
                out.append(f"cross {a[4:]}|{b[4:]} {at[1]:.3f} #{at[0]} TOPK")
        for c in files:
            best = min(((at, s, key) for key, (at, s) in rank.items() if c in key.split("|")
                        and not all(x.startswith("ctl_") for x in key.split("|"))), default=None)
            if best and best[0] <= k:
                out.append(f"member {best[2]} {best[1]:.3f} #{best[0]} TOPK")
        in_top += sum(1 for key, (at, _) in rank.items()
                      if at <= k and sum(x.startswith("ctl_") for x in key.split("|")) == 1)
        print(f"honest in {name} (k = {k}): " + "; ".join(out))
    return in_top


def copies() -> int:
    found = 0
    for cls, source, name, level, _ in make.COPIES:
        text = (HERE / "copies" / f"{name}.py").read_text(encoding="utf-8")
        rank, n, k = _scored(cls, {name: text}, name)
        key = "|".join(sorted((source, name)))
        at, s = rank.get(key, (n + 1, 0.0))
        found += at <= k
        print(f"copy L{level} {name} of {cls}'s {source}: {s:.4f} #{at} of k = {k}{' TOPK' if at <= k else ''}")
    return found


def check() -> None:
    import eighteenth
    import seventeenth
    import sixteenth
    checks = {"eighteenth": eighteenth.check, "sixteenth": sixteenth.check, "seventeenth": seventeenth.check}
    for p in sorted((HERE / "honest").glob("*.py")):
        eighteenth.check(p.read_text(encoding="utf-8"), p.name)
    for cls, _, name, _, _ in make.COPIES:
        checks[cls]((HERE / "copies" / f"{name}.py").read_text(encoding="utf-8"), name)
    print("every control passes its class's check")


if __name__ == "__main__":
    if "--check" in sys.argv:
        check()
    top = honest()
    found = copies()
    print(f"honest pairs with a control in a top k (the six pairs, across pairs, with a member): {top}; "
          f"copies in the top k: {found}/{len(make.COPIES)}")
