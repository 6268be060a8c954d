"""A stand-in for the Peach server inside Playwright (page.route), for the page-module tests.

It renders the fixture pages (tests/browser/fixtures/*.html, the markup of docs/pages.md) at the
real routes and answers the JSON API of docs/api.md with the same semantics as the server:
one pending exercise per `next`, idempotent answers by id, feedback plus the next exercise,
4xx errors with a message. `/assets/` goes through to the static server.

The end-to-end tests against the real Swift server do not need this; the page modules can be
tested here, before and independently of the server.
"""

from __future__ import annotations

import json
import math
import pathlib
import random
import uuid
from urllib.parse import parse_qs, urlparse

FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"

TRAINING_PAGES = {
    "/comparison": ("comparison.html", "comparison", False),
    "/interval-comparison": ("comparison.html", "intervalComparison", True),
    "/pitch-matching": ("pitch-matching.html", "pitchMatching", False),
    "/interval-pitch-matching": ("pitch-matching.html", "intervalPitchMatching", True),
}
INTERVAL_LABEL = '<p id="target-interval" aria-live="off">Target interval: <span>Perfect Fifth Up</span></p>'
# The real server's policy (SecurityHeadersMiddleware; test_security.py checks they agree), so
# that the page modules are tested under it here too.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HTML_HEADERS = {"Content-Security-Policy": CONTENT_SECURITY_POLICY}

