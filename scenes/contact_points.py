"""Where two boxes touch: Box2D's contact manifold by clipping, paged one stage at a time."""

import math
from typing import NamedTuple

from collision import Box, Capsule, Circle, Manifold, Polygon, manifold, point_query
from collision.manifold import _faces
from sandbox.kit.events import Event
from sandbox.kit.figures import any_shape
from sandbox.kit import Action, Column, Cost, Fact, Line, Param, Report, Scene, Verdict, faded, register
from sandbox.kit.code_trace import CODE, CODE_VIEW, Trace, step_code, traced, with_code
from sandbox.kit.labels import outline_meets_box, text_box

A_POSE = ((-60.0, -60.0), (190.0, 55.0), 0.0)
"""Box A's centre, half size and angle: a wide slab to rest on."""

B_SIZE = (75.0, 45.0)

KINDS = ("box", "polygon", "rounded box", "capsule", "circle")
"""What A and B may each be: every pair of kinds has a manifold."""

ROUNDING = 12.0
"""A rounded box's radius; its core is that much smaller each way, so its outline keeps the size."""


def _made(kind, half, position, angle):
    """A shape of ``kind`` about as big as a box of ``half`` size, at ``position`` and ``angle``."""
    hx, hy = half
    if kind == "box":
        return Box(position, half, angle)
    if kind == "rounded box":
        return Box(position, (hx - ROUNDING, hy - ROUNDING), angle, radius=ROUNDING)
    if kind == "polygon":
        # A box with its top corners cut: two more faces to be reference or incident.
        cut = min(hx, hy) * 0.6
        return Polygon([(-hx, -hy), (hx, -hy), (hx, hy - cut), (hx - cut, hy), (-hx + cut, hy), (-hx, hy - cut)], position, angle)
    if kind == "capsule":
        # As long as the box and as thick: its ends round off the box's short sides.
        return Capsule((-(hx - hy), 0.0), (hx - hy, 0.0), hy, position, angle)
    return Circle(position, hy)


def _kind(shape):
    """The KINDS name of a shape made by _made."""
    if isinstance(shape, Circle):
        return "circle"
    if isinstance(shape, Capsule):
        return "capsule"
    if isinstance(shape, Box):
        return "rounded box" if shape.radius else "box"
    return "polygon"

PRESETS = {
    "Resting": {"caption": "B rests on A, sunk a little: two points, one under each bottom corner.", "B": (10.0, 35.0), "angle": 0.0},
    "Tilted": {"caption": "B tips over: one corner dips in, the other lifts off; one point is left.", "B": (10.0, 48.0), "angle": 0.12},
    "Overhang": {"caption": "B hangs over A's end: A's corner cuts the span, making a point named by A's vertex and B's edge.", "B": (160.0, 35.0), "angle": 0.0},
    "On its corner": {"caption": "B stands on a corner: A's face is the reference, B's two faces at the corner compete to be incident.", "B": (0.0, 62.0), "angle": math.radians(40)},
}
"""Teaching layouts: B's centre and angle; A stays as it is."""

PLANE_REACH = 140.0
"""World units: how far a side plane is drawn either side of the reference face."""


def _clear_spot(face, other):
    """The point a fifth of the way in from whichever end of ``face`` lies further from the
    middle of ``other``: where the face's name and the normal stay clear of the other face."""
    (x0, y0), (x1, y1) = face
    (u0, v0), (u1, v1) = other
    middle = ((u0 + u1) / 2, (v0 + v1) / 2)
    spots = ((x0 + 0.2 * (x1 - x0), y0 + 0.2 * (y1 - y0)), (x1 + 0.2 * (x0 - x1), y1 + 0.2 * (y0 - y1)))
    return max(spots, key=lambda p: math.dist(p, middle))


def _side(face):
    """Which side of its shape a face is, as it is drawn: "top", "bottom", "left side" or
    "right side", by its outward normal (the shape's corners run counter-clockwise)."""
    (x0, y0), (x1, y1) = face
    nx, ny = y1 - y0, x0 - x1
    if abs(ny) >= abs(nx):
        return "top" if ny > 0 else "bottom"
    return "right side" if nx > 0 else "left side"


