"""Session 44's strangers: whole engines and networks in styles no earlier fixture has, graded in one batch.

DOC
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import _rows, assert_scored_and_named
from test_strangers36 import assert_a_surface_says_the_row, graded_class
from test_strangersx38 import solutions_class

FRESH = Path(__file__).parent / "fixtures" / "strangers44"
FRESH_X = Path(__file__).parent / "fixtures" / "strangersx44"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    # mul's rule overwrites its first operand's gradient (`=`), through a descriptor that stores floats
    "bug-descriptor-mul-assign": ("correct-descriptor-fields", [(
        "self.grad += other.data * out.grad", "self.grad = other.data * out.grad")]),
    # tanh's local derivative as 1 - t, in an op subclass's locals()
    "bug-kahn-tanh-one-minus-t": ("correct-op-subclasses-kahn", [(
        "return (1.0 - self.data ** 2,)", "return (1.0 - self.data,)")]),
    # the post-order walked forwards, in an engine that computes its numbers lazily
    "bug-lazy-forward-order": ("correct-lazy-cached-forward", [(
        "for node in reversed(order):", "for node in order:")]),
    # a node's gradient cell starts at 1 in its array('d')
    "bug-cells-grad-starts-one": ("correct-array-cells", [(
        'array("d", [data, 0.0])', 'array("d", [data, 1.0])')]),
    # log's local derivative as 1 / output, in a rule of the table
    "bug-cells-log-output": ("correct-array-cells", [("return (1.0 / a.data,)", "return (1.0 / out.data,)")]),
    # exp's local derivative from its input, in a generator rule of a notebook
    "bug-generator-exp-input": ("correct-generator-rules.ipynb", [(
        "yield node.inputs[0], node.data", "yield node.inputs[0], node.inputs[0].data")]),
    # `2 - a` computed as a - 2, in the assistant-style typed engine
    "bug-typed-rsub-order": ("correct-generic-typed", [(
        "return self._coerce(other) - self", "return self - self._coerce(other)")]),
}
# exercise -> {id: (the case it is planted in, {file: [(text, replaced by), ...]})}
PLANTED_X = {
    "07-mlp-xor": {"bug-list-layers-no-zero-grad": ("correct-list-subclass-layers", {"nn.py": [(
        "        model.zero_grad()\n", "")]})},
    "11-fit-line": {"bug-generator-trainer-b-not-cleared": ("correct-generator-trainer", {"fit_line.py": [(
        "w.grad = b.grad = 0.0", "w.grad = 0.0")]})},
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """Every entry graded by `grade run` once: (the engines' class folder, {id: row}, {exercise: {id: row}})."""
    folder, rows = graded_class(tmp_path_factory.mktemp("strangers44"), FRESH / "engine", PLANTED)
    others = {exercise: _rows(tmp_path_factory, exercise, make=solutions_class, fresh=FRESH_X, planted=PLANTED_X)
              for exercise in sorted(p.name for p in FRESH_X.iterdir())}
    return folder, rows, others


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


# -- the mechanism, without a sandbox ----------------------------------------------------------------------------

ORDER = Path(__file__).parent.parent / "grader" / "sandbox" / "hash_order.py"

KEYWORDS = '''
REGISTRY = {}
class Value:
    def __init_subclass__(cls, name=None, func=None, **kwargs):
        super().__init_subclass__(**kwargs)
        REGISTRY[name or cls.__name__.lower()] = (cls, func)
    def __add__(self, other):
        return self
class Exp(Value, name="exp", func=abs):
    pass
class Tanh(Value):
    pass
'''


def test_a_class_keyword_named_as_build_class_s_own_arguments_reaches_init_subclass():
    import builtins
    import importlib.util

    spec = importlib.util.spec_from_file_location("_grader_hash_order_strangers44", ORDER)
    order = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(order)
    saved = builtins.__build_class__
    order.install()
    try:
        # before: `class Exp(Value, name="exp")` raised TypeError ("got multiple values for argument 'name'") at
        # import, and correct-op-subclasses-kahn scored 0/63
        namespace = {"__name__": "engine"}
        exec(compile(KEYWORDS, "/sandbox/engine.py", "exec"), namespace)
    finally:
        builtins.__build_class__ = saved
    registry, value = namespace["REGISTRY"], namespace["Value"]
    assert registry == {"exp": (namespace["Exp"], abs), "tanh": (namespace["Tanh"], None)}
    assert order.Numbered in value.__mro__ and namespace["Exp"].__bases__ == (value,)


CELLS = '''\
from array import array

DATA, GRAD = 0, 1


class Value:
    def __init__(self, data):
        self.cells = array("d", [data, {start}])

    @property
    def grad(self):
        return self.cells[GRAD]

    def backward(self):
        self.cells[GRAD] = 1.0
'''


@pytest.mark.parametrize("start,read,line", [
    ("1.0", "GRAD", 8),  # the cell the property reads starts at 1: the store is the line
    ("0.0", "GRAD", None),  # it starts at 0: nothing is placed (backward()'s seed is never read as a start)
    ("1.0", "DATA", None),  # the property reads the other cell: the 1 is no gradient's
    ("1.0", "1", 8), ("1.0", "0", None),  # the index written as a number
])
def test_a_gradient_kept_in_a_cell_of_the_nodes_container_is_placed_at_its_store(start, read, line):
    from grader.diagnose.walk_places import walk_place

    source = CELLS.format(start=start).replace("self.cells[GRAD]\n\n    def backward", f"self.cells[{read}]\n\n"
                                               "    def backward")
    assert walk_place("grad-starts-one", {"engine.py": source}) == line
