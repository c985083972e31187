"""Writes the class: main/submissions/ (one Moodle folder per student), materials/, public/micrograd/ and labels.json.

python bench/similarity/sim41b1/write.py   (deterministic: the same bytes every time)

Starter-filled students come from fillers.py (fill.py puts their bodies in the starter), whole packages typed by hand
from hand/ (students' own engines and the level-4 copies), copies at levels 1-3 from their source by the recipes in
COPIES, public copies from karpathy/micrograd's engine.py and nn.py (public/micrograd/, MIT) by PUBLIC. How each
student hands in (their files, or one zip with or without a top folder and Mac's __MACOSX/) is HAND_IN."""

from __future__ import annotations

import io
import json
import shutil
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fill import fill, fill_text, starter_files  # noqa: E402
from fillers import LECTURE, STUDENTS, TA_POST  # noqa: E402
from recipes import (annotated, merged_engine, on_py, packed, renamed, replaced, uncommented, unparsed,  # noqa: E402
                     with_empty_tuples, with_form_feed)

SUFFIX = "_assignsubmission_file_"  # Moodle's "Download all submissions", in folders
ZIP_TIME = (2026, 11, 20, 22, 15, 0)  # fixed: the same zip bytes every time


# ---------------------------------------------------------------- the class


def filled(sid: str) -> dict[str, str]:
    spec = STUDENTS[sid]
    files = fill(spec["bodies"], spec["keep_todo"])
    for edit in spec["edits"]:
        edit(files)
    return files


def hand(sid: str) -> dict[str, str]:
    folder = HERE / "hand" / sid
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(folder.rglob("*")) if p.is_file()}


SCRATCH = {  # whole packages of their own, typed by hand (hand/)
    "Huang Tao_100121": "independent: 黄涛: his own package: enum.Enum op codes, every rule in one _push_grad",
    "Guo Qiang_100122": "independent: Guo Qiang: his own package: local derivatives stored on the edges, __slots__, Xavier init, a cosine schedule",
    "Luo Xin_100123": "independent: 罗欣: her own package: a grad_fn closure returning the inputs' gradients, a hinge loss",
    "Song Yu_100221": "source: 宋宇: his own package: backward_step closures, every node pushed twice",
    "Tang Jie_100222": "source: 唐杰: his own package: ops.py returns (value, local derivatives), Value._apply",
}


def copy_ma_chao_l3(files):
    """Ma Chao's at level 3: engine.py and ops.py merged into autodiff.py, renamed, comments dropped, reordered, `()`
    after every statement."""
    files = merged_engine(files, "autodiff")
    files = renamed(files, {"topo": "ordering", "visited": "marked", "stack": "frames", "outputs": "predictions",
                            "w_i": "wk", "x_i": "xk", "as_value": "to_value"})
    files = on_py(files, lambda t: unparsed(uncommented(t), reorder=True))
    return on_py(files, with_empty_tuples, only={"micrograd/autodiff.py"})


def copy_zhu_ying_l2(files):
    files = renamed(files, {"indeg": "n_users", "queue": "fifo", "activation": "weighted", "outputs": "ys"})
    files = replaced(files, "micrograd/ops.py", [("# identity for both", "# gradient passes straight through"),
                                                 ("# d(ab)/da = b", "# swap the operands"),
                                                 ("# d(ab)/db = a", ""), ("# power rule", "# n * x**(n-1)")])
    files = replaced(files, "train.py", [("# mean squared error", "# MSE"),
                                         ("# the mean makes gradients 4x smaller", "# bigger lr because of the mean")])
    return with_form_feed(files, "micrograd/engine.py", "    def backward(self):\n")


def copy_hu_bo_l2(files):
    files = renamed(files, {"yanse": "zhuangtai", "paixu": "xulie", "zhan": "duizhan", "jiedian": "dian",
                            "shuru": "shang", "he": "zonghe", "quan": "w", "shu": "xi", "jieguo": "shuchu",
                            "sjy": "nrn", "cs": "p", "ceng": "layer", "wucha": "loss", "mubiao": "y"})
    return replaced(files, "micrograd/engine.py", [("# 0 未访问，1 正在访问，2 已完成", "# 三种状态：新 / 进行中 / 完成")])


def copy_song_yu_l2(files):
    files = renamed(files, {"backward_step": "push_back", "wrap": "lift", "expanded": "opened", "order_set": "placed",
                            "step": "fn", "inputs": "srcs", "res": "outs", "mlp": "net"})
    files = {p: uncommented(t) if p.endswith(".py") else t for p, t in files.items()}
    files["micrograd/engine.py"] = files["micrograd/engine.py"].replace(
        '"""宋宇：自己写的引擎。每个节点记住一个 backward 函数和它的输入；拓扑排序用“入栈两次”的办法。"""',
        '"""Scalar autograd engine (HW2)."""')
    files["micrograd/engine.py"] = packed(files["micrograd/engine.py"])
    return files


