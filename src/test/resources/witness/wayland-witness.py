#!/usr/bin/python3
"""Deskhand's Wayland witness: a GTK3 window (GDK_BACKEND=wayland) that reports every input
event it receives as one JSON object per line on stdout, for the tests' WaylandWitness.

Usage: wayland-witness.py APP_ID [--fullscreen-at X,Y] [--input-method]

The sway rig's for_window rules place a window by its app_id (see SwaySession). Where the
compositor places windows itself and a client never learns where (mutter), --fullscreen-at
makes the window fullscreen on the monitor that contains the layout point X,Y (GDK's monitor
geometry is in layout units): its window-local coordinates are then relative to that
monitor's layout origin, which the "fullscreen" event reports (monitor index, x, y, width,
height, scale) once GTK says the window is fullscreen. It paints a
known pattern so screenshots can be checked: a grey (0x808080) background, a red 20x20
square at window-local (100,100) and a blue one at (300,200), in layout units.

Coordinates are window-local GTK logical units, which are sway layout units. Pointer
handlers sit on the DrawingArea: on the toplevel GTK reports every press twice. Text is
accumulated from key presses without an input method (keyval -> Unicode), so what arrives
is exactly what the keyboard sent, and the test sees it in the "text" field.

Commands on stdin, one a line: "clipboard" (answers {"ev":"clipboard","text":...}),
"clear" (empties the accumulated text, answers {"ev":"cleared"}), "set-clipboard JSON"
(puts the JSON string's text on the clipboard as this window's selection, answers
{"ev":"clipboard-set","text":...}), "tick TEXT" (adds TEXT to a log pane, the same pane
the bench scene draws: light, DejaVu Sans Mono 12, at window-local (24,440) 600x176, which
appears with the first tick; answers {"ev":"drawn","tick":N} once painted; GnomeBenchmark's
changing part of the screen).
"""
import json
import os
import queue
import sys
import threading
import time

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

APP_ID = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else "deskhand.witness"
FULLSCREEN_AT = None
if "--fullscreen-at" in sys.argv:
    FULLSCREEN_AT = tuple(int(v) for v in sys.argv[sys.argv.index("--fullscreen-at") + 1].split(","))
# --input-method: keys go through GTK's own input method first, as in a text field, and
# the text is what it commits (Ctrl+Shift+U hex Space enters a character by code point)
INPUT_METHOD = Gtk.IMContextSimple() if "--input-method" in sys.argv else None
GLib.set_prgname(APP_ID)
text = []
# the tick pane (GnomeBenchmark): what wayland-bench-scene.py's log pane shows, on the
# layout units of the witness's monitor
TICK_PANE = (24, 440, 600, 176)
tick_log = ["%-40s %s" % (name, "executable") for name in sorted(os.listdir("/etc"))[:12]]
ticks = []


# Events leave through a writer thread, never from GTK's main loop: a print that waits for
# the test to read its pipe would stop the loop reading the Wayland socket, and a
# compositor drops a client that falls too far behind (libwayland 1.21: the GTK witness
# died mid-typing on CI while its reader was slow). The loop only queues.
OUTPUT = queue.SimpleQueue()


def write_events():
    while True:
        lines = [OUTPUT.get()]
        while not OUTPUT.empty():
            lines.append(OUTPUT.get())
        sys.stdout.write("".join(lines))
        sys.stdout.flush()


threading.Thread(target=write_events, name="events", daemon=True).start()


def emit(**fields):
    fields["t"] = time.monotonic_ns()
    OUTPUT.put(json.dumps(fields, ensure_ascii=False) + "\n")


