"""07-mlp-xor's training, as the probes run and watch it: the course's zero_grad(), the roles of a network's
parameters, and the network a student's train_xor trains (probes.py loads this file from beside itself; in the
sandbox it travels with probes.py, the suite's RUNNER_FILES).

The training tests judge what the network computes, in the grader, not what it answers: a probe reads the
network's weights and the roles they play (found here through the student's own forward pass), and the grader
computes the reference's MLP(2, [4, 1]) from them (session 27: an MLP that found the course's loops on the stack
answered XOR itself, and a train_xor returned a list of losses it made up).
"""

import contextlib
import math
import types

import probekit
from probekit import number, parameters

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]
HIDDEN, INPUTS = 4, 2  # MLP(2, [4, 1]): the reference's roles, in its parameters() order: per hidden neuron
ROLES = HIDDEN * (INPUTS + 1) + HIDDEN + 1  # its two weights and its bias, then the output's 4 weights and bias
_AT = (0.3, 0.7)  # the input the roles are read at: two different numbers, neither 0


def _set_all(params, values):
    for p, v in zip(params, values):
        p.data = v


def _clear(params):
    """Every gradient to 0 after the student's zero_grad() (charged by its own tests) in the course's loops; a `grad`
    that cannot be set (a read-only property) is left to that zero_grad(): nothing may fail a correct network."""
    for p in params:
        try:
            p.grad = 0
        except Exception:  # whatever the setter raises: the student's zero_grad() stands
            return


def _course_zero_grad(model, params):
    """The course's `model.zero_grad()` in the course's loops: the student's own, then every gradient 0 and every
    weight as it was before it. A zero_grad() that leaves gradients or changes the weights is charged by its own
    tests (parameters/zero-grad); the course's loops test the network and its backward(), so nothing of zero_grad()
    needs excusing there (session 27: a training test failing beside a zero_grad() that changed the weights was
    excused whatever made it fail, so a network that could not learn earned both loops by nudging its weights in
    zero_grad())."""
    weights = [p.data for p in params]
    model.zero_grad()
    _clear(params)
    for p, w in zip(params, weights):
        try:
            p.data = w
        except Exception:  # whatever the setter raises: the student's zero_grad() stands
            return


# -- the roles of the parameters -------------------------------------------------------------------------


def _roles(model, params):
    """For each of the reference's roles (ROLES, in its order), the index in `params` of the parameter that plays
    it in the student's MLP(2, [4, 1]), read through the student's forward pass at _AT with weights set here; None
    where the outputs are not those of an MLP of these parameters (a forward pass that is not the course's, or one
    that answers without computing). The weights are left as they were; the hidden neurons are numbered in the order
    of their output weights in `params`, so a network in the reference's order gets the identity."""
    if len(params) != ROLES:
        return None
    kept = [p.data for p in params]
    try:
        return _found_roles(lambda values: (_set_all(params, values), _output(model, _AT))[1])
    except (ArithmeticError, AttributeError, TypeError, ValueError, probekit.ObservationError):  # no MLP's output
        return None
    finally:
        _set_all(params, kept)


def _output(model, x):
    """The network's one output at x, a number: its Value, or the one Value of a list (forward/output-shapes charges
    that shape, not the training tests)."""
    out = model(list(x))
    items = probekit.as_plain(out, tuple)
    return number((items[0] if items is not None and len(items) == 1 else out).data, "output")


