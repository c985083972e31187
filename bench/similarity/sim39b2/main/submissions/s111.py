"""Tests for a scalar autograd engine.

Each test builds a small expression from `Value`s, calls `backward()` once and
checks the value and the gradients against numbers worked out by hand, or
against the slope of the engine's own forward pass measured by central
differences. A test passes on a correct engine and fails (an `assert` that does
not hold, or an exception) on an engine with a bug.

Run them with `python test_engine.py`, or with pytest if you have it.
"""

import math

from engine import Value

# A test is a function whose name starts with `test_`. It builds a fresh
# expression, runs backward() once and asserts what a correct engine gives:
#
#     def test_add_passes_the_gradient_to_both_sides():
#         a, b = Value(2.0), Value(-3.0)
#         y = a + b
#         y.backward()
#         assert close(y.data, -1.0)
#         assert close(a.grad, 1.0) and close(b.grad, 1.0)


def close(got, want, rel=1e-9, abs_=1e-12):
    """Whether two floats agree to rounding error (never compare floats with ==)."""
    return math.isclose(got, want, rel_tol=rel, abs_tol=abs_)


def slope(f, x, h=1e-6):
    """df/dx at x by central differences, for f taking and returning a float."""
    return (f(x + h) - f(x - h)) / (2 * h)


def gradientes(f, *valores):
    """Construye f con Values nuevos, llama backward() y devuelve (dato, [grads])."""
    xs = [Value(v) for v in valores]
    salida = f(*xs)
    salida.backward()
    return salida.data, [x.grad for x in xs]


def test_suma_y_resta():
    dato, (ga, gb) = gradientes(lambda a, b: a - b + a, 3.0, 5.0)
    assert close(dato, 1.0)
    assert close(ga, 2.0) and close(gb, -1.0)


def test_producto_repetido():
    # a * a + a  ->  derivada 2a + 1
    dato, (ga,) = gradientes(lambda a: a * a + a, 3.0)
    assert close(dato, 12.0)
    assert close(ga, 7.0)


def test_division_con_constante_a_la_izquierda():
    dato, (ga,) = gradientes(lambda a: 6 / a, 2.0)
    assert close(dato, 3.0)
    assert close(ga, -1.5)


def test_tanh_lejos_de_cero():
    _, (ga,) = gradientes(lambda a: a.tanh(), 1.5)
    assert close(ga, 1 - math.tanh(1.5) ** 2)


def test_cadena_larga():
    # diez mil nodos: un orden recursivo revienta aqui
    x = Value(2.0)
    y = x
    for _ in range(10000):
        y = y * 1
    y.backward()
    assert close(x.grad, 1.0)


def test_exp_log_se_cancelan():
    _, (ga,) = gradientes(lambda a: a.exp().log(), 0.3)
    assert close(ga, 1.0)


if __name__ == "__main__":
    # Without pytest: run every test_ function above and say which fail.
    tests = [(name, f) for name, f in list(globals().items()) if name.startswith("test_") and callable(f)]
    failed = 0
    for name, test in tests:
        try:
            test()
        except Exception as exc:  # an assert that does not hold, or the engine raising
            failed += 1
            print(f"FAIL  {name}: {type(exc).__name__}: {exc}")
        else:
            print(f"PASS  {name}")
    print(f"{len(tests) - failed} of {len(tests)} tests pass" if tests else "no test_ functions yet")
