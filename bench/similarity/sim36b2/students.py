"""Each starter-filling student's three bodies (write.py puts them into the starter). Kept for the record."""

FILES = {}

# ---- independent ----------------------------------------------------------------------------------------------------

FILES["s118"] = dict(  # N01 Ahmed-like beginner: one leaf per line, if/else, a plain loop
    neuron="""
    # make the five leaves
    x1_v = Value(x1)
    x2_v = Value(x2)
    w1_v = Value(w1)
    w2_v = Value(w2)
    b_v = Value(b)
    # weighted sum plus bias
    n = w1_v * x1_v + w2_v * x2_v + b_v
    if activation == "relu":
        y = n.relu()
    else:
        y = n.tanh()
    leaves = {"x1": x1_v, "x2": x2_v, "w1": w1_v, "w2": w2_v, "b": b_v}
    return y, leaves
""",
    neuron_gradients="""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    grads = {}
    for name in leaves:
        grads[name] = leaves[name].grad
    return grads
""",
    largest_relative_difference="""
    biggest = 0.0
    for name in grads:
        g = grads[name]
        r = reference_grads[name]
        # both zero means they agree, skip (would divide by zero)
        if g == 0 and r == 0:
            continue
        diff = abs(g - r) / max(abs(g), abs(r))
        if diff > biggest:
            biggest = diff
    return biggest
""")

FILES["s127"] = dict(  # N02 Russian comments
    keep=True,
    neuron="""
    # листья графа: пять чисел, каждое в своём Value
    листья = {имя: Value(число) for имя, число in zip(NAMES, (x1, x2, w1, w2, b))}
    # взвешенная сумма
    сумма = листья["w1"] * листья["x1"] + листья["w2"] * листья["x2"] + листья["b"]
    # функция активации
    выход = сумма.relu() if activation == "relu" else сумма.tanh()
    return выход, листья
""",
    neuron_gradients="""
    выход, листья = neuron(x1, x2, w1, w2, b, activation=activation)
    выход.backward()  # один проход назад
    return {имя: лист.grad for имя, лист in листья.items()}
""",
    largest_relative_difference="""
    наибольшая = 0.0
    for имя, r in reference_grads.items():
        g = grads[имя]
        масштаб = max(abs(g), abs(r))
        # если оба нуля -- они совпадают
        if масштаб != 0:
            наибольшая = max(наибольшая, abs(g - r) / масштаб)
    return наибольшая
""")

FILES["s135"] = dict(  # N03 comprehension-heavy
    neuron="""
    vals = dict(zip(NAMES, map(Value, (x1, x2, w1, w2, b))))
    z = sum((vals[w] * vals[x] for w, x in (("w1", "x1"), ("w2", "x2"))), vals["b"])
    return (z.relu() if activation == "relu" else z.tanh()), vals
""",
    neuron_gradients="""
    out, vals = neuron(x1, x2, w1, w2, b, activation)
    out.backward()
    return {k: v.grad for k, v in vals.items()}
""",
    largest_relative_difference="""
    return max((abs(grads[k] - reference_grads[k]) / max(abs(grads[k]), abs(reference_grads[k]))
                for k in reference_grads if grads[k] != 0 or reference_grads[k] != 0), default=0.0)
""")

FILES["s143"] = dict(  # N04 C programmer: index loops
    neuron="""
    nums = [x1, x2, w1, w2, b]
    leaf = {}
    i = 0
    while (i < len(NAMES)):
        leaf[NAMES[i]] = Value(nums[i])
        i = i + 1
    acc = leaf["w1"] * leaf["x1"]
    acc = acc + leaf["w2"] * leaf["x2"]
    acc = acc + leaf["b"]
    if (activation == "tanh"):
        return acc.tanh(), leaf
    return acc.relu(), leaf
""",
    neuron_gradients="""
    res = neuron(x1, x2, w1, w2, b, activation)
    y = res[0]
    leaf = res[1]
    y.backward()
    out = {}
    for i in range(len(NAMES)):
        out[NAMES[i]] = leaf[NAMES[i]].grad
    return out
""",
    largest_relative_difference="""
    worst = 0.0
    keys = list(reference_grads.keys())
    for i in range(len(keys)):
        g = grads[keys[i]]
        r = reference_grads[keys[i]]
        d = abs(g - r)
        m = abs(g)
        if (abs(r) > m):
            m = abs(r)
        if (m > 0.0):
            if (d / m > worst):
                worst = d / m
    return worst
""")