def on_draw(widget, cr):
    allocation = widget.get_allocation()
    cr.set_source_rgb(0x80 / 255, 0x80 / 255, 0x80 / 255)
    cr.rectangle(0, 0, allocation.width, allocation.height)
    cr.fill()
    cr.set_source_rgb(1, 0, 0)
    cr.rectangle(100, 100, 20, 20)
    cr.fill()
    cr.set_source_rgb(0, 0, 1)
    cr.rectangle(300, 200, 20, 20)
    cr.fill()
    if ticks:
        x, y, w, h = TICK_PANE
        cr.set_source_rgb(0.97, 0.97, 0.95)
        cr.rectangle(x, y, w, h)
        cr.fill()
        cr.select_font_face("DejaVu Sans Mono")
        cr.set_font_size(12)
        cr.set_source_rgb(0.10, 0.10, 0.10)
        for i, line in enumerate(tick_log[-(h // 15):]):
            cr.move_to(x + 6, y + 14 + i * 15)
            cr.show_text(line)
        emit(ev="drawn", tick=ticks[-1])
    return False


MODIFIERS = (("shift", Gdk.ModifierType.SHIFT_MASK), ("lock", Gdk.ModifierType.LOCK_MASK),
             ("ctrl", Gdk.ModifierType.CONTROL_MASK), ("alt", Gdk.ModifierType.MOD1_MASK),
             ("super", Gdk.ModifierType.SUPER_MASK), ("mod4", Gdk.ModifierType.MOD4_MASK),
             ("button1", Gdk.ModifierType.BUTTON1_MASK), ("button2", Gdk.ModifierType.BUTTON2_MASK),
             ("button3", Gdk.ModifierType.BUTTON3_MASK))


def mods(state):
    return [name for name, mask in MODIFIERS if state & mask]


BUTTON_KINDS = {Gdk.EventType.BUTTON_PRESS: "press", Gdk.EventType.BUTTON_RELEASE: "release",
                Gdk.EventType._2BUTTON_PRESS: "double", Gdk.EventType._3BUTTON_PRESS: "triple"}


def on_button(widget, event):
    emit(ev="button", kind=BUTTON_KINDS.get(event.type, str(event.type)), button=event.button,
         x=event.x, y=event.y, mods=mods(event.state))
    return False


def on_motion(widget, event):
    emit(ev="motion", x=event.x, y=event.y, mods=mods(event.state))
    return False


def on_scroll(widget, event):
    direction = event.direction.value_nick
    dx = dy = 0.0
    if event.direction == Gdk.ScrollDirection.SMOOTH:
        _, dx, dy = event.get_scroll_deltas()
    emit(ev="scroll", direction=direction, dx=dx, dy=dy, x=event.x, y=event.y)
    return False


def on_commit(context, committed):
    text.append(committed)
    emit(ev="commit", string=committed, text="".join(text))


def on_key(widget, event):
    kind = "press" if event.type == Gdk.EventType.KEY_PRESS else "release"
    code = Gdk.keyval_to_unicode(event.keyval)
    char = chr(code) if code else ""
    name = Gdk.keyval_name(event.keyval)
    filtered = INPUT_METHOD is not None and INPUT_METHOD.filter_keypress(event)
    if kind == "press" and not filtered and not (event.state & (Gdk.ModifierType.CONTROL_MASK | Gdk.ModifierType.MOD1_MASK)):
        if name == "BackSpace":
            if text:
                text.pop()
        elif name in ("Return", "KP_Enter"):
            text.append("\n")
        elif name in ("Tab", "ISO_Left_Tab"):
            text.append("\t")
        elif char and code >= 0x20 and code != 0x7f:
            text.append(char)
    emit(ev="key", kind=kind, keyval=event.keyval, name=name, char=char, hw=event.hardware_keycode,
         mods=mods(event.state), text="".join(text))
    return True


def on_focus(widget, event, focused):
    if INPUT_METHOD is not None:
        if focused:
            INPUT_METHOD.focus_in()
        else:
            INPUT_METHOD.focus_out()
    emit(ev="focus", focused=focused)
    return False


def on_crossing(widget, event, inside):
    emit(ev="enter" if inside else "leave", x=event.x, y=event.y)
    return False


def on_configure(widget, event):
    emit(ev="configure", width=event.width, height=event.height, scale=widget.get_scale_factor())
    return False


def fullscreen_monitor():
    display = Gdk.Display.get_default()
    monitor = display.get_monitor_at_point(*FULLSCREEN_AT)
    for index in range(display.get_n_monitors()):
        if display.get_monitor(index) == monitor:
            return index, monitor
    sys.exit("no monitor at %r" % (FULLSCREEN_AT,))


def on_window_state(widget, event):
    if FULLSCREEN_AT and event.changed_mask & Gdk.WindowState.FULLSCREEN:
        index, monitor = fullscreen_monitor()
        geometry = monitor.get_geometry()
        emit(ev="fullscreen" if event.new_window_state & Gdk.WindowState.FULLSCREEN else "unfullscreen",
             monitor=index, x=geometry.x, y=geometry.y, width=geometry.width, height=geometry.height,
             scale=monitor.get_scale_factor())
    return False


def on_map(widget, event):
    emit(ev="mapped")
    return False


def on_command(source, condition):
    line = sys.stdin.readline()
    if not line:
        Gtk.main_quit()
        return False
    command = line.strip()
    if command.startswith("set-clipboard "):
        value = json.loads(command[len("set-clipboard "):])
        Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD).set_text(value, -1)
        emit(ev="clipboard-set", text=value)
    elif command == "clipboard":
        clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
        clipboard.request_text(lambda c, value: emit(ev="clipboard", text=value))
    elif command.startswith("tick "):
        tick_log.append(command[len("tick "):])
        ticks.append(len(ticks) + 1)
        area.queue_draw()
    elif command == "clear":
        text.clear()
        emit(ev="cleared")
    else:
        emit(ev="error", message="unknown command " + command)
    return True


window = Gtk.Window(title="Deskhand witness " + APP_ID)
window.set_default_size(800, 500)
area = Gtk.DrawingArea()
area.set_can_focus(True)
area.connect("draw", on_draw)
window.add(area)
window.add_events(Gdk.EventMask.KEY_PRESS_MASK | Gdk.EventMask.KEY_RELEASE_MASK
                  | Gdk.EventMask.FOCUS_CHANGE_MASK | Gdk.EventMask.STRUCTURE_MASK)
area.add_events(Gdk.EventMask.BUTTON_PRESS_MASK | Gdk.EventMask.BUTTON_RELEASE_MASK
                | Gdk.EventMask.POINTER_MOTION_MASK | Gdk.EventMask.SCROLL_MASK
                | Gdk.EventMask.SMOOTH_SCROLL_MASK | Gdk.EventMask.ENTER_NOTIFY_MASK
                | Gdk.EventMask.LEAVE_NOTIFY_MASK)
area.connect("button-press-event", on_button)
area.connect("button-release-event", on_button)
area.connect("motion-notify-event", on_motion)
area.connect("scroll-event", on_scroll)
area.connect("enter-notify-event", on_crossing, True)
area.connect("leave-notify-event", on_crossing, False)
window.connect("key-press-event", on_key)
window.connect("key-release-event", on_key)
window.connect("focus-in-event", on_focus, True)
window.connect("focus-out-event", on_focus, False)
window.connect("configure-event", on_configure)
window.connect("map-event", on_map)
window.connect("window-state-event", on_window_state)
window.connect("destroy", Gtk.main_quit)
if INPUT_METHOD is not None:
    INPUT_METHOD.connect("commit", on_commit)
    window.connect("realize", lambda w: INPUT_METHOD.set_client_window(w.get_window()))
GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, on_command)
if FULLSCREEN_AT:
    window.fullscreen_on_monitor(window.get_screen(), fullscreen_monitor()[0])
window.show_all()
emit(ev="ready", pid=os.getpid(), app_id=APP_ID, backend=type(Gdk.Display.get_default()).__name__)
Gtk.main()
# what the loop queued last still reaches the test
while not OUTPUT.empty():
    sys.stdout.write(OUTPUT.get())
sys.stdout.flush()
