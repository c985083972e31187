"""Видимые тесты ДЗ 4 (запуск: pytest -q). Скрытые тесты проверяют больше."""
import math

from engine import Value


def test_pow():
    x = Value(2.0)
    (x ** 3).backward()
    assert x.grad == 12.0


def test_exp_log():
    x = Value(0.0)
    x.exp().backward()
    assert x.grad == 1.0
    y = Value(1.0)
    y.log().backward()
    assert y.grad == 1.0


def test_sub_and_rsub():
    a, b = Value(5.0), Value(2.0)
    (a - b).backward()
    assert (a.grad, b.grad) == (1, -1)
    c = Value(0.5)
    (2 - c).backward()
    assert c.grad == -1


def test_div():
    a = Value(0.5)
    (2 / a).backward()
    assert math.isclose(a.grad, -8.0)
