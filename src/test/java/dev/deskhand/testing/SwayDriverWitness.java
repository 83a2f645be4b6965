package dev.deskhand.testing;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;

/**
 * The contract suite's witness on sway: a {@link WaylandWitness} (GTK3) window, wl-paste
 * and wl-copy for the clipboard, grim for screenshots, all run as the compositor's user.
 * <p>
 * Desktop units are the Wayland driver's: device pixels, each output placed at its layout
 * origin times the greatest output scale (rounded), with its device size. GTK reports
 * window-local layout units; they become desktop units through the output that shows the
 * window: {@code desktop = outputOrigin + (layout - outputLayoutOrigin) *
 * outputScale}. The rig's numbers: HEADLESS-1 (scale 1.25) is desktop (0,0) 1920x1080,
 * HEADLESS-2 (scale 1) is desktop (1920,0) 1280x1024; the first witness's content is
 * desktop (250,125) 1000x625 with its red square at (375,250) 25x25, the second's is
 * (2160,262) 800x500 with its red square at (2260,362) 20x20.
 * <p>
 * Scrolls: a discrete GTK scroll event (direction up/down/left/right) is one notch; a
 * smooth one is one notch in the direction of its larger non-zero delta (GTK sends one
 * per wl_pointer frame, i.e. per notch of a virtual wheel), and the zero-delta stop event
 * is none.
 */
public final class SwayDriverWitness implements DriverWitness {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration QUICK = Duration.ofSeconds(10);

	private final SwaySession sway;

	private final WaylandWitness window;

	private Process clipboardOwner;

	private SwayDriverWitness(SwaySession sway, WaylandWitness window) {
		this.sway = sway;
		this.window = window;
	}

	/**
	 * Opens a witness window placed by the rig's rules.
	 * @param sway the compositor
	 * @param appId {@link SwaySession#WITNESS_APP_ID} (on HEADLESS-1) or
	 * {@link SwaySession#WITNESS2_APP_ID} (on HEADLESS-2)
	 * @return the witness; close it when done
	 */
	public static SwayDriverWitness open(SwaySession sway, String appId) {
		return new SwayDriverWitness(sway, WaylandWitness.open(sway, appId));
	}

	/**
	 * Wraps a witness window that is already open; closing this closes it.
	 * @param sway the compositor
	 * @param window the open witness
	 * @return the contract's view of it
	 */
	public static SwayDriverWitness of(SwaySession sway, WaylandWitness window) {
		return new SwayDriverWitness(sway, window);
	}

	/**
	 * @return the GTK witness underneath, for checks beyond the contract
	 */
	public WaylandWitness window() {
		return this.window;
	}

	/**
	 * One output in the driver's desktop units.
	 *
	 * @param name e.g. HEADLESS-1
	 * @param layout the output's rect in layout units
	 * @param scale device pixels per layout unit
	 * @param desktop the output's rect in desktop units (device pixels)
	 */
	public record Output(String name, Rect layout, double scale, Rect desktop) {

		/** Layout units, absolute, to desktop units (fractional). */
		double desktopX(double layoutX) {
			return this.desktop.x() + (layoutX - this.layout.x()) * this.scale;
		}

		double desktopY(double layoutY) {
			return this.desktop.y() + (layoutY - this.layout.y()) * this.scale;
		}

	}

	/**
	 * The outputs as the driver's coordinate space places them, from the rig's own
	 * GET_OUTPUTS.
	 * @param sway the compositor
	 * @return the active outputs
	 */
	public static List<Output> outputs(SwaySession sway) {
		JsonNode outputs = JSON.readTree(sway.outputsJson());
		double greatest = 1.0;
		for (JsonNode output : outputs) {
			if (output.path("active").asBoolean()) {
				greatest = Math.max(greatest, output.path("scale").asDouble());
			}
		}
		List<Output> result = new ArrayList<>();
		for (JsonNode output : outputs) {
			if (!output.path("active").asBoolean()) {
				continue;
			}
			JsonNode rect = output.path("rect");
			Rect layout = new Rect(rect.path("x").asInt(), rect.path("y").asInt(), rect.path("width").asInt(),
					rect.path("height").asInt());
			Rect desktop = new Rect((int) Math.round(layout.x() * greatest), (int) Math.round(layout.y() * greatest),
					output.path("current_mode").path("width").asInt(),
					output.path("current_mode").path("height").asInt());
			result.add(new Output(output.path("name").asString(), layout, output.path("scale").asDouble(), desktop));
		}
		return result;
	}