def copy_gao_yuan_l3(files):
    """Gao Yuan's at level 3: engine.py and ops.py merged into core.py, the rules' names changed, reordered, restyled."""
    files = merged_engine(files, "core")
    files = renamed(files, {"d_a": "ga", "d_b": "gb", "pre_act": "z", "order": "rev_topo", "state": "phase",
                            "weight": "wi", "result": "params", "diff": "err"})
    return on_py(files, lambda t: unparsed(t, reorder=True), only={"micrograd/core.py", "micrograd/nn.py"})


def copy_lin_hui_l3(files):
    """Lin Hui's at level 3: ops.py renamed functions.py, renamed, comments dropped, reordered, annotations."""
    files = {("micrograd/functions.py" if p == "micrograd/ops.py" else p): t for p, t in files.items()}
    files = replaced(files, "micrograd/engine.py", [("from . import ops\n", "from . import functions as F\n")])
    files = {p: t.replace("ops.", "F.") if p == "micrograd/engine.py" else t for p, t in files.items()}
    files = renamed(files, {"uses": "fan_out", "nodes": "known", "ready": "frontier", "total": "acc",
                            "results": "outs", "velocity": "momentum", "value": "h"})
    files = on_py(files, lambda t: unparsed(uncommented(t), reorder=True))
    return on_py(files, annotated, only={"micrograd/engine.py", "micrograd/nn.py"})


def copy_tang_jie_l3(files):
    """Tang Jie's at level 3: ops.py merged into engine.py, renamed, reordered, restyled."""
    ops = files.pop("micrograd/ops.py")
    engine = files["micrograd/engine.py"].replace("from . import ops\n", "").replace("ops.", "")
    ops = ops.replace('"""唐杰：每个运算返回 (结果, 局部导数元组)，Value 只负责连接与反向。"""\n', "")
    files["micrograd/engine.py"] = ops + "\n\n" + engine
    files = renamed(files, {"srcs": "parents", "locals_": "partials", "marks": "color", "result": "topo",
                            "_apply": "_op", "extra": "more", "act": "s"})
    return on_py(files, lambda t: unparsed(t, reorder=True), only={"micrograd/engine.py"})


# sid: (kind, source, level, recipe: None for level 1, "hand" for a level-4 copy typed by hand, evasion or None)
COPIES = {
    "Bai Xue_100401": ("copy L1 of Ma Chao's: verbatim, handed in as a zip", "Ma Chao_100201", 1, None, None),
    "Mo Lin_100409": ("copy L3 of Ma Chao's: engine.py and ops.py merged into autodiff.py, renamed, comments dropped, "
                      "reordered, `()` after every statement", "Ma Chao_100201", 3, copy_ma_chao_l3,
                      "() after every statement"),
    "Cui Hong_100402": ("copy L1 of Zhu Ying's: verbatim", "Zhu Ying_100202", 1, None, None),
    "Dong Ming_100403": ("copy L2 of Zhu Ying's: renamed, comments changed, a form feed in a comment",
                         "Zhu Ying_100202", 2, copy_zhu_ying_l2, "form feed in a comment"),
    "Fan Bing_100404": ("copy L2 of Hu Bo's: pinyin names renamed, a comment changed", "Hu Bo_100203", 2,
                        copy_hu_bo_l2, None),
    "Gu Yan_100405": ("copy L2 of Song Yu's: renamed, comments dropped, engine.py packed with zlib+base64 and exec",
                      "Song Yu_100221", 2, copy_song_yu_l2, "zlib+base64 and exec"),
    "Han Xu_100406": ("copy L3 of Gao Yuan's: engine.py and ops.py merged into core.py, renamed, reordered, restyled",
                      "Gao Yuan_100204", 3, copy_gao_yuan_l3, None),
    "Jin Rui_100407": ("copy L3 of Lin Hui's: ops.py renamed functions.py, renamed, comments dropped, reordered, "
                       "`x: float = e` annotations", "Lin Hui_100205", 3, copy_lin_hui_l3,
                       "annotation on every assignment"),
    "Lu Yao_100408": ("copy L3 of Tang Jie's: ops.py merged into engine.py, renamed, reordered, restyled",
                      "Tang Jie_100222", 3, copy_tang_jie_l3, None),
    "Kong Lei_100411": ("copy L4 of He Jun's: a context-manager tape (`with Graph():`) replayed in creation order, "
                        "package renamed autograd/, scalar.py + graph.py", "He Jun_100206", 4, "hand", None),
    "Qian Yu_100412": ("copy L4 of Hu Bo's: rules as gradient closures, a coroutine walk driven with send(), package "
                       "renamed minigrad/ (core.py, layers.py)", "Hu Bo_100203", 4, "hand", None),
    "Jiang Tao_100413": ("copy L4 of Tang Jie's: forward and derivative kernels in tables keyed by string, an "
                         "__array_ufunc__-style dispatcher, package renamed tinygrad_hw/", "Tang Jie_100222", 4,
                         "hand", None),
}


