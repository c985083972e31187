"""Writes sim43b2's main/submissions (a plain folder of `<login>.py` files, as a course's own upload form collects
them) and labels.json (session 43, simw43).

python bench/similarity/sim43b2/write.py    (deterministic: the same files every run)

Starter-filled students come from fills43b2.py, whole files and the level-4 copies from hand/, the hard pairs from
materials/ (the lecture's demo, the TA's forum answer, the Chinese README's steps), the public copies from
public/neuron.py (karpathy/micrograd's nn.py, MIT) adapted to the exercise, the level 1-3 copies by the recipes of
sim43b1/recipes43.py (each copier's renames and rewordings typed here)."""

from __future__ import annotations

import ast
import json
import shutil
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "sim43b1"))
sys.path.insert(0, str(HERE))

import recipes43 as recipes  # noqa: E402
from fills43b2 import FILLS  # noqa: E402

STARTER = (HERE / "starter" / "neuron.py").read_text(encoding="utf-8")
PUBLIC = (HERE / "public" / "neuron.py").read_text(encoding="utf-8")
FUNCTIONS = {"neuron": "neuron", "grads": "neuron_gradients", "diff": "largest_relative_difference"}


def fill(bodies: dict, keep_todo: bool = False) -> str:
    """The starter with each TODO's two lines replaced by the student's body (and their edits to its own text)."""
    text = STARTER
    for key, function in FUNCTIONS.items():
        todo = (f"    # TODO(10-neuron): your code here\n"
                f"    raise NotImplementedError(\"10-neuron: write {function}\")\n")
        assert todo in text, function
        body = textwrap.indent(bodies[key].rstrip() + "\n", " " * 4, lambda line: line.strip() != "")
        if keep_todo:
            body = "    # TODO(10-neuron): your code here\n" + body
        text = text.replace(todo, body, 1)
    if "head" in bodies:
        anchor = 'NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron\'s five inputs, in the order the functions take them\n'
        text = text.replace(anchor, anchor + bodies["head"], 1)
    for old, new in bodies.get("edits", []):
        assert old in text, (old, new)
        text = text.replace(old, new, 1)
    return text


LECTURE = {  # the lecture's demo (materials/lecture/neuron_demo.py) turned into the function, as two students did
    "neuron": '''\
x1 = Value(x1)
x2 = Value(x2)
w1 = Value(w1)
w2 = Value(w2)
b = Value(b)
n = x1 * w1 + x2 * w2 + b
o = n.tanh() if activation == "tanh" else n.relu()
return o, {"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b}''',
    "grads": '''\
o, leaves = neuron(x1, x2, w1, w2, b, activation)
o.backward()
return {name: leaf.grad for name, leaf in leaves.items()}''',
    "diff": '''\
worst = 0.0
for name in grads:
    g, r = grads[name], reference_grads[name]
    if g == 0 and r == 0:
        continue
    worst = max(worst, abs(g - r) / max(abs(g), abs(r)))
return worst''',
}

TA = {  # the TA's pinned answer (materials/ta-post/post.md) with the README's neuron
    "neuron": '''\
leaves = {"x1": Value(x1), "x2": Value(x2), "w1": Value(w1), "w2": Value(w2), "b": Value(b)}
n = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
y = n.relu() if activation == "relu" else n.tanh()
return y, leaves''',
    "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {name: leaf.grad for name, leaf in leaves.items()}''',
    "diff": LECTURE["diff"],
}

README_STEPS = {  # the Chinese README's three steps, as comments
    "neuron": "# 为五个数各创建一个叶节点 Value，构建 y = relu(w1·x1 + w2·x2 + b)\n# 这里不要调用 backward()\n",
    "grads": "# 用 neuron 构建神经元，在 y 上调用一次 backward()，以同样名字的字典返回五个梯度\n",
    "diff": "# 相对差为 |g − r| / max(|g|, |r|)；两个梯度都恰好为 0 时算作 0\n",
}


def with_steps(bodies: dict) -> dict:
    return {k: README_STEPS[k] + v for k, v in bodies.items()}


# ------------------------------------------------------------------ public copies (micrograd's nn.py adapted)

