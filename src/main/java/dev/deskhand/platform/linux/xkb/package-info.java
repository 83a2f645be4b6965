/**
 * XKB keymaps a virtual keyboard uploads: a self-contained keymap text with the fixed PC
 * keys on their evdev codes and slots for any other keysym, the plan that puts the
 * keysyms of a text into slots with as few uploads as it can, and the modifier state the
 * keyboard reports. Pure; knows no display server. The X11 driver does not use it: it
 * rebinds keycodes of the server's core keyboard mapping instead
 * ({@code x11.X11TypingPlanner}).
 */
package dev.deskhand.platform.linux.xkb;
