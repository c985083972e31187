"""The floor for `grade serve`'s submit latency (bench/serve_load.py): the same framework and the same
multipart parsing, and nothing else: no sign-in, no database, no file written, no queue."""

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

app = FastAPI()


@app.post("/api/v1/submissions")
async def submit(request: Request):
    form = await request.form(max_files=1, max_fields=4)
    data = await form["file"].read()
    return JSONResponse({"id": str(len(data)), "status": "queued"}, status_code=202)


@app.get("/api/v1/exercises")
def ready():
    return JSONResponse({}, status_code=401)  # what tests/serve/server.wait_ready waits for