FILES["s152"] = dict(  # N05 getattr dispatch, generator max
    neuron="""
    leaves = {k: Value(v) for k, v in zip(NAMES, (x1, x2, w1, w2, b))}
    pre = leaves["x1"] * leaves["w1"] + leaves["x2"] * leaves["w2"] + leaves["b"]
    return getattr(pre, activation)(), leaves
""",
    neuron_gradients="""
    top, leaves = neuron(x1, x2, w1, w2, b, activation)
    top.backward()
    return {k: leaf.grad for k, leaf in leaves.items()}
""",
    largest_relative_difference="""
    def rel(g, r):
        big = max(abs(g), abs(r))
        return 0.0 if big == 0 else abs(g - r) / big

    return max((rel(grads[k], reference_grads[k]) for k in reference_grads), default=0.0)
""")

FILES["s161"] = dict(  # N06 Chinese comments, sum with a start value
    neuron="""
    # 把五个数都变成 Value（叶子节点）
    p = {name: Value(v) for name, v in zip(NAMES, (x1, x2, w1, w2, b))}
    # 加权和：从偏置 b 开始累加
    s = sum([p["w1"] * p["x1"], p["w2"] * p["x2"]], p["b"])
    # 激活函数
    y = s.relu() if activation == "relu" else s.tanh()
    return y, p
""",
    neuron_gradients="""
    y, p = neuron(x1, x2, w1, w2, b, activation)
    # 只调用一次 backward
    y.backward()
    return {name: p[name].grad for name in NAMES}
""",
    largest_relative_difference="""
    # 相对差 = |g - r| / max(|g|, |r|)，两个都为 0 时算 0
    result = 0.0
    for name in reference_grads:
        g, r = grads[name], reference_grads[name]
        denom = max(abs(g), abs(r))
        rel = abs(g - r) / denom if denom > 0 else 0.0
        result = max(result, rel)
    return result
""")

FILES["s170"] = dict(  # N07 LLM-assisted: hints, helper with docstring
    neuron="""
    leaves: dict[str, Value] = {name: Value(float(value)) for name, value in zip(NAMES, (x1, x2, w1, w2, b))}
    weighted_sum: Value = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"]
    pre_activation: Value = weighted_sum + leaves["b"]
    activate = {"relu": Value.relu, "tanh": Value.tanh}[activation]
    return activate(pre_activation), leaves
""",
    neuron_gradients="""
    output, leaves = neuron(x1, x2, w1, w2, b, activation=activation)
    output.backward()
    gradients: dict[str, float] = {name: leaf.grad for name, leaf in leaves.items()}
    return gradients
""",
    largest_relative_difference="""
    return max((_relative_difference(grads[name], reference_grads[name]) for name in reference_grads), default=0.0)
""",
    foot='''
def _relative_difference(value: float, reference: float) -> float:
    """Return |value - reference| / max(|value|, |reference|), or 0.0 when both are exactly zero.

    Args:
        value: The gradient computed by our engine.
        reference: The gradient computed by the reference implementation.

    Returns:
        float: The relative difference, in [0, 2].
    """
    scale = max(abs(value), abs(reference))
    if scale == 0.0:
        return 0.0
    return abs(value - reference) / scale
''')