def micrograd_classes(upto: str = "class Layer") -> str:
    """micrograd's nn.py from `class Module` up to UPTO (its imports dropped: the engine is the course's)."""
    start = PUBLIC.index("class Module")
    end = PUBLIC.index(upto) if upto else len(PUBLIC)
    return PUBLIC[start:end].rstrip() + "\n"


PUBLIC_FUNCTIONS = '''

def neuron(x1, x2, w1, w2, b, activation="relu"):
    n = Neuron(2, nonlin=(activation == "relu"))
    n.w = [Value(w1), Value(w2)]
    n.b = Value(b)
    x = [Value(x1), Value(x2)]
    act = n(x)
    y = act if activation == "relu" else act.tanh()
    return y, {"x1": x[0], "x2": x[1], "w1": n.w[0], "w2": n.w[1], "b": n.b}


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {k: v.grad for k, v in leaves.items()}


def largest_relative_difference(grads, reference_grads):
    worst = 0.0
    for k in grads:
        g, r = grads[k], reference_grads[k]
        if g == 0 and r == 0:
            continue
        worst = max(worst, abs(g - r) / max(abs(g), abs(r)))
    return worst
'''


def public_on_starter() -> str:
    """micrograd's Module and Neuron pasted below the starter's NAMES, the three bodies as PUBLIC_FUNCTIONS has them."""
    tree = ast.parse(PUBLIC_FUNCTIONS)
    lines = PUBLIC_FUNCTIONS.split("\n")
    bodies = {key: textwrap.dedent("\n".join(lines[fn.body[0].lineno - 1:fn.end_lineno]))
              for key, fn in zip(FUNCTIONS, tree.body)}
    bodies["head"] = "\n# from karpathy/micrograd (nn.py), MIT licence\nimport random\n\n\n" + micrograd_classes()
    return fill(bodies)


def public_copy(upto: str = "class Layer", header: str = "") -> str:
    return (header + "import random\n\nfrom engine import Value\n\n"
            'NAMES = ("x1", "x2", "w1", "w2", "b")\n\n' + micrograd_classes(upto) + PUBLIC_FUNCTIONS)


# ------------------------------------------------------------------ the class

def hand(name: str) -> str:
    return (HERE / "hand" / f"{name}.py").read_text(encoding="utf-8")


