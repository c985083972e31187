"""The judge's outcomes of a batch's runs, as the pipeline takes them (grader/pipeline.py): a failure of the grader
kept to the rows it fails on, and, for the grade of record, each test judged at the drawn inputs too
(judge/drawn.py)."""

from __future__ import annotations

import traceback

from .judge.drawn import drawn_view, of_record
from .observe import grader_error_run
from .suites import SuiteError


def judge(suite, runs, **kwargs):
    """grader.judge.plugin.judge, imported when a batch is first judged: pytest and its plugins take a tenth of a
    second to import, which a check whose verdicts are kept (grader/verdicts.py) never needs."""
    from .judge.plugin import judge as judge_with_pytest

    return judge_with_pytest(suite, runs, **kwargs)


def _contained(suite, runs, settings, expectations, so_far=None, draws=None):
    """The judge's outcomes, with a failure of the grader on some runs kept to those runs' rows.

    The judge runs the whole batch at once. When that raises (and not because the suite is
    broken, which is every submission's problem: SuiteError), the batch is halved until the
    runs it fails on are found; each of those becomes a `crashed` run saying "grader error"
    (its traceback in the run log), and is judged as such.
    """
    def judged(part):
        try:
            return judge(suite, part, torch=settings.torch, expectations=expectations, tests=settings.tests,
                         so_far=so_far, draws=draws)
        except SuiteError:
            raise
        except Exception:
            if len(part) == 1:
                (sid, run), = part.items()
                runs[sid] = grader_error_run(sid, "judging it", traceback.format_exc())
                return judge(suite, {sid: runs[sid]}, torch=settings.torch, expectations=expectations,
                             tests=settings.tests, so_far=so_far, draws=draws)
            ids = sorted(part)
            half = len(ids) // 2
            return {**judged({sid: part[sid] for sid in ids[:half]}),
                    **judged({sid: part[sid] for sid in ids[half:]})}

    return judged(dict(runs))


def judge_contained(suite, runs, settings, expectations, so_far=None):
    """_contained's outcomes; with the suite's draws (the grade of record), each test's outcome of record from its
    judging on the fixed observations and on the drawn ones (judge/drawn.of_record), the latter in a session of
    its own (its expected values are each draw's, never grouped with the fixed ones')."""
    fixed = _contained(suite, runs, settings, expectations, so_far)
    view = drawn_view(runs) if suite.draws is not None else {}
    if not view:
        return fixed
    return of_record(fixed, _contained(suite, view, settings, expectations, draws=suite.draws))
