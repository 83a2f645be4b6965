#!/usr/bin/python3
"""The pyatspi reference peer of the accessibility benchmark (docs/performance.md,
"Accessibility tree"): the query list_elements makes, done the way a pyatspi client does it.

    /usr/bin/python3 bench_pyatspi.py list --app NAME --frame TITLE [--method walk|matches] [--runs N]
    /usr/bin/python3 bench_pyatspi.py press --app NAME --frame TITLE --role ROLE --name NAME [--runs N]
    /usr/bin/python3 bench_pyatspi.py serve
    /usr/bin/python3 bench_pyatspi.py find --app NAME [--frame TITLE] --role ROLE --name NAME

The query is the one Deskhand's AT-SPI driver makes for list_elements (platform.linux.atspi:
AtspiTree.rule, AtspiAccessibilityDriver.collect): every element of one window (the first frame
whose name contains TITLE, of the application named NAME, or of any application when NAME is
empty) that is showing and has an interactive role, or a "content" role (label, heading,
static, ...) and a name; a named non-interactive element that repeats the name of one of the
last 8 kept elements inside its bounds (the text inside a link) is left out. Each is read with
its role, name, states, screen extents and action names. Nothing that is not showing is
descended into. Two ways to find them:

- walk: a depth-first walk over the children (what most pyatspi clients do; libatspi fills
  role, name, states and children from its cache, so the calls are the extents and actions);
- matches: one Collection.GetMatches for "showing" and those roles over the frame (server side,
  where the toolkit offers it: GTK, Chromium; what the driver does there), then the same
  per-element reads.

press: the element found once, untimed; each run times Action.DoAction(0).

find: the tests' own view of the tree, independent of Deskhand's driver: prints the first
element of that role and name under the frame (any frame without --frame) as one JSON line,
exit status 0; 3 when there is none (yet), so a test can poll until an application is in the
tree.

With --runs, prints each run's milliseconds and the median. serve reads commands from stdin,
one per line as JSON ({"op": "list", "app": ..., "frame": ..., "method": ...} or
{"op": "press", "app": ..., "frame": ..., "role": ..., "name": ...}) and answers one JSON line
each: {"ms": <time of the query alone>, "count": <elements>, "elements": [...] when asked}. The
benchmark runs it in the same rounds as Deskhand's driver. Run it with Debian's /usr/bin/python3
(gi and pyatspi), DISPLAY and the session bus of the desktop to read.
"""
import argparse
import json
import statistics
import sys
import time

import pyatspi

from gi.repository import Atspi  # noqa: E402  (after pyatspi, which requires the version)

# ElementRole.interactive() of dev.deskhand.platform.elements, by AT-SPI spelling
INTERACTIVE = {
    "check box", "check menu item", "combo box", "list item", "menu", "menu item", "page tab",
    "password text", "push button", "radio button", "radio menu item", "scroll bar", "slider",
    "spin button", "table cell", "text", "toggle button", "autocomplete", "entry", "link",
    "tree item", "push button menu",
}
# AtspiRoles.CONTENT of the driver: kept when named
CONTENT = {
    "label", "heading", "static", "image", "icon", "alert", "status bar", "notification", "tool tip",
    "caption", "column header", "row header", "table column header", "table row header", "info bar",
    "title bar", "progress bar", "level bar", "dialog",
}
def role_numbers():
    numbers = []
    # libatspi 2.46 warns about (and drops) role numbers from 129 (push button menu) on
    for number in range(min(int(Atspi.Role.LAST_DEFINED), 129)):
        if Atspi.role_get_name(Atspi.Role(number)) in INTERACTIVE | CONTENT:
            numbers.append(number)
    return numbers


class NotFound(Exception):
    pass


def find_frame(app_name, frame_title):
    desktop = pyatspi.Registry.getDesktop(0)
    apps = []
    for app in desktop:
        if app is None:
            continue
        apps.append(app.name)
        if app_name and app.name != app_name:
            continue
        for frame in app:
            if frame is not None and frame_title in (frame.name or ""):
                return frame
    raise NotFound("no frame containing %r in an application named %r; applications: %s"
                   % (frame_title, app_name, apps))


def describe(accessible, states):
    try:
        component = accessible.queryComponent()
        e = component.getExtents(pyatspi.DESKTOP_COORDS)
        extents = [e.x, e.y, e.width, e.height]
    except NotImplementedError:
        extents = None
    try:
        action = accessible.queryAction()
        actions = [action.getName(i) for i in range(action.nActions)]
    except NotImplementedError:
        actions = []
    return {
        "role": accessible.getRoleName(),
        "name": accessible.name,
        "states": sorted(pyatspi.stateToString(s) for s in states.getStates()),
        "bounds": extents,
        "actions": actions,
    }


