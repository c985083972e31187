"""copydetect on sim41b1 with every hand-in flattened to one file: python bench/similarity/sim41b1/copydetect_flat.py
BUILT [OUT]   (BUILT: the class as `run.py --sim41b1 --build DIR` built it, DIR/sim41b1; needs run.py's anchors' venv)

run.py's anchors read a class through bench's intake, which wrote no file for these Moodle folders of packages (the
anchors scored an empty class: AP 0.01). Here each hand-in (a zip unpacked first, __MACOSX/ left out) becomes one .py:
its .py files joined in path order, as an instructor would feed a file-based tool; the starter package and the public
package are flattened alike. Prints each anchor's measures (run.py's `measures`)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import run  # noqa: E402
import sim41b1  # noqa: E402


def flat(folder: Path) -> str:
    return "\n\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py"))
                       if "__MACOSX" not in p.parts)


def main(data: Path, out: Path) -> None:
    shutil.rmtree(out, ignore_errors=True)
    for part in ("main/submissions", "main/starter", "public"):
        (out / part).mkdir(parents=True)
    for entry in sorted((data / "main" / "submissions").iterdir()):
        with tempfile.TemporaryDirectory() as tmp:
            sid = entry.name.removesuffix("_assignsubmission_file_")
            (out / "main" / "submissions" / f"{sid}.py").write_text(flat(sim41b1.unpacked(entry, Path(tmp))),
                                                                    encoding="utf-8")
    (out / "main" / "starter" / "engine.py").write_text(flat(data / "main" / "starter"), encoding="utf-8")
    (out / "public" / "engine.py").write_text(flat(data / "public"), encoding="utf-8")
    subprocess.run([str(run.BASELINE_VENV / "bin" / "python"), str(run.HERE / "baselines.py"), str(out),
                    str(out / "baselines.json"), str(out / "public"), "--no-pycode"], check=True,
                   env={**os.environ, "PYTHONHASHSEED": "0"})  # as run.py runs them: the same figures every run
    labels = json.loads((data / "labels.json").read_text(encoding="utf-8"))
    for tool, scores in json.loads((out / "baselines.json").read_text(encoding="utf-8")).items():
        print(tool, json.dumps(run.measures(scores, labels)))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else Path(sys.argv[1]) / "flat")
