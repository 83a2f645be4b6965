package dev.deskhand.platform.linux.x11;

import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.sun.jna.NativeLong;
import com.sun.jna.platform.unix.X11;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.linux.x11.jna.Xlib;
import dev.deskhand.testing.DriverWitness;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ProcessResult;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessApp;
import dev.deskhand.testing.witness.WitnessWindow;

/**
 * The contract suite's witness on X11: the Swing witness window (with its marker squares)
 * in another JVM, xdotool to clear its text, xclip for the clipboard, ImageMagick's
 * import for screenshots, and the test's own XQueryKeymap/XQueryPointer for what the
 * server holds down. Desktop units are root pixels, and Swing reports screen positions in
 * them.
 */
final class X11DriverWitness implements DriverWitness {

	private static final Duration QUICK = Duration.ofSeconds(10);

	private final TestDesktop desktop;

	private final WitnessWindow window;

	private X11DriverWitness(TestDesktop desktop, WitnessWindow window) {
		this.desktop = desktop;
		this.window = window;
	}

	static X11DriverWitness open(TestDesktop desktop, String title, int x, int y) {
		return new X11DriverWitness(desktop, WitnessWindow.open(desktop, title, x, y, 800, 500, true));
	}

	@Override
	public Rect contentBounds() {
		ScreenRect bounds = this.window.bounds();
		return new Rect(bounds.x(), bounds.y(), bounds.width(), bounds.height());
	}

	@Override
	public Rect redSquare() {
		Rect content = contentBounds();
		return new Rect(content.x() + WitnessApp.RED_SQUARE.x, content.y() + WitnessApp.RED_SQUARE.y,
				WitnessApp.RED_SQUARE.width, WitnessApp.RED_SQUARE.height);
	}

	@Override
	public void focus() {
		this.window.focus();
	}

	@Override
	public void reset() {
		if (!this.window.text().isEmpty()) {
			this.window.focus();
			this.desktop.run(QUICK, "xdotool", "key", "--clearmodifiers", "ctrl+a", "BackSpace")
				.requireSuccess("xdotool key ctrl+a BackSpace");
			this.window.awaitText("", QUICK);
		}
		this.window.clearEvents();
	}

	@Override
	public List<PointerEvent> buttons() {
		List<PointerEvent> buttons = new ArrayList<>();
		for (String event : this.window.events()) {
			Map<String, String> fields = WitnessWindow.fields(event);
			String kind = fields.get("event");
			if (!"PRESS".equals(kind) && !"RELEASE".equals(kind)) {
				continue;
			}
			// Swing reports the horizontal wheel (X buttons 6, 7) as buttons 4 and 5
			MouseButton button = switch (fields.get("button")) {
				case "1" -> MouseButton.LEFT;
				case "2" -> MouseButton.MIDDLE;
				case "3" -> MouseButton.RIGHT;
				default -> null;
			};
			if (button != null) {
				buttons.add(new PointerEvent("PRESS".equals(kind), button, Double.parseDouble(fields.get("x")),
						Double.parseDouble(fields.get("y"))));
			}
		}
		return buttons;
	}

	@Override
	public List<Integer> clickCounts() {
		return this.window.events()
			.stream()
			.map(WitnessWindow::fields)
			.filter((fields) -> "CLICK".equals(fields.get("event"))
					&& Set.of("1", "2", "3").contains(fields.get("button")))
			.map((fields) -> Integer.parseInt(fields.get("count")))
			.toList();
	}

	@Override
	public List<KeyEvent> keys() {
		List<KeyEvent> keys = new ArrayList<>();
		for (String event : this.window.events()) {
			Map<String, String> fields = WitnessWindow.fields(event);
			String kind = fields.get("event");
			if ("KEYDOWN".equals(kind) || "KEYUP".equals(kind)) {
				keys.add(new KeyEvent("KEYDOWN".equals(kind), keysym(fields.get("code"), fields.get("location"))));
			}
		}
		return keys;
	}

