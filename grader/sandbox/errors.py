"""Why a sandbox refuses to start a worker."""


class Interrupted(Exception):
    """The batch was interrupted (Ctrl-C): no worker is started any more."""


class SandboxUnavailable(RuntimeError):
    """--require-sandbox was given and the full sandbox cannot be had here."""
