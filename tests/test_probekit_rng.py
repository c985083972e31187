"""probekit draws its random graphs without importing `random` (a worker would pay for that module on every
start): its generator must give the very numbers random.Random(seed) gives, or every graph (and every
kept observation and golden file) would change."""

import random

import pytest

from grader import probekit


def _draws(rng, seed):
    out = []
    for k in range(300):
        kind = (seed + k) % 6
        if kind == 0:
            out.append(rng.randint(-3, 3))
        elif kind == 1:
            out.append(rng.uniform(-2, 2))
        elif kind == 2:
            out.append(rng.choice([2, 3, -1, 0.5, 1.5, -2.5]))
        elif kind == 3:
            out.append(rng.expovariate(0.7))
        elif kind == 4:
            out.append(rng.randrange(1 + k % 17))
        else:
            out.append((rng.randrange(k % 5, k % 5 + 1 + k % 9), rng.random()))
    return out


@pytest.mark.parametrize("seed", [0, 1, 2, 7, 42, 99, 2**40 + 3, -5])
def test_the_graph_generator_draws_what_random_random_draws(seed):
    assert _draws(probekit._Rng(seed), seed) == _draws(random.Random(seed), seed)


def test_random_graph_is_the_same_with_random_random(monkeypatch):
    class V:  # the smallest engine random_graph can run: values, the operators it applies, a backward
        def __init__(self, data):
            self.data, self.grad = data, 0.0

        def _op(self, other, f):
            other = other if isinstance(other, V) else V(other)
            return V(f(self.data, other.data))

        __add__ = __radd__ = lambda s, o: s._op(o, lambda a, b: a + b)
        __mul__ = __rmul__ = lambda s, o: s._op(o, lambda a, b: a * b)
        __sub__ = lambda s, o: s._op(o, lambda a, b: a - b)
        __rsub__ = lambda s, o: s._op(o, lambda a, b: b - a)
        __truediv__ = lambda s, o: s._op(o, lambda a, b: a / b)
        __rtruediv__ = lambda s, o: s._op(o, lambda a, b: b / a)
        __pow__ = lambda s, o: V(s.data ** o)
        __neg__ = lambda s: V(-s.data)
        tanh = exp = relu = log = lambda s: V(s.data * 0.5)

        def backward(self):
            self.grad = 1.0

    ours = [probekit.random_graph(V, seed) for seed in range(1, 25)]
    monkeypatch.setattr(probekit, "_Rng", random.Random)
    assert [probekit.random_graph(V, seed) for seed in range(1, 25)] == ours