NAME_SIZE = 14
"""Points: a face's name."""

ID_SIZE = 13
"""Points: a contact point's label."""

ID_GAP = 4
"""Pixels at font scale 1 between a contact point and the box of its label."""

SLIDES = 12
"""Half lines a point's label may slide out along the face to clear the shape leaning over it."""


class Result(NamedTuple):
    manifold: Manifold
    page: int
    """The stage shown: an index into the manifold's steps."""

    trace: Trace | None = None
    """The clipping (collision.manifold._faces) line by line, when the Code view is on."""


CLIP = "segment = _clip(segment, (px, py), (sx, sy), (\"vertex\", vertex), (\"edge\", incident_edge))"
"""The line that cuts the incident face by one side plane: once a clip stage."""

MARKS = ("nx, ny = ref_normals[edge]", "incident_edge = min(range(len(inc_normals))")
"""The lines that settle the first two stages: the reference face, the incident face."""


@register("contact-points", "Motion and response", "Where do they touch?", order=3)
class ContactPoints(Scene):
    lesson = (
        "SAT says how deep and which way; a physics engine also needs where. Box2D answers with at "
        "most two contact points, found by clipping: the face that parts the boxes most is the "
        "reference face (SAT's axis of least penetration); the other box's face turned most against "
        "it is the incident face; that face is cut by the two side planes at the reference face's ends, "
        "and what is left at or below the reference face are the contacts. Each point is named by the "
        "two features it came from, so it keeps its name as the boxes move."
    )
    things_to_try = (
        "Press Resting, then tap R with the pointer on B: both points keep their names until a corner lifts and one is left.",
        "Press Overhang: the point at A's end is made by the side plane, named by A's vertex and B's edge.",
        "Press Back until the reference face, then Step: the incident face, each clip, the kept points.",
        "Lift B clear of A: no points. Push it in: the separations go negative, the deeper the more.",
        "Press On its corner and turn B past 45°: the incident face swaps to B's other side.",
        "Pick a circle for B: round against a face gives one point; a rounded box resting flat still gives two, its core's flat face on A's.",
    )
    params = (
        Param("points", "The contact points (at the last stage)", True, overlay=True),
        Param("normal", "The normal, from A towards B", True, overlay=True),
        Param("ids", "Each point's features (its id)", True, overlay=True),
        Param("faces", "The reference and incident faces, named", True, overlay=True),
        Param("page", "Stage shown", -1, low=-1, high=99, widget=False),
        Param("kind_a", "A's shape", "box", choices=KINDS),
        Param("kind_b", "B's shape", "box", choices=KINDS),
        CODE,
    )
    frame = (-300.0, -140.0, 300.0, 200.0)
    events = (
        Event("one-point", "B tips over: one corner dips in, the other lifts off, and one contact point is left",
              lambda report: report.answers["count"] == "1" and report.numbers["points"][0]["separation"] > -10, move=("B",)),
    )
    actions = (Action("step_back", "Back"), Action("step_on", "Step", key="N")) + tuple(
        Action("preset", name, argument=name, help=case["caption"]) for name, case in PRESETS.items()
    ) + (CODE_VIEW,)

    def setup(self):
        centre, half, angle = A_POSE
        case = PRESETS["Resting"]
        self.shapes = {"A": Box(centre, half, angle), "B": Box(case["B"], B_SIZE, case["angle"])}

    def settle(self):
        # A changed kind remakes that shape in its place, keeping its turn.
        for name, half in (("A", A_POSE[1]), ("B", B_SIZE)):
            shape = self.shapes[name]
            kind = self.settings[f"kind_{name.lower()}"]
            if _kind(shape) != kind:
                self.shapes[name] = _made(kind, half, shape.position, getattr(shape, "angle", 0.0))

    def preset(self, name):
        """Put B as the teaching layout ``name`` has it, A back in its place, every stage shown."""
        case = PRESETS[name]
        centre, _, angle = A_POSE
        self.shapes["A"].position = centre
        self.shapes["B"].position = case["B"]
        # A circle has no angle to set.
        for name, turn in (("A", angle), ("B", case["angle"])):
            if not isinstance(self.shapes[name], Circle):
                self.shapes[name].angle = turn
        self.settings["page"] = -1

    def compute(self, ctx):
        # With the Code view on, the manifold drawn is the traced run's: the clipping, line by line.
        # The clip runs between two faces: with a circle there is none to trace.
        faces = not any(isinstance(shape, Circle) for shape in self.shapes.values())
        # The scene pages the steps: it asks for them (steps=True), which a plain call does not make.
        found, recorded = traced(self.settings["code"] and faces, manifold, self.shapes["A"], self.shapes["B"], True, within=_faces)
        last = len(found.steps) - 1
        page = self.settings["page"]
        return Result(found, last if page < 0 or page > last else page, recorded)

    def step_back(self):
        self.settings["page"] = max(self.result.page - 1, 0)

    def step_on(self):
        # From the whole clipping (the scene opens on it, its last stage), Step starts at the first.
        last = len(self.result.manifold.steps) - 1
        self.settings["page"] = 0 if self.settings["page"] < 0 else min(self.result.page + 1, last)

    def draw(self, result, painter, theme):
        found, page = result.manifold, result.page
        pixel = self.view.pixel
        for name, shape in self.shapes.items():
            if isinstance(shape, Capsule) or (isinstance(shape, Polygon) and shape.radius):
                # A rounded box or a capsule is drawn grown by its radius, its core thin inside.
                color = theme.shape(name)
                outline = theme.highlight if name in (self.hovered, self.selected) else color
                any_shape.draw(painter, shape, outline, faded(color, 70), 2, theme.guide)
                painter.point(shape.position, outline, 4)
            else:
                self.draw_shape(painter, theme, name)
        steps = found.steps[: page + 1]
        owner = found.reference
        # The faces' marks and names are an overlay: a question about which face is which
        # hides them.
        faces = self.settings["faces"]
        spot = None
        if owner is not None:
            reference, incident = steps[0], found.steps[1]
            spot = _clear_spot(reference.points, incident.points)
            if faces:
                painter.segment(*reference.points, theme.shape(owner), 6)
            if len(steps) > 1 and faces:
                painter.segment(*incident.points, theme.shape("B" if owner == "A" else "A"), 6)
            for k, step in enumerate(steps[2:4]):
                self._side_plane(painter, theme, step, f"side {k + 1}", pixel)
                # What each clip keeps goes with the points: with them hidden for a question
                # (how many?), grey dots on B's corners would count them.
                for point in step.points if self.settings["points"] else ():
                    painter.point(point, theme.guide, 5)
        elif steps:
            # A circle, or two rounded corners: the one line that stands in for the faces.
            painter.segment(*steps[-1].points, theme.guide, 2)
        # The points' labels first: each is placed by its point, the faces' names where they fit.
        if page == len(found.steps) - 1 and self.settings["points"]:
            self._contacts(painter, theme, found, pixel)
        if owner is not None and faces:
            self._name(painter, reference.points, spot, theme.shape(owner), "reference face", pixel, 1)
            if len(steps) > 1:
                other = "B" if owner == "A" else "A"
                at = self._incident_spot(incident.points, self.shapes[other], self.shapes[owner])
                painter.text(at, "incident face", theme.shape(other), NAME_SIZE, "center")
        if self.settings["normal"] and spot is not None:
            # Up to the reference face from the reference shape's side: the other side, above the
            # face, is where the points' labels stand.
            nx, ny = found.normal
            tail = (spot[0] - nx * 60, spot[1] - ny * 60)
            painter.arrow(tail, spot, theme.axis, 2)
            painter.text(((tail[0] + spot[0]) / 2 + 6 * pixel, (tail[1] + spot[1]) / 2), "n", theme.axis, 15)
        # The reference face's name sits where A's would: A's goes below A.
        x0, y0, x1, y1 = self.shapes["A"].aabb()
        self.label_shapes(painter, theme, avoid=[((x0 + x1) / 2, y1 + 10 * pixel)])

    def _name(self, painter, face, at, color, label, pixel, side):
        """A face's name beside ``at``: on the outer side of the reference face and the inner
        side of the incident one, so that the two names stay apart when the faces touch."""
        painter.text(self._name_spot(face, at, label, side), label, color, NAME_SIZE, "center")

    def _name_spot(self, face, at, label, side):
        """Where a face's name goes (its centre's baseline): its box a gap from ``at`` on the
        face, on ``side`` of it (1: to the face's right as it runs), at any text size."""
        (x0, y0), (x1, y1) = face
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        ox, oy = (y1 - y0) / length * side, (x0 - x1) / length * side
        left, bottom, right, top = text_box((0.0, 0.0), label, NAME_SIZE, self.view.pixel, self.view.text_scale, "center")
        out = ID_GAP * self.view.pixel * self.view.text_scale + abs(ox) * (right - left) / 2 + abs(oy) * (top - bottom) / 2
        return (at[0] + ox * out, at[1] + oy * out - (bottom + top) / 2)

    def _incident_spot(self, face, incident, reference):
        """Where the incident face's name goes: beside the face, off the reference shape and
        every outline, in the view. Outside its shape first, along the face from its middle
        out (a turned face leaves a free wedge below it: inside, the name stood near B's centre,
        far from the face), then inside it, then past either end (at a presenter's scale a
        resting box is too small to hold it, and inside A it named A)."""
        (x0, y0), (x1, y1) = face
        label, pixel, scale = "incident face", self.view.pixel, self.view.text_scale
        along = (0.5, 0.65, 0.35, 0.8, 0.2)
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        left, bottom, right, top = text_box((0.0, 0.0), label, NAME_SIZE, pixel, scale, "center")

        def inward(at, lift):
            # ``lift`` half lines to the face's inner side: the face sinks into the reference
            # shape, whose outline a name just inside the face would cross.
            rise = lift * (top - bottom) / 2
            return (at[0] - (y1 - y0) / length * rise, at[1] + (x1 - x0) / length * rise)

        points = [(x0 + t * (x1 - x0), y0 + t * (y1 - y0)) for t in along]
        # (spot, whether its box must lie inside the incident shape)
        spots = [(self._name_spot(face, at, label, 1), False) for at in points]
        spots += [(self._name_spot(face, inward(at, lift), label, -1), True) for lift in (0, 1, 2) for at in points]
        for (ex, ey), (dx, dy) in (((x1, y1), (x1 - x0, y1 - y0)), ((x0, y0), (x0 - x1, y0 - y1))):
            dx, dy = dx / length, dy / length
            out = ID_GAP * pixel * scale + abs(dx) * (right - left) / 2 + abs(dy) * (top - bottom) / 2
            # Past the end, to either side of the face's line (a turned face's upper end has
            # no room on its inner side, under the view's top).
            for lift in (0, 1, -1, 2, -2, 3, -3, 4, -4):
                spots.append((self._name_spot(face, inward((ex + dx * out, ey + dy * out), lift), label, -1), False))
        x_low, y_low, x_high, y_high = self.view.rect
        # Half the gap each spot keeps from the face: a padded box's corners reach further
        # along a turned face than the gap itself.
        pad = ID_GAP / 2 * pixel * scale
        for at, inside in spots:
            box = text_box(at, label, NAME_SIZE, pixel, scale, "center")
            corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
            if box[0] < x_low or box[1] < y_low or box[2] > x_high or box[3] > y_high:
                continue
            if any(outline_meets_box(shape, box, pad) for shape in self.shapes.values()):
                continue
            if any(point_query(reference, corner).inside for corner in corners):
                continue
            if inside and not all(point_query(incident, corner).inside for corner in corners):
                continue  # lifted clean through a small shape, to the far side of it
            return at
        return spots[len(along)][0]  # inside its shape at the middle, where nothing is clear

    def _side_plane(self, painter, theme, step, label, pixel):
        """A clip's side plane: the line through the face's end, square to the face."""
        (px, py), (sx, sy) = step.plane
        # The plane runs across the face's tangent (sx, sy), i.e. along the normal.
        ax, ay = -sy, sx
        start = (px - ax * PLANE_REACH, py - ay * PLANE_REACH)
        end = (px + ax * PLANE_REACH, py + ay * PLANE_REACH)
        painter.segment(start, end, theme.guide, 1)
        painter.text((end[0] + sx * 6 * pixel, end[1] + sy * 6 * pixel), label, theme.guide, 13, "center")

    def _labels(self, found, pixel):
        """Each point's label: its id and separation where every one fits in the figure beside
        its point; else its id alone (the verdict line gives the depth); else (a presenter
        scale, the figure narrow) its number, as in the table, and None for the ids. All one
        way or the other, so that the labels match."""
        x0, y0, x1, y1 = self.view.rect

        def fits(texts):
            for k, text in enumerate(texts):
                left, bottom, right, top = text_box(self._beside(found, k, text, pixel), text, ID_SIZE, pixel, self.view.text_scale, "center")
                if left < x0 or right > x1 or bottom < y0 or top > y1:
                    return False
            return True

        for texts in ([f"{contact.id}: {contact.separation:.1f}" for contact in found.points], [str(contact.id) for contact in found.points]):
            if fits(texts):
                return texts, True
        return [str(k + 1) for k in range(len(found.points))], False

    def _contacts(self, painter, theme, found, pixel):
        texts, named = self._labels(found, pixel)
        for k, contact in enumerate(found.points):
            color = theme.mtv if contact.separation < 0 else theme.separating
            painter.point(contact.point, color, 8)
            if self.settings["ids"]:
                painter.text(self._beside(found, k, texts[k], pixel), texts[k], color, ID_SIZE, "center")
        left_out = getattr(painter, "left_out", None)
        if self.settings["ids"] and not named and left_out is not None:
            # Numbered for want of room: the ids are named as left out, as any label the
            # figure has no room for (the panel, or with it hidden the hint line, lists them).
            left_out.extend(f"{k + 1}: {contact.id}" for k, contact in enumerate(found.points))

    def _beside(self, found, k, text, pixel):
        """Where point ``k``'s label goes (its centre's baseline). Between faces the point is a
        vertex of one shape on the other's face: the label goes on the vertex's side of that
        face (above A's face for B's corner, below B's face for A's corner), out past the point
        away from the other point, its box a gap from the face and from the vertex. The
        vertex's edges leave it the other way, so the label crosses neither, and two labels,
        each out on its own side, never meet. With no face (a circle, rounded corners) the
        outline curves round the point: the label goes straight below it, into A."""
        contact = found.points[k]
        point = contact.point
        nx, ny = found.normal
        left, bottom, right, top = text_box((0.0, 0.0), text, ID_SIZE, pixel, self.view.text_scale, "center")
        half_width, half_height = (right - left) / 2, (top - bottom) / 2
        gap = ID_GAP * pixel * self.view.text_scale
        # Clear of the deeper surface by half the overlap.
        up = gap + max(-contact.separation, 0.0) / 2 + abs(nx) * half_width + abs(ny) * half_height
        if found.reference is None:
            centre = (point[0] - nx * up, point[1] - ny * up)
            return (centre[0], centre[1] - (bottom + top) / 2)
        # The normal runs from A to B: B's vertex stands on the normal's side, A's on the other.
        owner = "A" if contact.id.kind_a == "vertex" and contact.id.kind_b != "vertex" else "B"
        side = (nx, ny) if owner == "B" else (-nx, -ny)
        (x0, y0), (x1, y1) = found.steps[1].points
        others = [p.point for j, p in enumerate(found.points) if j != k]
        # Away from the other point, or from the incident face's middle when alone.
        away = (point[0] - others[0][0], point[1] - others[0][1]) if others else (point[0] - (x0 + x1) / 2, point[1] - (y0 + y1) / 2)
        along = (-ny, nx) if (-ny * away[0] + nx * away[1]) >= 0 else (ny, -nx)
        out = gap + abs(along[0]) * half_width + abs(along[1]) * half_height
        # A turned or rounded shape leans out over its vertex: out further, half a line at a
        # time, until the label clears it (a few lines at most).
        for _ in range(SLIDES):
            x, y = point[0] + along[0] * out + side[0] * up, point[1] + along[1] * out + side[1] * up
            if not outline_meets_box(self.shapes[owner], (x - half_width, y - half_height, x + half_width, y + half_height), gap):
                break
            out += half_height
        return (x, y - (bottom + top) / 2)

    def report(self, result):
        found, page = result.manifold, result.page
        count = len(found.points)
        if not count:
            verdict = Verdict("APART: NO CONTACT POINTS", "separating", "a face parts them")
        else:
            deepest = min(p.separation for p in found.points)
            verdict = Verdict(f"{count} CONTACT POINT{'S' if count > 1 else ''}", "mtv", f"deepest point sunk {-deepest:.1f}")
        step = found.steps[page]
        lines = (Line(f"Stage {page + 1} of {len(found.steps)}: {step.title}"),)
        numbers = {
            "normal": list(found.normal),
            "reference": f"{found.reference}'s edge {found.reference_edge}" if found.reference else "none",
            # The same face as the class sees it: no edge numbers are drawn.
            "reference_face": f"{found.reference}'s {_side(found.steps[0].points)}" if found.reference else "none",
            "reference_edge": found.reference_edge,
            "incident_edge": found.incident_edge,
            "stage": step.title,
            "count": count,
            # The question names both points' features at once, as one answer.
            "ids": "; ".join(str(p.id) for p in found.points) or "none",
        }
        report = Report(verdict, lines, facts=self._facts(found), numbers=numbers)
        if result.trace is None:
            return report
        return with_code(report, self._code(result), (
            Cost("side-plane clips", result.trace.ran(CLIP)),
            Cost("points kept", result.trace.ran("contacts.append(ContactPoint(")),
        ))

    def _code(self, result):
        """The clipping at the stage shown: the reference and incident faces found, each clip
        (the lines of that pass of the loop), or the whole call for the points kept."""
        recorded, page, titles = result.trace, result.page, [step.title for step in result.manifold.steps]
        title = f"stage {page + 1} of {len(titles)}: {titles[page]}"
        clips = recorded.steps(CLIP)
        if page < 2 and page < len(MARKS):
            return step_code(recorded, clips[0], title, MARKS[page])
        if titles[page].startswith("clip:") and page - 1 < len(clips):
            return step_code(recorded, clips[page - 1], title, CLIP)
        return step_code(recorded, recorded.runs, title, "return Manifold(normal, tuple(contacts)")

    def _facts(self, found):
        points = [{"number": k + 1, "point": list(p.point), "separation": p.separation, "id": str(p.id)} for k, p in enumerate(found.points)]
        # A stage keeps two points at most: a face's ends, a clipped face's, the nearest points.
        stages = [{"stage": step.title, "first": list(step.points[0]) if step.points else "nothing",
                   "second": list(step.points[1]) if len(step.points) > 1 else None} for step in found.steps]
        facts = [
            Fact("points", points, "Contact points", columns=(
                Column("number", "point"), Column("point", "where"), Column("separation", "separation"), Column("id", "features (its id)"))),
            Fact("stages", stages, "How they were found", columns=(Column("stage"), Column("first", "what it keeps"), Column("second", "and"))),
        ]
        if found.points:
            facts.append(Fact("depth", -min(p.separation for p in found.points), "how deep the deepest point is sunk"))
        return facts
