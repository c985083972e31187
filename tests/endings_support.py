"""The words of a row whose run was ended by grader/observe's ENDINGS, as the tests of many attacks assert them
(each written out: a test of the words must not read them from the code it tests)."""


def tampered(file: str) -> str:
    """What a row says when its worker's report broke the protocol (ENDINGS["protocol"]): what happened, in the
    student's terms, and what to do; the parser's reason is data (`refused`)."""
    return (f"{file} tampered with the grader's report channel (it wrote to, closed or replaced a file descriptor it "
            "did not open), so none of its observations are used: remove that code (`os.write`, `os.close` or "
            "`os.dup2` on a descriptor number, `/dev/fd/`, `/proc/self/fd/`); `print()` and the files your code "
            "opens itself are fine")


def refused(row: dict) -> str:
    """What the grader's parser refused in a tampered report (observe/protocol.py's words): the row's data, never
    in its sentence."""
    return row["message_data"]["params"]["detail"]


def exited(file: str, code) -> str:
    """What a row says when its file called sys.exit(CODE) while being imported (ENDINGS["exited"])."""
    return (f"{file} called sys.exit({code}) while being imported, so nothing of it could be tested: remove that call "
            "(or `exit()`, `quit()`, `raise SystemExit`), or put the code that runs the file as a script under "
            "`if __name__ == \"__main__\":`")


def died_importing(file: str, how: str) -> str:
    """What a row says when its worker died while importing FILE (ENDINGS["died-importing"]), HOW said by
    sandbox/pipes.signal_text."""
    return (f"the worker died while importing {file}: {how}; run {file} on its own to see why, and put what it does "
            "beyond defining its classes (training, large data, processes) under `if __name__ == \"__main__\":`")
