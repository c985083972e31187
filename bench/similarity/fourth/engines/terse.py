import math

class Value:
  def __init__(s, data, kids=(), op=''):
    s.data, s.grad, s._prev, s._op = data, 0, set(kids), op
    s._backward = lambda: None

  def __repr__(s): return f'V({s.data}|{s.grad})'

  def __add__(s, o):
    o = o if isinstance(o, Value) else Value(o)
    r = Value(s.data + o.data, (s, o), '+')
    def bw(): s.grad += r.grad; o.grad += r.grad
    r._backward = bw
    return r

  def __mul__(s, o):
    o = o if isinstance(o, Value) else Value(o)
    r = Value(s.data * o.data, (s, o), '*')
    def bw(): s.grad += o.data * r.grad; o.grad += s.data * r.grad
    r._backward = bw
    return r

  def __pow__(s, n):
    r = Value(s.data ** n, (s,), 'pow')
    def bw(): s.grad += n * s.data ** (n - 1) * r.grad
    r._backward = bw
    return r

  def relu(s):
    r = Value(s.data * (s.data > 0), (s,), 'relu')
    def bw(): s.grad += (s.data > 0) * r.grad
    r._backward = bw
    return r

  def tanh(s):
    e = math.exp(-2 * s.data)
    t = (1 - e) / (1 + e)   # fine for x >= -350 or so
    r = Value(t, (s,), 'tanh')
    def bw(): s.grad += (1 - t * t) * r.grad
    r._backward = bw
    return r

  def exp(s):
    r = Value(math.exp(s.data), (s,), 'exp')
    def bw(): s.grad += r.data * r.grad
    r._backward = bw
    return r

  def backward(s):
    topo, seen, st = [], set(), [s]
    # two-colour DFS w/o recursion: grey = on stack, then black when done
    grey = set()
    while st:
      v = st[-1]
      if v in seen: st.pop(); continue
      if v in grey:
        st.pop(); seen.add(v); topo.append(v); continue
      grey.add(v)
      st += [c for c in v._prev if c not in seen]
    s.grad = 1
    while topo: topo.pop()._backward()

  __radd__ = __add__
  __rmul__ = __mul__
  def __neg__(s): return s * -1
  def __sub__(s, o): return s + (-o)
  def __rsub__(s, o): return o + (-s)
  def __truediv__(s, o): return s * o ** -1
  def __rtruediv__(s, o): return o * s ** -1
