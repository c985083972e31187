"""The variant library: every variant is one mistake that shows, and the hand-written fixtures agree with it
(the battery they are observed with: tests/test_variants.py)."""

import re

import pytest

from grader.variants import CONCEPTS, VARIANTS, Variant, load_variant_class, reference_source, variant
from reference.engine import Value as Reference

from test_variants import (BATTERY, FIXTURE_BUGS, SUBMISSIONS, deep_chain, differing, fixture_observations, same,
                           variant_observations)


@pytest.fixture(scope="module")
def observed():
    """(variant_observations, fixture_observations): each engine run on the battery once a process (functools.cache,
    the deep chain's 10,000 nodes among it). The tests that read them share this fixture, so one worker runs them
    all (tests/costs.py): spread over the workers, each variant was observed again in each worker that met it."""
    return variant_observations, fixture_observations


# -- the library ------------------------------------------------------------------


def test_at_least_32_variants_with_unique_kebab_case_names():
    names = [v.name for v in VARIANTS]
    assert len(names) >= 32
    assert len(set(names)) == len(names)
    for name in names:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name), name


def test_every_concept_is_covered():
    assert {v.concept for v in VARIANTS} == set(CONCEPTS)


def test_variant_looks_up_by_name():
    assert variant("mul-self-data").concept == "local-derivative"
    with pytest.raises(KeyError, match="no variant named 'nope'"):
        variant("nope")


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_every_patch_occurs_exactly_once_in_the_reference(v):
    text = reference_source()
    for old, new in v.patches:
        assert text.count(old) == 1, old
        assert old != new


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_variant_source_compiles_and_keeps_solution_markers_balanced(v):
    source = v.source()
    assert source != reference_source()
    compile(source, v.name, "exec")
    begins = re.findall(r"# BEGIN SOLUTION \S+", source)
    assert len(begins) == source.count("# END SOLUTION")
    assert begins == re.findall(r"# BEGIN SOLUTION \S+", reference_source())


def test_a_stale_patch_is_refused():
    stale = Variant("stale", "t", "e", "seed", (("this text is not in the engine", ""),))
    with pytest.raises(ValueError, match="occurs 0 times"):
        stale.source()


def test_an_unknown_concept_is_refused():
    with pytest.raises(ValueError, match="unknown concept"):
        Variant("x", "t", "e", "chain-rule", (("a", "b"),))


def test_variants_load_into_separate_classes():
    first, second = load_variant_class("no-seed"), load_variant_class("no-seed")
    assert first is not second and first is not Reference


@pytest.mark.slow
@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_each_variant_differs_from_the_reference(observed, v):
    variant_observations, _ = observed
    assert differing(variant_observations(v.name)), f"{v.name} behaves exactly like the reference on the battery"


def test_recursive_topo_is_right_on_small_graphs_and_fails_only_on_the_deep_chain(observed):
    variant_observations, _ = observed
    observations = variant_observations("recursive-topo")
    assert differing(observations) == ["deep_chain"]
    assert observations[BATTERY.index(deep_chain)] == ("error", "RecursionError")


# Words a student should never meet: names of our own machinery.
INTERNAL_WORDS = ("variant", "patch", "reference", "probe", "grader", "suite", "sandbox", "fixture", "observation")


@pytest.mark.parametrize("v", VARIANTS, ids=lambda v: v.name)
def test_student_text_is_present_and_free_of_internal_names(v):
    assert v.title.strip() and "\n" not in v.title
    assert v.explanation.strip()
    sentences = re.findall(r"[.!?](?=\s|$)", v.explanation)
    assert 2 <= len(sentences) <= 3, v.explanation
    for text in (v.title, v.explanation):
        lowered = text.lower()
        for word in INTERNAL_WORDS:
            assert word not in lowered, (word, text)
        for other in VARIANTS:
            assert other.name not in lowered, (other.name, text)


# -- hand-written fixtures ---------------------------------------------------------


def test_every_fixture_folder_has_a_ground_truth_entry():
    folders = {p.name for p in SUBMISSIONS.iterdir() if p.is_dir()}
    assert folders == set(FIXTURE_BUGS)
    assert len([c for c, bug in FIXTURE_BUGS.items() if bug]) >= 12
    for case, bug in FIXTURE_BUGS.items():
        if bug is not None:
            assert case.startswith("bug-")
            variant(bug)  # names a real variant
        first_line = (SUBMISSIONS / case / "engine.py").read_text().splitlines()[0]
        assert first_line.startswith("# style: "), case


@pytest.mark.parametrize("case", [c for c, bug in FIXTURE_BUGS.items() if bug is None])
def test_correct_fixture_matches_the_reference_everywhere(observed, case):
    _, fixture_observations = observed
    assert differing(fixture_observations(case)) == []


@pytest.mark.parametrize("case", [c for c, bug in FIXTURE_BUGS.items() if bug is not None])
def test_bug_fixture_differs_from_the_reference(observed, case):
    _, fixture_observations = observed
    assert differing(fixture_observations(case))


@pytest.mark.parametrize("case", [c for c, bug in FIXTURE_BUGS.items() if bug is not None])
def test_bug_fixture_goes_wrong_where_its_variant_does(observed, case):
    """The hand-written bug and the variant that should diagnose it share a failing expression.

    Not the same set: how an `=` or a missing visited set shows depends on the
    order a sort visits inputs in (the reference keeps them in a set), and an
    edge-list engine that writes `a - b` as one node walks a shallower graph.
    """
    variant_observations, fixture_observations = observed
    assert set(differing(fixture_observations(case))) & set(differing(variant_observations(FIXTURE_BUGS[case])))


# One backward pass on a fresh graph cannot tell these apart: walking the order
# forwards runs every rule before its `out.grad` has arrived, so only the
# output's own rule passes anything on, exactly as when it is the only one called.
INDISTINGUISHABLE = {frozenset({"forward-order", "self-only"})}


@pytest.mark.slow
def test_variants_are_told_apart_by_the_battery_except_known_pairs(observed):
    variant_observations, _ = observed
    seen = {v.name: variant_observations(v.name) for v in VARIANTS}
    alike = {
        frozenset({a.name, b.name})
        for i, a in enumerate(VARIANTS)
        for b in VARIANTS[i + 1 :]
        if all(same(x, y) for x, y in zip(seen[a.name], seen[b.name]))
    }
    assert alike == INDISTINGUISHABLE
