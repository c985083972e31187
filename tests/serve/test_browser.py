"""The pages in a real browser: Debian's chromium driven by chromedriver through Selenium, against `grade serve`.

A student signs in by their link, uploads a buggy engine, sees the score and
the diagnosis, fixes it and sees full marks; the instructor sees both attempts.
Each page's screenshot is saved in the test's folder (and in $SERVE_SCREENSHOTS
when set, to look at).
"""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import OWN_VALUE, REFERENCE, set_in_course
from .server import running_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER), reason="Debian's chromium and chromium-driver")]
HEADLESS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--window-size=1200,1400")


@pytest.fixture
def browser():
    webdriver = pytest.importorskip("selenium.webdriver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in HEADLESS:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


# How long a page may take to show what it waits for: a student's first grading includes the grading worker's
# start (its sandbox's trials, the reference's probes); at load 30 on 2 cores one took 115 s from upload to
# graded (its job done on its first try, nothing lost), over the 90 s this waited before. A page that has not
# shown it in 5 minutes is hung, as a server that has not answered (server.READY_SECONDS).
PAGE_SECONDS = 300


def wait_for(driver, css, timeout=PAGE_SECONDS):
    from selenium.webdriver.common.by import By
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = driver.find_elements(By.CSS_SELECTOR, css)
        if found:
            return found[0]
        time.sleep(0.2)
    raise AssertionError(f"{css} did not appear within {timeout} s; the page says:\n{driver.find_element(By.TAG_NAME, 'body').text}")


def shoot(driver, folder, name):
    path = Path(folder) / f"{name}.png"
    driver.save_screenshot(str(path))
    if os.environ.get("SERVE_SCREENSHOTS"):
        Path(os.environ["SERVE_SCREENSHOTS"]).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(os.environ["SERVE_SCREENSHOTS"]) / path.name)
    assert path.stat().st_size > 10_000  # a page was drawn, not a blank


def sign_in(driver, link):
    """Opens a sign-in link and presses its page's button, as a student does (a GET alone uses nothing up)."""
    from selenium.webdriver.common.by import By

    driver.get(link)
    wait_for(driver, "main form button").click()


def upload(driver, tmp_path, name, code):
    from selenium.webdriver.common.by import By
    path = tmp_path / name
    path.write_text(code)
    form = driver.find_element(By.CSS_SELECTOR, "#exercise-engine form")
    form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(path))
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def test_a_student_fixes_their_engine_and_the_instructor_sees_both_attempts(tmp_path, browser):
    from selenium.webdriver.common.by import By

    from grader.serve.course import write_new
    folder = tmp_path / "course"
    write_new(folder, ["alice", "bob"], ["engine"])
    set_in_course(folder, cooldown_seconds=0)
    with running_server(folder, workers=1) as (base, links):
        sign_in(browser, links["bob"])
        wait_for(browser, "#exercise-engine")
        assert "10 left" in browser.find_element(By.CSS_SELECTOR, "#exercise-engine .attempts").text
        shoot(browser, tmp_path, "1-student-home")

        upload(browser, tmp_path, "engine.py", OWN_VALUE)
        final = wait_for(browser, "#final")
        shoot(browser, tmp_path, "2-feedback-buggy")
        status = final.find_element(By.CSS_SELECTOR, "p.status").text
        assert "graded" in status and "/ 63" in status and "63 / 63" not in status
        diagnosis = browser.find_element(By.CSS_SELECTOR, "#diagnosis").text
        assert "What went wrong" in diagnosis and "self.data" in diagnosis
        # the smallest failing expression, drawn as `grade run`'s feedback pages draw it (graphviz's SVG)
        graph = browser.find_element(By.CSS_SELECTOR, "#diagnosis figure.graph svg")
        assert graph.is_displayed() and graph.size["width"] > 100 and graph.size["height"] > 50
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", graph)
        shoot(browser, tmp_path, "2b-feedback-graph")

        browser.get(base + "/")
        assert "9 left" in browser.find_element(By.CSS_SELECTOR, "#exercise-engine .attempts").text
        upload(browser, tmp_path, "engine.py", REFERENCE)
        final = wait_for(browser, "#final")
        assert "63 / 63" in final.find_element(By.CSS_SELECTOR, "p.status").text
        assert not browser.find_elements(By.CSS_SELECTOR, "#diagnosis")
        history = browser.find_elements(By.CSS_SELECTOR, "table.history tr")
        assert len(history) == 3  # a header and both attempts
        shoot(browser, tmp_path, "3-feedback-fixed")

        browser.delete_all_cookies()
        sign_in(browser, links["instructor"])
        book = wait_for(browser, "table.gradebook")
        rows = {r.find_elements(By.TAG_NAME, "td")[0].text: r.text
                for r in book.find_elements(By.TAG_NAME, "tr")[1:]}
        assert "63" in rows["bob"] and "(2 attempts)" in rows["bob"] and "—" in rows["alice"]
        shoot(browser, tmp_path, "4-instructor-gradebook")
        browser.find_element(By.LINK_TEXT, "bob").click()
        attempts = wait_for(browser, "table.history")
        texts = [r.text for r in attempts.find_elements(By.TAG_NAME, "tr")[1:]]
        assert len(texts) == 2 and "63 / 63" in texts[0] and "63 / 63" not in texts[1]
        shoot(browser, tmp_path, "5-instructor-student")


def test_a_russian_courses_page_is_russian_in_the_browser(tmp_path, browser):
    """servelang25: the frame around the feedback in the course's language, as a browser reads it (`<html lang>`
    picks the script's fonts): a Russian course's student home, drawn in chromium, says its headings, its
    attempts line and its button in Russian."""
    from selenium.webdriver.common.by import By
    from grader.serve.course import write_new
    folder = tmp_path / "course"
    write_new(folder, ["alice", "bob"], ["engine"])
    set_in_course(folder, cooldown_seconds=0, lang='"ru"')
    with running_server(folder, workers=0) as (base, links):
        sign_in(browser, links["bob"])
        section = wait_for(browser, "#exercise-engine")
        assert browser.execute_script("return document.documentElement.lang") == "ru"
        assert browser.find_element(By.TAG_NAME, "h1").text == "Ваши задания"
        assert section.find_element(By.CSS_SELECTOR, ".attempts").text == (
            "Попытки: использовано 0, осталось 10 из 10.")
        assert section.find_element(By.CSS_SELECTOR, "button[type=submit]").text == "Отправить"
        assert browser.find_element(By.CSS_SELECTOR, "nav button").text == "Выйти"
        shoot(browser, tmp_path, "ru-student-home")
