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
    assert texts(forms, "relu") == ["d0 (0 < x0)", "value max(0, x0)"]  # `0 < max(0, x)` is `0 < x`
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


def test_an_engine_whose_ops_are_the_starters_has_not_chosen_them():
    # a starter of node helpers whose relu is the exercise, and a student who wrote every op again as closures (a
    # copier's restructuring of a filler: no op is on the starter's lines); then the same with an op of their own
    from grader.similarity.cohort import read_document, starter_kgrams
    from grader.similarity.meanings import meanings

    starter = ENGINE % "\n    def relu(self):\n        raise NotImplementedError('relu')\n"
    op = ("    def {0}(self{1}):\n{2}        out = Value({3}, {4})\n\n        def _backward():\n{5}"
          "        out._backward = _backward\n        return out\n\n")
    closures = ENGINE.split("    def _node")[0] + "".join(op.format(*o) for o in (
        ("__add__", ", other", "        other = other if isinstance(other, Value) else Value(other)\n",
         "self.data + other.data", "(self, other)", "            self.grad += out.grad\n            other.grad += out.grad\n"),
        ("__mul__", ", other", "        other = other if isinstance(other, Value) else Value(other)\n",
         "self.data * other.data", "(self, other)",
         "            self.grad += other.data * out.grad\n            other.grad += self.data * out.grad\n"),
        ("__pow__", ", k", "", "self.data ** k", "(self,)", "            self.grad += k * self.data ** (k - 1) * out.grad\n"),
        ("relu", "", "", "max(self.data, 0.0)", "(self,)", "            self.grad += float(self.data > 0) * out.grad\n"))
    ) + "    def backward" + ENGINE.split("    def backward")[1]
    for filled, chosen in ((closures, False), (closures.replace("    def relu", "    def __neg__(self):\n"
                                                                "        return self * -1\n\n    def relu"), True)):
        whole = {h for h, (_, text, _) in meanings(filled).items() if text.startswith("whole ops")}
        assert len(whole) == 1  # read on its own, the engine's whole set of ops is read
        read = read_document("s", {"engine.py": filled}, starter_kgrams({"engine.py": starter}))
        assert bool(whole & set(read.structures)) is chosen


def test_a_label_formatted_printfs_way_is_text_as_an_f_string_is():
    # the eighth class's Olga (u719) and eight files of the benchmark label their power `"**%s" % k`: it was an
    # operator on a string the evaluator did not follow, which left the op unread and the engine's whole unformed
    pow_ = ENGINE % '''
    def __pow__(self, k):
        out = Value(self.data ** k, (self,))
        out.label = "**%s" % k

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._backward = _backward
        return out
'''
    assert texts(pow_, "__pow__") == ["d0 ((x0 ** (k + -1)) * k)", "value (x0 ** k)"]
    assert texts(pow_.replace('"**%s" % k', '"**%s" - k'), "__pow__") == []  # any other operator on a string: unread


def test_spellings_of_one_function_read_as_one():
    # relu's three spellings and its derivative's three (session 14: a restyle trades them, and an engine's own forms
    # together are its choices, so a copy that restyled relu lost them), and `math.e ** x` as exp(x)
    spellings = [("max(0.0, self.data)", "float(out.data > 0)"),
                 ("self.data if self.data > 0 else 0.0", "1.0 if self.data > 0 else 0.0"),
                 ("0 if self.data < 0 else self.data", "(out.data > 0)")]
    relu = '''
    def relu(self):
        out = Value(%s, (self,))

        def _backward():
            self.grad += (%s) * out.grad
        out._backward = _backward
        return out
'''
    for value, slope in spellings:
        assert texts(ENGINE % (relu % (value, slope)), "relu") == ["d0 (0 < x0)", "value max(0, x0)"]
    exp = '''
    def exp(self):
        out = Value(%s, (self,))

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out
'''
    written = [texts(ENGINE % (exp % form), "exp") for form in ("math.e ** self.data", "math.exp(self.data)")]
    assert written == [["d0 math.exp(x0)", "value math.exp(x0)"]] * 2
