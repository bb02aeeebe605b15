"""The class server's API in process (Starlette's test client): votes, the teacher's calls,
what is refused, drags, and the class file read back. The browser and a killed server have
their own tests (tests/web/test_class_pages.py, tests/app/test_class_restart.py)."""

import ast
import concurrent.futures
import csv
import io
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sandbox.app import walkthrough
from sandbox.app.classroom import server, store
from sandbox.app.classroom.figure import Figure
from sandbox.app.classroom.room import Room

LESSON = Path(__file__).parents[2] / "walkthroughs" / "sat-from-scratch.toml"
ASKS = 10
"""The lesson's first question step (0-based): 'Along which axis will the MTV push B out of A?'"""


@pytest.fixture(scope="module")
def lesson():
    return walkthrough.load(LESSON)


def make(lesson, path, limits=server.Limits()):
    room = Room(lesson, store.Store(path, lesson.title))
    return room, TestClient(server.app(room, "http://testserver/", limits))


@pytest.fixture
def classroom(lesson, tmp_path):
    room, client = make(lesson, tmp_path / "class.sqlite")
    with client:
        yield room, client


def student(client):
    """A new device: a client of its own, its cookie set by GET /api/state."""
    other = TestClient(client.app)
    assert other.get("/api/state").status_code == 200
    assert server.COOKIE in other.cookies
    return other


def bearer(room):
    return {"Authorization": f"Bearer {room.token}"}


def test_state_has_the_named_fields_and_sets_the_cookie(classroom):
    room, client = classroom
    response = client.get("/api/state")
    assert response.status_code == 200
    assert {"step", "steps", "question", "choices", "round", "revealed"} <= set(response.json())
    assert response.json()["step"] == 1 and response.json()["steps"] == len(room.lesson.steps)
    assert "httponly" in response.headers["set-cookie"].lower() and "samesite=strict" in response.headers["set-cookie"].lower()
    # The same device keeps its id: no second cookie, one joined.
    assert "set-cookie" not in client.get("/api/state").headers
    assert room.votes()["joined"] == 1


def test_votes_one_a_device_a_round_changed_until_the_reveal_then_a_second_round(classroom):
    room, client = classroom
    room.go(ASKS)
    students = [student(client) for _ in range(5)]
    for s, choice in zip(students, "PPQRS"):
        assert s.post("/api/vote", json={"choice": choice}).status_code == 200
    # Voting twice the same is one vote; changing moves it.
    assert students[0].post("/api/vote", json={"choice": "P"}).status_code == 200
    assert students[1].post("/api/vote", json={"choice": "Q"}).status_code == 200
    votes = client.get("/api/teacher/votes", headers=bearer(room)).json()
    assert votes["round"] == 1 and votes["counts"] == {"P": 1, "Q": 2, "R": 1, "S": 1}
    assert students[1].get("/api/state").json()["mine"] == "Q"
    assert client.post("/api/teacher/reveal", headers=bearer(room)).json()["revealed"] is True
    late = students[2].post("/api/vote", json={"choice": "S"})
    assert late.status_code == 409 and "revealed" in late.json()["error"]
    assert students[2].get("/api/state").json()["answer"] == "Q"
    again = client.post("/api/teacher/again", headers=bearer(room)).json()
    assert again["round"] == 2 and again["revealed"] is False
    assert students[2].post("/api/vote", json={"choice": "Q"}).status_code == 200
    votes = client.get("/api/teacher/votes", headers=bearer(room)).json()
    assert votes["counts"] == {"Q": 1}
    assert [r["counts"] for r in votes["rounds"]] == [{"P": 1, "Q": 2, "R": 1, "S": 1}, {"Q": 1}]


def test_teacher_calls_need_the_token_and_this_origin(classroom):
    room, client = classroom
    for method, path in [("post", f"/api/teacher/{name}") for name in ("next", "back", "reveal", "again")] + [("get", "/api/teacher/votes")]:
        call = getattr(client, method)
        assert call(path).status_code == 401
        assert call(path, headers={"Authorization": "Bearer not-the-token"}).status_code == 403
        assert call(path, headers={**bearer(room), "Origin": "http://evil.example"}).status_code == 403
        assert call(path, headers={**bearer(room), "Origin": "http://testserver"}).status_code == 200
    # A student's cookie is no token.
    assert student(client).post("/api/teacher/next").status_code == 401


