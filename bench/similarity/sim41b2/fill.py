"""Puts a student's bodies into 07-mlp-xor's nn.py (starter/nn.py): filled(bodies, keep_todo) -> text.

A TODO there is `# TODO(07-mlp-xor): your code here` and `raise NotImplementedError("07-mlp-xor: write NAME")`
under it; the student's body NAME (dedented text) takes the raise's place, indented as the comment is; the comment
stays when KEEP_TODO is true."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

STARTER = Path(__file__).resolve().parent / "starter" / "nn.py"
TODO = re.compile(r"^(?P<indent> *)# TODO\(07-mlp-xor\): your code here\n(?P=indent)"
                  r"raise NotImplementedError\(\"07-mlp-xor: write (?P<name>[\w.]+)\"\)\n", re.M)
NAMES = ("Module.zero_grad", "Neuron.__init__", "Neuron.__call__", "Neuron.parameters", "Layer.__init__",
         "Layer.__call__", "Layer.parameters", "MLP.__init__", "MLP.__call__", "MLP.parameters", "train_xor")


def filled(bodies: dict[str, str], keep_todo: bool = False) -> str:
    assert set(bodies) == set(NAMES), set(NAMES) ^ set(bodies)

    def put(match: re.Match) -> str:
        body = textwrap.indent(textwrap.dedent(bodies[match["name"]]).strip("\n") + "\n", match["indent"])
        return (match.group(0).split("\n")[0] + "\n" if keep_todo else "") + body

    return TODO.sub(put, STARTER.read_text(encoding="utf-8"))