FILES["s184"] = dict(  # N08 Spanish
    neuron="""
    hojas = {nombre: Value(numero) for nombre, numero in zip(NAMES, (x1, x2, w1, w2, b))}
    # suma ponderada más el sesgo
    suma = hojas["w1"] * hojas["x1"] + hojas["w2"] * hojas["x2"] + hojas["b"]
    # la activación elegida
    activaciones = {"relu": suma.relu, "tanh": suma.tanh}
    return activaciones[activation](), hojas
""",
    neuron_gradients="""
    salida, hojas = neuron(x1, x2, w1, w2, b, activation)
    salida.backward()
    return {nombre: hoja.grad for nombre, hoja in hojas.items()}
""",
    largest_relative_difference="""
    mayor = 0.0
    for nombre in reference_grads:
        g, r = grads[nombre], reference_grads[nombre]
        # si los dos son 0 coinciden
        if g == 0 and r == 0:
            continue
        mayor = max(mayor, abs(g - r) / max(abs(g), abs(r)))
    return mayor
""")

FILES["s193"] = dict(  # N09 bug: divides by the reference only
    neuron="""
    leaves = {n: Value(v) for n, v in zip(NAMES, (x1, x2, w1, w2, b))}
    z = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    if activation == "relu":
        return z.relu(), leaves
    return z.tanh(), leaves
""",
    neuron_gradients="""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {n: l.grad for n, l in leaves.items()}
""",
    largest_relative_difference="""
    worst = 0.0
    for n, r in reference_grads.items():
        if r == 0:
            continue  # can't divide by zero
        worst = max(worst, abs(grads[n] - r) / abs(r))
    return worst
""")

FILES["s207"] = dict(  # N10 bug: sums the differences
    neuron="""
    a, c, w, v, bias = (Value(t) for t in (x1, x2, w1, w2, b))
    pre = w * a + v * c + bias
    y = pre.relu() if activation == "relu" else pre.tanh()
    return y, {"x1": a, "x2": c, "w1": w, "w2": v, "b": bias}
""",
    neuron_gradients="""
    y, parts = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {key: parts[key].grad for key in NAMES}
""",
    largest_relative_difference="""
    total = 0.0
    for key in reference_grads:
        g, r = grads[key], reference_grads[key]
        if max(abs(g), abs(r)) > 0:
            total += abs(g - r) / max(abs(g), abs(r))
    return total
""")

FILES["s215"] = dict(  # N11 functools.reduce
    head="""
from functools import reduce
import operator
""",
    neuron="""
    leaf = dict(zip(NAMES, [Value(x1), Value(x2), Value(w1), Value(w2), Value(b)]))
    products = [leaf["w1"] * leaf["x1"], leaf["w2"] * leaf["x2"]]
    z = reduce(operator.add, products) + leaf["b"]
    return (z.tanh() if activation == "tanh" else z.relu()), leaf
""",
    neuron_gradients="""
    y, leaf = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return dict((name, leaf[name].grad) for name in NAMES)
""",
    largest_relative_difference="""
    diffs = [0.0]
    for name in reference_grads:
        top = abs(grads[name] - reference_grads[name])
        bottom = max(abs(grads[name]), abs(reference_grads[name]))
        if bottom:
            diffs.append(top / bottom)
    return reduce(max, diffs)
""")

FILES["s226"] = dict(  # N12 Hindi comments
    neuron="""
    # पाँच पत्ते (leaf) Values
    पत्ते = {नाम: Value(संख्या) for नाम, संख्या in zip(NAMES, (x1, x2, w1, w2, b))}
    # भारित योग
    z = पत्ते["w1"] * पत्ते["x1"] + पत्ते["w2"] * पत्ते["x2"] + पत्ते["b"]
    y = z.relu() if activation == "relu" else z.tanh()
    return y, पत्ते
""",
    neuron_gradients="""
    y, पत्ते = neuron(x1, x2, w1, w2, b, activation)
    y.backward()  # सिर्फ़ एक बार
    return {नाम: पत्ता.grad for नाम, पत्ता in पत्ते.items()}
""",
    largest_relative_difference="""
    सबसे_बड़ा = 0.0
    for नाम in reference_grads:
        g, r = grads[नाम], reference_grads[नाम]
        # दोनों शून्य हों तो अंतर शून्य
        पैमाना = max(abs(g), abs(r))
        if पैमाना > 0:
            सबसे_बड़ा = max(सबसे_बड़ा, abs(g - r) / पैमाना)
    return सबसे_बड़ा
""")

