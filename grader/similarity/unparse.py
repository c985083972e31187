"""`unparse(node)`: Python 3.11's `ast.unparse`, whatever Python the grader runs on (3.10 to 3.13).

The method reads some of a file as text written back from its syntax tree:
each method's shape (traits.py: its assignments and returns, names read as
`v`), the course's canonical code written other ways (variants.py, whose
lines are then read as written) and what each statement reads and writes
(canonical.py). `ast.unparse` writes the same tree otherwise from one Python
to the next: 3.10 writes `(a, b) = c`, `for (k, v) in d:` and `lambda : 0`
where 3.11 writes `a, b = c`, `for k, v in d:` and `lambda: 0` (351 of 430
committed benchmark and fixture files were read otherwise on 3.10); 3.12 and
3.13 write an f-string with quotes in its expressions otherwise
(`f'{d['k']}'` for 3.11's `f"{d['k']}"`), and 3.11.2 one in which no quote
fits every part. The same submission must get the same record on every
Python (docs/similarity.md), so the method writes with this copy of 3.11.7's
unparser: on 3.11 it writes what `ast.unparse` writes, character for
character, so nothing of 3.11's readings moves (tests/similarity/test_unparse.py).

Copied from CPython 3.11.7's Lib/ast.py (`_Unparser`, `_Precedence`, the quote constants, `_INFSTR` and
`unparse`), under the PSF License Agreement (grader/data/licences/CPython.txt). Changes made to it:
- split in four modules for the grader's 400-line limit (tests/test_layering.py): the writer, its precedences and
  strings (unparse_writer.py), statements (unparse_statements.py), expressions (unparse_expressions.py), and
  `match` patterns and the class that puts them together (this module); `_Unparser` is `Unparser` here;
- `_Precedence` is a plain `IntEnum` (3.11's `enum._simple_enum` is not in 3.10): the same members and values;
- the node classes it names are imported from `ast`, not `_ast`;
- statements: the type parameters of 3.12 and 3.13 (`def f[T]()`, `type X = ...`) written as 3.13's Lib/ast.py
  writes them, with 3.13's defaults read only where the node has them (3.11 does not parse them at all).
"""

# Copied from CPython 3.11.7's Lib/ast.py (its unparser, `ast.unparse`): Copyright (c) 2001-2023 Python Software
# Foundation; All Rights Reserved. Used under the PSF License Agreement, whose text is grader/data/licences/CPython.txt.

from .unparse_expressions import Expressions
from .unparse_statements import Statements
from .unparse_writer import Writer, _Precedence


class Patterns:
    """`match` statements and their patterns."""

    def visit_Match(self, node):
        self.fill("match ")
        self.traverse(node.subject)
        with self.block():
            for case in node.cases:
                self.traverse(case)


    def visit_match_case(self, node):
        self.fill("case ")
        self.traverse(node.pattern)
        if node.guard:
            self.write(" if ")
            self.traverse(node.guard)
        with self.block():
            self.traverse(node.body)

    def visit_MatchValue(self, node):
        self.traverse(node.value)

    def visit_MatchSingleton(self, node):
        self._write_constant(node.value)

    def visit_MatchSequence(self, node):
        with self.delimit("[", "]"):
            self.interleave(
                lambda: self.write(", "), self.traverse, node.patterns
            )

    def visit_MatchStar(self, node):
        name = node.name
        if name is None:
            name = "_"
        self.write(f"*{name}")

    def visit_MatchMapping(self, node):
        def write_key_pattern_pair(pair):
            k, p = pair
            self.traverse(k)
            self.write(": ")
            self.traverse(p)

        with self.delimit("{", "}"):
            keys = node.keys
            self.interleave(
                lambda: self.write(", "),
                write_key_pattern_pair,
                zip(keys, node.patterns, strict=True),
            )
            rest = node.rest
            if rest is not None:
                if keys:
                    self.write(", ")
                self.write(f"**{rest}")

    def visit_MatchClass(self, node):
        self.set_precedence(_Precedence.ATOM, node.cls)
        self.traverse(node.cls)
        with self.delimit("(", ")"):
            patterns = node.patterns
            self.interleave(
                lambda: self.write(", "), self.traverse, patterns
            )
            attrs = node.kwd_attrs
            if attrs:
                def write_attr_pattern(pair):
                    attr, pattern = pair
                    self.write(f"{attr}=")
                    self.traverse(pattern)

                if patterns:
                    self.write(", ")
                self.interleave(
                    lambda: self.write(", "),
                    write_attr_pattern,
                    zip(attrs, node.kwd_patterns, strict=True),
                )

    def visit_MatchAs(self, node):
        name = node.name
        pattern = node.pattern
        if name is None:
            self.write("_")
        elif pattern is None:
            self.write(node.name)
        else:
            with self.require_parens(_Precedence.TEST, node):
                self.set_precedence(_Precedence.BOR, node.pattern)
                self.traverse(node.pattern)
                self.write(f" as {node.name}")

    def visit_MatchOr(self, node):
        with self.require_parens(_Precedence.BOR, node):
            self.set_precedence(_Precedence.BOR.next(), *node.patterns)
            self.interleave(lambda: self.write(" | "), self.traverse, node.patterns)


class Unparser(Patterns, Statements, Expressions, Writer):
    """3.11's `ast._Unparser`."""


def unparse(ast_obj):
    unparser = Unparser()
    return unparser.visit(ast_obj)
