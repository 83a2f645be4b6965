#!/usr/bin/python3
"""The Wayland benchmark's scene (see WaylandBenchmark): a GTK3 window that paints a picture
over its whole area, a static text pane and a log pane, and adds a line to the log on command,
so that every screenshot sees a changed screen, as after an agent's action.

Usage: wayland-bench-scene.py PICTURE PANE_SCALE APP_ID [fullscreen]

The same script runs on both desktops of the benchmark: under sway (GDK_BACKEND=wayland, a
tiled window filling HEADLESS-1, PANE_SCALE 1: GTK units are sway layout units) and on Xvfb
(GDK_BACKEND=x11, full screen, PANE_SCALE 1.25: X pixels are the Wayland output's device
pixels, so the panes land on the same device pixels at the same size).

DESKHAND_BENCH_LOG_PANE=X,Y,W,H moves the log pane (layout units; GnomeBenchmark puts it where
the GNOME witness draws its tick pane). Button presses and releases on the window are reported
as {"ev":"button","kind":"press"|"release","button":N,"x":...,"y":...} (window pixels).

Commands on stdin, one a line: "tick TEXT" adds TEXT to the log and answers
{"ev":"drawn","tick":N} once the window has painted it.
"""
import json
import os
import sys
import time

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import Gdk, GdkPixbuf, GLib, Gtk  # noqa: E402

PICTURE, PANE_SCALE, APP_ID = sys.argv[1], float(sys.argv[2]), sys.argv[3]
FULLSCREEN = len(sys.argv) > 4 and sys.argv[4] == "fullscreen"
GLib.set_prgname(APP_ID)

# panes in HEADLESS-1 layout units (1536x864), clear of the witness at (200,100) 800x500
LIST_PANE = (1040, 24, 470, 820)
LOG_PANE = (24, 640, 990, 204)
if os.environ.get("DESKHAND_BENCH_LOG_PANE"):
    LOG_PANE = tuple(int(v) for v in os.environ["DESKHAND_BENCH_LOG_PANE"].split(","))
LINE = 15
FONT = 12

picture = GdkPixbuf.Pixbuf.new_from_file(PICTURE)
listing = sorted(os.listdir("/usr/bin"))[:52]
log = ["%-40s %s" % (name, "executable") for name in sorted(os.listdir("/etc"))[:12]]
ticks = []


def emit(**fields):
    fields["t"] = time.monotonic_ns()
    print(json.dumps(fields), flush=True)


def pane(cr, rect, background, foreground, lines):
    s = PANE_SCALE
    x, y, w, h = rect
    cr.set_source_rgb(*background)
    cr.rectangle(x * s, y * s, w * s, h * s)
    cr.fill()
    cr.select_font_face("DejaVu Sans Mono")
    cr.set_font_size(FONT * s)
    cr.set_source_rgb(*foreground)
    for i, line in enumerate(lines):
        cr.move_to((x + 6) * s, (y + 14 + i * LINE) * s)
        cr.show_text(line)


def on_draw(widget, cr):
    allocation = widget.get_allocation()
    cr.save()
    cr.scale(allocation.width / picture.get_width(), allocation.height / picture.get_height())
    Gdk.cairo_set_source_pixbuf(cr, picture, 0, 0)
    cr.paint()
    cr.restore()
    pane(cr, LIST_PANE, (0.12, 0.12, 0.18), (0.80, 0.84, 0.96),
         ["-rwxr-xr-x 1 root root %8d %s" % (len(name) * 4099, name) for name in listing])
    pane(cr, LOG_PANE, (0.97, 0.97, 0.95), (0.10, 0.10, 0.10), log[-(LOG_PANE[3] // LINE):])
    if ticks:
        emit(ev="drawn", tick=ticks[-1])
        ticks.clear()
    return False


def on_command(source, condition):
    line = sys.stdin.readline()
    if not line:
        Gtk.main_quit()
        return False
    command, _, argument = line.rstrip("\n").partition(" ")
    if command == "tick":
        log.append(argument)
        ticks.append(len(log))
        area.queue_draw()
    else:
        emit(ev="error", message="unknown command " + command)
    return True


window = Gtk.Window(title="Deskhand bench scene")
window.set_decorated(False)
window.set_default_size(1536, 864)
window.set_accept_focus(False)
area = Gtk.DrawingArea()
area.connect("draw", on_draw)
area.add_events(Gdk.EventMask.BUTTON_PRESS_MASK | Gdk.EventMask.BUTTON_RELEASE_MASK)
BUTTON_KINDS = {Gdk.EventType.BUTTON_PRESS: "press", Gdk.EventType.BUTTON_RELEASE: "release"}
area.connect("button-press-event", lambda w, e: emit(ev="button", kind=BUTTON_KINDS.get(e.type, str(e.type)),
                                                     button=e.button, x=e.x, y=e.y) or False)
area.connect("button-release-event", lambda w, e: emit(ev="button", kind=BUTTON_KINDS.get(e.type, str(e.type)),
                                                       button=e.button, x=e.x, y=e.y) or False)
window.add(area)
window.connect("destroy", Gtk.main_quit)
window.connect("map-event", lambda w, e: emit(ev="mapped") or False)
if FULLSCREEN:
    window.fullscreen()
GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, on_command)
window.show_all()
emit(ev="ready", backend=type(Gdk.Display.get_default()).__name__)
Gtk.main()