def _found_roles(out):
    n, same = ROLES, (lambda a, b: abs(a - b) <= 1e-9 * max(1.0, abs(b)))
    alone = [out([1.0 if j == i else 0.0 for j in range(n)]) for i in range(n)]  # only the output's bias shows
    bias = [i for i, y in enumerate(alone) if same(y, 1.0)]
    if len(bias) != 1 or any(not same(y, 0.0) for i, y in enumerate(alone) if i != bias[0]):
        return None
    c, full = bias[0], math.tanh(_AT[0] + _AT[1] + 1)  # every weight 1, the output's bias 0: 4 * tanh(2)
    ones = [0.0 if j == c else 1.0 for j in range(n)]
    kind = {}  # each other parameter set to 0: which of its neuron's terms it removes
    terms = {"v": 0.0, "w0": math.tanh(_AT[1] + 1), "w1": math.tanh(_AT[0] + 1), "b": math.tanh(_AT[0] + _AT[1])}
    for i in (j for j in range(n) if j != c):
        y = out([0.0 if j == i else v for j, v in enumerate(ones)])
        kind[i] = next((k for k, term in terms.items() if same(y, (HIDDEN - 1) * full + term)), None)
    groups = {k: [i for i in kind if kind[i] == k] for k in terms}
    if any(len(g) != HIDDEN for g in groups.values()):
        return None
    roles = []
    for v in groups["v"]:  # that output weight alone: the hidden parameters its neuron's output moves with
        base = [0.0 if (j == c or (kind[j] == "v" and j != v)) else 1.0 for j in range(n)]
        mine = {k: [i for i in groups[k] if not same(out([0.0 if j == i else x for j, x in enumerate(base)]), full)]
                for k in ("w0", "w1", "b")}
        if any(len(g) != 1 for g in mine.values()):
            return None
        roles += [mine["w0"][0], mine["w1"][0], mine["b"][0]]
    roles += groups["v"] + [c]
    return roles if sorted(roles) == list(range(n)) else None


def _reference_output(weights, x):
    """The reference's MLP(2, [4, 1]) with `weights` in its order of roles, at x, in plain floats: what the grader
    computes a network's outputs from (never run in the sandbox)."""
    hidden = [math.tanh(weights[3 * k] * x[0] + weights[3 * k + 1] * x[1] + weights[3 * k + 2]) for k in range(HIDDEN)]
    return sum(v * h for v, h in zip(weights[3 * HIDDEN:], hidden)) + weights[4 * HIDDEN]


