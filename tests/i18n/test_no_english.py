"""Every message of the grader's catalogs (test messages, grade check, the feedback pages, CI, Gradescope,
the notebooks' notes, the student-side diagnosis and hints, the class report), of the suites' (tests' docs,
probes' expressions, the messages a suite's own tests make) and of the named mistakes (`diagnose`), rendered
with sample parameters in Russian and Chinese, holds no English word outside code spans and identifiers
(docs/i18n.md)."""

import re

import pytest

from grader.i18n import fields, translator
from grader.i18n.catalogs import extracted

# Names that are the same in every language: tools, products, and code a sentence names without backticks.
NAMES = {"Jupyter", "JupyterLab", "Colab", "Python", "PyTorch", "bubblewrap", "micrograd", "VS", "Code", "backward",
         "Canvas", "Moodle", "Blackboard", "Gradescope",  # the LMSs whose exports are read (grader/load/exports.py)
         "grad", "tanh", "relu", "exp", "log", "Value", "PASS", "FAIL", "SKIP", "f", "h", "dL", "dL/dL", "XOR", "MLP",
         "TODO", "zero_grad", "int", "float", "loss", "CPU", "JSON",  # loss: a variable in the probes' expressions
         "gradcheck", "nonlin", "False", "True", "seed", "Dual", "Neuron", "Layer", "Module", "sin", "cos",  # the exercises' names
         "UTC",  # the zone grade serve's pages give every time in
         "LTI",  # the standard an LMS launches grade serve by (its refusals name it)
         "Windows", "PowerShell",  # what saves a file as UTF-16 (a UTF-16 file's refusal names them)
         "graphviz", "data"}  # the tool that draws a failing expression's graph; `data`, the attribute, as `grad`
WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def english_words(text: str) -> list[str]:
    """The English words of a text: outside `code spans`, and not an identifier (snake_case, a.b, call())."""
    # code spans, and a name quoted as a name («more ops», micrograd's own test)
    prose = re.sub(r"`[^`]*`|«[^»]*»|“[^”]*”|micrograd-grader", " ", text)  # the product's name too
    # keyword arguments (steps=300) and the lessons' notation for derivatives (a', a'b) are code
    prose = re.sub(r"\b\w+=|\b[a-z]'[a-z]*'?", " ", prose)
    words = []
    for token in re.findall(r"[\w.'()/*+-]+", prose):
        if re.search(r"[_.()/*+]|\d", token):  # x.grad, zero_grad, backward(), 1e-6, dy/dx: code
            continue
        words += [w for w in WORD.findall(token) if w not in NAMES]
    return words


def messages():
    for domain in ("grader", "suites", "diagnose"):
        for message in extracted(domain):
            if message.id:
                yield message.id


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_no_english_word_in_any_message(lang):
    t = translator(lang)
    found = {}
    for mid in messages():
        singular = mid if isinstance(mid, str) else mid[0]
        names = set().union(*map(fields, mid)) if isinstance(mid, tuple) else fields(mid)
        sample = {name: "⟦⟧" for name in names}  # a parameter: numbers, code, names, places, rendered apart
        if isinstance(mid, tuple):
            texts = [t._n(mid[0], mid[1], n, **{k: v for k, v in sample.items() if k != "n"}) for n in (1, 2, 5)]
        else:
            texts = [t._(singular, **sample)]
        for text in texts:
            words = english_words(text.replace("⟦⟧", " "))
            if words:
                found[singular[:60]] = words
    assert found == {}


def test_the_check_itself_sees_english():
    assert english_words("a.grad for y = a * a: expected 6.0, got 3.0") == ["for", "expected", "got"]
    assert english_words("ожидалось `x.grad` 6.0, `1 - t**2`, zero_grad() и backward()") == []
