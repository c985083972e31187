"""sim27b's fresh honest controls (make.py) put into 03-tanh cohorts (the nineteenth, fourth 1, 4 and 7), read as
rescore.py reads (kept in BUILD/rescore-cache/): each pair's score and rank, TOPK when its rank is at most the class's
k (its copy pairs), and any pair of a control with another control or a member of the class in the top k (sim26bctl's
measure.py, on this folder's files).

    python bench/similarity/sim27bctl/measure.py
"""
import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("sim26bctl_measure", HERE.parent / "sim26bctl" / "measure.py")
measure = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(measure)

if __name__ == "__main__":
    print(f"pairs with a control in a top k: {measure.honest(HERE, 'sim27bctl')}")
