"""Probes of 11-fit-line: the student's mse, train_line and train_line_history.

The student's functions are reached through the modules: fit_line.py in a
folder, engine.py in a notebook (where every cell is one module). w and b
may come back as plain numbers or as the engine's Values; both are read as
numbers.
"""


import probekit
from probekit import module_of, number


def _plain(m, x, what):
    """A number, or the data of one of the engine's Values."""
    if isinstance(x, m.engine.Value):
        return number(x.data, f"{what}.data")
    return number(x, what)


def _trained(m, steps, learning_rate):
    call = f"train_line({steps}, {learning_rate})"
    got = module_of(m, "fit_line").train_line(steps, learning_rate)
    items = probekit.as_plain(got, tuple)
    if items is None or len(items) != 3:
        if items is None:
            raise probekit.ObservationError("{call} should return (w, b, final_loss); it returned a {type}",
                                            call=call, type=type(got).__name__)
        raise probekit.ObservationError("{call} should return (w, b, final_loss); it returned a {type} of {n}",
                                        call=call, type=type(got).__name__, n=len(items))
    w, b, final_loss = items
    return {"w": _plain(m, w, f"{call}'s w"), "b": _plain(m, b, f"{call}'s b"),
            "final_loss": _plain(m, final_loss, f"{call}'s final_loss")}


def _history(m, steps, learning_rate):
    call = f"train_line_history({steps}, {learning_rate})"
    got = module_of(m, "fit_line").train_line_history(steps, learning_rate)
    items = probekit.as_plain(got, tuple)
    if items is None or len(items) != 3:
        if items is None:
            raise probekit.ObservationError("{call} should return (w, b, losses); it returned a {type}", call=call,
                                            type=type(got).__name__)
        raise probekit.ObservationError("{call} should return (w, b, losses); it returned a {type} of {n}",
                                        call=call, type=type(got).__name__, n=len(items))
    w, b, losses = items
    plain = probekit.as_plain(losses, tuple)
    if plain is None:
        raise probekit.ObservationError("{call}'s losses is a {type}, not a list", call=call,
                                        type=type(losses).__name__)
    losses = plain
    return {"w": _plain(m, w, f"{call}'s w"), "b": _plain(m, b, f"{call}'s b"),
            "losses": [_plain(m, x, f"{call}'s losses[{i}]") for i, x in enumerate(losses)]}


def _loss_at(m, w0, b0, backward):
    V = m.engine.Value
    w, b = V(w0), V(b0)
    loss = module_of(m, "fit_line").mse(w, b)
    if not isinstance(loss, V):
        raise probekit.ObservationError("mse(w, b) returned a {type}, not a Value: build the loss from w and b, so "
                                        "that backward() can reach them", type=type(loss).__name__)
    out = {"loss": number(loss.data, "loss")}
    if backward:
        loss.backward()
        out.update({"dL/dw": number(w.grad, "w.grad"), "dL/db": number(b.grad, "b.grad")})
    return out


# -- the loss ---------------------------------------------------------------------------------------


@probekit.modules
def loss_at_start(m):
    """loss = mse(w, b) at the start, w = -1, b = 0, and its gradients after loss.backward()"""
    return _loss_at(m, -1.0, 0.0, backward=True)


@probekit.modules
def loss_elsewhere(m):
    """mse(w, b) on the line itself (w = 2, b = 1) and at w = 0.5, b = 1.5"""
    return {"on the line": _loss_at(m, 2.0, 1.0, backward=False)["loss"],
            "at w = 0.5, b = 1.5": _loss_at(m, 0.5, 1.5, backward=False)["loss"]}


# -- the training loop --------------------------------------------------------------------------------


@probekit.modules
def first_step(m):
    """train_line(1, 0.05): one step from w = -1, b = 0"""
    return _trained(m, 1, 0.05)


@probekit.modules
def second_step(m):
    """train_line(2, 0.05): two steps from w = -1, b = 0"""
    return _trained(m, 2, 0.05)


@probekit.modules
def thousand_steps(m):
    """train_line(1000, 0.05): 1,000 steps from w = -1, b = 0"""
    return _trained(m, 1000, 0.05)


@probekit.modules
def mid_course(m):
    """train_line(150, 0.05): 150 steps from w = -1, b = 0, halfway to the line"""
    # train/converges reads it beside the 1,000 steps: w and b there are y = 2x + 1's, which the exercise gives and
    # a train_line that returns them passes; here they are the course's own, which only a loop that runs gives
    return _trained(m, 150, 0.05)


@probekit.modules
def history_20(m):
    """train_line_history(20, 0.05): the losses of 20 steps at 0.05"""
    return _history(m, 20, 0.05)


@probekit.modules
def history_diverging(m):
    """train_line_history(30, 0.3): the losses of 30 steps at 0.3"""
    return _history(m, 30, 0.3)