def public() -> dict[str, str]:
    folder = HERE / "public"
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted((folder / "micrograd").glob("*.py"))}


XOR_TRAIN = '''import random

from micrograd.nn import MLP

random.seed({seed})
xs = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
ys = [-1.0, 1.0, 1.0, -1.0]
model = MLP(2, [{width}, 1])
for k in range({steps}):
    loss = sum((model(x) - y) ** 2 for x, y in zip(xs, ys))
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= {lr} * p.grad
print({message!r}, [round(model(x).data, 2) for x in xs])
'''


def public_l2(files, names, comment):
    files = renamed(files, names)
    return replaced(files, "micrograd/engine.py", [('""" stores a single scalar value and its gradient """',
                                                    f'""" {comment} """')])


def public_l3(files, module):
    """karpathy/micrograd's at level 3: engine.py renamed MODULE.py, renamed, comments dropped, reordered, restyled."""
    files = {(f"micrograd/{module}.py" if p == "micrograd/engine.py" else p): t for p, t in files.items()}
    files = {p: t.replace("micrograd.engine", f"micrograd.{module}") for p, t in files.items()}
    files = renamed(files, {"build_topo": "visit", "topo": "order", "visited": "seen", "_prev": "_parents",
                            "sz": "sizes"})
    return on_py(files, lambda t: unparsed(uncommented(t), reorder=True), only={f"micrograd/{module}.py",
                                                                                  "micrograd/nn.py"})


PUBLIC = {  # sid: (kind, level, files of micrograd/ -> files, train.py's parameters)
    "Ye Qing_100501": ("public L1: karpathy/micrograd's engine.py and nn.py (tanh, exp, log added) verbatim", 1,
                       lambda f: f, dict(seed=1, width=4, steps=200, lr=0.05, message="XOR:")),
    "Yu Hang_100502": ("public L1: karpathy/micrograd's package verbatim, a train.py of his own", 1,
                       lambda f: f, dict(seed=42, width=8, steps=100, lr=0.02, message="预测")),
    "Zeng Li_100503": ("public L2: karpathy/micrograd's, renamed, the docstring in Chinese", 2,
                       lambda f: public_l2(f, {"_children": "_srcs", "_prev": "_inputs", "build_topo": "dfs",
                                               "visited": "seen", "act": "z"}, "存储一个标量及其梯度"),
                       dict(seed=0, width=4, steps=300, lr=0.03, message="结果")),
    "Qin Feng_100504": ("public L2: karpathy/micrograd's, renamed, the docstring changed", 2,
                        lambda f: public_l2(f, {"other": "rhs", "topo": "order", "out": "res", "nin": "n_in",
                                                "nouts": "n_outs"}, "a scalar node of the graph"),
                        dict(seed=3, width=5, steps=200, lr=0.05, message="out")),
    "Shen Tao_100505": ("public L3: karpathy/micrograd's, engine.py renamed value.py, renamed, reordered, restyled", 3,
                        lambda f: public_l3(f, "value"), dict(seed=9, width=4, steps=250, lr=0.04, message="xor")),
    "Lu Ming_100506": ("public L3: karpathy/micrograd's, engine.py renamed scalar.py, renamed, reordered, restyled", 3,
                       lambda f: public_l3(f, "scalar"), dict(seed=21, width=6, steps=200, lr=0.05, message="done")),
}

# How each hand-in reaches Moodle: "files" (the folder as it is), "zip" (hw2.zip of the files), "zip-top" (a zip
# holding one top folder), "zip-mac" (a zip made on a Mac: a top folder, __MACOSX/ and .DS_Store)
ZIPPED = {"Li Na_100102": "zip", "Wang Fang_100103": "zip-mac", "Chen Jing_100105": "zip-top",
          "Zhao Min_100107": "zip", "Xu Hao_100110": "zip-top", "Guo Qiang_100122": "zip", "Zhu Ying_100202": "zip",
          "Hu Bo_100203": "zip-mac", "Lin Hui_100205": "zip-top", "Cao Yi_100303": "zip", "Tian Mei_100306": "zip-mac",
          "Bai Xue_100401": "zip", "Dong Ming_100403": "zip-top", "Gu Yan_100405": "zip-mac", "Jin Rui_100407": "zip",
          "Qian Yu_100412": "zip-top", "Ye Qing_100501": "zip-top", "Shen Tao_100505": "zip",
          "Lu Ming_100506": "zip-mac"}


