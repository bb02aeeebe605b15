"""The class's web API and pages (Starlette). README's "A class on their phones" documents it.

Students: ``GET /`` (their page), ``GET /api/state`` (sets the device cookie), ``GET
/api/figure``, ``POST /api/vote``, ``POST /api/drag``. The teacher, with ``Authorization:
Bearer TOKEN``: ``GET /teacher`` (the page; the token rides in its address's #fragment, never
sent to the server), ``POST /api/teacher/next|back|reveal|again|unlock``, ``GET
/api/teacher/votes``. Every body is a small JSON object checked field by field (400 with one
line saying what is wrong); bodies, request rates and drags are capped (413, 429); a teacher's
call without the token gets 401, with a wrong one or from another origin 403.
"""

import asyncio
import contextlib
import hmac
import io
import json
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import anyio
import segno
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from sandbox.app.classroom.figure import SIZE
from sandbox.app.classroom.room import Refused, Room

Endpoint = Callable[[Request], Awaitable[Response]]
"""A route's handler: a request in, its response out."""

COOKIE = "device"
WEB = resources.files("sandbox.app.classroom") / "web"
ASSETS = {"class.css": "text/css", "student.js": "text/javascript", "teacher.js": "text/javascript"}


class Limits(NamedTuple):
    """What one device, or one address joining, may ask (a token bucket each: rate a second, burst)."""

    body: int = 1024
    """Bytes a request's body may have."""
    requests: tuple[float, float] = (20.0, 60.0)
    """Requests a device makes, of any kind."""
    drags: tuple[float, float] = (10.0, 10.0)
    """Drags a device's figure is drawn again for: the server's work for each student is capped."""
    joins: tuple[float, float] = (5.0, 600.0)
    """New devices one address may make (a classroom behind one router is one address)."""
    wait: float = 20.0
    """Seconds ``GET /api/state?wait=VERSION`` holds on until the lesson changes."""
    drawing: int = 2
    """Figures drawn at once, at most; the others wait their turn."""
    queue: int = 6
    """Drags that may wait for their turn; past that a drag gets 429 (the page sends its finger's
    latest place again): a busy server sheds drags, and votes never wait behind them."""


