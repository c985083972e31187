"""A file whose module-level code fails as Python would is still read (the meanings' evaluator leaves it out)."""

import pytest

from grader.similarity.cohort import read_document
from grader.similarity.meanings import meanings

from .test_similarity import engine

ENGINE = engine("submissions/correct-closures")


@pytest.mark.parametrize("failing", ["print(max([]))", "min(x for x in {})", "max()", "max(1, 'a')", "set([[1]])",
                                     "{[1]: 2}"])
def test_module_level_code_that_fails_is_left_out_not_raised(failing):
    # each raised out of `grade similarity` (ValueError, TypeError) before: one such file stopped the whole class
    document = read_document("x", {"engine.py": failing + "\n" + ENGINE + failing + "\n"})
    assert document.prints
    # 37 parts of its ops' meanings, each op's graph (14 ops), and its walk's design (design.py)
    assert len(meanings(ENGINE)) == 52 and meanings(ENGINE + failing + "\n") == meanings(ENGINE)