def _reference_loss(weights):
    """The reference's MLP(2, [4, 1]) with `weights` (in its order of roles): its loss on XOR, the sum of squared
    errors, in plain floats (never run in the sandbox)."""
    return sum((_reference_output(weights, x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))


def _bias_places(nin, nouts):
    """Where the biases stand in MLP(nin, nouts).parameters(), in micrograd's order (layer by layer, each neuron's
    weights, then its bias)."""
    places, at = [], 0
    sizes = [nin, *nouts]
    for i in range(len(nouts)):
        for _ in range(sizes[i + 1]):
            at += sizes[i]
            places.append(at)
            at += 1
    return places


def _in_roles(params, roles):
    """The parameters' values in the reference's order of roles (in parameters() order where none were found)."""
    return [number(params[i].data, "weight") for i in (roles if roles is not None else range(len(params)))]


def _set_in_roles(params, roles, values):
    """Sets the reference's values of each role on the parameter that plays it (in parameters() order where no
    roles were found)."""
    for i, v in zip(roles if roles is not None else range(len(params)), values):
        params[i].data = v


# -- the network a train_xor trains --------------------------------------------------------------------------


@contextlib.contextmanager
def _networks_listed(nn, listed, watched=None):
    """Within it, every object of nn's classes whose parameters() is called from outside (not by another's
    parameters()) is added to `listed`: the update `for p in model.parameters()` and zero_grad() name the network
    train_xor trains, whatever class it is (an MLP, a Sequential of Layers). Each class's own parameters() is
    wrapped and put back after; one that cannot be wrapped notes nothing. `watched` (a _Course) notes what each
    call lists, and each network the outermost construction of such a class makes (`watched.created`: a train_xor
    that never lists its network while it trains has it listed at its first backward() call, _Course._unlisted)."""
    owners = []
    for c in list(vars(nn).values()):
        if isinstance(c, type) and callable(getattr(c, "parameters", None)):
            owners += [k for k in c.__mro__ if isinstance(k.__dict__.get("parameters"), types.FunctionType)
                       and k not in owners]
    depth, patched, made = [], [], []

    def wrap(kept):
        def parameters(self, *args, **kwargs):
            outermost = not depth
            if outermost:
                listed.append(self)
            depth.append(1)
            try:
                result = kept(self, *args, **kwargs)
            finally:
                depth.pop()
            return watched.note(self, result) if outermost and watched is not None else result
        return parameters

    def made_by(kept):
        def __init__(self, *args, **kwargs):
            outermost = not made
            made.append(1)
            try:
                kept(self, *args, **kwargs)
            finally:
                made.pop()
            if outermost and watched is not None:
                watched.created.append(self)
        return __init__

    # nn's classes with parameters(), whose outermost construction names a network train_xor may train: each class
    # of nn that has it, its own or a base's (session 33: an MLP whose parameters() is its abstract base's, built by
    # its own __init__, was not watched; its first course state was the one after the first move, and a network
    # squashed by tanh was charged by train/train-xor again)
    built = []
    try:
        for c in owners:
            kept = c.__dict__["parameters"]
            try:
                c.parameters = wrap(kept)
            except (AttributeError, TypeError):
                continue
            patched.append((c, kept))
        for c in [c for c in vars(nn).values() if isinstance(c, type) and callable(getattr(c, "parameters", None))
                  ] if watched else []:
            own = c.__dict__.get("__init__")
            if not isinstance(c.__init__, types.FunctionType):  # object's or a builtin base's (an MLP that is a
                continue  # tuple, made by __new__): called with the class's arguments, it would raise
            try:
                c.__init__ = made_by(c.__init__)
            except (AttributeError, TypeError):
                continue
            built.append((c, own))
        yield
    finally:
        for c, kept in patched:
            c.parameters = kept
        for c, own in reversed(built):
            setattr(c, "__init__", own) if own is not None else delattr(c, "__init__")


class _Course:
    """What train_xor's networks went through (session 28's red team: a train_xor that set hand-made weights that
    solve XOR, or a zero_grad() that swapped fresh Values holding them into the neurons, passed train/train-xor with
    a network that cannot learn): the Values each network of 17 parameters gave when first listed, and at each
    outermost backward() call the data of those Values. The grader replays the course's gradient descent from the
    weights of the first backward() call and holds the network to it (course.py's `on_course`). Not from the data
    at the first listing: a train_xor may list its network, then draw its weights (review 28: `for p in
    model.parameters(): p.data = rng.uniform(-1, 1)` on an MLP built with its default rng lost train/train-xor, the
    drawing taken for the first move)."""

    BACKWARDS = 1200  # backward() calls noted at most: the course's first MOVES steps, a backward() per example too
    NETWORKS = 8  # networks followed at most: the ones train_xor trains, not every one a student's code may list

    def __init__(self):
        self.first, self.states = [], []
        self.created, self.asked = [], []  # networks train_xor built; those step() listed itself

    def _unlisted(self):
        """A network train_xor built and has not listed by its first backward() call (a train_xor that zeroes and
        moves its weights layer by layer, `for p in layer.parameters()`, never calls the network's parameters():
        23/23 -> 20/23 "no MLP(2, [4, 1]) listed its parameters()", session 28): listed here, through its own
        parameters() (the wrapped one: it is then noted as if train_xor had listed it), once."""
        for model in self.created[:self.NETWORKS]:
            if not any(m is model for m, _ in self.first) and not any(m is model for m in self.asked):
                self.asked.append(model)
                try:
                    model.parameters()
                except Exception:  # noqa: BLE001 - the student's network: one that cannot list has no course
                    pass

    def note(self, model, result):
        """What parameters() returned, unchanged (an iterator is read here and handed on as one over its items)."""
        try:
            once = iter(result) is result
            items = list(result)
        except Exception:  # noqa: BLE001 - not a list of anything: the probes' own checks say so
            return result
        if len(items) == ROLES and len(self.first) < self.NETWORKS and not any(m is model for m, _ in self.first):
            self.first.append((model, items))
        return iter(items) if once else result

    def step(self):
        if not self.states:
            self._unlisted()
        if len(self.states) < self.BACKWARDS:
            self.states.append([[_datum(p) for p in items] for _, items in self.first])

    def weights(self, model, params, roles):
        """The network's weights in the reference's order of roles at the first backward() call after its first
        listing, after one move and after MOVES (the data at a backward() call that differ from the call before);
        [] where the parameters it ends with are not the Values it was first listed with."""
        j = next((j for j, (m, _) in enumerate(self.first) if m is model), None)
        if j is None or any(a is not b for a, b in zip(self.first[j][1], params)):
            return []
        order = list(roles if roles is not None else range(len(params)))
        states = []
        for state in self.states:
            w = [state[j][i] for i in order] if j < len(state) else [None]
            if None not in w and (not states or w != states[-1]):
                states.append(w)
            if len(states) > MOVES:
                break
        return [states[i] for i in (0, 1, MOVES) if i < len(states) and None not in states[i]]


MOVES = 50  # the course is replayed in the grader to this step: until ~100, every seed's is the same to 1e-12


def _datum(p):
    """p.data as a float where it is a plain number, else None."""
    try:
        data = p.data
    except Exception:  # noqa: BLE001 - the student's Value
        return None
    return float(data) if type(data) in (float, int) else None


def _trained(listed, watched=None):
    """The network train_xor trained (the last network of 17 parameters whose parameters() it called): its weights
    in the reference's roles and its outputs for the four XOR inputs through the student's forward pass; "network
    found" 0 where there is none; with `watched`, its weights along the way (_Course.weights)."""
    for model in reversed(listed):
        try:
            params = parameters(model, "the network train_xor trained")
        except probekit.ObservationError:
            continue
        if len(params) != ROLES:
            continue
        try:
            roles = _roles(model, params)
            outputs = [_output(model, x) for x in XOR_INPUTS]
            course = watched.weights(model, params, roles) if watched is not None else []
            return {"network found": 1.0, "roles found": float(roles is not None),
                    "trained weights": _in_roles(params, roles), "trained outputs": outputs,
                    "course weights": [[number(w, "weight") for w in ws] for ws in course]}
        except (ArithmeticError, AttributeError, TypeError, ValueError, probekit.ObservationError):
            # weights grown past a number, or outputs that are none: no MLP's outputs to compute
            return {"network found": 1.0, "roles found": 0.0, "trained weights": [], "trained outputs": [],
                    "course weights": []}
    return {"network found": 0.0, "roles found": 0.0, "trained weights": [], "trained outputs": [], "course weights": []}


# -- how train_xor's backward() calls are watched ------------------------------------------------------------


@contextlib.contextmanager
def _noting_backward(cls, noted, stale, watched=None):
    """Within it, the outermost `cls.backward()` call notes its node's data, and in `stale` whether its graph held a
    gradient already (one no zero_grad() cleared); `watched` (a _Course) notes the weights then. Where it cannot be
    patched, nothing is noted."""
    kept = next((k.__dict__["backward"] for k in cls.__mro__ if "backward" in k.__dict__), None)
    own, depth = "backward" in cls.__dict__, []

    def backward(node, *args, **kwargs):
        if not depth:
            try:
                noted.append(float(node.data))
            except Exception:  # noqa: BLE001 - the student's data: not a number, nothing to note
                noted.append(None)
            stale.append(_holds_gradient(node))
            if watched is not None:
                watched.step()
        depth.append(1)
        try:
            return kept(node, *args, **kwargs)
        finally:
            depth.pop()

    try:
        if isinstance(kept, types.FunctionType):  # a plain method, the class's own or inherited
            cls.backward = backward
    except (AttributeError, TypeError):
        kept = None
    try:
        yield
    finally:
        if isinstance(kept, types.FunctionType):
            setattr(cls, "backward", kept) if own else delattr(cls, "backward")


def _holds_gradient(root):
    """Whether some node of root's graph (through `_prev`) has a `grad` other than 0; False where it cannot tell.
    Run at each outermost backward() of train_xor's, it was a tenth of 07's worker (session 41): the walk's methods
    are bound once, each node's id() read once, and `grad` and `_prev` read as attributes (Python's specialised
    reads) where getattr() with a default was called, an AttributeError standing for the default as it did there
    (speed42: 24% fewer instructions a walk). The same nodes in the same order, each attribute read once: the same
    answer where a student's `grad`, `_prev`, `!=` or iteration raises on the way."""
    seen, todo = set(), [root]
    add, pop, extend = seen.add, todo.pop, todo.extend
    try:
        while todo:
            node = pop()
            if (key := id(node)) not in seen:
                add(key)
                try:
                    grad = node.grad
                except AttributeError:
                    grad = 0
                if grad != 0:
                    return True
                try:
                    prev = node._prev
                except AttributeError:
                    prev = ()
                extend(prev or ())
    except Exception:  # noqa: BLE001 - the student's engine: a graph it cannot walk holds nothing to read
        pass
    return False
