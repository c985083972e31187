"""Issue 27, level 4: forms of the benchmark's restructured and disguised copies that meanings.py's evaluator follows
(each was an op left unread, and with it the engine's whole): a label joined of pieces, a table's `.values()`, a
walk's `max(..., default=0)`, a decorator of the file's own, `self.__dict__.update(grad=...)`, a node's label made
with `str(k)`."""

from .test_meanings_branches import ENGINE, texts


def test_the_forms_of_the_disguised_copies_are_followed():
    forms = ENGINE % '''
    def relu(self):
        out = Value(getattr(self, "da" "ta") if self.data > 0 else 0.0, (self,))
        out.label = "".join(["ReL", "U"])

        def _backward():
            for node, slope in {"x": (self, 1.0 if out.data > 0 else 0.0)}.values():
                node.grad += slope * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,))
        out._backward = lambda: self.__dict__.update(grad=self.grad + (1 - t * t) * out.grad)
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,))
        out.label = "exp" + str(self.data)
        out.depth = 1 + max((p.depth for p in ()), default=0)

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out
'''
    assert texts(forms, "relu") == ["d0 (1 if (0 < (x0 if (0 < x0) else 0)) else 0)",
                                    "value (x0 if (0 < x0) else 0)"]
    tanh = "(((math.exp((2 * x0)) + 1) ** -1) * (math.exp((2 * x0)) + -1))"  # math.tanh read as the lecture's form
    assert texts(forms, "tanh") == [
        "d0 ((-1 * ((math.exp((2 * x0)) + -1) ** 2) * ((math.exp((2 * x0)) + 1) ** -2)) + 1)", f"value {tanh}"]
    assert texts(forms, "exp") == ["d0 math.exp(x0)", "value math.exp(x0)"]


def test_a_decorator_of_the_files_own_is_followed_as_what_it_returns():
    lifted = '''
def _lifted(op):
    def wrapper(a, b):
        return op(a, b if isinstance(b, Value) else Value(b))
    wrapper.__name__ = op.__name__
    return wrapper
''' + ENGINE % '''
    @_lifted
    def __sub__(self, other):
        return self + other * -1
'''
    assert texts(lifted, "__sub__") == ["d0 1", "d1 -1", "value ((-1 * x1) + x0)"]
    assert texts(lifted + "\n_lifted = None\n", "__sub__") == texts(lifted, "__sub__")  # decorated when defined
    assert not texts(lifted.replace("wrapper.__name__ = op.__name__", "wrapper.__name__ = op.__name__\n    1 / 0"),
                     "__sub__")  # a decorator that fails leaves the op unread
