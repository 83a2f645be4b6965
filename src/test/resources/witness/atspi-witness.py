#!/usr/bin/python3
"""Deskhand's AT-SPI witness: a GTK3 window (X11) with the widgets the accessibility driver's
live tests read and press, reporting what it receives as one JSON object per line on stdout,
for the tests' AtspiWitness.

Usage: atspi-witness.py TITLE [--upper]

Its application is named "deskhand-atspi-witness" in the accessibility tree.

Widgets: a menu bar (File -> Open, Quit), an entry named "Name field", a push button "Press me",
a check box "Remember me", a label "Status: idle", a password entry "Password" and a push button
"Vanishing button". With --upper (or the stdin command "upper on") the entry rewrites what it
receives in upper case, so a test can prove that read-back catches a wrong arrival.

Events ("ev"): ready, mapped, widgets (each widget's screen rectangle: the toplevel's origin plus
translate_coordinates, in X root pixels), clicked (widget), toggled (widget, active),
menu (item), changed (widget, and the text unless it is the password entry), destroyed (widget),
upper (on), focus (widget).

Commands on stdin, one a line: "report" (answers a widgets event), "destroy" (destroys the
vanishing button, answers destroyed), "upper on" / "upper off", "quit".
"""
import json
import sys
import threading
import time

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

# the application's accessible name, whatever file the test copied the script to
GLib.set_prgname("deskhand-atspi-witness")
TITLE = sys.argv[1] if len(sys.argv) > 1 else "Deskhand AT-SPI witness"
upper = "--upper" in sys.argv[2:]


def emit(**fields):
    fields["t"] = time.monotonic_ns()
    print(json.dumps(fields, ensure_ascii=False), flush=True)


win = Gtk.Window(title=TITLE)
win.set_default_size(420, 320)
win.move(100, 80)
win.connect("destroy", Gtk.main_quit)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
win.add(box)

menubar = Gtk.MenuBar()
file_item = Gtk.MenuItem(label="File")
file_menu = Gtk.Menu()
for label in ("Open", "Quit"):
    item = Gtk.MenuItem(label=label)
    item.connect("activate", lambda _w, name=label: emit(ev="menu", item=name))
    file_menu.append(item)
file_item.set_submenu(file_menu)
menubar.append(file_item)
box.pack_start(menubar, False, False, 0)

entry = Gtk.Entry()
entry.get_accessible().set_name("Name field")
rewriting = [False]


def on_entry_changed(widget):
    text = widget.get_text()
    if upper and not rewriting[0] and text != text.upper():
        rewriting[0] = True
        widget.set_text(text.upper())
        rewriting[0] = False
        return
    emit(ev="changed", widget="entry", text=text)


entry.connect("changed", on_entry_changed)
box.pack_start(entry, False, False, 0)

button = Gtk.Button(label="Press me")
button.connect("clicked", lambda *_: emit(ev="clicked", widget="button"))
box.pack_start(button, False, False, 0)

check = Gtk.CheckButton(label="Remember me")
check.connect("toggled", lambda c: emit(ev="toggled", widget="check", active=c.get_active()))
box.pack_start(check, False, False, 0)

label = Gtk.Label(label="Status: idle")
box.pack_start(label, False, False, 0)

password = Gtk.Entry()
password.set_visibility(False)
password.get_accessible().set_name("Password")
# what a password field receives is never printed, only that it changed
password.connect("changed", lambda w: emit(ev="changed", widget="password", length=len(w.get_text())))
box.pack_start(password, False, False, 0)

vanishing = Gtk.Button(label="Vanishing button")
vanishing.connect("clicked", lambda *_: emit(ev="clicked", widget="vanishing"))
box.pack_start(vanishing, False, False, 0)

widgets = {"menubar": menubar, "entry": entry, "button": button, "check": check, "label": label,
           "password": password, "vanishing": vanishing}
for name, widget in widgets.items():
    widget.connect("focus-in-event", lambda *_a, name=name: emit(ev="focus", widget=name) and False)


def report(*_):
    gdk_window = win.get_window()
    if gdk_window is None:
        return False
    _, ox, oy = gdk_window.get_origin()
    rects = {}
    for name, widget in widgets.items():
        if widget.get_parent() is None or not widget.get_mapped():
            continue
        x, y = widget.translate_coordinates(win, 0, 0)
        allocation = widget.get_allocation()
        rects[name] = [ox + x, oy + y, allocation.width, allocation.height]
    emit(ev="widgets", origin=[ox, oy], rects=rects)
    return False


def command(line):
    global upper
    line = line.strip()
    if line == "report":
        report()
    elif line == "destroy":
        if vanishing.get_parent() is not None:
            vanishing.destroy()
            widgets.pop("vanishing", None)
        emit(ev="destroyed", widget="vanishing")
    elif line in ("upper on", "upper off"):
        upper = line == "upper on"
        emit(ev="upper", on=upper)
    elif line == "quit":
        Gtk.main_quit()
    return False


def read_commands():
    for line in sys.stdin:
        GLib.idle_add(command, line)
    GLib.idle_add(Gtk.main_quit)


def on_map(*_):
    emit(ev="mapped")
    # the window manager places the window after mapping: report once it settled
    GLib.timeout_add(300, report)
    return False


win.connect("map-event", on_map)
win.show_all()
threading.Thread(target=read_commands, daemon=True).start()
emit(ev="ready", title=TITLE, upper=upper)
Gtk.main()
