"""The fleet's secrets: the queue's password and the key that signs every result, never on a command line.

Redis is a trust boundary: whoever can write to it can rewrite a queued job or
a finished result. A job is protected by its content (its id is the hash of
its files, checked by the worker: payload.py); a result by an HMAC-SHA256,
made by the worker with the fleet's key over the job's key and the result, and
verified by the submitting `grade` before anything of it is judged or cached.

The key comes from the environment (`GRADE_FLEET_KEY`, the same on the
submitting machine and every worker), is taken out of it as soon as it is read
(no process the grader starts inherits it), and is never written anywhere.
The queue's password likewise: in the URL held by `$GRADE_QUEUE`, or in
`$GRADE_QUEUE_PASSWORD` beside a URL without one; a URL with a password on a
command line is refused (every process of the machine can read a command
line: /proc/PID/cmdline). A grading process also makes itself non-dumpable
(`PR_SET_DUMPABLE` 0), so that a process of the same user (a submission on a
worker without the full sandbox) cannot read its memory or its environment
through /proc. See docs/security.md for what this does not defend.
"""

import ctypes
import ctypes.util
import hashlib
import hmac
import json
import os
from urllib.parse import quote, urlsplit, urlunsplit

KEY_VARIABLE = "GRADE_FLEET_KEY"
PASSWORD_VARIABLE = "GRADE_QUEUE_PASSWORD"
MIN_KEY_CHARACTERS = 32
_taken = {}  # variable -> its value, once taken out of the environment


class Unauthenticated(ValueError):
    """A result whose signature is not the fleet key's for its job: forged, or for another job."""


def _take(variable):
    if variable not in _taken:
        _taken[variable] = os.environ.pop(variable, None)
    return _taken[variable]


def fleet_key():
    """The fleet's key, as bytes; ValueError saying what to do when it is missing or short."""
    text = _take(KEY_VARIABLE)
    if not text:
        raise ValueError(f"the fleet needs a key that signs every result: set ${KEY_VARIABLE} to the same "
                         f"secret on the submitting machine and on every worker (make one with "
                         f"`python3 -c 'import secrets; print(secrets.token_hex(32))'`; see docs/scaling.md)")
    if len(text) < MIN_KEY_CHARACTERS:
        raise ValueError(f"${KEY_VARIABLE} holds {len(text)} characters; a key of at least {MIN_KEY_CHARACTERS} "
                         f"is needed (`python3 -c 'import secrets; print(secrets.token_hex(32))'`)")
    return text.encode()


def _canonical(result):
    body = {name: value for name, value in result.items() if name != "mac"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def sign(key, job_key, result):
    """The HMAC of `result` (all but its `mac`) for the job whose key is `job_key`."""
    return hmac.new(key, b"grade-result\0" + job_key.encode() + b"\0" + _canonical(result), hashlib.sha256).hexdigest()


def verify(key, job_key, result):
    mac = result.get("mac")
    if not isinstance(mac, str) or not hmac.compare_digest(mac, sign(key, job_key, result)):
        raise Unauthenticated("its signature is not the fleet key's for this job: the result was forged or "
                              "rewritten in Redis, or the worker has another GRADE_FLEET_KEY")


def password_on_command_line(url):
    """Why `url`, given on a command line, must not be used there; None when it holds no password."""
    if urlsplit(url).password is None:
        return None
    return (f"the queue's URL holds a password, and a command line can be read by every process on this machine "
            f"(ps, /proc/PID/cmdline), a submission's too: give the URL without it and put the password in "
            f"${PASSWORD_VARIABLE} (or the whole URL in $GRADE_QUEUE, for `grade worker`)")


def with_password(url):
    """`url` with the password of $GRADE_QUEUE_PASSWORD, when it has none of its own."""
    password = _take(PASSWORD_VARIABLE)
    parts = urlsplit(url)
    if not password or parts.password is not None or not parts.hostname:
        return url
    netloc = f"{quote(parts.username or '', safe='')}:{quote(password, safe='')}@{parts.netloc.rpartition('@')[2]}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def not_dumpable():
    """Make this process (and the children it forks, until they exec) unreadable through /proc and ptrace by
    other processes of the same user: PR_SET_DUMPABLE 0. Best effort: nothing happens off Linux."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE
    except (OSError, AttributeError):
        pass


def die_with_parent(parent_pid):
    """SIGKILL this process when its parent dies (PR_SET_PDEATHSIG); exit at once if it already has."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG, SIGKILL
    except (OSError, AttributeError):
        return
    if os.getppid() != parent_pid:  # the parent died before the signal was asked for
        os._exit(1)
