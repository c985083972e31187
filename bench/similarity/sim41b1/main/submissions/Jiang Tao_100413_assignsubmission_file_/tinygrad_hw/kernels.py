"""Forward and derivative kernels keyed by name, the way numpy dispatches a ufunc by name."""

import math

FORWARD = {
    "add": lambda x, y: x + y,
    "multiply": lambda x, y: x * y,
    "power": lambda x, n: x ** n,
    "relu": lambda x: x if x > 0 else 0.0,
    "tanh": math.tanh,
    "exp": math.exp,
    "log": math.log,
}

# each: (input data..., output data) -> local derivative for every Value input
DERIVATIVE = {
    "add": lambda x, y, z: (1.0, 1.0),
    "multiply": lambda x, y, z: (y, x),
    "power": lambda x, n, z: (n * x ** (n - 1),),
    "relu": lambda x, z: (1.0 if x > 0 else 0.0,),
    "tanh": lambda x, z: (1.0 - z * z,),
    "exp": lambda x, z: (z,),
    "log": lambda x, z: (1.0 / x,),
}
