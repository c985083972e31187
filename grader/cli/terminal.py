"""What the commands print on the terminal: the progress bar, the table of scores, the grader's own errors."""

import sys
import threading
import time

import click

from ..student_text import id_marks, printable


class Progress:
    """A one-line progress bar on a terminal: how many are done, an estimate of the time left, and
    which submissions the batch is still waiting for.

    The estimate is the time per freshly observed submission so far (cached ones are instant and
    say nothing of the rest) times the submissions left, counted down between two finished ones.
    When the count-down runs out while submissions are still running (one that never terminates
    takes its whole time limit), the line says so instead of `0 s left`: which submissions it
    waits for, and how long since the last one finished. It is redrawn every second.
    """

    WIDTH = 90

    def __init__(self, stream=sys.stderr, clock=time.monotonic, tick=1.0):
        self.stream = stream
        self.live = stream.isatty()
        self.clock, self.tick = clock, tick
        self.total = self.done = self.observed = 0
        self.pending = {}  # id -> None, in the order the batch hands them out: the first are running
        self.started = self.last = clock()
        self.estimate = None  # seconds left as estimated when the last submission finished
        self._lock = threading.Lock()
        self._writing = threading.Lock()  # the ticker and the batch's threads both draw
        self._stop = threading.Event()
        self._ticker = None

    def start(self, total, rejected, pending=()):
        with self._lock:
            self.total, self.done = total, rejected
            self.pending = dict.fromkeys(pending)
            self.started = self.last = self.clock()
        self._draw()
        if self.live and self.total and self.tick:
            self._ticker = threading.Thread(target=self._redraw_every_tick, daemon=True)
            self._ticker.start()

    def advance(self, submission, run, cached):
        with self._lock:
            self.done += 1
            self.pending.pop(submission.id, None)
            now = self.clock()
            if not cached:
                self.observed += 1
            if self.observed:
                left = self.total - self.done
                self.estimate = (now - self.started) / self.observed * left
            self.last = now
        self._draw()

    def line(self):
        """The progress line as it reads now."""
        with self._lock:
            now = self.clock()
            share = self.done / self.total if self.total else 1.0
            width = 30
            bar = "█" * int(share * width) + "·" * (width - int(share * width))
            waiting = list(self.pending)
            names = ", ".join(printable(i, one_line=True)[:20] for i in waiting[:2])
            names += f" +{len(waiting) - 2}" if len(waiting) > 2 else ""
            since = now - self.last
            if self.estimate is None:
                when = "…"
            elif self.estimate - since >= 0.5 or not waiting:
                when = f"about {self.estimate - since:.0f} s left"
            else:  # the estimate ran out: no made-up number
                when = f"{since:.0f} s since the last finished"
            text = f"{bar} {self.done}/{self.total}  {when}"
            if waiting:
                text += f"  waiting for {names}"
            return text[:self.WIDTH]

    def _draw(self):
        if not self.live or not self.total:
            return
        with self._writing:
            if not self._stop.is_set():
                self.stream.write(f"\r{self.line():<{self.WIDTH}}")
                self.stream.flush()

    def _redraw_every_tick(self):
        while not self._stop.wait(self.tick):
            self._draw()

    def finish(self):
        self._stop.set()
        if self._ticker:
            self._ticker.join()
        if self.live and self.total:
            with self._writing:
                self.stream.write("\r" + " " * self.WIDTH + "\r")
                self.stream.flush()


def first_failure(row):
    """The first test that went wrong; a test skipped with points only when none did."""
    went_wrong = [t for t in row["tests"] if t["status"] not in ("passed", "skipped")]
    skipped = [t for t in row["tests"] if t["status"] == "skipped" and t["max_score"] > 0]
    for test in went_wrong[:1] or skipped[:1]:
        return f"{test['name']}: {test['output']}"
    return row.get("message") or ""


def print_table(record, width=None):
    width = width or 100
    rows = record["submissions"]
    # Ids and messages come from submissions: shown through the one sanitiser, on one line each.
    shown_ids = [printable(r["id"], one_line=True) for r in rows]
    id_width = max([len("id")] + [len(shown) for shown in shown_ids])
    id_width = min(id_width, 24)
    # ids that look alike, each graded (`Вера` beside `Bepa`): a column of what tells each apart, its own, so that no
    # id (a file named `Bepa [Cyrillic].py`) can read as another's id and mark
    marks = id_marks(rows)
    mark_width = max([len(LETTERS)] + [len(printable(m, one_line=True)) for m in marks.values()]) if marks else 0
    click.echo(f"{'id':<{id_width}}  {_mark_cell(LETTERS, mark_width)}{'status':<8}  {'score':>11}  first failing test")
    width -= mark_width + 2 * bool(marks)
    for r, shown_id in zip(rows, shown_ids):
        score = f"{r['score']:g}/{r['max_score']:g}"
        note = first_failure(r) if r["status"] != "rejected" else (r.get("message") or "")
        room = max(width - id_width - 27, 20)
        note = printable(note.replace("\r\n", " ").replace("\n", " "), one_line=True)
        if len(note) > room:
            note = note[: room - 1] + "…"
        mark = _mark_cell(printable(marks.get(r["id"], ""), one_line=True), mark_width)
        click.echo(f"{shown_id[:id_width]:<{id_width}}  {mark}{r['status']:<8}  {score:>11}  {note}")


LETTERS = "letters"  # the table's column of marks (student_text.id_marks), where a class has ids that look alike


def _mark_cell(text: str, width: int) -> str:
    return f"{text:<{width}}  " if width else ""


def report_grader_errors(errors, log_path=None):
    """Say that the grader failed on some submissions; the tracebacks go to `log_path` (or stderr)."""
    if not errors:
        return
    from ..private_files import write_text_atomically

    details = "".join(f"== {e['id']!r}: grader error while {e['stage']}\n{e['detail'].rstrip()}\n\n" for e in errors)
    if log_path:
        write_text_atomically(log_path, details)
    else:
        click.echo(details, err=True, nl=False)
    ids = ", ".join(printable(repr(e["id"]), one_line=True) for e in errors)
    click.secho(f"warning: the grader failed on {len(errors)} submission{'s' * (len(errors) != 1)} ({ids}): "
                f"{'their rows say' if len(errors) != 1 else 'its row says'} \"grader error\"; "
                f"the details are in {log_path or 'the lines above'}. Please report it.", fg="yellow", err=True)
