package dev.deskhand.testing;

import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.List;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;

/**
 * The contract suite's witness on GNOME: a {@link GnomeWitness} (GTK3, fullscreen on one
 * of the rig's monitors, its text what GTK's own input method commits), its own clipboard
 * for the clipboard (mutter 43 has no data-control protocol for wl-clipboard), and
 * {@link GnomeSession#screenshot} (a screencast of its own through GLib's D-Bus and
 * gst-launch) for pixels. Desktop units are mutter's layout units: window-local GTK units
 * plus the monitor's layout origin.
 * <p>
 * Focus: mutter refuses a window's own request for the keyboard focus, so
 * {@link #focus()} clicks the witness's top-left corner with a pointer of an outside
 * client ({@link GnomeSession#clickAsAPerson}), as a person would, and waits for GTK's
 * focus-in.
 */
public final class GnomeDriverWitness implements DriverWitness {

	private static final Duration QUICK = Duration.ofSeconds(10);

	private final GnomeSession session;

	private final String connector;

	private final GnomeWitness window;

	private GnomeDriverWitness(GnomeSession session, String connector, GnomeWitness window) {
		this.session = session;
		this.connector = connector;
		this.window = window;
	}

	/**
	 * Opens a witness fullscreen on a monitor of the rig.
	 * @param session the rig
	 * @param connector e.g. {@code Meta-0}
	 * @return the witness; close it when done
	 */
	public static GnomeDriverWitness open(GnomeSession session, String connector) {
		return new GnomeDriverWitness(session, connector,
				GnomeWitness.open(session, connector, GnomeWitness.Option.INPUT_METHOD));
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
		// a corner far from where the suite clicks, types or scrolls
		this.session.clickAsAPerson(this.connector, 8, 8);
		long deadline = System.nanoTime() + QUICK.toNanos();
		while (!this.window.log().hasFocus()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("the witness on " + this.connector + " did not get the focus from a click"
						+ this.window.log().lastEvents());
			}
			Pause.millis(20);
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
		String text = this.window.log().clipboardText();
		return (text != null) ? text : "";
	}

	@Override
	public void writeClipboardOutside(String text) {
		this.window.log().setClipboardText(text);
		long deadline = System.nanoTime() + QUICK.toNanos();
		while (!text.equals(readClipboardOutside(QUICK))) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("the witness does not read back the clipboard text it set");
			}
			Pause.millis(20);
		}
	}

	@Override
	public Frame screenshot(Rect region) {
		Rect monitor = this.window.contentBounds();
		GnomeSession.Monitor pixels = GnomeSession.MONITORS.stream()
			.filter((candidate) -> candidate.connector().equals(this.connector))
			.findFirst()
			.orElseThrow();
		if (monitor.intersection(region) == null || !monitor.intersection(region).equals(region)) {
			throw new IllegalArgumentException(region + " is not inside " + this.connector + " " + monitor);
		}
		BufferedImage image = this.session.screenshot(this.connector);
		double scale = pixels.scale();
		int x = (int) Math.round((region.x() - monitor.x()) * scale);
		int y = (int) Math.round((region.y() - monitor.y()) * scale);
		int width = (int) Math.round(region.width() * scale);
		int height = (int) Math.round(region.height() * scale);
		int[] rgb = image.getRGB(x, y, width, height, null, 0, width);
		for (int i = 0; i < rgb.length; i++) {
			rgb[i] &= 0xffffff;
		}
		return new Frame(width, height, rgb);
	}

	@Override
	public String describe() {
		// a witness that mutter disconnected says so in mutter's log
		return this.window.log().lastEvents() + (this.window.log().alive() ? "" : "\n" + this.session.logTail());
	}

	@Override
	public void close() {
		this.window.close();
	}

	@Override
	public String toString() {
		return "GnomeDriverWitness[" + this.connector + "]";
	}

}