FILES["s238"] = dict(  # N13 list of leaves, then dict(zip())
    neuron="""
    values = [Value(number) for number in (x1, x2, w1, w2, b)]
    xs, ws, bias = values[:2], values[2:4], values[4]
    total = bias
    for w, x in zip(ws, xs):
        total = total + w * x
    y = total.relu() if activation == "relu" else total.tanh()
    return y, dict(zip(NAMES, values))
""",
    neuron_gradients="""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaves[name].grad for name in leaves}
""",
    largest_relative_difference="""
    worst = 0.0
    for name, ref in reference_grads.items():
        mine = grads[name]
        if mine == ref:
            continue  # equal (this also covers both being zero)
        worst = max(worst, abs(mine - ref) / max(abs(mine), abs(ref)))
    return worst
""")

FILES["s249"] = dict(  # N14 terse
    neuron="""
    L = {k: Value(v) for k, v in zip(NAMES, (x1, x2, w1, w2, b))}
    n = L["w1"] * L["x1"] + L["w2"] * L["x2"] + L["b"]
    return (n.relu(), L) if activation == "relu" else (n.tanh(), L)
""",
    neuron_gradients="""
    y, L = neuron(x1, x2, w1, w2, b, activation); y.backward()
    return {k: L[k].grad for k in NAMES}
""",
    largest_relative_difference="""
    r = lambda g, h: abs(g - h) / max(abs(g), abs(h)) if (g or h) else 0.0
    return max([r(grads[k], reference_grads[k]) for k in reference_grads] + [0.0])
""")

FILES["s257"] = dict(  # N15 defensive
    neuron="""
    numbers = (x1, x2, w1, w2, b)
    for name, number in zip(NAMES, numbers):
        if not isinstance(number, (int, float)):
            raise TypeError(f"{name} must be a number, got {type(number).__name__}")
    leaves = {name: Value(number) for name, number in zip(NAMES, numbers)}
    pre_activation = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    if activation == "relu":
        y = pre_activation.relu()
    else:
        y = pre_activation.tanh()
    return y, leaves
""",
    neuron_gradients="""
    y, leaves = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    return {name: leaves[name].grad for name in NAMES}
""",
    largest_relative_difference="""
    if set(grads) != set(reference_grads):
        raise KeyError(f"different names: {sorted(grads)} vs {sorted(reference_grads)}")
    largest = 0.0
    for name in sorted(grads):
        g, r = grads[name], reference_grads[name]
        scale = max(abs(g), abs(r))
        if scale == 0:
            continue
        largest = max(largest, abs(g - r) / scale)
    return largest
""")

FILES["s264"] = dict(  # N16 math.fabs, while over an iterator
    head="""
import math
""",
    neuron="""
    made = {}
    for key, raw in (("x1", x1), ("x2", x2), ("w1", w1), ("w2", w2), ("b", b)):
        made[key] = Value(raw)
    lin = made["b"] + made["x1"] * made["w1"] + made["x2"] * made["w2"]
    out = lin.tanh() if activation == "tanh" else lin.relu()
    return out, made
""",
    neuron_gradients="""
    out, made = neuron(x1, x2, w1, w2, b, activation)
    out.backward()
    return {key: node.grad for key, node in made.items()}
""",
    largest_relative_difference="""
    top = 0.0
    names = iter(reference_grads)
    while True:
        key = next(names, None)
        if key is None:
            return top
        a, c = grads[key], reference_grads[key]
        m = max(math.fabs(a), math.fabs(c))
        if m > 0.0:
            top = max(top, math.fabs(a - c) / m)
""")

# ---- the course's texts (materials/) and the hard-negative pairs that follow them ---------------------------------

