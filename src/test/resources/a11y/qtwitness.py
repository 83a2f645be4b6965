#!/usr/bin/python3
"""The Qt 5 witness of the accessibility tests (dev.deskhand.testing.A11yQt).

    /usr/bin/python3 qtwitness.py [--x 101] [--y 470]

A window "Qt witness" with a line edit (accessible name "Qt name field"), a button
"Qt press me", a check box "Qt remember" and a label. Every event it receives is one JSON line
on stdout, flushed:

    {"event": "started"}
    {"event": "geometry", "window": [x, y, w, h], "widgets": {"field": [x, y, w, h], ...}}
        (screen rectangles from Qt itself: mapToGlobal of each widget's origin; again on every
        move or resize of the window)
    {"event": "text", "value": "..."}       the line edit's text changed
    {"event": "clicked", "n": 1}             the button was pressed
    {"event": "toggled", "checked": true}    the check box changed
    {"event": "focus", "widget": "field"}    a widget took the keyboard focus
    {"event": "destroyed", "widget": "button"}

Commands, one per line on stdin: "destroy button" (or field, check, label) deletes that widget,
so a reference to it goes stale; "geometry" logs the geometry again; "quit" exits.
Run it with Debian's /usr/bin/python3 (PyQt5 from the python3-pyqt5 package).
"""
import argparse
import json
import sys

from PyQt5.QtCore import QEvent, QObject, QPoint, QSocketNotifier
from PyQt5.QtWidgets import QApplication, QCheckBox, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget


def log(**event):
    sys.stdout.write(json.dumps(event, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def screen_rect(widget):
    origin = widget.mapToGlobal(QPoint(0, 0))
    return [origin.x(), origin.y(), widget.width(), widget.height()]


class Witness(QWidget):

    def __init__(self):
        super().__init__()
        self.setWindowTitle("Qt witness")
        self.setObjectName("qtwitness")
        layout = QVBoxLayout(self)
        self.widgets = {}
        field = QLineEdit()
        field.setAccessibleName("Qt name field")
        field.setPlaceholderText("type here")
        field.textChanged.connect(lambda text: log(event="text", value=text))
        button = QPushButton("Qt press me")
        self.clicks = 0
        button.clicked.connect(self.clicked)
        check = QCheckBox("Qt remember")
        check.toggled.connect(lambda checked: log(event="toggled", checked=checked))
        label = QLabel("Qt status: idle")
        for name, widget in (("field", field), ("button", button), ("check", check), ("label", label)):
            layout.addWidget(widget)
            widget.installEventFilter(self)
            self.widgets[name] = widget

    def clicked(self):
        self.clicks += 1
        log(event="clicked", n=self.clicks)
        self.widgets["label"].setText("Qt status: pressed %d" % self.clicks) if "label" in self.widgets else None

    def eventFilter(self, watched, event):
        if event.type() == QEvent.FocusIn:
            for name, widget in self.widgets.items():
                if widget is watched:
                    log(event="focus", widget=name)
        return False

    def geometry_report(self):
        frame = self.frameGeometry()
        log(event="geometry", window=screen_rect(self),
            frame=[frame.x(), frame.y(), frame.width(), frame.height()],
            widgets={name: screen_rect(widget) for name, widget in self.widgets.items()})

    def moveEvent(self, event):
        super().moveEvent(event)
        self.geometry_report()

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self.geometry_report()

    def command(self, line):
        words = line.split()
        if not words:
            return
        if words[0] == "destroy" and len(words) == 2 and words[1] in self.widgets:
            widget = self.widgets.pop(words[1])
            widget.setParent(None)
            widget.deleteLater()
            log(event="destroyed", widget=words[1])
        elif words[0] == "geometry":
            self.geometry_report()
        elif words[0] == "quit":
            QApplication.quit()
        else:
            log(event="unknown command", command=line)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--x", type=int, default=101)
    parser.add_argument("--y", type=int, default=470)
    args = parser.parse_args()
    app = QApplication(sys.argv[:1])
    app.setApplicationName("qtwitness")
    witness = Witness()
    witness.resize(400, 200)
    witness.move(args.x, args.y)
    stdin = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Read)

    def read_command():
        line = sys.stdin.readline()
        if line == "":  # the test went away: do not outlive it
            stdin.setEnabled(False)
            QApplication.quit()
            return
        witness.command(line.strip())

    stdin.activated.connect(read_command)
    witness.show()
    log(event="started")
    sys.exit(app.exec_())


if __name__ == "__main__":
    main()
