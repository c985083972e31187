"""Session 18: a string trait was the string as written, so a starter's repr f-string restyled by a tool as
`.format` or `%` became a string of the student's own, shared by unrelated students the same tool restyled (six such
trios across the tuning classes, each weighed as three holders since scores.strings_held_by_three). A format
template is now read as its literal parts and holes (templates.format_template), as the structure reads the
three spellings as one: the restyled starter's string is the starter's, and a copy's message is its source's however
either formats it."""

from grader.similarity.cohort import read_document, starter_kgrams
from grader.similarity.traits import traits
from tests.similarity.test_rings import OTHERS, RING, STARTER as RINGS_STARTER

REPR = '    def __repr__(self):\n        return f"Value(data={self.data}, grad={self.grad})"\n'
STARTER = RINGS_STARTER.replace("    def tanh(self):", REPR + "\n    def tanh(self):")
STUB = "        raise NotImplementedError\n"
RESTYLED = {  # the starter's repr as a tool restyles it, each way
    "format": '        return "Value(data={}, grad={})".format(self.data, self.grad)\n',
    "printf": '        return "Value(data=%s, grad=%s)" % (self.data, self.grad)\n',
    "named": '        return "Value(data={data}, grad={0.grad})".format(self, data=self.data)\n',
}


def strings(document) -> set[str]:
    return {text for h in document.traits for kind, text in [document.trait_text[h]]
            if kind == "string" and text.startswith("value (")}


def test_a_template_is_its_literal_parts_and_holes_however_it_is_formatted():
    def template(source: str) -> str:
        return next(t for size, kind, t, _ in traits(f"x = {source}\n").values() if kind == "string")
    f_string = template('f"Value(data={self.data:.4f}, grad={self.grad!r})"')
    assert f_string == "value ( data = { self . data : . 4f } , grad = { self . grad ! r } )"
    assert template('"Value(data={:.4f}, grad={!r})".format(self.data, self.grad)') == f_string
    assert template('"Value(data=%.4f, grad=%r)" % (self.data, self.grad)') == f_string
    assert template("'Value(data=%(d).4f, grad=%(g)r)' % {'d': self.data, 'g': self.grad}") == f_string
    assert template('"Value(data={1:.4f}, grad={0!r})".format(self.grad, self.data)') == f_string
    assert template('"Value(data={0.data:.4f}, grad={g!r})".format(self, g=self.grad)') == f_string
    # a text no one formats, or formatted where the holes cannot be told, is its text as written
    assert template('"Value(data=%s, grad=%s)"') == "value ( data = % s , grad = % s )"
    assert template('"Value(data=%s, grad=%s)" % pair') == "value ( data = % s , grad = % s )"
    assert template('"Value(data={}, grad={})".format(*pair)') == "value ( data = { } , grad = { } )"
    assert template('"{} is 100%% Value(data=%s)" % x') == "{ } is 100 % value ( data = { x } )"


def test_two_students_restyling_the_starters_repr_gain_no_string_from_it():
    given = starter_kgrams({"engine.py": STARTER})
    for (way, line), fill in zip(RESTYLED.items(), [RING] + OTHERS):
        text = STARTER.replace(REPR.splitlines(True)[1], line).replace(STUB, fill)
        assert line in text
        assert not strings(read_document(way, {"engine.py": text}, given)), way
    # without the repr in the starter, the string would be the student's
    bare = starter_kgrams({"engine.py": RINGS_STARTER})
    text = STARTER.replace(REPR.splitlines(True)[1], RESTYLED["printf"]).replace(STUB, RING)
    assert strings(read_document("printf", {"engine.py": text}, bare))


def test_a_copys_own_message_spelled_another_way_still_matches():
    given = starter_kgrams({"engine.py": STARTER})
    message = 'raise TypeError(f"a Value cannot be raised to the power {other!r}, only to numbers")'
    spelled = {"f-string": message,
               "format": 'raise TypeError("a Value cannot be raised to the power {!r}, only to numbers".format(other))',
               "printf": 'raise TypeError("a Value cannot be raised to the power %r, only to numbers" % (other,))'}
    documents = []
    for way, line in spelled.items():
        method = ("\n    def __pow__(self, other):\n        if not isinstance(other, (int, float)):\n"
                  f"            {line}\n        return Value(self.data ** other, (self,), '**')\n")
        documents.append(read_document(way, {"engine.py": STARTER.replace(STUB, RING) + method}, given))
    held = [{d.trait_text[h] for h in d.traits if "power" in d.trait_text[h][1]} for d in documents]
    assert held[0] and held[0] == held[1] == held[2]
