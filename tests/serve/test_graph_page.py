"""The service's feedback page draws the smallest failing expression as a graph (issue 28), as the feedback
pages of `grade run --feedback` do (report/html_feedback.py, which the service renders with)."""

import re

from .conftest import OWN_VALUE
from .test_pages import csrf_of, signed_in


def test_the_feedback_page_of_a_failing_upload_draws_its_graph_with_the_first_difference_marked(served):
    client, _ = signed_in(served, "bob")
    sent = client.post("/upload", data={"exercise": "01-mul-backward", "csrf": csrf_of(client.get("/").text),
                                        "code": OWN_VALUE}, follow_redirects=False)
    served.grade_all()
    page = client.get(sent.headers["location"]).text
    (svg,) = re.findall(r'<figure class="graph">(.*?)</figure>', page, flags=re.DOTALL)
    # y = a * b: a box per value (a, b, y) and one oval for the `*`; a's gradient, the first difference, marked
    assert len(re.findall(r'<g id="(?:value\d+|first_difference)"', svg)) == 3
    assert len(re.findall(r'<g id="op\d+"', svg)) == 1
    marked = re.search(r'<g id="first_difference".*?</g>', svg, flags=re.DOTALL)[0]
    assert "first difference" in marked and ">a<" in marked
