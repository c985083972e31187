"""How many values a JSON text holds at most, found without parsing it: parsing is where the memory goes.

JSON's containers cost some 30 times their text as Python objects (1 MiB of `{"":{}}` is 33 MB), and a
notebook's nbformat copy several times more (a 16 MiB notebook of empty objects in an output: 3.2 GB of the
grader's memory and 15 s of its CPU, session 23). So a worker's report line (grader/observe/protocol.py) and a
submitted notebook (grader/load/notebooks.py) are counted here first: strings blanked out, then every
container and separator counted, in one linear pass at the regex engine's speed.
"""

import re

# every match succeeds where it starts: linear. Unrolled (a run of plain bytes, then an escape and its run, ...): the
# same matches as `"(?:[^"\\]|\\.?)*"?`, which took one step of the regex engine a byte (1.3 s of CPU for a
# notebook holding 12 MiB of output, read by every surface that loads it; 0.05 s unrolled; session 37)
JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.?[^"\\]*)*"?', re.DOTALL)


def separators(text: bytes) -> int:
    """1 + the commas, colons and opening brackets of `text`: its values, if it held no string."""
    return 1 + text.count(b",") + text.count(b":") + text.count(b"[") + text.count(b"{")


def values_in(text: bytes) -> int:
    """An upper bound of the values (keys, items, scalars, containers) a JSON text holds, without parsing it."""
    return separators(JSON_STRING.sub(b"s", text))