def wanted(accessible):
    role = accessible.getRoleName()
    return role in INTERACTIVE or (role in CONTENT and bool((accessible.name or "").strip()))


def inside(inner, outer):
    return (inner is not None and outer is not None and outer[0] <= inner[0] and outer[1] <= inner[1]
            and inner[0] + inner[2] <= outer[0] + outer[2] and inner[1] + inner[3] <= outer[1] + outer[3])


def keep(found, element):
    """Adds the element unless it repeats a recent one's name inside its bounds."""
    if element["role"] not in INTERACTIVE and element["name"].strip():
        for earlier in found[-8:]:
            if earlier["name"] == element["name"] and inside(element["bounds"], earlier["bounds"]):
                return
    found.append(element)


def list_walk(frame):
    found = []

    def visit(accessible):
        for child in accessible:
            if child is None:
                continue
            states = child.getState()
            if not states.contains(pyatspi.STATE_SHOWING):
                continue
            if wanted(child):
                keep(found, describe(child, states))
            visit(child)

    visit(frame)
    return found


def list_matches(frame):
    collection = frame.queryCollection()
    rule = collection.createMatchRule(
        pyatspi.StateSet(pyatspi.STATE_SHOWING).raw(), collection.MATCH_ALL,
        "", collection.MATCH_ALL,
        [pyatspi.Role(number) for number in role_numbers()], collection.MATCH_ANY,
        "", collection.MATCH_ALL,
        False)
    found = []
    for accessible in collection.getMatches(rule, collection.SORT_ORDER_CANONICAL, 0, True):
        if wanted(accessible):
            keep(found, describe(accessible, accessible.getState()))
    return found


def find_element(frame, role, name):
    def visit(accessible):
        for child in accessible:
            if child is None:
                continue
            if child.getRoleName() == role and child.name == name:
                return child
            hit = visit(child)
            if hit is not None:
                return hit
        return None

    element = visit(frame)
    if element is None:
        raise NotFound("no %s named %r under %r" % (role, name, frame.name))
    return element


def timed(function):
    start = time.perf_counter_ns()
    result = function()
    return (time.perf_counter_ns() - start) / 1e6, result


def run(command, cache):
    op = command["op"]
    key = (command["app"], command["frame"])
    frame = cache.get(key)
    if frame is None:
        frame = cache[key] = find_frame(*key)
    if op == "list":
        method = list_matches if command.get("method") == "matches" else list_walk
        ms, elements = timed(lambda: method(frame))
        answer = {"ms": ms, "count": len(elements)}
        if command.get("elements"):
            answer["elements"] = elements
        return answer
    if op == "press":
        element_key = key + (command["role"], command["name"])
        element = cache.get(element_key)
        if element is None:
            element = cache[element_key] = find_element(frame, command["role"], command["name"])
        action = element.queryAction()
        ms, ran = timed(lambda: action.doAction(0))
        return {"ms": ms, "count": 1 if ran else 0}
    raise SystemExit("unknown op %r" % op)


def serve():
    cache = {}
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            answer = run(json.loads(line), cache)
        except Exception as ex:  # the benchmark shows it and stops
            answer = {"error": "%s: %s" % (type(ex).__name__, ex)}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("op", choices=["list", "press", "serve", "find"])
    parser.add_argument("--app", default="")
    parser.add_argument("--frame", default="")
    parser.add_argument("--method", choices=["walk", "matches"], default="walk")
    parser.add_argument("--role")
    parser.add_argument("--name")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--print", action="store_true", help="print the elements of the last run")
    args = parser.parse_args()
    if args.op == "serve":
        serve()
        return
    if args.op == "find":
        try:
            element = find_element(find_frame(args.app, args.frame), args.role, args.name)
            print(json.dumps(describe(element, element.getState()), ensure_ascii=False))
        except NotFound as ex:
            print(ex)
            sys.exit(3)
        return
    command = {"op": args.op, "app": args.app, "frame": args.frame, "method": args.method, "role": args.role,
               "name": args.name, "elements": args.print}
    cache = {}
    times = []
    answer = None
    for _ in range(args.runs):
        answer = run(command, cache)
        times.append(answer["ms"])
    if args.print and "elements" in answer:
        for element in answer["elements"]:
            print(json.dumps(element, ensure_ascii=False))
    print("%s %s: %d elements; runs (ms): %s; median %.2f ms" % (
        args.op, args.method if args.op == "list" else args.name, answer["count"],
        " ".join("%.1f" % t for t in times), statistics.median(times)))


if __name__ == "__main__":
    main()
