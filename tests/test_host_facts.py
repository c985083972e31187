"""A sandbox trial's success is remembered for the boot (grader/sandbox/host_facts.py); nothing else is."""

import os

import pytest

from grader.sandbox import host_facts


@pytest.fixture
def folder(boot_folder):
    return boot_folder  # tests/conftest.py


def counting(result):
    calls = []

    def trial():
        calls.append(1)
        return result

    return trial, calls


def test_a_success_is_tried_once_and_remembered(folder):
    trial, calls = counting((True, [True, ""]))
    assert host_facts.remembered("bwrap-works", ["a"], trial) == [True, ""]
    assert host_facts.remembered("bwrap-works", ["a"], trial) == [True, ""]
    assert len(calls) == 1
    assert oct(folder.stat().st_mode & 0o777) == "0o700"


def test_other_arguments_are_another_trial(folder):
    trial, calls = counting((True, 1))
    host_facts.remembered("seccomp", ["a"], trial)
    host_facts.remembered("seccomp", ["b"], trial)
    host_facts.remembered("compiled", ["a"], trial)
    assert len(calls) == 3


def test_a_failure_is_tried_again_every_time(folder):
    trial, calls = counting((False, [False, "no user namespaces"]))
    assert host_facts.remembered("bwrap-works", ["a"], trial) == [False, "no user namespaces"]
    host_facts.remembered("bwrap-works", ["a"], trial)
    assert len(calls) == 2
    assert not list(folder.glob("*.json"))


def test_a_changed_program_is_a_new_trial(folder, tmp_path):
    bwrap = tmp_path / "bwrap"
    bwrap.write_text("one")
    trial, calls = counting((True, 1))
    host_facts.remembered("bwrap-features", [host_facts.program(bwrap)], trial)
    bwrap.write_text("a newer bubblewrap")
    host_facts.remembered("bwrap-features", [host_facts.program(bwrap)], trial)
    assert len(calls) == 2


def test_a_folder_others_can_write_is_not_used(folder):
    folder.mkdir(mode=0o700)
    os.chmod(folder, 0o777)
    trial, calls = counting((True, 1))
    host_facts.remembered("seccomp", ["a"], trial)
    host_facts.remembered("seccomp", ["a"], trial)
    assert len(calls) == 2 and not list(folder.iterdir())


def test_a_damaged_entry_is_tried_again(folder):
    trial, calls = counting((True, 7))
    host_facts.remembered("seccomp", ["a"], trial)
    (entry,) = folder.glob("seccomp-*.json")
    entry.write_text("{not json")
    assert host_facts.remembered("seccomp", ["a"], trial) == 7
    assert len(calls) == 2


def test_turned_off(folder, monkeypatch):
    monkeypatch.setenv("GRADE_HOST_FACTS", "0")
    trial, calls = counting((True, 1))
    host_facts.remembered("seccomp", ["a"], trial)
    host_facts.remembered("seccomp", ["a"], trial)
    assert len(calls) == 2 and not folder.exists()
