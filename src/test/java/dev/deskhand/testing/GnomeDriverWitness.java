package dev.deskhand.testing;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;

/**
 * The contract suite's witness on GNOME: a {@link GnomeWitness} fullscreen on one of the
 * rig's monitors, seen in desktop units = mutter's layout units. Screenshots come from
 * {@link GnomeSession#screenshot} (a ScreenCast session and gst-launch of their own), at
 * the monitor's pixels.
 * <p>
 * Focus: mutter 43 gives it to a window that maps or is clicked, and a client's own
 * {@code present} does not take it; without gnome-shell there is no window manager call
 * that focuses a window. So {@link #focus()} clicks the witness's top-left corner through
 * a RemoteDesktop session of its own, opened by a Python GDBus client (GLib's D-Bus, not
 * Deskhand's code), then waits until GTK reports the focus. The click is a button press
 * and release the witness sees: {@link #reset()} after {@link #focus()} forgets it, as
 * the suite does.
 * <p>
 * Not done here: the clipboard ({@link #readClipboardOutside} and
 * {@link #writeClipboardOutside} throw {@link UnsupportedOperationException}): GNOME's
 * clipboard is another part of the driver.
 */
public final class GnomeDriverWitness implements DriverWitness {

	private static final Duration QUICK = Duration.ofSeconds(10);

	// a click at a monitor's (x, y) pixels through a RemoteDesktop session of GLib's own:
	// a relative motion by 0 and a Shift tap first, as the new devices' first events may
	// be lost, then time for clients to bind
	private static final String CLICK_SCRIPT = """
			import sys, time
			import gi
			from gi.repository import Gio, GLib
			RD = "org.gnome.Mutter.RemoteDesktop"
			SC = "org.gnome.Mutter.ScreenCast"
			bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
			def call(dest, path, iface, member, args=None, reply=None):
			    return bus.call_sync(dest, path, iface, member, args, GLib.VariantType(reply) if reply else None,
			                         Gio.DBusCallFlags.NONE, 10000, None)
			session = call(RD, "/org/gnome/Mutter/RemoteDesktop", RD, "CreateSession", None, "(o)").unpack()[0]
			sid = call(RD, session, "org.freedesktop.DBus.Properties", "Get",
			           GLib.Variant("(ss)", (RD + ".Session", "SessionId")), "(v)").unpack()[0]
			cast = call(SC, "/org/gnome/Mutter/ScreenCast", SC, "CreateSession",
			            GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", sid)},)), "(o)").unpack()[0]
			stream = call(SC, cast, SC + ".Session", "RecordMonitor",
			              GLib.Variant("(sa{sv})", (sys.argv[1], {})), "(o)").unpack()[0]
			def notify(member, signature, *args):
			    call(RD, session, RD + ".Session", member, GLib.Variant(signature, args))
			call(RD, session, RD + ".Session", "Start")
			notify("NotifyPointerMotionRelative", "(dd)", 0.0, 0.0)
			notify("NotifyKeyboardKeysym", "(ub)", 0xffe1, True)
			notify("NotifyKeyboardKeysym", "(ub)", 0xffe1, False)
			time.sleep(0.5)
			notify("NotifyPointerMotionAbsolute", "(sdd)", stream, float(sys.argv[2]), float(sys.argv[3]))
			notify("NotifyPointerButton", "(ib)", 0x110, True)
			notify("NotifyPointerButton", "(ib)", 0x110, False)
			time.sleep(0.3)
			call(RD, session, RD + ".Session", "Stop")
			""";

	private final GnomeSession session;

	private final GnomeWitness window;

	private final String connector;

	private GnomeDriverWitness(GnomeSession session, GnomeWitness window, String connector) {
		this.session = session;
		this.window = window;
		this.connector = connector;
	}

	/**
	 * Opens a witness fullscreen on one of the rig's monitors.
	 * @param session the rig
	 * @param connector {@code Meta-0} (scale 1.25) or {@code Meta-1}
	 * @return the witness; close it when done
	 */
	public static GnomeDriverWitness open(GnomeSession session, String connector) {
		return new GnomeDriverWitness(session, GnomeWitness.open(session, connector), connector);
	}

	/**
	 * @return the GTK witness underneath, for checks beyond the contract
	 */
	public GnomeWitness window() {
		return this.window;
	}

	@Override
	public Rect contentBounds() {
		return this.window.contentBounds();
	}

	@Override
	public Rect redSquare() {
		return this.window.redSquare();
	}

	@Override
	public void focus() {
		if (this.window.log().hasFocus()) {
			return;
		}
		// two pixels into the witness's corner, away from the red and blue squares
		Path script = this.session.writeFile("gnome-click.py", CLICK_SCRIPT);
		ProcessResult result = new CommandRunner(Map.of()).run(QUICK, null,
				this.session.clientCommand(List.of("/usr/bin/python3", script.toString(), this.connector, "2", "2")));
		if (result.exitCode() != 0) {
			throw new IllegalStateException("the focusing click on " + this.connector + " failed (exit "
					+ result.exitCode() + "): " + result.stdout() + result.stderr());
		}
		long deadline = System.nanoTime() + QUICK.toNanos();
		while (!this.window.log().hasFocus()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError(
						"witness on " + this.connector + " did not get the focus" + this.window.log().lastEvents());
			}
			Pause.millis(10);
		}
	}

	@Override
	public void reset() {
		this.window.log().clearText();
	}

	@Override
	public List<PointerEvent> buttons() {
		return this.window.buttons();
	}

	@Override
	public List<Integer> clickCounts() {
		return this.window.clickCounts();
	}

	@Override
	public List<KeyEvent> keys() {
		return this.window.keys();
	}

	@Override
	public List<ScrollDirection> scrolls() {
		return this.window.scrolls();
	}

	@Override
	public String text() {
		return this.window.log().text();
	}

	@Override
	public String readClipboardOutside(Duration timeout) {
		throw new UnsupportedOperationException("the GNOME witness does not read the clipboard yet");
	}

	@Override
	public void writeClipboardOutside(String text) {
		throw new UnsupportedOperationException("the GNOME witness does not write the clipboard yet");
	}

	@Override
	public Frame screenshot(Rect region) {
		for (GnomeSession.Monitor monitor : GnomeSession.MONITORS) {
			Rect bounds = GnomeWitness.layoutBounds(monitor.connector());
			if (!region.equals(bounds.intersection(region))) {
				continue;
			}
			// the stream's frame is the monitor's pixels: layout units times its scale
			BufferedImage image = this.session.screenshot(monitor.connector());
			double scale = monitor.scale();
			int x = (int) Math.round((region.x() - bounds.x()) * scale);
			int y = (int) Math.round((region.y() - bounds.y()) * scale);
			int width = (int) Math.round(region.width() * scale);
			int height = (int) Math.round(region.height() * scale);
			int[] pixels = image.getRGB(x, y, width, height, null, 0, width);
			for (int i = 0; i < pixels.length; i++) {
				pixels[i] &= 0xffffff;
			}
			return new Frame(width, height, pixels);
		}
		throw new IllegalArgumentException(region + " is not inside one of the rig's monitors");
	}

	@Override
	public String describe() {
		return this.window + this.window.log().lastEvents();
	}

	@Override
	public void close() {
		this.window.close();
	}

	@Override
	public String toString() {
		return String.format(Locale.ROOT, "GnomeDriverWitness[%s]", this.connector);
	}

}
