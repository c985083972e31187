"""A label's colon on grade serve's pages: a Chinese full-width colon takes no space before what follows it (the
gradebook read `01-mul-backward： <a …>`, the template's space), an English or Russian one its space. Failed before."""

import pytest
from fastapi.testclient import TestClient
from sign_in_support import open_link

from grader.serve.app import create_app
from grader.serve.pages import spaced

from .conftest import set_in_course


def _pages(course, lang):
    set_in_course(course, lang=f'"{lang}"')
    with TestClient(create_app(course, start_pool=False)) as client:
        svc = client.app.state.service
        pages = {}
        for name, path in (("instructor", "/instructor"), ("alice", "/")):
            signed = TestClient(client.app)
            assert open_link(signed, f"/login/{svc.link_for(name)}").status_code == 303
            pages[name] = signed.get(path).text
        return pages


@pytest.mark.parametrize("lang, exercise, upload", [
    ("zh", '<li>01-mul-backward：<a href="/instructor/report/01-mul-backward">',
     '<label>你的文件（.py、.ipynb 或 .zip）：<input type="file"'),
    ("ru", '<li>01-mul-backward: <a href="/instructor/report/01-mul-backward">',
     '<label>Ваш файл (.py, .ipynb или .zip): <input type="file"'),
    ("en", '<li>01-mul-backward: <a href="/instructor/report/01-mul-backward">',
     '<label>Your file (.py, .ipynb or .zip): <input type="file"')])
def test_a_labels_colon_takes_a_space_where_the_language_puts_one(course, lang, exercise, upload):
    pages = _pages(course, lang)
    assert exercise in pages["instructor"]
    assert upload in pages["alice"]


def test_spaced():
    assert [spaced(label) for label in ("a:", "a：", "a）")] == ["a: ", "a：", "a）"]
