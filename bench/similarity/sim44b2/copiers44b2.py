"""sim44b2's five partial copiers (session 44, simw44): each one's own file, typed as fills44b2.py's students are, and
`copied`: (whose, which region, level). write.py puts the friend's region into the copier's file: at level 1 as it
is, at level 2 by the renames typed in write.py; a level-3 region is typed here, in the copier's own rewriting."""

COPIERS = {
    # Emma Wilson: her own bodies and tests; James's backward() and _build_order() pasted whole (level 1)
    "wilsonemma": {
        "copied": ("brownjames", "backward", 1),
        "pow": """
assert not isinstance(k, Value)
result = Value(self.data ** k, (self,), "pow")

def _backward():
    self.grad += k * self.data ** (k - 1) * result.grad

result._backward = _backward
return result
""",
        "exp": """
result = Value(math.exp(self.data), (self,), "exp")

def _backward():
    # derivative of exp is exp (the output)
    self.grad += result.data * result.grad

result._backward = _backward
return result
""",
        "log": """
result = Value(math.log(self.data), (self,), "log")

def _backward():
    # 1/x where x is the input
    self.grad += result.grad * (1 / self.data)

result._backward = _backward
return result
""",
        "neg": "return self * Value(-1)",
        "sub": "return self.__add__(-other)",
        "rsub": "return Value(other).__add__(-self)",
        "div": "return self * other ** -1",
        "rdiv": "return Value(other) * self ** -1",
        "bottom": """


# -------------------------------------------------------------
# testing (Emma)
# -------------------------------------------------------------
def grad_of(f, x0):
    x = Value(x0)
    f(x).backward()
    return x.grad


if __name__ == "__main__":
    print("d/dx x^3 at 2:", grad_of(lambda x: x ** 3, 2.0))              # 12
    print("d/dx exp at 0:", grad_of(lambda x: x.exp(), 0.0))            # 1
    print("d/dx log at 1:", grad_of(lambda x: x.log(), 1.0))            # 1
    print("d/dx 2/x at 0.5:", grad_of(lambda x: 2 / x, 0.5))            # -8
    print("d/dx (x - 1)^2 / x at 3:", grad_of(lambda x: (x - 1) ** 2 / x, 3.0))
""",
    },
    # Minho Lee: Elena's _unary() and every one of her operations, renamed (level 2); his own tests and a repr
    "leeminho": {
        "copied": ("garciaelena", "ops", 2),
        "repr": """
    def __repr__(self):
        return "Value(%.5f, grad=%.5f)" % (self.data, self.grad)
""",
        "bottom": """


def run_checks():
    # each pair: (what, function of x, x, expected gradient)
    checks = [
        ("cube", lambda x: x ** 3, 2.0, 12.0),
        ("minus", lambda x: 10 - x, 4.0, -1.0),
        ("over", lambda x: 2 / x, 0.5, -8.0),
        ("exp", lambda x: x.exp(), 0.0, 1.0),
        ("log", lambda x: x.log(), 1.0, 1.0),
    ]
    for what, f, x0, want in checks:
        x = Value(x0)
        f(x).backward()
        status = "pass" if abs(x.grad - want) < 1e-9 else "FAIL"
        print(f"{status}: {what} -> {x.grad} (want {want})")


if __name__ == "__main__":
    run_checks()
""",
    },
    # Giulia Rossi: her own bodies and tests; Hiro's helpers rewritten by her (level 3, typed here)
    "rossigiulia": {
        "copied": ("tanakahiro", "helpers", 3),
        "pow": """
# regola della potenza
out = Value(self.data ** k, (self,), 'pow')

def _backward():
    self.grad += out.grad * k * self.data ** (k - 1)

out._backward = _backward
return out
""",
        "exp": """
# la derivata di e^x e' e^x
out = Value(math.exp(self.data), (self,), 'exp')

def _backward():
    self.grad += out.grad * out.data

out._backward = _backward
return out
""",
        "log": """
out = Value(math.log(self.data), (self,), 'log')

def _backward():
    # 1/x
    self.grad += out.grad / self.data

out._backward = _backward
return out
""",
        "neg": "return self * -1",
        "sub": "return self + other * -1",
        "rsub": "return other + self * -1",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "helpers": """


# ----------------------------- funzioni di aiuto -----------------------------

def nodes_in_order(root):
    '''The nodes below root as 'op(data)', each input before the nodes using it.'''
    out, done = [], set()

    def walk(n):
        if n in done:
            return
        done.add(n)
        for p in n._prev:
            walk(p)
        out.append(f"{n._op or 'leaf'}({n.data:.4g})")

    walk(root)
    return out


def to_value(v):
    '''Wrap a number in a Value (a Value is returned unchanged).'''
    return v if isinstance(v, Value) else Value(v)


def finite_diff(fn, args, idx, step=1e-6):
    '''Central difference of fn in argument idx.'''
    up, down = list(args), list(args)
    up[idx] += step
    down[idx] -= step
    return (fn(*up) - fn(*down)) / (2 * step)


def gradcheck(fn, args, tol=1e-5, show=True):
    '''True when backward() agrees with finite differences for every argument of fn.'''
    inputs = [Value(a) for a in args]
    fn(*inputs).backward()
    good = True
    for idx, inp in enumerate(inputs):
        approx = finite_diff(lambda *xs: fn(*[Value(t) for t in xs]).data, args, idx)
        rel = abs(inp.grad - approx) / max(1.0, abs(approx))
        if rel > tol:
            good = False
        if show:
            print(f'  arg {idx}: backward {inp.grad:.8f}  numeric {approx:.8f}  ' + ('ok' if rel <= tol else 'MISMATCH'))
    return good
""",
        "bottom": """


if __name__ == '__main__':
    # provo tutte le operazioni nuove
    print(gradcheck(lambda x, y: (x ** 2 + y.exp()) / (x - y), [1.3, 0.2]))
    print(gradcheck(lambda x: (3 - x).log() * x, [0.9]))
    print(nodes_in_order(to_value(3.0) * 2 - 1))
""",
    },
    # Petr Novak: his own bodies and a demo; Jisoo's Kahn backward() rewritten by him (level 3, typed here)
    "novakpetr": {
        "copied": ("kimjisoo", "backward", 3),
        "top": """
from collections import deque, Counter
""",
        "pow": """
vysledek = Value(self.data ** k, (self,), f"^{k}")

def _backward():
    self.grad += k * self.data ** (k - 1) * vysledek.grad

vysledek._backward = _backward
return vysledek
""",
        "exp": """
vysledek = Value(math.exp(self.data), (self,), "e^")

def _backward():
    self.grad += vysledek.data * vysledek.grad

vysledek._backward = _backward
return vysledek
""",
        "log": """
vysledek = Value(math.log(self.data), (self,), "ln")

def _backward():
    self.grad += vysledek.grad / self.data

vysledek._backward = _backward
return vysledek
""",
        "neg": "return self * -1",
        "sub": "return self + (-other)",
        "rsub": "return other + (-self)",
        "div": "return self * other ** -1",
        "rdiv": "return other * self ** -1",
        "backward": """
    def backward(self):
        \"\"\"Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1.\"\"\"
        # a node may go only when all nodes that use it are done
        pending = self._count_users()
        self.grad = 1
        queue = deque([self])
        while queue:
            current = queue.popleft()
            current._backward()
            for src in current._prev:
                pending[src] -= 1
                if not pending[src]:
                    queue.append(src)

    def _count_users(self):
        # for every node under self: how many nodes take it as an input
        users = Counter()
        visited = {self}
        stack = [self]
        while stack:
            current = stack.pop()
            for src in current._prev:
                users[src] += 1
                if src not in visited:
                    visited.add(src)
                    stack.append(src)
        return users
""",
        "bottom": """


if __name__ == "__main__":
    # Petr: ukazka - (x^2 + 1)^-1 a jeho derivace
    for x0 in (-2.0, -1.0, 0.0, 1.0, 2.0):
        x = Value(x0)
        f = 1 / (x ** 2 + 1)
        f.backward()
        print(f"x={x0:+.1f}  f={f.data:.4f}  f'={x.grad:+.4f}  (ocekavano {-2 * x0 / (x0 ** 2 + 1) ** 2:+.4f})")
    a = Value(2.0)
    b = (a.exp() - a).log()
    b.backward()
    print("b =", b, "a =", a)
""",
    },
    # Mark Johnson: Ana's operations and her three extra ones pasted (level 1); his own tests and a describe()
    "johnsonmark": {
        "copied": ("silvaana", "ops", 1),
        "methods": """
    def describe(self):
        kind = self._op if self._op else "input"
        return f"{kind}: data={self.data}, grad={self.grad}, inputs={len(self._prev)}"

""",
        "bottom": """


# my testing -- Mark
tests_passed = 0
x = Value(2.0)
(x ** 3).backward()
if abs(x.grad - 12) < 1e-9:
    tests_passed += 1
a, b = Value(5.0), Value(2.0)
(a - b).backward()
if a.grad == 1 and b.grad == -1:
    tests_passed += 1
c = Value(0.5)
(2 / c).backward()
if abs(c.grad + 8) < 1e-9:
    tests_passed += 1
print("tests passed:", tests_passed, "of 3")

if __name__ == "__main__":
    y = Value(9.0).sqrt()
    print(y.describe())
""",
    },
}
