"""Opening a `grade serve` sign-in link as a person does: its page (a GET uses nothing up, sign_in.py), then its
button, a POST with the page's CSRF token and the cookie the page set."""

import re

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


def open_link(client, path):
    """The answer to the link page's button, in a TestClient signed in as no one (or as the link's own person: then
    the GET's redirect, the link not used). `path` is `/login/TOKEN`."""
    page = client.get(path, follow_redirects=False)
    if page.status_code != 200:
        return page
    assert "signed in as" not in page.text, "open_link is for a browser signed in as no one (the switch page is not)"
    return client.post(path, data={"csrf": CSRF.search(page.text).group(1)}, follow_redirects=False)
