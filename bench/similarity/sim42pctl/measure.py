"""sim42p's fresh controls (honest/, copies/) put into sim41b2 (07-mlp-xor's nn.py, session 41's blind class, whose
public source is karpathy/micrograd's nn.py), read as rescore.py reads (kept in BUILD/rescore-cache/): three honest
students who each adapt micrograd's nn.py to the exercise's API in their own way (p1, p2; p3 renamed, reordered and
run through black, with the rng written as sim41b2's public copies write it), a plain public copier with code of his
own around the source (c1) and a level-2 copy of him (c1copy), labelled (two of p a hard negative, the copy in its
source's cluster). Its average precision with them, the copy pair's score and rank, the p pairs (TOPK when the rank
is at most k), and every pair with a control in the top k that is not a copy pair (controls.style_measure).

    python bench/similarity/sim42pctl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES = {"c1copy": ("c1", 2)}
COHORTS = ["sim41b2"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "p", "nn", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
