"""The canonical texts' variants' k-grams kept across processes (grader/similarity/kept.py): a kept entry is read only
for the same text and the same grader, and what is read is what computing gives."""

import json

import pytest

from grader.similarity import kept
from grader.similarity.variants import _variant_kgrams, canonical_variants, starter_kgrams

TEXT = '''import math


class Value:
    def __init__(self, data, _children=()):
        self.data, self.grad, self._prev = data, 0.0, set(_children)

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,))
        def _backward():
            self.grad += (1 - t ** 2) * out.grad
        out._backward = _backward
        return out
'''


def _computed(text):
    return starter_kgrams(canonical_variants({"engine.py": text}))


def _failing():
    raise AssertionError("computed although a current entry is kept")


def test_a_kept_entry_is_what_computing_gives_and_is_read_without_computing(tmp_path):
    fresh = _computed(TEXT)
    assert fresh  # the text has variants (`out.data` for `t`, tanh through exp, its product swapped): something to keep
    assert kept.kept_kgrams("canonical variants", {"engine.py": TEXT}, lambda: _computed(TEXT), tmp_path) == fresh
    [entry] = tmp_path.iterdir()
    assert entry.stat().st_mode & 0o777 == 0o600
    assert entry.name == kept.entry_key("canonical variants", {"engine.py": TEXT}) + ".json"
    assert kept.kept_kgrams("canonical variants", {"engine.py": TEXT}, _failing, tmp_path) == fresh


def test_a_changed_text_is_computed_afresh_not_read_from_the_old_entry(tmp_path):
    kept.kept_kgrams("canonical variants", {"engine.py": TEXT}, lambda: _computed(TEXT), tmp_path)
    changed = TEXT.replace("(1 - t ** 2) * out.grad", "out.grad * (1 - t ** 2)")
    fresh = _computed(changed)
    assert fresh != _computed(TEXT)
    assert kept.kept_kgrams("canonical variants", {"engine.py": changed}, lambda: _computed(changed), tmp_path) == fresh
    assert len(list(tmp_path.iterdir())) == 2


def test_a_changed_grader_names_another_entry(tmp_path, monkeypatch):
    kept.kept_kgrams("canonical variants", {"engine.py": TEXT}, lambda: frozenset({1, 2}), tmp_path)
    monkeypatch.setattr(kept, "set_tag", lambda: "another grader's source")
    assert kept.kept_kgrams("canonical variants", {"engine.py": TEXT}, lambda: frozenset({3}), tmp_path) == {3}


@pytest.mark.parametrize("content", ["not json", '{"key": "another", "kgrams": [1]}', '{"kgrams": [1]}',
                                     '{"key": "KEY", "kgrams": ["1"]}', '{"key": "KEY", "kgrams": 1}', "[1, 2]"])
def test_an_entry_that_is_not_what_its_name_says_is_computed_afresh_and_written_again(tmp_path, content):
    key = kept.entry_key("canonical variants", {"engine.py": TEXT})
    path = tmp_path / f"{key}.json"
    path.write_text(content.replace("KEY", key), encoding="utf-8")
    assert kept.kept_kgrams("canonical variants", {"engine.py": TEXT}, lambda: frozenset({7, 5}), tmp_path) == {5, 7}
    assert json.loads(path.read_text(encoding="utf-8"))["kgrams"] == [5, 7]


def test_a_read_only_cache_folder_computes(tmp_path):
    folder = tmp_path / "a file, not a folder"
    folder.write_text("", encoding="utf-8")
    assert kept.kept_kgrams("canonical variants", {"engine.py": TEXT}, lambda: frozenset({4}), folder) == {4}


def test_the_variants_kgrams_are_kept_in_the_users_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _variant_kgrams.cache_clear()
    try:
        assert _variant_kgrams("engine.py", TEXT) == _computed(TEXT)
        key = kept.entry_key("canonical variants", {"engine.py": TEXT})
        assert [p.name for p in (tmp_path / "micrograd-grader").iterdir()] == [f"{key}.json"]
        assert (tmp_path / "micrograd-grader").stat().st_mode & 0o777 == 0o700  # the cache folder's mode (README)
    finally:
        _variant_kgrams.cache_clear()


def test_the_texts_own_kgrams_are_kept_too_and_are_what_computing_gives(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    from grader.similarity.variants import known_kgrams

    texts = {"micrograd.py": TEXT, "course reference/engine.py": TEXT.replace("1 - t ** 2", "1.0 - t * t")}
    public, _ = known_kgrams({"micrograd.py": texts["micrograd.py"]},
                             {"course reference/engine.py": texts["course reference/engine.py"]})
    assert public == starter_kgrams(texts)
    monkeypatch.setattr("grader.similarity.variants.starter_kgrams", lambda *a, **k: _failing())
    assert known_kgrams({"micrograd.py": texts["micrograd.py"]},
                        {"course reference/engine.py": texts["course reference/engine.py"]})[0] == public
