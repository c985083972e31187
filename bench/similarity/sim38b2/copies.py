"""sim38b2's hard-negative pairs, level 1-3 copies, public copies and every file's label (session 38, simw38). The
copiers' steps are sim38b1's (sim38b1/copier.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import students

HERE = Path(__file__).resolve().parent
_SPEC = importlib.util.spec_from_file_location("sim38b1_copier", HERE.parent / "sim38b1" / "copier.py")
c = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(c)

PUBLIC_FILE = HERE / "public" / "dual.py"
PUBLIC = "sim38b2/public/dual.py (a blog post's companion code, CC0; written for this class)"

HARD = {
    "s501": (students.LESSON, True, ""),
    "s502": (students.LESSON, False, "# 08 dual numbers -- Farah K., group 3\n"),
    "s503": (students.TA, False, ""),
    "s504": (students.TA, True, "# hand-in: Mikko\n"),
    "s505": (students.MIXED, False, ""),
    "s506": (students.MIXED, True, "# arithmetic as in the TA's post, the functions as in the lesson\n"),
}
HARD_KIND = {
    "s501": ("h1", "the lesson's code (materials/lesson) typed into the starter, TODO comments kept"),
    "s502": ("h1", "the lesson's code typed into the starter, a name comment at the top"),
    "s503": ("h2", "the TA's forum post (materials/ta-post): `a, da` / `b, db` unpacking in every method"),
    "s504": ("h2", "the TA's forum post, TODO comments kept, a name comment at the top"),
    "s505": ("h3", "the TA's arithmetic with the lesson's functions"),
    "s506": ("h3", "the TA's arithmetic with the lesson's functions, TODO comments kept, a comment saying so"),
}


_read = c.read


def _l3(text, names, order, to="'"):
    return c.level3(text, names, "Dual", order, to)


COPIES = {
    "s401": lambda f: _read(f, "s301"),
    "s402": lambda f: c.formfeed(_read(f, "s302"), "TODO(08-dual-numbers):"),
    "s403": lambda f: c.annotate(c.rename(_read(f, "s303"), {
        "primal": "val", "tangent": "tan", "rhs": "o", "seed": "start", "out": "res"})),
    "s404": lambda f: _l3(_read(f, "s303"), {"primal": "p", "tangent": "t_", "rhs": "right", "seed": "x0",
                                              "out": "y", "_lift": "_as_dual"},
                          ["sin", "cos", "exp", "log", "tanh", "relu", "__add__", "__mul__", "__truediv__",
                           "__pow__", "__rpow__", "__neg__"]),
    "s405": lambda f: c.packed(c.recomment(c.rename(_read(f, "s305"), {
        "val": "v", "der": "dv", "inv": "recip", "res": "out", "o": "rhs"}), {
        "summa": "addition", "produktregeln": "produkt", "a / b": "division via inversen",
        "naturliga": "ln", "derivatan": "relu: 0 for a <= 0"}), "# 08 -- Oskar\n"),
    "s406": lambda f: c.parens(_l3(_read(f, "s306"), {"RULES": "TABLE", "_rule": "_unary", "g": "fn", "dg": "dfn",
                                                       "y": "result", "name": "key"},
                                   ["__neg__", "__rpow__", "__pow__", "__truediv__", "__mul__", "__add__"], '"')),
    "s407": lambda f: "# Dual numbers (forward mode)\n" + _l3(_read(f, "s307"), {"d": "slope", "t": "th", "out": "y"},
                                                              ["relu", "tanh", "log", "exp", "cos", "sin", "__neg__",
                                                               "__rpow__", "__pow__"]),
}

BLOG_RENAMES = {
    "s603": {"lift": "promote", "other": "rhs", "power": "pw", "base": "c", "p": "k", "r": "root", "e": "ex"},
    "s605": {"lift": "_const", "other": "y", "power": "bp", "base": "b", "p": "n", "r": "s", "e": "ev", "t": "th"},
}


def _blog() -> str:
    return PUBLIC_FILE.read_text(encoding="utf-8")


def _under_docstring(starter: str) -> str:
    """The blog's file under the starter's module docstring, its header comments and demo block left out."""
    blog = _blog()
    body = blog[blog.index("import math"):blog.index('\n\nif __name__ == "__main__":')] + "\n"
    return starter[:starter.index("import math")] + body


def _blog_bodies() -> dict:
    """The blog's method bodies pasted into the starter's TODO slots (its lift inlined as the starter has none)."""
    lift = "other = other if isinstance(other, Dual) else Dual(other, 0.0)\n"
    return {
        "add": lift + "return Dual(self.value + other.value, self.deriv + other.deriv)",
        "mul": lift + "# (x + x'e)(y + y'e) = xy + (x'y + xy')e\n"
                      "return Dual(self.value * other.value, self.deriv * other.value + self.value * other.deriv)",
        "truediv": lift + "# the quotient rule falls out of multiplying by (y - y'e) / y**2\n"
                          "return Dual(self.value / other.value,\n"
                          "            (self.deriv * other.value - self.value * other.deriv) / (other.value * other.value))",
        "pow": "if isinstance(k, Dual):\n    # x ** y = exp(y log x)\n    return (k * self.log()).exp()\n"
               "return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
        "rpow": "# base ** (y + y'e) = base**y + base**y log(base) y' e\npower = c ** self.value\n"
                "return Dual(power, power * math.log(c) * self.deriv)",
        "neg": "return Dual(-self.value, -self.deriv)",
        "sin": "return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)",
        "cos": "return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)",
        "exp": "e = math.exp(self.value)\nreturn Dual(e, e * self.deriv)",
        "log": "return Dual(math.log(self.value), self.deriv / self.value)",
        "tanh": "t = math.tanh(self.value)\nreturn Dual(t, (1 - t * t) * self.deriv)",
        "relu": "if self.value > 0:\n    return Dual(self.value, self.deriv)\nreturn Dual(0.0, 0.0)",
        "derivative": "y = f(Dual(x, 1.0))\nreturn y.deriv if isinstance(y, Dual) else 0.0",
    }


def _filled(starter: str, spec: dict) -> str:
    import write  # noqa: PLC0415 - write imports this module
    return write.filled(starter, spec)


BLOG_ORDER = ["__repr__", "__mul__", "__add__", "relu", "tanh", "sqrt", "log", "exp", "cos", "sin", "__init__",
              "__truediv__", "__sub__", "__pow__", "__rpow__", "__neg__"]

PUBLIC_COPIES = {
    "s601": lambda starter: _blog(),
    "s602": lambda starter: _under_docstring(starter),
    "s603": lambda starter: c.recomment(c.rename(_blog(), BLOG_RENAMES["s603"]), {
        "dual.py": "", "Companion": "", "Released": "", "numbers are constants": "a plain number is a constant",
        "the four rules": "arithmetic", "the quotient rule": "quotient rule",
        "elementary functions": "functions: chain rule"}),
    "s604": lambda starter: _filled(starter, {"bodies": _blog_bodies()}),
    "s605": lambda starter: _l3(c.drop_comments(_under_docstring(starter)), BLOG_RENAMES["s605"], BLOG_ORDER, "'"),
}
PUBLIC_KIND = {
    "s601": (1, "the blog's dual.py handed in as it is (its header comments, CC0 line and demo included)"),
    "s602": (1, "the blog's code pasted under the starter's module docstring, its header comments and demo left out"),
    "s603": (2, "the blog's file renamed (lift->promote, other->rhs, power->pw, base->c, p->k, ...), its header "
                "dropped, comments rewritten"),
    "s604": (2, "the blog's method bodies pasted into the starter's TODO slots (its lift inlined), the starter kept"),
    "s605": (3, "as s602, renamed (lift->_const, other->y, ...), comments dropped, methods reordered (repr and the "
                "functions first), single quotes"),
}

HAND = {
    "s209": "independent: Noah, from scratch: a frozen dataclass Dual, every operation a new instance, module-level "
            "sin/cos/... functions that the methods call",
    "s216": "independent: Zainab, from scratch: __slots__, `__iter__` so that `a, da = x` unpacks, a `lifted` "
            "decorator that turns the other operand into a Dual",
    "s223": "independent: Pierre, from scratch, French comments: the pair kept as a tuple `self.p`, value and deriv "
            "as properties over it",
    "s230": "independent: Aditi, from scratch: the functions built by a loop over a table with setattr, a generic "
            "`_fn` factory",
}
SOURCE_OF = {
    "s401": ("c1", "s301", 1, "Elena's file handed in by Sam as it is"),
    "s402": ("c2", "s302", 1, "Tomasz's file verbatim with a form feed inside the first `# TODO(08-dual-numbers)` "
                              "comment (copier.formfeed)"),
    "s403": ("c3", "s303", 2, "Ayesha's file by Dana: renamed (primal->val, tangent->tan, rhs->o, seed->start, "
                              "out->res), then `: float` on every one-name assignment (copier.annotate)"),
    "s404": ("c3", "s303", 3, "Ayesha's file by Rex, who never saw Dana's: renamed (primal->p, tangent->t_, "
                              "_lift->_as_dual, ...), comments dropped, the functions moved before the arithmetic, "
                              "single quotes"),
    "s405": ("c4", "s305", 2, "Björn's file by Oskar: renamed (val->v, der->dv, inv->recip, o->rhs, ...), the "
                              "Swedish comments rewritten, then packed with zlib + base64 and run with exec "
                              "(copier.packed)"),
    "s406": ("c5", "s306", 3, "Priya's file by Lars: renamed (RULES->TABLE, _rule->_unary, g->fn, dg->dfn, ...), "
                              "comments dropped, the arithmetic reversed, double quotes, then `; ()` after every "
                              "statement (copier.parens)"),
    "s407": ("c6", "s307", 3, "Giulia's file by Tariq: renamed (d->slope, t->th, out->y), comments dropped, the "
                              "methods reordered (relu first), single quotes, a comment line at the top"),
    "s408": ("c7", "s308", 4, "Hana's dual rebuilt by Viktor with an LLM's help: a truncated Taylor series (a list "
                              "of coefficients [a0, a1]) with generic series arithmetic, Dual a thin class over it; "
                              "her guard and repr kept"),
    "s409": ("c8", "s309", 4, "Ngozi's file rebuilt by Ezra: the starter's docstring kept, no methods written one by "
                              "one: a Dual subclass of a `Jet` base where a class decorator attaches every function "
                              "from a dict of (g, g') and the arithmetic from a dict of pair rules"),
}
EVASIONS = {"s402": "form feed in a comment", "s403": "annotation on every assignment",
            "s406": "() after every statement", "s405": "zlib+base64 and exec"}
SOURCE_PEOPLE = {"s308": "source: from scratch: Hana: a Dual with value/deriv, `_coerce` with a TypeError, every "
                         "rule written out with its derivation in a comment, derivative with a seed argument"}


def labels() -> dict:
    sources = {name: "source: " + spec["kind"] + " (starter filled)" for name, spec in students.SOURCES.items()}
    return c.labels(students.FILES, HAND, HARD_KIND, SOURCE_OF, EVASIONS, {**sources, **SOURCE_PEOPLE}, PUBLIC_KIND,
                    PUBLIC)