	/**
	 * Swing's key text and location back to a keysym name, for the keys the suite uses;
	 * others keep Swing's text.
	 */
	private static String keysym(String code, String location) {
		String side = "3".equals(location) ? "_R" : "_L";
		return switch (code) {
			case "Shift" -> "Shift" + side;
			case "Ctrl" -> "Control" + side;
			case "Alt" -> "Alt" + side;
			default -> (code.length() == 1) ? code.toLowerCase(Locale.ROOT) : code;
		};
	}

	@Override
	public List<ScrollDirection> scrolls() {
		List<ScrollDirection> scrolls = new ArrayList<>();
		for (String event : this.window.events()) {
			Map<String, String> fields = WitnessWindow.fields(event);
			String kind = fields.get("event");
			if ("WHEEL".equals(kind)) {
				// one event per notch: negative rotation is away from the user (up)
				scrolls.add(Integer.parseInt(fields.get("rotation")) < 0 ? ScrollDirection.UP : ScrollDirection.DOWN);
			}
			else if ("PRESS".equals(kind) && "4".equals(fields.get("button"))) {
				scrolls.add(ScrollDirection.LEFT);
			}
			else if ("PRESS".equals(kind) && "5".equals(fields.get("button"))) {
				scrolls.add(ScrollDirection.RIGHT);
			}
		}
		return scrolls;
	}

	@Override
	public String text() {
		return this.window.text();
	}

	@Override
	public Optional<String> heldOnServer() {
		Set<Integer> keys = this.desktop.keysDown();
		int buttons = this.desktop.buttonsDownMask();
		if (keys.isEmpty() && buttons == 0) {
			return Optional.empty();
		}
		return Optional.of("keycodes " + keys + ", button mask 0x" + Integer.toHexString(buttons));
	}

	@Override
	public String readClipboardOutside(Duration timeout) {
		ProcessResult result = this.desktop.run(timeout.plusSeconds(2), "timeout", Long.toString(timeout.toSeconds()),
				"xclip", "-o", "-selection", "clipboard");
		// xclip says "Error: target STRING not available" (rc 1) when nobody owns it
		return result.succeeded() ? result.stdout() : "";
	}

	@Override
	public void writeClipboardOutside(String text) {
		// xclip -i forks a child that owns the selection until another client takes it;
		// the parent exits first, so wait until another xclip reads the text
		this.desktop.runWithInput(QUICK, text, "timeout", "5", "xclip", "-i", "-selection", "clipboard")
			.requireSuccess("xclip -i");
		long deadline = System.nanoTime() + QUICK.toNanos();
		while (!readClipboardOutside(Duration.ofSeconds(3)).equals(text)) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("xclip -o does not read what xclip -i wrote");
			}
			Pause.millis(20);
		}
	}

	@Override
	public Frame screenshot(Rect region) {
		BufferedImage root = this.desktop.importRoot();
		int[] pixels = root.getRGB(region.x(), region.y(), region.width(), region.height(), null, 0, region.width());
		for (int i = 0; i < pixels.length; i++) {
			pixels[i] &= 0xffffff;
		}
		return new Frame(region.width(), region.height(), pixels);
	}

	@Override
	public String describe() {
		List<String> events = this.window.events();
		return "witness '" + this.window.title() + "' events since reset (last 25): "
				+ events.subList(Math.max(0, events.size() - 25), events.size());
	}

	/**
	 * Closes the witness window, and ends a background xclip owner by taking the
	 * clipboard on a connection that then closes (the selection is left without owner).
	 */
	@Override
	public void close() {
		this.window.close();
		try (X11Connection connection = X11Connection.open(this.desktop.display(), "contract-clipboard-reset")) {
			Xlib xlib = connection.libraries().xlib();
			X11.Window owner = xlib.XCreateSimpleWindow(connection.display(), connection.root(), 0, 0, 1, 1, 0, 0, 0);
			xlib.XSetSelectionOwner(connection.display(), new X11.Atom(connection.atom("CLIPBOARD")), owner,
					new NativeLong(X11.CurrentTime));
			connection.syncAndCheck("taking the clipboard from xclip");
		}
	}

	@Override
	public String toString() {
		return "X11DriverWitness[" + this.window.title() + "]";
	}

}
