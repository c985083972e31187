"""Functions that nothing runs count little (grader/similarity/reach.py): a copy padded with helpers nobody calls."""

from pathlib import Path

import pytest

from grader.classroom import starters
from grader.parsing import parse
from grader.similarity.cohort import read_document, starter_kgrams
from grader.similarity.reach import UNREACHED_WEIGHT, unreached_functions

from .test_similarity import KAHN, cohort_with, scores_of, with_backward

PADDING = (Path(__file__).parents[2] / "bench" / "similarity" / "eighth" / "padding.txt").read_text(encoding="utf-8")

FILE = '''\
__all__ = ["listed"]


def lift(x):
    return x


def walk(v):
    return [walk(c) for c in v._prev]


def listed():
    return 1


def main():
    return helper()


def helper():
    return 2


def only_from_unreached():
    return 3


def unreached():
    return only_from_unreached()


class Value:
    def __add__(self, other):
        return lift(other)


if __name__ == "__main__":
    main()
'''


def test_the_functions_nothing_names_are_unreached_with_what_only_they_call():
    # lift (a method calls it), listed (__all__), main (the script's block) and helper (main calls it) run; walk
    # (recursion is no caller), unreached and what only it calls do not
    assert unreached_functions(parse(FILE)) == ((8, 9), (24, 25), (28, 29))


def _function_tokens(text: str, function: str, kgrams=frozenset()) -> float:
    """The tokens a document counts for the fragments of FUNCTION's unit alone."""
    document = read_document("x", {"engine.py": text}, kgrams)
    return sum(document.tokens[h] for h, where in document.prints.items()
               if all(document.units[o.unit].name == function for o in where))


def test_a_function_nothing_runs_counts_at_the_unreached_weight_and_the_exercises_own_in_full():
    starter = starters.starter_files("10-neuron")["neuron.py"]
    body = "    return max(abs(grads[k] - reference_grads[k]) for k in grads)\n"
    todo = ('    # TODO(10-neuron): your code here\n'
            '    raise NotImplementedError("10-neuron: write largest_relative_difference")\n')
    assert todo in starter
    filled = starter.replace(todo, body)
    called = filled + "\nlargest_relative_difference({}, {})\n"
    name = "largest_relative_difference"
    full = _function_tokens(called, name)
    assert full == 17.0
    assert _function_tokens(filled, name) == pytest.approx(UNREACHED_WEIGHT * full)
    # with the starter subtracted, its def line is the starter's: the tests call it, and what the student wrote in it
    # counts in full whether the file calls it or not
    given = starter_kgrams({"neuron.py": starter})
    assert _function_tokens(filled, name, given) == _function_tokens(called, name, given) > 0


def test_a_copy_padded_with_helpers_nothing_runs_scores_as_its_plain_copy():
    starter = starters.starter_files("05-backward")["engine.py"]
    source, given = with_backward(starter, KAHN), starter_kgrams({"engine.py": starter})
    plain, _ = scores_of(cohort_with({"zz-source": source, "zz-copy": source}, given))
    padded, _ = scores_of(cohort_with({"zz-source": source, "zz-copy": source + "\n\n" + PADDING}, given))
    # a filler's verbatim copy with eighth/padding.txt's 55 lines appended: 0.5717 when they counted in full; 0.9934
    # and 0.9688 before the code only the two hold counted of its own (session 15, scores.alone_score); 0.997 and
    # 0.9841 before their own lines as written with a name only they write counted (session 24, scores.named_lines);
    # 0.9757 and 0.9195 since session 28 (0.9987 and 0.9878 before): each function's part of the shared code at most
    # units.UNIT_MOST, and their own code is the walk, one function, so the padding's share of each one's own counts
    assert plain[("zz-copy", "zz-source")] == 0.9757 and padded[("zz-copy", "zz-source")] == 0.9195


def test_a_function_another_file_of_the_submission_names_counts_in_full():
    helper = ("def count_nodes(root):\n    seen, stack = set(), [root]\n    while stack:\n        v = stack.pop()\n"
              "        if id(v) not in seen:\n            seen.add(id(v))\n            stack.extend(v._prev)\n"
              "    return len(seen)\n")
    alone = read_document("x", {"engine.py": helper})
    imported = read_document("x", {"engine.py": helper, "nn.py": "from engine import count_nodes\n"})
    tokens = sum(alone.tokens.values())
    assert round(sum(imported.tokens[h] for h in alone.prints), 9) == 45 and tokens == pytest.approx(45 * UNREACHED_WEIGHT)
