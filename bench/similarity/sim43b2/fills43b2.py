"""Each starter-filled student's three bodies for 10-neuron's neuron.py, typed one student at a time (session 43,
simw43): a Chinese-speaking course, comments in the students' own words (the course's glossary: 梯度, 叶节点,
反向传播, 链式法则, 局部导数, 神经元, 权重 ...).

FILLS[login] = {"neuron": ..., "grads": ..., "diff": ..., optionally "edits": [(old, new)] to the starter's text,
"head": text put after the module docstring}. Bodies are written at column 0; write.py indents them."""

FILLS = {
    # ---------------------------------------------------------------- independent
    "zhaomin": {
        "neuron": '''\
# 为五个数各建一个叶节点
vx1, vx2, vw1, vw2, vb = Value(x1), Value(x2), Value(w1), Value(w2), Value(b)
n = vw1 * vx1 + vw2 * vx2 + vb  # 加权求和
y = n.relu() if activation == "relu" else n.tanh()
return y, {"x1": vx1, "x2": vx2, "w1": vw1, "w2": vw2, "b": vb}''',
        "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()  # 只调用一次
return {name: leaf.grad for name, leaf in leaves.items()}''',
        "diff": '''\
largest = 0.0
for name in grads:
    g, r = grads[name], reference_grads[name]
    if g == 0 and r == 0:
        continue  # 两个都是 0，算一致
    largest = max(largest, abs(g - r) / max(abs(g), abs(r)))
return largest''',
    },
    "sunhao": {
        "neuron": '''\
leaves = {name: Value(v) for name, v in zip(NAMES, (x1, x2, w1, w2, b))}
s = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
if activation == "relu":
    y = s.relu()
else:
    y = s.tanh()
return y, leaves''',
        "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation=activation)
y.backward()
result = {}
for name in NAMES:
    result[name] = leaves[name].grad
return result''',
        "diff": '''\
diffs = []
for name in NAMES:
    g = grads[name]
    r = reference_grads[name]
    bigger = max(abs(g), abs(r))
    if bigger == 0:
        diffs.append(0.0)
    else:
        diffs.append(abs(g - r) / bigger)
return max(diffs)''',
    },
    "zhouqian": {
        "neuron": '''\
# 叶节点
a1 = Value(x1)
a2 = Value(x2)
k1 = Value(w1)
k2 = Value(w2)
bias = Value(b)
# 前向传播：w1*x1 + w2*x2 + b
z = k1 * a1 + k2 * a2 + bias
out = z.tanh() if activation == "tanh" else z.relu()
return out, {"x1": a1, "x2": a2, "w1": k1, "w2": k2, "b": bias}''',
        "grads": '''\
out, leaf = neuron(x1, x2, w1, w2, b, activation)
out.backward()
return {"x1": leaf["x1"].grad, "x2": leaf["x2"].grad, "w1": leaf["w1"].grad,
        "w2": leaf["w2"].grad, "b": leaf["b"].grad}''',
        "diff": '''\
ans = 0
for key in reference_grads:
    g, r = grads[key], reference_grads[key]
    m = max(abs(g), abs(r))
    if m > 0:
        ans = max(ans, abs(g - r) / m)
return ans''',
    },
    "wuting": {  # bug: the average of the differences, not the largest
        "neuron": '''\
v = {k: Value(x) for k, x in zip(NAMES, [x1, x2, w1, w2, b])}
total = v["w1"] * v["x1"] + v["w2"] * v["x2"] + v["b"]
y = total.relu() if activation == "relu" else total.tanh()
return y, v''',
        "grads": '''\
y, v = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {k: v[k].grad for k in NAMES}''',
        "diff": '''\
# 每个名字的相对差，取平均作为总的误差
total = 0.0
for k in NAMES:
    g, r = grads[k], reference_grads[k]
    if g == 0 and r == 0:
        continue
    total += abs(g - r) / max(abs(g), abs(r))
return total / len(NAMES)''',
    },
    "xuyang": {  # bug: the bias is added as a plain number, its leaf is not in the graph
        "neuron": '''\
leaves = {"x1": Value(x1), "x2": Value(x2), "w1": Value(w1), "w2": Value(w2), "b": Value(b)}
# 偏置直接加上去
pre = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + b
y = pre.relu() if activation == "relu" else pre.tanh()
return y, leaves''',
        "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {name: leaves[name].grad for name in leaves}''',
        "diff": '''\
worst = 0.0
for name in NAMES:
    g, r = grads[name], reference_grads[name]
    if g == r == 0:
        continue
    worst = max(worst, abs(g - r) / max(abs(g), abs(r)))
return worst''',
    },
    "huangli": {
        "neuron": '''\
"""建图，不做反向传播。"""
inputs = [Value(x1), Value(x2)]
weights = [Value(w1), Value(w2)]
bias = Value(b)
act = bias
for wi, xi in zip(weights, inputs):
    act = act + wi * xi
y = act.relu() if activation == "relu" else act.tanh()
leaves = dict(zip(NAMES, inputs + weights + [bias]))
return y, leaves''',
        "grads": '''\
"""一次 backward() 得到五个梯度。"""
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {name: node.grad for name, node in leaves.items()}''',
        "diff": '''\
"""最大的相对差；两个都为 0 时记为 0。"""
out = 0.0
for name, r in reference_grads.items():
    g = grads[name]
    denom = max(abs(g), abs(r))
    rel = 0.0 if denom == 0 else abs(g - r) / denom
    if rel > out:
        out = rel
return out''',
    },
    "linfang": {
        "neuron": '''\
X1, X2, W1, W2, B = (Value(t) for t in (x1, x2, w1, w2, b))
net = X1 * W1 + X2 * W2 + B
y = getattr(net, activation)()
return y, {"x1": X1, "x2": X2, "w1": W1, "w2": W2, "b": B}''',
        "grads": '''\
y, nodes = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {k: n.grad for k, n in nodes.items()}''',
        "diff": '''\
return max(
    (abs(grads[k] - reference_grads[k]) / max(abs(grads[k]), abs(reference_grads[k]))
     for k in grads if grads[k] != 0 or reference_grads[k] != 0),
    default=0.0,
)''',
    },
    "hejun": {
        "neuron": '''\
# 1. 叶节点
leaf = {}
for name, number in zip(NAMES, (x1, x2, w1, w2, b)):
    leaf[name] = Value(number)
# 2. 加权和 n = w1*x1 + w2*x2 + b
n = leaf["w1"] * leaf["x1"] + leaf["w2"] * leaf["x2"] + leaf["b"]
# 3. 激活函数
if activation == "tanh":
    return n.tanh(), leaf
return n.relu(), leaf''',
        "grads": '''\
y, leaf = neuron(x1, x2, w1, w2, b, activation)
y.backward()  # 反向传播，梯度存在每个叶节点的 grad 里
grads = {}
for name in NAMES:
    grads[name] = leaf[name].grad
return grads''',
        "diff": '''\
biggest = 0.0
for name in NAMES:
    g = grads[name]
    r = reference_grads[name]
    if g == 0 and r == 0:  # relu 死区，两个都是 0
        d = 0.0
    else:
        d = abs(g - r) / max(abs(g), abs(r))
    biggest = max(biggest, d)
return biggest''',
    },
    "gaoyan": {
        "neuron": '''\
x1, x2, w1, w2, b = Value(x1), Value(x2), Value(w1), Value(w2), Value(b)
y = (w1 * x1 + w2 * x2 + b).relu() if activation == "relu" else (w1 * x1 + w2 * x2 + b).tanh()
return y, dict(x1=x1, x2=x2, w1=w1, w2=w2, b=b)''',
        "grads": '''\
y, d = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {k: d[k].grad for k in d}''',
        "diff": '''\
rel = [abs(grads[k] - reference_grads[k]) / max(abs(grads[k]), abs(reference_grads[k]))
       for k in grads if max(abs(grads[k]), abs(reference_grads[k])) > 0]
return max(rel) if rel else 0.0''',
    },
    "luojie": {
        "neuron": '''\
# Value 叶节点
xs = [Value(x1), Value(x2)]
ws = [Value(w1), Value(w2)]
bb = Value(b)
n = sum((w * x for w, x in zip(ws, xs)), bb)
y = n.tanh() if activation == "tanh" else n.relu()
return y, {"x1": xs[0], "x2": xs[1], "w1": ws[0], "w2": ws[1], "b": bb}''',
        "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {name: leaves[name].grad for name in NAMES}''',
        "diff": '''\
m = 0
for name in NAMES:
    a, c = grads[name], reference_grads[name]
    if a == 0 and c == 0:
        continue
    m = max(m, abs(a - c) / max(abs(a), abs(c)))
return m''',
    },
    "songyu": {
        "neuron": '''\
vals = dict(x1=x1, x2=x2, w1=w1, w2=w2, b=b)
leaves = {k: Value(v) for k, v in vals.items()}
lin = leaves["w1"] * leaves["x1"]
lin = lin + leaves["w2"] * leaves["x2"]
lin = lin + leaves["b"]
return (lin.relu() if activation == "relu" else lin.tanh()), leaves''',
        "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {k: leaf.grad for k, leaf in leaves.items()}''',
        "diff": '''\
def rel(g, r):
    # 相对差 |g-r| / max(|g|,|r|)，都为 0 时是 0
    if g == 0 and r == 0:
        return 0.0
    return abs(g - r) / max(abs(g), abs(r))

return max(rel(grads[k], reference_grads[k]) for k in reference_grads)''',
    },
    "tangxin": {
        "neuron": '''\
# 注意：这里只建立计算图，不调用 backward()
p = {name: Value(val) for name, val in zip(NAMES, (x1, x2, w1, w2, b))}
weighted = p["x1"] * p["w1"] + p["x2"] * p["w2"]
pre = weighted + p["b"]
if activation == "relu":
    return pre.relu(), p
return pre.tanh(), p''',
        "grads": '''\
y, p = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {name: p[name].grad for name in NAMES}''',
        "diff": '''\
result = 0.0
for name in NAMES:
    g, r = float(grads[name]), float(reference_grads[name])
    scale = max(abs(g), abs(r))
    if scale == 0.0:
        continue
    result = max(result, abs(g - r) / scale)
return result''',
    },
    "fengrui": {
        "neuron": '''\
one = [Value(x) for x in (x1, x2, w1, w2, b)]
a, c, p, q, r = one
s = p * a + q * c + r
y = s.relu() if activation == "relu" else s.tanh()
return y, dict(zip(NAMES, one))''',
        "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return dict((k, leaves[k].grad) for k in NAMES)''',
        "diff": '''\
best = 0.0
for k in grads:
    hi = max(abs(grads[k]), abs(reference_grads[k]))
    if hi:
        best = max(best, abs(grads[k] - reference_grads[k]) / hi)
return best''',
    },
    "dengjing": {
        "neuron": '''\
node = {}
node["x1"], node["x2"] = Value(x1), Value(x2)
node["w1"], node["w2"] = Value(w1), Value(w2)
node["b"] = Value(b)
h = node["w1"] * node["x1"] + node["w2"] * node["x2"] + node["b"]
# relu 或 tanh
y = {"relu": h.relu, "tanh": h.tanh}[activation]()
return y, node''',
        "grads": '''\
y, node = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {k: node[k].grad for k in NAMES}''',
        "diff": '''\
values = []
for k in NAMES:
    g, r = grads[k], reference_grads[k]
    values.append(0.0 if g == r == 0 else abs(g - r) / max(abs(g), abs(r)))
return max(values)''',
    },

    # ---------------------------------------------------------------- sources
    "wanglei": {  # activation lowercased, if/elif with an error, float(worst), the bigger one picked by hand
        "neuron": '''\
act = activation.lower()
# 先把五个数变成叶节点
X1 = Value(x1)
X2 = Value(x2)
W1 = Value(w1)
W2 = Value(w2)
B = Value(b)
# 前向传播
n = W1 * X1 + W2 * X2 + B
if act == "relu":
    y = n.relu()
elif act == "tanh":
    y = n.tanh()
else:
    raise ValueError("不支持的激活函数: " + activation)
return y, {"x1": X1, "x2": X2, "w1": W1, "w2": W2, "b": B}''',
        "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation)
# 反向传播一次，五个梯度同时得到
y.backward()
grads = {}
for name, leaf in leaves.items():
    grads[name] = leaf.grad
return grads''',
        "diff": '''\
worst = 0
for name in grads:
    g = grads[name]
    r = reference_grads[name]
    if g == 0 and r == 0:
        continue  # 两个都是 0：一致
    bigger = abs(g) if abs(g) > abs(r) else abs(r)
    d = abs(g - r) / bigger
    if d > worst:
        worst = d
return float(worst)''',
    },
    "lina": {  # a helper _leaves() she added, the sum written as a loop from b
        "neuron": '''\
leaves = _leaves(x1, x2, w1, w2, b)
z = leaves["b"]
for i in ("1", "2"):
    z = z + leaves["w" + i] * leaves["x" + i]  # 权重 × 输入，逐项累加
y = z.relu() if activation == "relu" else z.tanh()
return y, leaves''',
        "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {name: leaves[name].grad for name in NAMES}''',
        "diff": '''\
# 相对差：差值除以两者中较大的那个
diffs = [0.0]
for name in NAMES:
    g, r = grads[name], reference_grads[name]
    if g != 0 or r != 0:
        diffs.append(abs(g - r) / max(abs(g), abs(r)))
return max(diffs)''',
        "head": '''

def _leaves(x1, x2, w1, w2, b):
    """五个数 -> 五个叶节点，名字和 NAMES 一样。"""
    return {name: Value(v) for name, v in zip(NAMES, (x1, x2, w1, w2, b))}
''',
    },
    "zhangwei": {  # checks the two dicts have the same names, math.fabs
        "neuron": '''\
v = {n: Value(x) for n, x in zip(NAMES, (x1, x2, w1, w2, b))}
pre = v["w1"] * v["x1"] + v["w2"] * v["x2"] + v["b"]
y = pre.relu() if activation == "relu" else pre.tanh()
return y, v''',
        "grads": '''\
y, v = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {n: v[n].grad for n in NAMES}''',
        "diff": '''\
if set(grads) != set(reference_grads):
    raise KeyError("两组梯度的名字不一样")
m = 0.0
for n in NAMES:
    g, r = grads[n], reference_grads[n]
    top = max(math.fabs(g), math.fabs(r))
    if top == 0:
        continue
    m = max(m, math.fabs(g - r) / top)
return m''',
        "edits": [("from engine import Value\n", "import math\n\nfrom engine import Value\n")],
    },
    "liuyang": {  # a tuple of leaves unpacked, the activation through a dict, a sorted list's last item
        "neuron": '''\
leaves = tuple(Value(t) for t in (x1, x2, w1, w2, b))
lx1, lx2, lw1, lw2, lb = leaves
acts = {"relu": Value.relu, "tanh": Value.tanh}
y = acts[activation](lw1 * lx1 + lw2 * lx2 + lb)
return y, dict(zip(NAMES, leaves))''',
        "grads": '''\
y, named = neuron(x1, x2, w1, w2, b, activation)
y.backward()
out = {}
for k in NAMES:
    out[k] = named[k].grad
return out''',
        "diff": '''\
rel = []
for k in NAMES:
    g, r = grads[k], reference_grads[k]
    if g == 0 and r == 0:
        rel.append(0.0)  # 两者都为 0，没有差别
        continue
    rel.append(abs(g - r) / max(abs(g), abs(r)))
rel.sort()
return rel[-1]''',
    },
    "chenjing": {  # long comments, the hand-worked gradients as a note
        "neuron": '''\
# 五个叶节点（都是 Value）
x1_v = Value(x1)
x2_v = Value(x2)
w1_v = Value(w1)
w2_v = Value(w2)
b_v = Value(b)
# n = w1·x1 + w2·x2 + b；relu 时 n > 0 有 dy/dw1 = x1, dy/dx1 = w1, dy/db = 1
n = w1_v * x1_v + w2_v * x2_v + b_v
if activation == "relu":
    y = n.relu()
else:
    y = n.tanh()  # tanh 时每个梯度乘以 1 - y²
return y, {"x1": x1_v, "x2": x2_v, "w1": w1_v, "w2": w2_v, "b": b_v}''',
        "grads": '''\
# 建图 -> 一次 backward() -> 读出叶节点的 grad
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {name: leaves[name].grad for name in NAMES}''',
        "diff": '''\
# 对每个名字求 |g - r| / max(|g|, |r|)，返回最大的
# 两个都恰好为 0（relu 的死区）时算 0，不做除法
largest = 0.0
for name in NAMES:
    g, r = grads[name], reference_grads[name]
    if g == 0 and r == 0:
        continue
    rd = abs(g - r) / max(abs(g), abs(r))
    largest = max(largest, rd)
return largest''',
    },
    "yangfan": {  # an inner helper for the relative difference, generator max with default
        "neuron": '''\
leaves = dict(zip(NAMES, map(Value, (x1, x2, w1, w2, b))))
s = leaves["b"] + leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"]
if activation not in ("relu", "tanh"):
    raise ValueError(activation)
return (s.relu() if activation == "relu" else s.tanh()), leaves''',
        "grads": '''\
y, leaves = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {k: leaves[k].grad for k in leaves}''',
        "diff": '''\
def one(g, r):
    big = max(abs(g), abs(r))
    return 0.0 if big == 0 else abs(g - r) / big

return max((one(grads[k], reference_grads[k]) for k in NAMES), default=0.0)''',
    },
    "majie": {  # leaves as a list in NAMES order, enumerate, an index-based loop
        "neuron": '''\
raw = [x1, x2, w1, w2, b]
lv = [Value(t) for t in raw]
n = lv[2] * lv[0] + lv[3] * lv[1] + lv[4]
y = n.relu() if activation == "relu" else n.tanh()
return y, {NAMES[i]: lv[i] for i in range(5)}''',
        "grads": '''\
y, lv = neuron(x1, x2, w1, w2, b, activation)
y.backward()
return {NAMES[i]: lv[NAMES[i]].grad for i in range(len(NAMES))}''',
        "diff": '''\
res = 0.0
i = 0
while i < len(NAMES):
    g, r = grads[NAMES[i]], reference_grads[NAMES[i]]
    if not (g == 0 and r == 0):
        res = max(res, abs(g - r) / max(abs(g), abs(r)))
    i += 1
return res''',
    },
}
