"""Tests for my Value engine (09). every test checks numbers worked out on paper."""

import math

from engine import Value


def close(got, want, rel=1e-9, abs_=1e-12):
    """Whether two floats agree to rounding error (never compare floats with ==)."""
    return math.isclose(got, want, rel_tol=rel, abs_tol=abs_)


def test_adding_two_leaves():
    p, r = Value(1.5), Value(-0.25)
    out = left + right
    out.backward()
    assert close(out.data, 1.25)
    assert close(p.grad, 1.0) and close(r.grad, 1.0)


def test_product_swaps_the_factors():
    u, v = Value(3.0), Value(-7.0)
    w = u * v
    w.backward()
    assert close(w.data, -21.0)
    assert close(u.grad, -7.0) and close(v.grad, 3.0)


def test_a_leaf_used_twice_adds_up():
    t = Value(5.0)
    s = t * t + t
    s.backward()
    assert close(s.data, 30.0)
    assert close(t.grad, 11.0)  # 2t + 1


def test_relu_kills_negative_inputs():
    n = Value(-2.5)
    n.relu().backward()
    assert n.grad == 0.0


def test_readme_of_micrograd():
    # the example of micrograd's README, its figures as the README prints them
    a = Value(-4.0)
    b = Value(2.0)
    c = a + b
    d = a * b + b**3
    c += c + 1
    c += 1 + c + (-a)
    d += d * 2 + (b + a).relu()
    d += 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g += 10.0 / f
    g.backward()
    assert math.isclose(g.data, 24.7041, abs_tol=1e-4)
    assert math.isclose(a.grad, 138.8338, abs_tol=1e-4)
    assert math.isclose(b.grad, 645.5773, abs_tol=1e-4)


def test_micrograd_sanity_check():
    # micrograd's own test_sanity_check, with the figures PyTorch gives written in
    x = Value(-4.0)
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    assert close(y.data, -20.0)
    assert close(x.grad, 46.0)


if __name__ == "__main__":
    for name, test in sorted(globals().items()):
        if name.startswith("test_") and callable(test):
            test()
            print("ok", name)
