"""Session 29 (sim29c): the class's common lines written again with another operator are the course's (forced.py): a
fragment two students share whose template (its operators left open) more than the common cut of the class holds in
another form, as written, counts as the canonical code's variants do (cohort.pairs; docs/similarity.md)."""

from types import SimpleNamespace

from grader.similarity.fingerprints import K, Occurrence
from grader.similarity.forced import forced_code, other_form_held, template, templates_held

ADD = ("=", ".grad", "v", "Add", ".grad", "v", ".grad", "v", "}")  # self.grad += out.grad (the starter's)
SUB = ("=", ".grad", "v", "Sub", ".grad", "v", ".grad", "v", "}")  # other.grad -= out.grad (a closure of sub's)
MUL = ("=", ".grad", "v", "Mult", ".grad", "v", ".grad", "v", "}")
PLAIN = ("Return", "call:1", "f", "v", "}", "Return", "v", "v", "}")  # no operator


def _document(units, prints=None, tokens=None, explained=(), variants=(), recombined=()):
    units = [SimpleNamespace(name=f"Value.u{n}", tokens=tuple(t)) for n, t in enumerate(units)]
    return SimpleNamespace(units=units, prints=prints or {}, tokens=tokens or {}, explained=frozenset(explained),
                           variants=frozenset(variants), recombined=frozenset(recombined))


def test_a_template_leaves_the_operators_open_and_counts_each_form_by_the_files_that_hold_it():
    assert len(ADD) == len(SUB) == K
    assert template(ADD) == template(SUB) == template(MUL) != template(PLAIN)
    held = templates_held([_document([ADD, ADD]), _document([ADD]), _document([SUB]), _document([PLAIN])])
    # two forms kept, the commonest first; a file that holds a form twice counts once
    assert held[template(ADD)] == [(2, ADD), (1, SUB)]
    assert template(PLAIN) not in held  # only k-grams with an operator
    assert other_form_held(held, SUB) == 2 and other_form_held(held, ADD) == 1 and other_form_held(held, MUL) == 2


def test_a_shared_fragment_is_forced_when_another_form_of_it_is_common():
    # five files hold the starter's line (ADD); 0 and 1 write sub's closure (SUB, hash 7) and share PLAIN (hash 8);
    # 2 and 3 share MUL (hash 9), whose other forms only ADD's holders hold
    sub, plain, mul = Occurrence(1, 0), Occurrence(2, 0), Occurrence(1, 0)
    documents = [_document([ADD, SUB, PLAIN], {7: [sub], 8: [plain]}, {7: 3.0, 8: 2.0}),
                 _document([ADD, SUB, PLAIN], {7: [sub], 8: [plain]}, {7: 2.0, 8: 2.0}),
                 _document([ADD, MUL], {9: [mul]}, {9: 4.0}),
                 _document([ADD, MUL], {9: [mul]}, {9: 4.0}, variants={9}),
                 _document([ADD])]
    postings, weights = {7: [0, 1], 8: [0, 1], 9: [2, 3]}, {7: 0.5, 8: 1.0, 9: 1.0}
    # ADD is held by 5 files: more than a cut of 4, so SUB's fragment is the starter's line with `-`: 0.5 x min(3, 2)
    assert forced_code(postings, weights, documents, 4) == {(0, 1): 1.0}
    assert forced_code(postings, weights, documents, 5) == {}  # not more than a cut of 5
    # a fragment a variant holds for one of them is counted there, not here (3's MUL); nor one a public source explains
    documents[3].variants = frozenset()
    assert forced_code(postings, weights, documents, 4) == {(0, 1): 1.0, (2, 3): 4.0}
    documents[1].explained = frozenset({7})
    assert forced_code(postings, weights, documents, 4) == {(2, 3): 4.0}
