"""The eighth labelled class, written by hand: python bench/similarity/eighth.py OUT_DIR

Unlike the seven classes before it, no program of ours makes it: its 57 files are kept as they were written,
in eighth/ (eighth/README.md says who wrote what and how; eighth/labels.json, run.py's schema, says what each
is). Written blind to the method (grader/similarity and docs/similarity.md's method unread), on the 04-more-ops
starter (eight regions), in the held-out class's shape (issue 27): 20 independent students (16 fillers, 4 whole
engines), 3 pairs whose own code is the same canonical lines (`hard_pair`), 6 copies of karpathy/micrograd's
engine with tanh, exp and log added (levels 1-3, two each), 12 sources each copied by hand at one of levels 1-4
(one twice), the issue's four evasions on four copies (`tricks`: a form feed in a comment, an annotation on every
assignment, `()` after every statement, zlib + base64 + exec: `"opaque": true`). eighth/plain/ holds each tricked
copy without its trick (not in the class), to compare each evasion with its plain copy.

`build` copies the class into OUT_DIR (run.py writes its reports beside the files it measures, so it measures a
copy, never the committed folder), running every file and checking its gradients against the reference engine's
(fifth.check) first. `python bench/similarity/run.py --eighth` measures it; it was measured once, after it was
written, and is not tuned on.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

from fifth import check  # noqa: E402

CLASS = HERE / "eighth"
EXERCISE = "04-more-ops"


def labels(folder: Path = CLASS) -> dict:
    return json.loads((folder / "labels.json").read_text(encoding="utf-8"))


def build(out: Path, plain: bool = False, folder: Path = CLASS, checker=check) -> dict:
    """The class in OUT (main/submissions, main/starter, labels.json; public/ when the class has its own public
    source), every file checked (CHECKER: fifth.check, the engine's; tenth.py passes its network's); with PLAIN each
    tricked copy is replaced by its plain copy (eighth/plain/, the same id and label: the evasions measured).
    FOLDER: the class kept as written (eighth/; ninth.py passes ninth/, tenth.py tenth/)."""
    found = labels(folder)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(folder / "main", out / "main")
    if (folder / "public").is_dir():
        shutil.copytree(folder / "public", out / "public")
    if plain:
        for path in sorted((folder / "plain").glob("*.py")):
            shutil.copyfile(path, out / "main" / "submissions" / path.name)
    for path in sorted((out / "main" / "submissions").glob("*.py")):
        checker(path.read_text(encoding="utf-8"), path.stem)
    (out / "labels.json").write_text(json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    return found


def evasions(out: Path, baselines: bool = True, folder: Path = CLASS, checker=check) -> list[dict]:
    """Each tricked copy's score with its source beside its plain copy's (the class built twice in OUT: as it is,
    and with the plain copies; each pair scored in its own cohort by run.py's scoring, and by copydetect)."""
    import run

    found = labels(folder)["main"]
    scored = {}
    for name, plain in (("tricked", False), ("plain", True)):
        data = out / name
        build(data, plain, folder, checker)
        scored[name] = {"ours": run.our_scores(data)["main"]["pairs"]}
        if baselines:
            scored[name].update({tool: s["main"]["pairs"] for tool, s in run.baseline_scores(data).items()})
    rows = []
    for sid, lab in sorted(found.items()):
        if lab.get("tricks"):
            source = next(s for s, other in found.items()
                          if other["cluster"] == lab["cluster"] and other["kind"].startswith("a source"))
            key = "|".join(sorted((sid, source)))
            rows.append({"copy": sid, "trick": lab["tricks"][0], "level": lab["level"],
                         **{f"{tool} {name}": round(scored[name][tool].get(key, 0.0), 3)
                            for name in scored for tool in scored[name]}})
    return rows


PACKED, PACKED_SOURCE = "u339", "u795"  # the packed copy (its plain copy in eighth/plain/) and its source


def packings(text: str) -> dict[str, str]:
    """TEXT packed for `exec` in the ways a student may script it (the class's own copy is `triple_join_split`)."""
    import base64
    import lzma
    import marshal
    import zlib

    b = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    lines = [b[i:i + 76] for i in range(0, len(b), 76)]
    wrapped = '_SRC = """\n' + "\n".join(lines) + '\n"""\n'
    b85 = base64.b85encode(lzma.compress(text.encode("utf-8"))).decode("ascii")
    code = base64.b64encode(marshal.dumps(compile(text, "engine", "exec"))).decode("ascii")
    head = "import base64, zlib\n"
    return {
        "one_string_decode": head + f'exec(zlib.decompress(base64.b64decode("{b}")).decode("utf-8"))\n',
        "one_string_bytes": head + f'exec(zlib.decompress(base64.b64decode("{b}")))\n',
        "name_one_line": head + f'_SRC = "{b}"\nexec(zlib.decompress(base64.b64decode(_SRC)).decode("utf-8"))\n',
        "paren_concat": head + "_SRC = (\n" + "".join(f'    "{s}"\n' for s in lines) + ")\n"
        + "exec(zlib.decompress(base64.b64decode(_SRC)).decode())\n",
        "triple_direct": head + wrapped + 'exec(zlib.decompress(base64.b64decode(_SRC)).decode("utf-8"))\n',
        "triple_join_split": head + wrapped
        + 'exec(zlib.decompress(base64.b64decode("".join(_SRC.split()))).decode("utf-8"))\n',
        "compile_exec": head + f'exec(compile(zlib.decompress(base64.b64decode("{b}")), "engine", "exec"))\n',
        "dunder_import": f'exec(__import__("zlib").decompress(__import__("base64").b64decode("{b}")))\n',
        "codecs": f'import codecs, zlib\nexec(zlib.decompress(codecs.decode(b"{b}", "base64")))\n',
        "lzma_b85": f'import base64, lzma\nexec(lzma.decompress(base64.b85decode("{b85}")))\n',
        "marshal": f'import base64, marshal\nexec(marshal.loads(base64.b64decode("{code}")))\n',
    }


def packed_scores(out: Path) -> list[dict]:
    """The class with its packed copy packed each way of `packings` (in OUT/NAME): the copy's score with its source,
    and what `grade similarity`'s record says of it (opaque calls, unpacked or not)."""
    import subprocess

    import run

    plain = (CLASS / "plain" / f"{PACKED}.py").read_text(encoding="utf-8")
    rows = []
    for name, text in packings(plain).items():
        data = out / name
        build(data)
        (data / "main" / "submissions" / f"{PACKED}.py").write_text(text, encoding="utf-8")
        check(text, name)
        score = run.our_scores(data)["main"]["pairs"].get(f"{PACKED}|{PACKED_SOURCE}", 0.0)
        record = data / "similarity.json"
        subprocess.run([sys.executable, "-m", "grader", "similarity", str(data / "main" / "submissions"), "--starter",
                        str(data / "main" / "starter" / "engine.py"), "-o", str(record)],
                       check=True, stdout=subprocess.DEVNULL)
        entry = next(s for s in json.loads(record.read_text(encoding="utf-8"))["submissions"] if s["id"] == PACKED)
        rows.append({"packing": name, "score": round(score, 3),
                     "opaque": [(o["call"], o["unpacked"]) for o in entry.get("opaque", [])]})
    return rows


PUBLIC_L1, PUBLIC_L2 = "u289", "u355"  # micrograd + hand a, verbatim (level 1) and renamed (level 2)
RENAMES = ("out o", "x v0", "t th", "_prev _parents", "_children parents", "build_topo walk", "_backward _grad_fn",
           "_op _label", "_prev _kids", "other rhs", "visited seen")  # the level-2 copy's six, then others


def public_renames(out: Path) -> list[dict]:
    """The level-2 micrograd copy replaced by its level-1 sibling with one name renamed (each of RENAMES, then
    none and the copy's six together; in OUT/NAME): its score against micrograd and with the level-1 sibling."""
    import re

    import run

    text = (CLASS / "main" / "submissions" / f"{PUBLIC_L1}.py").read_text(encoding="utf-8")
    steps = {"none": [], **{r: [r.split()] for r in RENAMES}, "the six": [r.split() for r in RENAMES[:6]]}
    rows = []
    for name, pairs in steps.items():
        renamed = text
        for old, new in pairs:
            renamed = re.sub(rf"\b{re.escape(old)}\b", new, renamed)
        data = out / re.sub(r"\W+", "_", name)
        build(data)
        (data / "main" / "submissions" / f"{PUBLIC_L2}.py").write_text(renamed, encoding="utf-8")
        check(renamed, name)
        scores = run.our_scores(data)["main"]
        rows.append({"renamed": name, "micrograd": round(scores["public"].get(PUBLIC_L2, 0.0), 3),
                     "with its level-1 sibling": round(scores["pairs"].get(f"{PUBLIC_L1}|{PUBLIC_L2}", 0.0), 3)})
    return rows


# each renaming: (a regular expression, its replacement); a name alone is that name as a whole word. `data` and
# `grad` as attributes are the API's (the course's tests read them): only the parameter `data` can be renamed.
ATTRIBUTES = {"none": [], "_backward": [("_backward", "_grad_fn")],
              "_prev, _children": [("_prev", "_parents"), ("_children", "parents")], "_op": [("_op", "_label")],
              "data (the parameter)": [(r"(?<![.\w])data\b", "x0")], "topo": [("topo", "order")],
              "visited": [("visited", "seen")],
              "all of them": [("_backward", "_grad_fn"), ("_prev", "_parents"), ("_children", "parents"),
                              ("_op", "_label"), (r"(?<![.\w])data\b", "x0"), ("topo", "order"), ("visited", "seen")]}


def renamed(text: str, pairs) -> str:
    """TEXT with each of PAIRS (ATTRIBUTES's) replaced, in order."""
    import re

    for old, new in pairs:
        text = re.sub(old if "\\" in old else rf"\b{re.escape(old)}\b", new, text)
    return text


def attribute_renames(out: Path) -> list[dict]:
    """Every untricked copy replaced by its source with one of the starter's names renamed (ATTRIBUTES, in
    OUT/NAME): each (source, copy) pair's score, copies by level."""
    import re

    import run

    found = labels()["main"]
    copies = sorted((s for s, lab in found.items() if lab["kind"].startswith("copy of")
                     and lab["cluster"] != "public" and not lab.get("tricks")), key=lambda s: (found[s]["level"], s))
    source = {c: next(s for s, lab in found.items() if lab["cluster"] == found[c]["cluster"]
                      and lab["kind"].startswith("a source")) for c in copies}
    rows = []
    for name, pairs in ATTRIBUTES.items():
        data = out / (re.sub(r"\W+", "_", name).strip("_") or "none")
        build(data)
        for copy in copies:
            text = renamed((CLASS / "main" / "submissions" / f"{source[copy]}.py").read_text(encoding="utf-8"), pairs)
            check(text, copy)
            (data / "main" / "submissions" / f"{copy}.py").write_text(text, encoding="utf-8")
        scores = run.our_scores(data)["main"]["pairs"]
        rows.append({"renamed": name, "scores": [round(scores.get("|".join(sorted((c, source[c]))), 0.0), 2)
                                                 for c in copies]})
    return rows


def padded(out: Path) -> list[dict]:
    """Each untricked copy (and, apart, its source verbatim in its place) with eighth/padding.txt appended (55 lines
    of helpers that never run: a copier who pads), one at a time, the rest of the class as it is (in OUT/...):
    the (source, copy) pair's score before and after."""
    import run

    found = labels()["main"]
    pad = (CLASS / "padding.txt").read_text(encoding="utf-8")
    copies = sorted((s for s, lab in found.items() if lab["kind"].startswith("copy of")
                     and lab["cluster"] != "public" and not lab.get("tricks")), key=lambda s: (found[s]["level"], s))
    before = run.our_scores(_built(out / "as-is"))["main"]["pairs"]
    rows = []
    for copy in copies:
        source = next(s for s, lab in found.items() if lab["cluster"] == found[copy]["cluster"]
                      and lab["kind"].startswith("a source"))
        key, row = "|".join(sorted((copy, source))), {"copy": copy, "level": found[copy]["level"]}
        row["as is"] = round(before.get(key, 0.0), 2)
        for name, base in (("padded", copy), ("verbatim padded", source)):
            data = _built(out / f"{copy}-{name.replace(' ', '-')}")
            text = (CLASS / "main" / "submissions" / f"{base}.py").read_text(encoding="utf-8")
            text = text.rstrip("\n") + "\n\n" + pad
            check(text, copy)
            (data / "main" / "submissions" / f"{copy}.py").write_text(text, encoding="utf-8")
            row[name] = round(run.our_scores(data)["main"]["pairs"].get(key, 0.0), 2)
        rows.append(row)
    return rows


def _built(data: Path) -> Path:
    build(data)
    return data


def class_parser(description: str):
    """The options a hand-written class's script has (eighth.py, ninth.py): OUT, --plain, --evasions and
    --skip-baselines."""
    import argparse

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("out", type=Path)
    parser.add_argument("--plain", action="store_true", help="each tricked copy replaced by its plain copy")
    parser.add_argument("--evasions", action="store_true",
                        help="score each tricked copy with its source beside its plain copy (OUT/tricked, OUT/plain)")
    parser.add_argument("--skip-baselines", action="store_true")
    return parser


def main():
    parser = class_parser(__doc__.split("\n")[0])
    parser.add_argument("--packings", action="store_true",
                        help="the packed copy packed eleven ways, each scored with its source (OUT/<packing>)")
    parser.add_argument("--public-renames", action="store_true",
                        help="a micrograd copy with one name renamed at a time, scored against micrograd (OUT/<name>)")
    parser.add_argument("--attribute-renames", action="store_true",
                        help="each copy replaced by its source with one of the starter's names renamed (OUT/<name>)")
    parser.add_argument("--padding", action="store_true",
                        help="each copy with 55 lines of helpers that never run appended, one at a time (OUT/...)")
    args = parser.parse_args()
    if args.padding:
        for row in padded(args.out):
            print(row)
        return
    if args.attribute_renames:
        for row in attribute_renames(args.out):
            print(row)
        return
    if args.public_renames:
        for row in public_renames(args.out):
            print(row)
        return
    if args.packings:
        for row in packed_scores(args.out):
            print(row)
        return
    if args.evasions:
        for row in evasions(args.out, not args.skip_baselines):
            print(row)
        return
    print(f"{len(build(args.out, args.plain)['main'])} files in {args.out} ({EXERCISE})")


if __name__ == "__main__":
    main()