	private Output output() {
		String name = this.window.outputName();
		return outputs(this.sway).stream()
			.filter((output) -> output.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no active output " + name));
	}

	@Override
	public Rect contentBounds() {
		return toDesktop(output(), this.window.layoutRect(), 0, 0, this.window.layoutRect().width(),
				this.window.layoutRect().height());
	}

	@Override
	public Rect redSquare() {
		// the witness paints it at window-local (100,100), 20x20 layout units
		return toDesktop(output(), this.window.layoutRect(), 100, 100, 20, 20);
	}

	private static Rect toDesktop(Output output, ScreenRect window, int x, int y, int width, int height) {
		int left = (int) Math.round(output.desktopX(window.x() + x));
		int top = (int) Math.round(output.desktopY(window.y() + y));
		int right = (int) Math.round(output.desktopX(window.x() + x + width));
		int bottom = (int) Math.round(output.desktopY(window.y() + y + height));
		return new Rect(left, top, right - left, bottom - top);
	}

	@Override
	public void focus() {
		this.window.focus();
	}

	@Override
	public void reset() {
		this.window.clearText();
	}

	@Override
	public List<PointerEvent> buttons() {
		Output output = output();
		ScreenRect window = this.window.layoutRect();
		List<PointerEvent> buttons = new ArrayList<>();
		for (JsonNode event : this.window.events("button")) {
			String kind = event.path("kind").asString();
			MouseButton button = WitnessEvents.mouseButton(event.path("button").asInt());
			if (button == null || !("press".equals(kind) || "release".equals(kind))) {
				// double and triple are GTK's extra events for a press already reported
				continue;
			}
			buttons.add(new PointerEvent("press".equals(kind), button,
					output.desktopX(window.x() + event.path("x").asDouble()),
					output.desktopY(window.y() + event.path("y").asDouble())));
		}
		return buttons;
	}

	@Override
	public List<Integer> clickCounts() {
		return WitnessEvents.clickCounts(this.window.events("button"));
	}

	@Override
	public List<KeyEvent> keys() {
		// GDK's keyval names are the X keysym names
		return this.window.events("key")
			.stream()
			.map((event) -> new KeyEvent("press".equals(event.path("kind").asString()), event.path("name").asString()))
			.toList();
	}

	@Override
	public List<ScrollDirection> scrolls() {
		return WitnessEvents.scrolls(this.window.events("scroll"));
	}

	@Override
	public String text() {
		return this.window.text();
	}

	@Override
	public String readClipboardOutside(Duration timeout) {
		ProcessResult paste = this.sway.run(timeout, null, List.of("wl-paste", "--no-newline", "--type", "text/plain"));
		// "No selection" and "No suitable type of content copied" exit with 1
		return paste.succeeded() ? paste.stdout() : "";
	}

	@Override
	public synchronized void writeClipboardOutside(String text) {
		stopClipboardOwner();
		// --foreground: wl-copy serves the selection itself, so it can be stopped by PID
		this.clipboardOwner = this.sway.startClient(List.of("wl-copy", "--foreground", "--type", "text/plain"));
		try {
			this.clipboardOwner.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
			this.clipboardOwner.getOutputStream().close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot give wl-copy its text", ex);
		}
		long deadline = System.nanoTime() + QUICK.toNanos();
		while (!readClipboardOutside(Duration.ofSeconds(5)).equals(text)) {
			if (!this.clipboardOwner.isAlive() || System.nanoTime() > deadline) {
				throw new AssertionError("wl-paste does not read what wl-copy wrote (wl-copy alive: "
						+ this.clipboardOwner.isAlive() + ")");
			}
			Pause.millis(20);
		}
	}

	@Override
	public Frame screenshot(Rect region) {
		Output output = outputs(this.sway).stream()
			.filter((candidate) -> candidate.desktop().intersection(region) != null
					&& candidate.desktop().intersection(region).equals(region))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(region + " is not inside one output"));
		// grim -o captures the output at device resolution: desktop units minus the
		// output's desktop origin are its pixels
		BufferedImage image = this.sway.grim("-o", output.name());
		int[] pixels = image.getRGB(region.x() - output.desktop().x(), region.y() - output.desktop().y(),
				region.width(), region.height(), null, 0, region.width());
		for (int i = 0; i < pixels.length; i++) {
			pixels[i] &= 0xffffff;
		}
		return new Frame(region.width(), region.height(), pixels);
	}

	@Override
	public String describe() {
		return this.window + this.window.lastEvents();
	}

	@Override
	public synchronized void close() {
		stopClipboardOwner();
		this.window.close();
	}

	/** Stops the wl-copy that {@link #writeClipboardOutside} left serving, if any. */
	synchronized void stopClipboardOwner() {
		if (this.clipboardOwner == null) {
			return;
		}
		this.clipboardOwner.destroy();
		try {
			if (!this.clipboardOwner.waitFor(3, TimeUnit.SECONDS)) {
				this.clipboardOwner.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.clipboardOwner = null;
	}

	@Override
	public String toString() {
		return "SwayDriverWitness[" + this.window.appId() + "]";
	}

}
