"""Opening a `grade serve` sign-in link as a person does: its page (a GET uses nothing up, sign_in.py), then its
button, a POST with the page's CSRF token and the cookie the page set."""

import re

import pytest

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


def open_link(client, path):
    """The answer to the link page's button, in a TestClient signed in as no one (or as the link's own person: then
    the GET's redirect, the link not used). `path` is `/login/TOKEN`."""
    page = client.get(path, follow_redirects=False)
    if page.status_code != 200:
        return page
    assert "signed in as" not in page.text, "open_link is for a browser signed in as no one (the switch page is not)"
    return client.post(path, data={"csrf": CSRF.search(page.text).group(1)}, follow_redirects=False)


def course_app(tmp_path, lang="en"):
    """`grade serve`'s app for a course of alice and mallory on 01-mul-backward, in `lang`; no grading pool."""
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from grader.serve.app import create_app
    from grader.serve.course import write_new

    folder = tmp_path / "course"
    write_new(folder, ["alice", "mallory"], ["01-mul-backward"])
    toml = folder / "course.toml"
    toml.write_text(re.sub(r'(?m)^lang = "en"', f'lang = "{lang}"', toml.read_text()))
    return create_app(folder, start_pool=False)


@pytest.fixture
def served(tmp_path):
    """(a browser over TLS, the course's Service) of course_app."""
    from fastapi.testclient import TestClient

    app = course_app(tmp_path)
    with TestClient(app, base_url="https://testserver") as client:
        yield client, app.state.service


def browser(client):
    """Another browser (no cookies) on `client`'s app, over TLS."""
    from fastapi.testclient import TestClient
    return TestClient(client.app, base_url="https://testserver")


def whose(client):
    """The name the home page says this browser is signed in as, or None."""
    found = re.search(r"signed in as (\w+)", client.get("/").text)
    return found and found.group(1)