def students() -> list[dict]:
    s = []

    def add(login, text, label):
        s.append({"login": login, "text": text, "label": label})

    def indep(what, bug=None):
        label = {"cluster": None, "kind": f"independent: {what}", "level": None}
        if bug:
            label["bug"] = bug
        return label

    def source(cluster, what):
        return {"cluster": cluster, "kind": f"source: {what}", "level": 1}

    def copy(cluster, level, what, evasion=None):
        label = {"cluster": cluster, "kind": f"copy L{level} of {what}", "level": level}
        if evasion:
            label["evasion"] = evasion
        return label

    def hard(pair, what):
        return {"cluster": None, "kind": f"hard {pair}: {what}", "level": None, "hard_pair": pair}

    def public(level, what):
        return {"cluster": "public", "kind": f"public L{level}: {what}", "level": level}

    # -------- independent
    add("zhaomin", fill(FILLS["zhaomin"]), indep("赵敏 Zhao Min: v-prefixed leaves, a dict literal, a loop with continue"))
    add("sunhao", fill(FILLS["sunhao"]), indep("孙浩 Sun Hao: leaves by a dict comprehension over NAMES, a list of "
                                               "differences and max()"))
    add("zhouqian", fill(FILLS["zhouqian"]), indep("周倩 Zhou Qian: a1/k1/bias names, the gradients spelled out"))
    add("wuting", fill(FILLS["wuting"]),
        indep("吴婷 Wu Ting: the differences averaged",
              bug="largest_relative_difference returns the mean of the five differences, not the largest"))
    add("xuyang", fill(FILLS["xuyang"]),
        indep("徐阳 Xu Yang: the bias added as the plain number b",
              bug="the bias is added as a number, not its leaf: dy/db is always 0"))
    add("huangli", fill(FILLS["huangli"]), indep("黄丽 Huang Li: inputs and weights as lists, a loop from the bias, "
                                                 "Chinese docstrings"))
    add("linfang", fill(FILLS["linfang"]), indep("林芳 Lin Fang: getattr(net, activation)(), a generator max with "
                                                 "default"))
    add("hejun", fill(FILLS["hejun"]), indep("何军 He Jun: numbered steps as comments, a dict built in a loop"))
    add("gaoyan", fill(FILLS["gaoyan"]), indep("高燕 Gao Yan: the parameters rebound to leaves, one-line neuron, a "
                                               "list comprehension"))
    add("luojie", fill(FILLS["luojie"]), indep("罗杰 Luo Jie: sum() of products started at the bias"))
    add("songyu", fill(FILLS["songyu"]), indep("宋宇 Song Yu: the sum built in three statements, an inner rel()"))
    add("tangxin", fill(FILLS["tangxin"]), indep("唐欣 Tang Xin: float() of each gradient, x*w order"))
    add("fengrui", fill(FILLS["fengrui"]), indep("冯瑞 Feng Rui: one-letter names unpacked from a list"))
    add("dengjing", fill(FILLS["dengjing"]), indep("邓静 Deng Jing: the activation from a dict of bound methods"))
    add("guojing", hand("guojing"), indep("郭静 Guo Jing: a small Neuron class of her own the functions call"))
    add("caiwen", hand("caiwen"), indep("蔡文 Cai Wen: type hints everywhere, a relative_difference() helper, "
                                        "a ValueError in Chinese"))

    # -------- hard-negative pairs
    add("yuanhui", fill(LECTURE), hard("h1", "the lecture's demo turned into the function, the TA's loop"))
    add("pengtao", fill(LECTURE, keep_todo=True), hard("h1", "the lecture's demo turned into the function, the "
                                                             "TODO lines kept"))
    add("caoxue", fill(TA), hard("h2", "the TA's pinned answer"))
    add("xiena", fill(TA), hard("h2", "the TA's pinned answer"))
    add("dongmei", fill(with_steps(LECTURE)), hard("h3", "the Chinese README's steps as comments over the lecture's "
                                                         "code"))
    add("yuhang", fill(with_steps(TA)), hard("h3", "the Chinese README's steps as comments over the TA's code"))

    # -------- sources
    wanglei = fill(FILLS["wanglei"])
    add("wanglei", wanglei, source("wanglei", "王磊 Wang Lei: activation lowercased, if/elif with a ValueError, the "
                                              "bigger picked by a conditional, float(worst)"))
    lina = fill(FILLS["lina"])
    add("lina", lina, source("lina", "李娜 Li Na: a _leaves() helper, the sum as a loop over '1', '2' from the bias, "
                                     "diffs starting at [0.0]"))
    zhangwei = fill(FILLS["zhangwei"])
    add("zhangwei", zhangwei, source("zhangwei", "张伟 Zhang Wei: a KeyError when the names differ, math.fabs"))
    liuyang = fill(FILLS["liuyang"])
    add("liuyang", liuyang, source("liuyang", "刘洋 Liu Yang: Value.relu/Value.tanh in a dict, a sorted list's last "
                                              "item"))
    chenjing = fill(FILLS["chenjing"])
    add("chenjing", chenjing, source("chenjing", "陈静 Chen Jing: long comments with the hand-worked gradients"))
    add("yangfan", fill(FILLS["yangfan"]), source("yangfan", "杨帆 Yang Fan: map(Value), the bias first, an inner "
                                                             "one(), max with default"))
    add("majie", fill(FILLS["majie"]), source("majie", "马杰 Ma Jie: leaves in a list by index, a while loop"))

    # -------- copies
    add("zhoujian", wanglei, copy("wanglei", 1, "Wang Lei's: verbatim"))
    add("zhenghao", hand("zhenghao"),
        copy("wanglei", 4, "Wang Lei's, by hand: a _OneNeuron class holding the leaves with forward(), the "
                           "difference through a _pair_gap() helper returning None for two zeros and a filtered "
                           "list; his lower(), ValueError, conditional and float() kept; comments his own"))
    add("kongling", hand("kongling"),
        copy("yangfan", 4, "Yang Fan's, by hand: an _ACTIVATIONS table with a KeyError made her ValueError, the "
                           "inner one() a module _gap(), max made functools.reduce, the bias-first sum kept"))
    add("qianyu", hand("qianyu"),
        copy("majie", 4, "Ma Jie's, by hand: his index order kept through a _weighted(nodes, pairs) helper, the "
                         "while loop made a recursion over the index, the dict built by enumerate"))
    gaofei = recipes.rename(lina, {"leaves": "nodes", "_leaves": "_make_nodes", "diffs": "gaps", "z": "acc"})
    gaofei = recipes.reword(gaofei, [("# 权重 × 输入，逐项累加", "# 逐项累加 w*x")])
    gaofei = recipes.form_feed(gaofei, "# 逐项累加 w*x")
    add("gaofei", gaofei, copy("lina", 2, "Li Na's: renamed, a comment reworded, a form feed in it",
                               evasion="form feed in a comment"))
    add("hanbing", recipes.packed(recipes.drop_comments(recipes.rename(zhangwei, {"v": "leaf", "pre": "s", "m": "res",
                                                                                  "top": "scale"}))),
        copy("zhangwei", 2, "Zhang Wei's: renamed, comments dropped, packed with zlib+base64 and run with exec",
             evasion="zlib+base64 and exec"))
    jiangtao = recipes.rename(liuyang, {"leaves": "vals", "acts": "fns", "named": "by_name", "rel": "errs",
                                        "out": "res"})
    jiangtao = recipes.drop_comments(jiangtao)
    jiangtao = recipes.single_quotes(jiangtao)
    jiangtao = recipes.annotate(jiangtao)
    add("jiangtao", jiangtao, copy("liuyang", 3, "Liu Yang's: renamed, comments dropped, single quotes, an "
                                                 "annotation on every assignment",
                                   evasion="annotation on every assignment"))
    shenyue = recipes.reword(chenjing, [
        ("    # 五个叶节点（都是 Value）\n", ""),
        ("# n = w1·x1 + w2·x2 + b；relu 时 n > 0 有 dy/dw1 = x1, dy/dx1 = w1, dy/db = 1\n", "# 加权求和\n"),
        ("  # tanh 时每个梯度乘以 1 - y²", ""),
        ("# 对每个名字求 |g - r| / max(|g|, |r|)，返回最大的", "# 最大相对差"),
        ("    # 两个都恰好为 0（relu 的死区）时算 0，不做除法\n", "")])
    shenyue = recipes.rename(shenyue, {"x1_v": "vx1", "x2_v": "vx2", "w1_v": "vw1", "w2_v": "vw2", "b_v": "vb",
                                       "rd": "d", "largest": "mx"})
    shenyue = recipes.unit_after_statements(shenyue)
    add("shenyue", shenyue, copy("chenjing", 3, "Chen Jing's: her long comments cut, renamed, `()` after every "
                                                "statement", evasion="() after every statement"))

    # -------- public copies of karpathy/micrograd's nn.py, adapted
    add("lujia", public_on_starter(), public(1, "micrograd's Module and Neuron pasted into the starter (its licence "
                                                "named), neuron() sets its w and b to leaves and adds tanh"))
    add("weiqiang", public_copy(upto=""), public(1, "micrograd's whole nn.py pasted (Module, Neuron, Layer, MLP), "
                                                    "the functions below it"))
    renamed = recipes.rename(public_on_starter(), {"Neuron": "Unit", "act": "z", "wi": "wk", "xi": "xk", "nin": "n_in",
                                             "worst": "res"})
    add("yaoyao", recipes.drop_comments(renamed), public(2, "micrograd's Module and Neuron in the starter, Neuron renamed Unit, "
                                                               "names changed, comments dropped"))
    restyled = recipes.single_quotes(public_copy())
    restyled = recipes.reorder_methods(restyled, "Neuron", ["__call__", "__init__", "__repr__", "parameters"])
    restyled = recipes.rename(restyled, {"leaves": "named", "n": "unit", "x": "inputs"})
    add("qinlan", restyled, public(3, "micrograd's Module and Neuron, methods reordered, single quotes, renamed"))
    return s


def write_class(out: Path = HERE) -> dict:
    made = students()
    subs = out / "main" / "submissions"
    if subs.exists():
        shutil.rmtree(subs)
    subs.mkdir(parents=True)
    labels = {}
    for st in made:
        (subs / f"{st['login']}.py").write_text(st["text"], encoding="utf-8")
        labels[st["login"]] = st["label"]
    labels = {"main": dict(sorted(labels.items()))}
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


if __name__ == "__main__":
    print(f"{len(write_class()['main'])} hand-ins written")