README_STEPS = dict(
    neuron="""
    leaves = {name: Value(number) for name, number in zip(NAMES, (x1, x2, w1, w2, b))}
    pre_activation = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    y = pre_activation.relu() if activation == "relu" else pre_activation.tanh()
    return y, leaves
""",
    neuron_gradients="""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaf.grad for name, leaf in leaves.items()}
""",
    largest_relative_difference="""
    largest = 0.0
    for name, r in reference_grads.items():
        g = grads[name]
        scale = max(abs(g), abs(r))
        if scale > 0:
            largest = max(largest, abs(g - r) / scale)
    return largest
""")
FILES["s302"] = dict(README_STEPS)  # h1a: the README's steps, literally
FILES["s311"] = dict(README_STEPS, keep=True,  # h1b: the same steps, `y` named `out`, `== 0: continue`
                     neuron=README_STEPS["neuron"].replace("    y = pre", "    out = pre").replace("return y,", "return out,"),
                     largest_relative_difference="""
    largest = 0.0
    for name, r in reference_grads.items():
        g = grads[name]
        scale = max(abs(g), abs(r))
        if scale == 0:
            continue
        largest = max(largest, abs(g - r) / scale)
    return largest
""")

TA = dict(
    neuron="""
    leaves = {name: Value(number) for name, number in zip(NAMES, (x1, x2, w1, w2, b))}
    n = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    y = n.relu() if activation == "relu" else n.tanh()
    return y, leaves
""",
    neuron_gradients="""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaves[name].grad for name in NAMES}
""",
    largest_relative_difference="""
    return max(relative_difference(grads[name], reference_grads[name]) for name in reference_grads)
""",
    foot='''
def relative_difference(g, r):
    if g == 0 and r == 0:
        return 0.0
    return abs(g - r) / max(abs(g), abs(r))
''')
FILES["materials/ta-post/neuron"] = dict(TA)
FILES["s326"] = dict(TA)  # h2a: the TA's post
FILES["s333"] = dict(TA, foot='''
def relative_difference(g, r):
    """TA's helper from the forum."""
    if g == 0 and r == 0:
        return 0.0
    return abs(g - r) / max(abs(g), abs(r))
''')  # h2b

LECTURE = dict(
    neuron="""
    x = [Value(x1), Value(x2)]
    w = [Value(w1), Value(w2)]
    bias = Value(b)
    act = sum((wi * xi for wi, xi in zip(w, x)), bias)
    out = act.relu() if activation == "relu" else act.tanh()
    return out, {"x1": x[0], "x2": x[1], "w1": w[0], "w2": w[1], "b": bias}
""",
    neuron_gradients="""
    out, leaves = neuron(x1, x2, w1, w2, b, activation)
    out.backward()
    return {name: leaves[name].grad for name in NAMES}
""",
    largest_relative_difference="""
    worst = 0.0
    for name in NAMES:
        g, r = grads[name], reference_grads[name]
        if g == 0 and r == 0:
            continue
        worst = max(worst, abs(g - r) / max(abs(g), abs(r)))
    return worst
""")
FILES["materials/lecture/neuron"] = dict(LECTURE)
FILES["s345"] = dict(LECTURE)  # h3a: the lecture's code
FILES["s359"] = dict(LECTURE, keep=True,  # h3b: the lecture's code, `for name in reference_grads`
                     largest_relative_difference=LECTURE["largest_relative_difference"].replace(
                         "for name in NAMES:", "for name in reference_grads:"))

TORCHLIKE = dict(
    neuron="""
    x1, x2, w1, w2, b = (Value(number) for number in (x1, x2, w1, w2, b))
    y = (w1 * x1 + w2 * x2 + b).relu() if activation == "relu" else (w1 * x1 + w2 * x2 + b).tanh()
    return y, {"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b}
""",
    neuron_gradients="""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {"x1": leaves["x1"].grad, "x2": leaves["x2"].grad, "w1": leaves["w1"].grad, "w2": leaves["w2"].grad,
            "b": leaves["b"].grad}
""",
    largest_relative_difference=README_STEPS["largest_relative_difference"])
FILES["s367"] = dict(TORCHLIKE)  # h4a: the README's PyTorch snippet, mirrored
FILES["s378"] = dict(TORCHLIKE,  # h4b: the same, the pre-activation named once
                     neuron="""
    x1, x2, w1, w2, b = (Value(number) for number in (x1, x2, w1, w2, b))
    n = w1 * x1 + w2 * x2 + b
    y = n.relu() if activation == "relu" else n.tanh()
    return y, {"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b}
""")