@pytest.mark.parametrize("body, why", [
    (b"{\"choice\": ", "JSON object"),
    (b"[\"P\"]", "JSON object"),
    (b"{\"choice\": \"P\", \"again\": 1}", "no others"),
    (b"{\"choice\": 3}", "choice must be"),
    (b"{\"choice\": \"Z\"}", "one of"),
    (b"{}", "fields choice"),
])
def test_a_malformed_vote_gets_400_and_counts_nothing(classroom, body, why):
    room, client = classroom
    room.go(ASKS)
    s = student(client)
    response = s.post("/api/vote", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and why in response.json()["error"]
    assert room.votes()["counts"] == {}


def test_sizes_rates_and_strangers_are_refused(lesson, tmp_path):
    room, client = make(lesson, tmp_path / "class.sqlite", server.Limits(requests=(1.0, 5.0)))
    with client:
        room.go(ASKS)
        s = student(client)
        assert s.post("/api/vote", content=b"{\"choice\": \"" + b"P" * 5000 + b"\"}").status_code == 413
        # No cookie of this class: not a device, not counted.
        assert TestClient(client.app).post("/api/vote", json={"choice": "P"}).status_code == 400
        assert TestClient(client.app, cookies={server.COOKIE: "made-up"}).post("/api/vote", json={"choice": "P"}).status_code == 400
        # Another site's page cannot make a student's browser vote.
        assert s.post("/api/vote", json={"choice": "P"}, headers={"Origin": "http://evil.example"}).status_code == 403
        codes = [s.post("/api/vote", json={"choice": "P"}).status_code for _ in range(8)]
        assert 429 in codes and codes.count(200) <= 5
        assert room.votes()["counts"] == {"P": 1}


def test_a_drag_moves_the_students_own_figure_only_once_unlocked(classroom):
    room, client = classroom
    room.go(ASKS)
    s, other = student(client), student(client)
    figure = Figure(room.step, "test")
    bx, by = figure.camera.to_screen(*figure.scene.shapes["B"].position)
    press = {"kind": "down", "x": bx, "y": figure.camera.height - by}
    locked = s.post("/api/drag", json=press)
    assert locked.status_code == 409 and "locked" in locked.json()["error"]
    before = s.get("/api/figure").text
    client.post("/api/teacher/unlock", json={"unlocked": True}, headers=bearer(room))
    assert s.post("/api/drag", json=press).status_code == 204  # grabbed: nothing moved yet
    moved = s.post("/api/drag", json={**press, "kind": "move", "x": bx + 60})
    assert moved.status_code == 200 and moved.text != before
    assert s.post("/api/drag", json={**press, "kind": "up", "x": bx + 60}).status_code == 200
    mine = room._own[s.cookies[server.COOKIE]].figure.scene.shapes["B"].position
    assert mine[0] == pytest.approx(figure.scene.shapes["B"].position[0] + 60 / figure.camera.zoom)
    # Another student's figure, and everyone's, stay as the step poses them.
    assert other.get("/api/figure").text == before == client.get("/api/figure", headers=bearer(room)).text
    assert s.get("/api/figure").text != before
    assert s.post("/api/drag", json={**press, "x": "1"}).status_code == 400
    assert s.post("/api/drag", json={**press, "y": 10_000}).status_code == 400


def test_the_class_file_keeps_the_place_and_the_votes(lesson, tmp_path):
    path = tmp_path / "class.sqlite"
    room, client = make(lesson, path)
    with client:
        room.go(ASKS)
        s = student(client)
        s.post("/api/vote", json={"choice": "R"})
        room.reveal()
        token = room.token
    again = Room(lesson, store.Store(path, lesson.title))
    assert (again.index, again.round, again.revealed, again.token) == (ASKS, 1, True, token)
    assert again.votes()["counts"] == {"R": 1}
    rows = list(csv.DictReader(io.StringIO(store.results(path))))
    assert [(r["step"], r["round"], r["choice"], r["answer"]) for r in rows] == [(str(ASKS + 1), "1", "R", "Q")]
    assert rows[0]["question"] == lesson.steps[ASKS].question and list(rows[0]) == list(store.COLUMNS)
    with pytest.raises(store.StoreError, match="holds the class of the lesson 'SAT from scratch'"):
        store.Store(path, "Another lesson")
    with pytest.raises(store.StoreError, match="no such class file"):
        store.results(tmp_path / "missing.sqlite")
    (tmp_path / "notes.txt").write_text("not a database\n" * 100)
    with pytest.raises(store.StoreError, match="not a class file"):
        store.results(tmp_path / "notes.txt")


def test_the_server_and_its_figure_import_no_gui():
    """They run on a machine with no display: no module of theirs imports pyglet or imgui."""
    folder = Path(server.__file__).parent
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert not name.startswith(("pyglet", "imgui")), f"{path.name} imports {name}"
                assert name not in ("sandbox.app.session", "sandbox.app.handout"), f"{path.name} imports {name}"
                assert not name.startswith("sandbox.app.window"), f"{path.name} imports {name}"


def test_a_vote_that_names_a_question_gone_by_is_refused(classroom):
    """A phone that lagged behind the teacher's 'again' or 'next' does not vote in the new round."""
    room, client = classroom
    room.go(ASKS)
    s = student(client)
    assert s.post("/api/vote", json={"choice": "P", "step": ASKS + 1, "round": 1}).json() == {"choice": "P", "step": ASKS + 1, "round": 1}
    room.again()
    late = s.post("/api/vote", json={"choice": "R", "step": ASKS + 1, "round": 1})
    assert late.status_code == 409 and "round 2" in late.json()["error"]
    assert s.post("/api/vote", json={"choice": "R", "step": ASKS, "round": 2}).status_code == 409
    assert room.votes()["counts"] == {} and [r["counts"] for r in room.votes()["rounds"]] == [{"P": 1}, {}]
    assert s.post("/api/vote", json={"choice": "R", "step": ASKS + 1, "round": True}).status_code == 400


def test_the_teachers_moves_sent_at_once_each_count(classroom):
    """Ten presses of Next sent together (a page's clicks do not wait for each other) go ten steps on."""
    room, client = classroom
    with concurrent.futures.ThreadPoolExecutor(10) as pool:
        answers = list(pool.map(lambda _: client.post("/api/teacher/next", headers=bearer(room)).status_code, range(10)))
    assert answers == [200] * 10 and room.index == 10