class _Bucket:
    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _Error(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.headers = status, headers or {}


def app(room: Room, students_url: str, limits: Limits = Limits()) -> Starlette:
    """The Starlette application serving ``room``; ``students_url`` is what the QR code says."""
    buckets: dict[tuple[str, str], _Bucket] = {}
    changed = asyncio.Event()
    drawing = anyio.CapacityLimiter(limits.drawing)
    loop: list[asyncio.AbstractEventLoop] = []
    closing: list[bool] = []
    """Once the server stops, a long poll answers at once rather than hold the shutdown up."""

    def close() -> None:
        closing.append(True)
        if loop:
            loop[0].call_soon_threadsafe(wake)

    def wake() -> None:
        nonlocal changed
        changed.set()
        changed = asyncio.Event()

    def take(kind: str, who: str, rate: tuple[float, float]) -> None:
        bucket = buckets.get((kind, who))
        if bucket is None:
            if len(buckets) > 50_000:
                buckets.clear()  # a flood of made-up devices: forget them all rather than grow
            bucket = buckets[kind, who] = _Bucket(*rate)
        if not bucket.take():
            raise _Error(429, f"too many {kind}: slow down", {"Retry-After": "1"})

    def same_origin(request: Request) -> None:
        """Refuse a call a page of another site makes (its Origin names another host)."""
        origin = request.headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
            raise _Error(403, f"calls from {origin} are refused: only this server's own pages may make them")

    def teacher(request: Request) -> None:
        same_origin(request)
        given = request.headers.get("authorization", "")
        if not given.startswith("Bearer "):
            raise _Error(401, "the teacher's calls need the header Authorization: Bearer TOKEN", {"WWW-Authenticate": "Bearer"})
        if not hmac.compare_digest(given[7:].strip().encode(), room.token.encode()):
            raise _Error(403, "that is not this class's teacher token")

    def device(request: Request) -> str:
        """The caller's device id, which must be one the class made; its request counted."""
        given = request.cookies.get(COOKIE)
        if not room.known(given):
            raise _Error(400, "no device of this class: GET /api/state first (it sets the device cookie)")
        take("requests", given, limits.requests)
        return given

    async def body(request: Request, fields: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
        """The request's JSON object, with exactly ``fields`` and some of ``optional`` (name ->
        (test, what it must be))."""
        optional = optional or {}
        if int(request.headers.get("content-length") or 0) > limits.body:
            raise _Error(413, f"the body may have at most {limits.body} bytes")
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > limits.body:
                raise _Error(413, f"the body may have at most {limits.body} bytes")
        try:
            value = json.loads(data)
        except (ValueError, RecursionError):
            raise _Error(400, 'the body must be a JSON object such as {"choice": "P"}') from None
        if not isinstance(value, dict):
            raise _Error(400, "the body must be a JSON object")
        if not set(fields) <= set(value) <= set(fields) | set(optional):
            others = f", may have {', '.join(optional)}" if optional else ""
            raise _Error(400, f"the body must have the fields {', '.join(fields)}{others} and no others; it has {', '.join(value) or 'none'}")
        for name, check in {**fields, **optional}.items():
            if name in value and not check[0](value[name]):
                raise _Error(400, f"{name} must be {check[1]}")
        return value

    def handled(handler: Endpoint) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except _Error as error:
                return JSONResponse({"error": str(error)}, error.status, error.headers)
            except Refused as error:
                return JSONResponse({"error": str(error)}, error.status)
            except ClientDisconnect:
                return Response(status_code=400)  # no one is left to read it
        return endpoint

    async def state(request: Request) -> Response:
        given = request.cookies.get(COOKIE)
        if "authorization" in request.headers:
            teacher(request)  # the teacher's page: not one of the class
        elif room.known(given):
            take("requests", given, limits.requests)
        else:
            take("joins", request.client.host if request.client else "", limits.joins)
        wait = request.query_params.get("wait")
        if wait is not None and wait == room.version and not closing:
            event = changed
            try:
                await asyncio.wait_for(event.wait(), limits.wait)
            except TimeoutError:
                pass
        who = None if "authorization" in request.headers else room.join(given)
        if not room.prepared():
            # The step's pictures and words, drawn once a step, in a thread: votes go on meanwhile.
            await anyio.to_thread.run_sync(room.prepare)
        response = JSONResponse(room.state(who))
        if who is not None and who != given:
            response.set_cookie(COOKIE, who, max_age=12 * 3600, httponly=True, samesite="strict")
        return response

    async def figure(request: Request) -> Response:
        given = request.cookies.get(COOKIE)
        if room.known(given):
            take("requests", given, limits.requests)
        else:
            teacher(request)  # everyone's picture for the teacher's page
        svg = await anyio.to_thread.run_sync(room.picture, given, limiter=drawing)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def vote(request: Request) -> Response:
        same_origin(request)
        who = device(request)
        whole = (lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10_000, "a whole number")
        given = await body(request, {"choice": (lambda v: isinstance(v, str) and len(v) <= 200, "text: one of the question's choices")},
                           {"step": whole, "round": whole})
        step, number = room.vote(who, given["choice"], given.get("step"), given.get("round"))
        return JSONResponse({"choice": given["choice"], "step": step, "round": number})

    async def drag(request: Request) -> Response:
        same_origin(request)
        who = device(request)
        width, height = SIZE
        given = await body(request, {
            "kind": (lambda v: v in ("down", "move", "up"), '"down", "move" or "up"'),
            "x": (lambda v: _number(v, width), f"a number of picture pixels from 0 to {width}"),
            "y": (lambda v: _number(v, height), f"a number of picture pixels from 0 to {height}"),
        })
        if given["kind"] == "move":
            take("drags", who, limits.drags)
        if drawing.statistics().tasks_waiting >= limits.queue:
            raise _Error(429, "the server is busy drawing: send it again shortly (a move: the finger's latest place)", {"Retry-After": "1"})
        svg = await anyio.to_thread.run_sync(room.drag, who, given["kind"], float(given["x"]), float(given["y"]), limiter=drawing)
        if svg is None:
            return Response(status_code=204)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    def command(name: str) -> Endpoint:
        async def run(request: Request) -> Response:
            teacher(request)
            if name == "unlock":
                given = await body(request, {"unlocked": (lambda v: isinstance(v, bool), "true or false")})
                room.unlock(given["unlocked"])
            else:
                # In a thread: moving to a step draws its pictures, and the votes go on meanwhile.
                await anyio.to_thread.run_sync(getattr(room, name))
            return JSONResponse(room.state())
        return run

    async def votes(request: Request) -> Response:
        teacher(request)
        return JSONResponse(room.votes())

    async def page(request: Request) -> Response:
        name = "teacher.html" if request.url.path == "/teacher" else "student.html"
        return Response((WEB / name).read_text(), media_type="text/html", headers=_PAGE_HEADERS)

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return Response("not found", 404)
        return Response((WEB / name).read_text(), media_type=ASSETS[name], headers={"Cache-Control": "no-cache"})

    qr_file = io.BytesIO()
    segno.make(students_url, error="m").save(qr_file, kind="svg", scale=8, border=2, xmldecl=False)
    qr = qr_file.getvalue()

    async def code(request: Request) -> Response:
        return Response(qr, media_type="image/svg+xml")

    async def address(request: Request) -> Response:
        return JSONResponse({"students": students_url})

    routes = [
        Route("/", page), Route("/teacher", page), Route("/web/{name}", asset), Route("/qr.svg", code),
        Route("/api/address", address),
        Route("/api/state", handled(state)), Route("/api/figure", handled(figure)),
        Route("/api/vote", handled(vote), methods=["POST"]), Route("/api/drag", handled(drag), methods=["POST"]),
        Route("/api/teacher/votes", handled(votes)),
        *(Route(f"/api/teacher/{name}", handled(command(name)), methods=["POST"]) for name in ("next", "back", "reveal", "again", "unlock")),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(application: Starlette) -> AsyncIterator[None]:
        loop.append(asyncio.get_running_loop())
        room.listen(lambda: loop[0].call_soon_threadsafe(wake))
        yield

    application = Starlette(routes=routes, lifespan=lifespan)
    application.state.close = close
    return application


def _number(value: Any, high: float) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and 0 <= value <= high


_PAGE_HEADERS = {
    # The pages load only this server's own scripts and styles; no other site may frame them.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