# ---- sources (their copies: copies.py, and level 4 by hand) ---------------------------------------------------------

FILES["s402"] = dict(  # c1 Ilya
    neuron="""
    # inputs and parameters become leaves of the graph
    leaf = {}
    for key, number in zip(NAMES, (x1, x2, w1, w2, b)):
        leaf[key] = Value(number)
    # n = w . x + b
    n = leaf["b"]
    for i in ("1", "2"):
        n = n + leaf["w" + i] * leaf["x" + i]
    return (n.relu() if activation == "relu" else n.tanh()), leaf
""",
    neuron_gradients="""
    y, leaf = neuron(x1, x2, w1, w2, b, activation)
    y.backward()  # exactly once
    return {key: leaf[key].grad for key in NAMES}
""",
    largest_relative_difference="""
    # relative to the larger magnitude; equal zeros count as agreement
    out = 0.0
    for key in grads:
        mine, theirs = grads[key], reference_grads[key]
        size = max(abs(mine), abs(theirs))
        out = out if size == 0 else max(out, abs(mine - theirs) / size)
    return out
""")

FILES["s420"] = dict(  # c2 Maya
    neuron="""
    # one Value per number, named as NAMES says
    nodes = dict(zip(NAMES, (Value(x1), Value(x2), Value(w1), Value(w2), Value(b))))
    z = nodes["x1"] * nodes["w1"] + nodes["x2"] * nodes["w2"] + nodes["b"]
    # pick the nonlinearity
    y = z.tanh() if activation == "tanh" else z.relu()
    return y, nodes
""",
    neuron_gradients="""
    y, nodes = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    grads = {}
    for name, node in nodes.items():
        grads[name] = node.grad
    return grads
""",
    largest_relative_difference="""
    # |g - r| / max(|g|, |r|), skipping names where both are exactly 0
    gaps = []
    for name in reference_grads:
        g, r = grads[name], reference_grads[name]
        if g == 0 and r == 0:
            gaps.append(0.0)
        else:
            gaps.append(abs(g - r) / max(abs(g), abs(r)))
    return max(gaps) if gaps else 0.0
""")

FILES["s441"] = dict(  # c3 Rosa
    neuron="""
    inputs = [Value(x1), Value(x2)]
    weights = [Value(w1), Value(w2)]
    bias = Value(b)
    pre = bias
    for weight, inp in zip(weights, inputs):
        pre = pre + weight * inp
    if activation == "relu":
        post = pre.relu()
    else:
        post = pre.tanh()
    named = {"x1": inputs[0], "x2": inputs[1], "w1": weights[0], "w2": weights[1], "b": bias}
    return post, named
""",
    neuron_gradients="""
    post, named = neuron(x1, x2, w1, w2, b, activation)
    post.backward()
    result = {}
    for name in NAMES:
        result[name] = named[name].grad
    return result
""",
    largest_relative_difference="""
    result = 0.0
    for name in reference_grads:
        ours = grads[name]
        ref = reference_grads[name]
        denominator = max(abs(ours), abs(ref))
        if denominator == 0:
            continue
        ratio = abs(ours - ref) / denominator
        if ratio > result:
            result = ratio
    return result
""")

FILES["s460"] = dict(  # c4 Tomás
    neuron="""
    # las cinco hojas
    h = {clave: Value(valor) for clave, valor in zip(NAMES, (x1, x2, w1, w2, b))}
    # combinación lineal
    lineal = h["w1"] * h["x1"] + h["w2"] * h["x2"] + h["b"]
    salida = lineal.relu() if activation == "relu" else lineal.tanh()
    return salida, h
""",
    neuron_gradients="""
    salida, h = neuron(x1, x2, w1, w2, b, activation)
    salida.backward()
    # gradientes por nombre
    return {clave: h[clave].grad for clave in NAMES}
""",
    largest_relative_difference="""
    peor = 0.0
    for clave, ref in reference_grads.items():
        mio = grads[clave]
        escala = max(abs(mio), abs(ref))
        # dos ceros exactos: coinciden
        if escala > 0:
            peor = max(peor, abs(mio - ref) / escala)
    return peor
""")

