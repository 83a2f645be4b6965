/**
 * The Linux X11 driver: Xlib, XTest, RandR and MIT-SHM through JNA (bindings in
 * {@code platform.x11.jna}; nothing outside this package imports JNA).
 *
 * <h2>Connections and threads</h2>
 * <ul>
 * <li>observation, input and control ({@code X11SharedConnection}): each owned by a
 * worker thread; callers hand it tasks and wait with a bound
 * ({@code deskhand.display.call-timeout}); a worker stuck past it is given up with its
 * connection and the next call starts a new one. Input is called from the InputQueue's
 * thread only; control (release-all, keymap restore) works while an input call is
 * stuck;</li>
 * <li>one per failsafe sensor ({@code X11InputSensor}): XQueryKeymap and XQueryPointer
 * every few milliseconds, never behind another connection; it reconnects by itself;</li>
 * <li>the clipboard's ({@code X11Clipboard}): a thread of its own, callers wait with a
 * bound.</li>
 * </ul>
 * {@code X11DisplayWatch} follows whether the display answers (every call reports, a
 * heartbeat looks once a second), feeds health without touching the display, and tells
 * listeners when it is lost. A connection the server dropped is never passed to
 * {@code XCloseDisplay}, which can block for good on it. Windows
 * ({@code X11WindowDriver}) are read on the observation connection: EWMH
 * {@code _NET_ACTIVE_WINDOW}, else the X input focus walked up to the window with
 * {@code WM_STATE}; titles from {@code _NET_WM_NAME}, else {@code WM_NAME}, which xterm
 * writes as COMPOUND_TEXT ({@code X11CompoundText}). {@code X11Libraries} installs the X
 * error and IO-error handlers once per process, before the first connection: Xlib's
 * defaults {@code exit()} the JVM on a protocol error or a lost server.
 *
 * <h2>Typing any Unicode</h2> Keysyms the layout has are typed on their own keys; the
 * rest are bound into a claimed block of spare keycodes (232-255 on Xvfb's evdev keymap),
 * a chunk at a time with one {@code XChangeKeyboardMapping} each
 * ({@code X11TypingPlanner}, pure). A client translates keys with the mapping it fetches
 * after MappingNotify, so a rebind waits until earlier keys have been read
 * ({@code X11TypingPace}) and never touches keycodes the chunk before it used. The
 * bindings stay between calls; the block's original mapping is restored at close.
 *
 * <h2>Pitfalls, each seen on a real server</h2>
 * <ul>
 * <li>JNA passes a Java {@code true} as -1. Where Xlib copies a {@code Bool} into a
 * protocol byte ({@code XInternAtom}'s only_if_exists, {@code XRRGetMonitors}'
 * get_active), the server answers BadValue: pass {@code false}, or bind the parameter as
 * {@code int}.</li>
 * <li>jna-platform's {@code XErrorEvent} has its fields in the wrong order, and its
 * {@code XGetKeyboardMapping} returns one keysym instead of a pointer: use
 * {@code jna.Xlib}.</li>
 * <li>XTest key and button state outlives the process that made it: release-all at
 * start-up, after every failed action, and at close.</li>
 * <li>Horizontal wheel buttons 6 and 7 reach Swing as mouse buttons 4 and 5.</li>
 * <li>libX11 makes every connection an XKB client at XOpenDisplay, and the server then
 * sends it no MappingNotify unless it selected XkbMapNotify: a connection that caches
 * keycodes must select it ({@code X11Connection.selectKeyboardMappingEvents}).</li>
 * <li>_NET_WM_PID is whatever the client wrote, and names a process on the client's host:
 * {@code WM_CLIENT_MACHINE} must be this host before {@code /proc/PID/exe} means
 * anything.</li>
 * <li>A keycode rebound while a client has not read the keys sent on it garbles text;
 * only pacing protects against that, so a client starved of CPU far beyond the pacing can
 * still receive a wrong character.</li>
 * </ul>
 */
package dev.deskhand.platform.linux.x11;
