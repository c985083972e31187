"""The anchors, run in the benchmark's own venv: python baselines.py DATA_DIR OUT_JSON.

copydetect (with the cohort's starter as boilerplate, the configuration that
suits it best) and pycode_similar, on the same files as `grade similarity`.
Writes {tool: {cohort: {"pairs": {"a|b": score}, "public": {id: score}}}}.
"""

import contextlib
import io
import itertools
import json
import logging
import multiprocessing
import sys
from pathlib import Path

import copydetect
import pycode_similar

sys.path.insert(0, str(Path(__file__).resolve().parent))
from intake import submitted_texts  # noqa: E402  the files as grade similarity's intake reads them

logging.disable(logging.CRITICAL)


def copydetect_scores(submissions: Path, starter: Path, public: Path, noise_t: int, guarantee_t: int):
    detector = copydetect.CopyDetector(test_dirs=[str(submissions)], ref_dirs=[str(submissions)],
                                       boilerplate_dirs=[str(starter)], extensions=["py"], noise_t=noise_t,
                                       guarantee_t=guarantee_t, display_t=0.0, autoopen=False, silent=True)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        detector.run()
    ids = [Path(f).stem for f in detector.test_files]
    matrix = detector.similarity_matrix
    pairs = {}
    for i, j in itertools.combinations(range(len(ids)), 2):
        # the share of each file found in the other: a copy that adds code keeps the original's share high
        score = max(float(matrix[i, j, 0]), float(matrix[j, i, 0]))
        a, b = sorted((ids[i], ids[j]))
        pairs[f"{a}|{b}"] = max(score, 0.0)
    detector = copydetect.CopyDetector(test_dirs=[str(submissions)], ref_dirs=[str(public)],
                                       boilerplate_dirs=[str(starter)], extensions=["py"], noise_t=noise_t,
                                       guarantee_t=guarantee_t, display_t=0.0, autoopen=False, silent=True)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        detector.run()
    public_scores = {Path(f).stem: max(float(detector.similarity_matrix[i, 0, 0]), 0.0)
                     for i, f in enumerate(detector.test_files)}
    return {"pairs": pairs, "public": public_scores}


def pycode_against(reference: str, candidates: list[str]) -> list[float]:
    """The share of `reference`'s functions that each candidate reproduces (pycode_similar's own summary)."""
    try:
        result = pycode_similar.detect([reference] + candidates)
    except Exception:
        return [0.0] * len(candidates)
    shares = [0.0] * len(candidates)
    for index, diffs in result:
        shares[index - 1] = float(pycode_similar.summarize(diffs)[0])
    return shares


def _row(args):
    reference, candidates = args
    return pycode_against(reference, candidates)


def pycode_scores(submissions: Path, public: Path):
    texts = submitted_texts(submissions)
    ids = sorted(texts)
    with multiprocessing.Pool(2) as pool:  # the development machine's two cores
        rows = pool.map(_row, [(texts[i], [texts[j] for j in ids]) for i in ids])
    pairs = {}
    for (x, a), (y, b) in itertools.combinations(enumerate(ids), 2):
        pairs[f"{a}|{b}"] = max(rows[x][y], rows[y][x])  # either way round, as for copydetect
    source = next(public.glob("*.py")).read_text(encoding="utf-8")
    return {"pairs": pairs, "public": dict(zip(ids, pycode_against(source, [texts[i] for i in ids])))}


def main():
    data, out = Path(sys.argv[1]), Path(sys.argv[2])
    public = Path(sys.argv[3])
    results = {}
    with_pycode = "--no-pycode" not in sys.argv[4:]
    for cohort in ("main", "tiny"):
        subs, starter = data / cohort / "submissions", data / cohort / "starter"
        if not subs.is_dir():
            continue
        for noise, guarantee in ((25, 25), (10, 15)):
            name = f"copydetect (k={noise}, w={guarantee}, starter as boilerplate)"
            results.setdefault(name, {})[cohort] = copydetect_scores(subs, starter, public, noise, guarantee)
        if with_pycode:  # slow: minutes per cohort on two cores
            results.setdefault("pycode_similar", {})[cohort] = pycode_scores(subs, public)
    out.write_text(json.dumps(results), encoding="utf-8")


if __name__ == "__main__":
    main()