def zipped(files: dict[str, str], how: str, top: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        prefix = "" if how == "zip" else f"{top}/"
        for path, text in sorted(files.items()):
            archive.writestr(zipfile.ZipInfo(prefix + path, ZIP_TIME), text.encode("utf-8"))
        if how == "zip-mac":
            archive.writestr(zipfile.ZipInfo(f"{top}/.DS_Store", ZIP_TIME), b"\0\0\0\1Bud1" + bytes(26))
            for path in sorted(files):
                folder, name = (prefix + path).rsplit("/", 1)
                archive.writestr(zipfile.ZipInfo(f"__MACOSX/{folder}/._{name}", ZIP_TIME), b"\0\5\26\7" + bytes(28))
    return buffer.getvalue()


def everyone() -> tuple[dict[str, dict[str, str]], dict[str, dict]]:
    """({sid: files}, {sid: label}) of the whole class."""
    files, labels = {}, {}
    for sid, spec in STUDENTS.items():
        files[sid] = filled(sid)
        label = {"cluster": None, "kind": spec["kind"], "level": None, **spec["label"]}
        if spec["kind"].startswith("source"):  # a source's level is 1: a pair's level is its copy's
            label.update(cluster=sid.split("_")[0], level=1)
        labels[sid] = label
    for sid, kind in SCRATCH.items():
        files[sid] = hand(sid)
        source = kind.startswith("source")
        labels[sid] = {"cluster": sid.split("_")[0] if source else None, "kind": kind, "level": 1 if source else None}
    for sid, (kind, source, level, recipe, evasion) in COPIES.items():
        files[sid] = hand(sid) if recipe == "hand" else (recipe or dict)(dict(files[source]))
        labels[sid] = {"cluster": source.split("_")[0], "kind": kind, "level": level}
        if evasion:
            labels[sid]["evasion"] = evasion
    for sid, (kind, level, recipe, train) in PUBLIC.items():
        files[sid] = {**recipe(public()), "train.py": XOR_TRAIN.format(**train)}
        labels[sid] = {"cluster": "public", "kind": kind, "level": level}
    for sid in files:  # the package's files under micrograd/ for starter-filled and public hand-ins
        files[sid] = {(p if "/" in p or not p.endswith(".py") or p == "train.py" else f"micrograd/{p}"): t
                      for p, t in files[sid].items()}
    return files, labels


def write_class(out: Path) -> dict:
    files, labels = everyone()
    submissions = out / "main" / "submissions"
    if submissions.exists():
        shutil.rmtree(submissions)
    for sid in sorted(files):
        folder = submissions / f"{sid}{SUFFIX}"
        folder.mkdir(parents=True)
        how = ZIPPED.get(sid)
        if how:
            top = "hw2_" + sid.split("_")[0].lower().replace(" ", "")
            (folder / "hw2.zip").write_bytes(zipped(files[sid], how, top))
        else:
            for path, text in files[sid].items():
                (folder / path).parent.mkdir(parents=True, exist_ok=True)
                (folder / path).write_text(text, encoding="utf-8")
    return {"main": {sid: labels[sid] for sid in sorted(labels)}}


def write_materials(out: Path) -> None:
    materials = out / "materials"
    if materials.exists():
        shutil.rmtree(materials)
    for path, text in fill(LECTURE).items():
        if path.endswith(".py"):
            (materials / "lecture" / path).parent.mkdir(parents=True, exist_ok=True)
            (materials / "lecture" / path).write_text(text, encoding="utf-8")
    starter = starter_files()
    post = materials / "ta-post"
    post.mkdir(parents=True)
    for path in ("micrograd/ops.py", "micrograd/engine.py"):
        text = fill_text(starter[path], TA_POST, keep_todo=False)
        (post / Path(path).name).write_text(text, encoding="utf-8")
    (post / "post.md").write_text(TA_POST_TEXT, encoding="utf-8")


TA_POST_TEXT = """# 【助教】backward() 的另一种写法：Kahn 算法（附规则的写法）

很多同学问拓扑排序除了深度优先还能怎么写。下面是另一种思路：先数出每个节点被几个节点用作输入，
然后从损失开始，一个节点的所有“使用者”都把梯度传给它之后，才轮到它往下传。这样不需要递归，也不需要显式排序。

规则里我习惯先写 `g = out.grad`，读起来清楚一些。完整代码见 ops.py 和 engine.py（只贴了需要填的部分，
其余与模板相同）。注意一定是 `+=`：同一个节点被用两次时，两条路径的梯度都要加上。
"""


def main() -> None:
    labels = write_class(HERE)
    write_materials(HERE)
    (HERE / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(labels['main'])} hand-ins written")


if __name__ == "__main__":
    main()