SIMPLE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title} – Peach</title>
<link rel="stylesheet" href="/assets/peach.css"><script type="module" src="/assets/app.js"></script></head>
<body data-page="{page}"><header><nav aria-label="Peach"><a href="/" aria-label="Start">Start</a></nav></header>
<main id="main"><h1>{title}</h1></main></body></html>"""


class FakePeach:
    def __init__(self, page, base_url: str, note_duration: float = 0.3, seed: int = 4):
        self.page = page
        self.base_url = base_url
        self.note_duration = note_duration
        self.random = random.Random(seed)
        self.pending: dict[str, dict] = {}
        self.replies: dict[str, tuple[str, dict]] = {}
        self.records: list[dict] = []
        self.answer_requests: list[dict] = []
        self.next_requests = 0
        self.fail_next_answers = 0  # network failures to simulate before answers get through
        self.settings = {
            "noteRangeLower": "36", "noteRangeUpper": "84", "noteDuration": "1", "referencePitch": "440",
            "soundSource": "sine", "loudnessVariation": "0", "intervals": "P5up",
            "tuningSystem": "equalTemperament", "language": "",
        }
        self.settings_requests: list[dict] = []
        self.import_requests: list[dict] = []
        self.reset_requests: list[dict] = []
        page.route(f"{base_url}/**", self.handle)

    # --- helpers ---------------------------------------------------------------------------

    def goto(self, path: str):
        self.page.goto(f"{self.base_url}{path}")

    @staticmethod
    def fulfil_json(route, status: int, body: dict):
        route.fulfill(status=status, content_type="application/json; charset=utf-8", body=json.dumps(body))

    def error(self, route, status: int, code: str, message: str):
        self.fulfil_json(route, status, {"error": {"code": code, "message": message}})

    def exercise(self, mode: str) -> dict:
        kind = "pitchMatching" if "PitchMatching" in mode or mode == "pitchMatching" else "comparison"
        interval = {"code": "P5up", "name": "Perfect Fifth Up"} if mode.startswith("interval") else {"code": "P1up", "name": "Prime Up"}
        reference = 440 * 2 ** ((self.random.randint(48, 72) - 69) / 12)
        exercise = {
            "id": str(uuid.UUID(int=self.random.getrandbits(128))).upper(),
            "mode": mode, "kind": kind, "noteDuration": self.note_duration, "interval": interval,
            "reference": {"frequency": reference},
        }
        if kind == "comparison":
            cents = self.random.choice([-1, 1]) * self.random.uniform(5, 50)
            exercise["target"] = {"frequency": reference * 2 ** (cents / 1200), "gainDecibels": 0.0}
            exercise["_cents"] = cents
        else:
            offset = self.random.uniform(-100, 100)
            exercise["tunable"] = {"startFrequency": reference * 2 ** (offset / 1200), "centSpan": 100}
            exercise["_offset"] = offset
        self.pending[exercise["id"]] = exercise
        return {k: v for k, v in exercise.items() if not k.startswith("_")}

    # --- routing ---------------------------------------------------------------------------

    def handle(self, route):
        request = route.request
        url = urlparse(request.url)
        path = url.path
        if path.startswith("/assets/") or path.startswith("/fixtures/"):
            route.continue_()
        elif path.startswith("/api/"):
            self.api(route, request, path, parse_qs(url.query))
        elif path in TRAINING_PAGES:
            name, mode, interval = TRAINING_PAGES[path]
            html = (FIXTURES / name).read_text().replace("MODE", mode).replace("INTERVAL", INTERVAL_LABEL if interval else "")
            route.fulfill(status=200, content_type="text/html; charset=utf-8", headers=HTML_HEADERS, body=html)
        elif path == "/":
            route.fulfill(status=200, content_type="text/html; charset=utf-8", headers=HTML_HEADERS, body=(FIXTURES / "start.html").read_text())
        elif path == "/settings":
            route.fulfill(status=200, content_type="text/html; charset=utf-8", headers=HTML_HEADERS, body=(FIXTURES / "settings.html").read_text())
        elif path in ("/profile", "/info"):
            title = path[1:].capitalize()
            route.fulfill(status=200, content_type="text/html; charset=utf-8", headers=HTML_HEADERS,
                          body=SIMPLE_PAGE.format(title=title, page=path[1:]))
        else:
            route.fulfill(status=404, content_type="text/plain", body="not found")

    def api(self, route, request, path, query):
        if path == "/api/exercises/next" and request.method == "GET":
            self.next_requests += 1
            mode = query.get("mode", [""])[0]
            if mode not in ("comparison", "pitchMatching", "intervalComparison", "intervalPitchMatching"):
                return self.error(route, 400, "unknownMode", f"Unknown mode {mode!r}.")
            return self.fulfil_json(route, 200, {"exercise": self.exercise(mode)})
        if path.startswith("/api/exercises/") and path.endswith("/answer") and request.method == "POST":
            exercise_id = path.split("/")[3]
            body = request.post_data or ""
            self.answer_requests.append({"id": exercise_id, "body": body,
                                         "contentType": request.headers.get("content-type")})
            if self.fail_next_answers > 0:
                self.fail_next_answers -= 1
                return route.abort("internetdisconnected")
            return self.answer(route, exercise_id, body)
        if path == "/api/settings" and request.method == "PUT":
            values = json.loads(request.post_data or "{}")
            self.settings_requests.append(values)
            for key, value in values.items():
                if key == "referencePitch" and not 380 <= float(value) <= 500:
                    return self.error(route, 422, "outOfRange", f"The reference pitch {value} Hz is outside 380–500 Hz.")
            self.settings.update({k: str(v) for k, v in values.items()})
            return self.fulfil_json(route, 200, {"settings": self.settings})
        if path == "/api/import" and request.method == "POST":
            self.import_requests.append({"mode": query.get("mode", [""])[0], "body": request.post_data,
                                         "contentType": request.headers.get("content-type")})
            return self.fulfil_json(route, 200, {"summary": {"added": 2, "skippedDuplicates": 0, "skippedRhythm": 0},
                                                 "message": "Imported 2 records."})
        if path == "/api/reset" and request.method == "POST":
            self.reset_requests.append(json.loads(request.post_data or "{}"))
            deleted = len(self.records)
            self.records.clear()
            return self.fulfil_json(route, 200, {"deleted": deleted})
        return self.error(route, 404, "notFound", "No such endpoint.")

    def answer(self, route, exercise_id: str, body: str):
        if exercise_id in self.replies:
            previous_body, reply = self.replies[exercise_id]
            if json.loads(previous_body) == json.loads(body):
                return self.fulfil_json(route, 200, reply)
            return self.error(route, 409, "alreadyAnswered", "This exercise was already answered differently.")
        exercise = self.pending.pop(exercise_id, None)
        if exercise is None:
            return self.error(route, 404, "unknownExercise", f"There is no open exercise with id {exercise_id}.")
        data = json.loads(body)
        if exercise["kind"] == "comparison":
            correct = (data["answer"] == "higher") == (exercise["_cents"] > 0)
            feedback = {"kind": "comparison", "isCorrect": correct, "announcement": "Correct" if correct else "Incorrect"}
            self.records.append({"id": exercise_id, "answer": data["answer"], "isCorrect": correct})
        else:
            error = exercise["_offset"] + data["sliderValue"] * 100
            rounded = round(error)
            band = "center" if rounded == 0 else "green" if abs(error) < 10 else "yellow" if abs(error) <= 30 else "red"
            direction = "center" if rounded == 0 else "sharp" if error > 0 else "flat"
            feedback = {"kind": "pitchMatching", "userCentError": error, "roundedCents": rounded, "band": band,
                        "direction": direction, "text": f"{rounded:+d} cents" if rounded else "0 cents",
                        "announcement": "Dead center" if rounded == 0 else f"{abs(rounded)} cents {direction}"}
            self.records.append({"id": exercise_id, "sliderValue": data["sliderValue"], "userCentError": error})
        reply = {"feedback": feedback, "next": self.exercise(exercise["mode"])}
        self.replies[exercise_id] = (body, reply)
        return self.fulfil_json(route, 200, reply)
