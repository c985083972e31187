"""What reading a file costs, cut where the reading stays the same (docs/similarity.md, Speed): the budget of work
decided as soon as it is sure to be spent, a text's tokens read once for its lexical units and its traits, its tree
parsed once for its traits and its meanings, a failed parse not repeated on the same text, a walrus looked for only
where `:=` is written. Each test holds the reading to what it was without the saving, and counts the saving."""

import ast
import base64

import pytest

from grader.similarity import documents, inline_helpers, meanings as meanings_module, normalise, plain_module, tokens, traits
from grader.similarity.cohort import read_document
from grader.similarity.normalise import Work, _lexical_units, _parse_repaired, read_source

from .test_similarity import engine

PLAIN = engine("general/correct-dict-writeback")
SMALL = "def f(a, b):\n    c = a + b * 2\n    return c\n\n" * 60  # about 4,000 units of work a copy
HELPERS = "".join(f"def g{i}(x):\n    return g{i - 1}(x) * g{i - 1}(x)\n" for i in range(1, 60))
CALLED_ONCE = "".join(f"def k{i}(x):\n    return x + {i}\n" for i in range(40)) + "class Value:\n    def f(self):\n" + \
    "".join(f"        self.d{i} = k{i}(self.data)\n" for i in range(40))
PACKED = f"import base64\nexec(base64.b64decode({base64.b64encode(SMALL.encode())!r}))\n"


def _spent_as_charged(monkeypatch):
    """Work.ahead charging nothing: the budget trips only where the work is spent, as before it was decided early."""
    monkeypatch.setattr(Work, "ahead", lambda self, units: None)


@pytest.mark.parametrize("text", [SMALL, HELPERS, CALLED_ONCE, PACKED, PLAIN])
@pytest.mark.parametrize("limit", [2_000, 6_000, 12_000, 30_000])
def test_the_budget_decided_early_reads_every_file_as_the_spent_budget_does(monkeypatch, text, limit):
    early = read_source(text, work=Work(limit))
    _spent_as_charged(monkeypatch)
    assert read_source(text, work=Work(limit)) == early


def test_a_file_sure_to_go_over_the_budget_stops_before_its_helpers_are_read(monkeypatch):
    made = []

    def counted(nodes):
        made.append(len(nodes))
        return inline_helpers.InlineHelpers(nodes)

    monkeypatch.setattr(normalise, "InlineHelpers", counted)
    # 4,561 nodes after 10,800 units of parsing and plain_names' 9,100: 15 units each
    early = read_source(SMALL * 4, work=Work(50_000))
    assert early.limits == [{"file": "engine.py", "what": "lexical", "why": "reading took over 50,000 units of work"}]
    assert made == []
    _spent_as_charged(monkeypatch)
    assert read_source(SMALL * 4, work=Work(50_000)) == early and made == [4561]


def test_a_file_within_the_budget_is_charged_what_it_spends_and_nothing_ahead():
    work = Work()
    read_source(PLAIN, work=work)
    charged = Work()
    charged.ahead = lambda units: None
    read_source(PLAIN, work=charged)
    assert work.spent == charged.spent and 0 < work.spent < normalise.WORK_LIMIT / 5


# Texts whose tokens end otherwise when they are cut after a line: a string, a bracket or a line continued past the
# cut, a dedent that matches nothing, \r line ends (not lines to io.StringIO), an f-string, a tab, a non-ASCII name
CUT = [
    'x = 1\ns = """a\nb\n"""\ny = 2\n',
    "xs = [\n1,\n2]\nz = xs\n",
    "a = 1 + \\\n2\nb = a\n",
    "if x:\n        y = 1\n    z = 2\nw = 3\n",
    "a = 1\r\nb = 2\rc = 3\n\nd = 4\n",
    'v = f"{a}\nb"\nu = f"{x!r:>{w}}"\nt = 1\n',
    "def f(a):\n\treturn a\nπ = 3.14\n",
    "def f(a):\n    return a +\n\ndef g(b):\n    return b\n",
]


@pytest.mark.parametrize("source", CUT)
def test_a_cut_texts_lexical_units_read_from_the_whole_texts_tokens_are_its_own(source):
    cuts = [i + 1 for i, c in enumerate(source) if c == "\n"]
    for shared in (False, True):
        for cut in cuts:
            text = source[:cut]
            if shared:
                with tokens.shared():
                    tokens.token_list(source)  # read first, as traits reads it
                    assert _lexical_units(text, "engine.py", source) == _lexical_units(text, "engine.py"), cut
            else:
                assert _lexical_units(text, "engine.py", source) == _lexical_units(text, "engine.py"), cut


def _count(monkeypatch, module, name, counts):
    real = getattr(module, name)

    def counted(*args, **kwargs):
        counts[name] = counts.get(name, 0) + 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)


def test_a_file_read_as_lexical_tokens_is_tokenized_once_for_its_units_and_its_traits(monkeypatch):
    text = "def f(a):\n    return a +\n" * 20
    alone = read_document("s", {"engine.py": text})
    counts = {}
    _count(monkeypatch, tokens, "python_tokens", counts)
    shared = read_document("s", {"engine.py": text})
    assert counts == {"python_tokens": 1} and shared == alone
    assert shared.limits[-1]["what"] == "lexical" and shared.traits


def test_a_file_is_parsed_once_for_its_traits_and_its_meanings(monkeypatch):
    bom = "\ufeff" + PLAIN
    alone = {name: read_document("s", {"engine.py": text}) for name, text in (("plain", PLAIN), ("bom", bom))}
    counts = {}
    for module in (normalise, traits, meanings_module):
        _count(monkeypatch, module, "parse", counts)
    assert read_document("s", {"engine.py": PLAIN}) == alone["plain"]
    assert counts == {"parse": 2}  # its units' tree, and the tree its traits and meanings read
    counts.clear()
    assert read_document("s", {"engine.py": bom}) == alone["bom"]  # meanings parses it with its mark, as written
    assert counts == {"parse": 3}
    assert documents.meanings(PLAIN) == meanings_module.meanings(
        PLAIN, tree=plain_module.plain_module(ast.parse(PLAIN), PLAIN)) != {}


@pytest.mark.parametrize("text, parses, read", [("x = 1 +", 2, "pass"), ("x = 1 +\n", 3, "pass"),
                                               ("x = 1 +\r\ny = 2", 3, "pass\ny = 2")])
def test_a_failed_parse_is_not_repeated_on_the_same_text(monkeypatch, text, parses, read):
    counts = {}
    _count(monkeypatch, normalise, "parse", counts)
    assert ast.dump(_parse_repaired(text)) == ast.dump(ast.parse(read))
    assert counts == {"parse": parses}


def test_a_walrus_is_looked_for_only_where_one_is_written(monkeypatch):
    counts = {}
    _count(monkeypatch, plain_module, "walrus_as_assignments", counts)
    walrus = "def f(xs):\n    if (n := len(xs)) > 1:\n        return n\n"
    plain = "def f(xs):\n    n = len(xs)\n    if n > 1:\n        return n\n"
    assert ast.dump(plain_module.plain_module(ast.parse(walrus), walrus)) == ast.dump(ast.parse(plain))
    assert ast.dump(plain_module.plain_module(ast.parse(plain), plain)) == ast.dump(ast.parse(plain))
    assert counts == {"walrus_as_assignments": 1}
