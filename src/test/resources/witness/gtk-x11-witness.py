#!/usr/bin/python3
"""Deskhand's GTK3 witness on X11 (the own-seat tests): a window that reports every key,
button and focus event it gets as one JSON object per line on stdout, with the XInput2
master device that delivered it and the slave it came from (GTK3 is an XI2 client), so a
test can tell the person's keys (Virtual core keyboard) from the agent's (deskhand-agent
keyboard).

Usage: gtk-x11-witness.py NAME   (NAME is the window title and the WM_CLASS instance)

The first line is {"ev":"ready","xid":N}. Text is what key presses typed (keyval ->
Unicode, no input method). The command "clear" on stdin empties it (answers "cleared").
"""
import json
import sys
import threading

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GdkX11, GLib, Gtk  # noqa: E402,F401

NAME = sys.argv[1]
GLib.set_prgname(NAME)
text = []


def emit(**fields):
    sys.stdout.write(json.dumps(fields, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def devices(event):
    device = event.get_device()
    source = event.get_source_device()
    return (device.get_name() if device else None, source.get_name() if source else None)


def on_key(widget, event, kind):
    device, source = devices(event)
    char = chr(Gdk.keyval_to_unicode(event.keyval)) if Gdk.keyval_to_unicode(event.keyval) else ""
    if kind == "press" and char and char.isprintable():
        text.append(char)
    emit(ev="key-" + kind, key=Gdk.keyval_name(event.keyval), char=char, device=device, source=source,
         text="".join(text))
    return True


def on_button(widget, event, kind):
    device, source = devices(event)
    emit(ev="button-" + kind, button=event.button, device=device, source=source)
    return False


def on_focus(widget, event, kind):
    emit(ev="focus-" + kind)
    return False


def commands():
    for line in sys.stdin:
        if line.strip() == "clear":
            GLib.idle_add(clear)


def clear():
    text.clear()
    emit(ev="cleared")
    return False


window = Gtk.Window(title=NAME)
window.set_default_size(400, 300)
window.add_events(Gdk.EventMask.KEY_PRESS_MASK | Gdk.EventMask.KEY_RELEASE_MASK | Gdk.EventMask.BUTTON_PRESS_MASK
                  | Gdk.EventMask.BUTTON_RELEASE_MASK | Gdk.EventMask.FOCUS_CHANGE_MASK)
window.connect("key-press-event", on_key, "press")
window.connect("key-release-event", on_key, "release")
window.connect("button-press-event", on_button, "press")
window.connect("button-release-event", on_button, "release")
window.connect("focus-in-event", on_focus, "in")
window.connect("focus-out-event", on_focus, "out")
window.connect("destroy", Gtk.main_quit)
window.show_all()


def ready():
    emit(ev="ready", xid=window.get_window().get_xid())
    return False


GLib.idle_add(ready)
threading.Thread(target=commands, daemon=True).start()
Gtk.main()