FILES["s483"] = dict(  # c5 Aiko
    neuron="""
    leaf_values = (x1, x2, w1, w2, b)
    leaves = {}
    for position, name in enumerate(NAMES):
        leaves[name] = Value(leaf_values[position])
    weighted = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"]
    shifted = weighted + leaves["b"]
    activated = shifted.relu() if activation == "relu" else shifted.tanh()
    return activated, leaves
""",
    neuron_gradients="""
    activated, leaves = neuron(x1, x2, w1, w2, b, activation)
    activated.backward()
    return {name: leaves[name].grad for name in NAMES}
""",
    largest_relative_difference="""
    def one(a, r):
        bigger = abs(a) if abs(a) > abs(r) else abs(r)
        return 0.0 if bigger == 0 else abs(a - r) / bigger

    return max([one(grads[name], reference_grads[name]) for name in reference_grads], default=0.0)
""")

FILES["s505"] = dict(  # c6 Ben
    neuron="""
    v = {}
    v["x1"], v["x2"] = Value(x1), Value(x2)
    v["w1"], v["w2"] = Value(w1), Value(w2)
    v["b"] = Value(b)
    s = v["w1"] * v["x1"] + v["w2"] * v["x2"] + v["b"]
    y = {"relu": s.relu, "tanh": s.tanh}[activation]()
    return y, v
""",
    neuron_gradients="""
    y, v = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {k: v[k].grad for k in v}
""",
    largest_relative_difference="""
    biggest = 0.0
    for k in reference_grads:
        a, r = grads[k], reference_grads[k]
        if a == 0 and r == 0:
            continue
        rel = abs(a - r) / max(abs(a), abs(r))
        biggest = rel if rel > biggest else biggest
    return biggest
""")

FILES["s522"] = dict(  # c7 Leila
    neuron="""
    # build the leaves in NAMES order
    leaves = {}
    for name, number in zip(NAMES, (x1, x2, w1, w2, b)):
        leaves[name] = Value(number)
    # the neuron: act(w1*x1 + w2*x2 + b)
    total = leaves["w1"] * leaves["x1"]
    total = total + leaves["w2"] * leaves["x2"]
    total = total + leaves["b"]
    if activation == "relu":
        return total.relu(), leaves
    return total.tanh(), leaves
""",
    neuron_gradients="""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    gradients = {}
    for name in NAMES:
        gradients[name] = leaves[name].grad
    return gradients
""",
    largest_relative_difference="""
    # the biggest |g - r| / max(|g|, |r|); 0 where both are 0
    largest = 0.0
    for name in NAMES:
        g = grads[name]
        r = reference_grads[name]
        if g == r == 0:
            continue
        largest = max(largest, abs(g - r) / max(abs(g), abs(r)))
    return largest
""")

FILES["s540"] = dict(  # c8 Gus
    head="""
import math
""",
    neuron="""
    x_1, x_2, w_1, w_2, bias = map(Value, (x1, x2, w1, w2, b))
    z = w_1 * x_1 + w_2 * x_2 + bias
    y = z.relu() if activation == "relu" else z.tanh()
    return y, {"x1": x_1, "x2": x_2, "w1": w_1, "w2": w_2, "b": bias}
""",
    neuron_gradients="""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaves[name].grad for name in NAMES}
""",
    largest_relative_difference="""
    diffs = []
    for name in reference_grads:
        g, r = grads[name], reference_grads[name]
        if g == 0.0 and r == 0.0:
            diffs.append(0.0)
            continue
        diffs.append(math.fabs(g - r) / max(math.fabs(g), math.fabs(r)))
    return max(diffs, default=0.0)
""",
    foot='''
if __name__ == "__main__":
    mine = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    torch_numbers = {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}
    print(mine, largest_relative_difference(mine, torch_numbers))
''')
