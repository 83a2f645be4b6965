package dev.deskhand.testing;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Wayland rig itself, against independent tools: sway's IPC, grim, wl-clipboard,
 * wtype and the GTK witness.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SwaySessionLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(15);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private SwaySession sway;

	private WaylandWitness witness;

	private WaylandWitness witness2;

	@BeforeAll
	void start() {
		this.sway = SwaySession.shared();
		this.witness = WaylandWitness.open(this.sway, SwaySession.WITNESS_APP_ID);
		this.witness2 = WaylandWitness.open(this.sway, SwaySession.WITNESS2_APP_ID);
	}

	@AfterAll
	void stop() {
		if (this.witness2 != null) {
			this.witness2.close();
		}
		if (this.witness != null) {
			this.witness.close();
		}
	}

	@Test
	void swayAnswersItsVersionOverTheRigsOwnIpc() {
		String version = SwayIpcSocket.request(this.sway.swaySocket(), SwayIpcSocket.GET_VERSION, "", WAIT);
		assertThat(JSON.readTree(version).path("human_readable").asString()).startsWith("1.");
		assertThat(this.sway.runtimeDir().resolve(this.sway.waylandDisplay())).exists();
		assertThat(this.sway.ipc("nop")).contains("\"success\": true");
		assertThat(this.sway.ipc("frobnicate")).contains("\"success\": false");
	}

	@Test
	void twoOutputsWithTheirModesScalesAndLayoutRects() {
		JsonNode outputs = JSON.readTree(this.sway.outputsJson());
		assertThat(outputs).hasSize(2);
		assertOutput(outputs.get(0), "HEADLESS-1", 1920, 1080, 1.25, new ScreenRect(0, 0, 1536, 864));
		assertOutput(outputs.get(1), "HEADLESS-2", 1280, 1024, 1.0, new ScreenRect(1536, 0, 1280, 1024));
	}

	private static void assertOutput(JsonNode output, String name, int width, int height, double scale,
			ScreenRect layout) {
		assertThat(output.path("name").asString()).isEqualTo(name);
		assertThat(output.path("active").asBoolean()).isTrue();
		assertThat(output.path("current_mode").path("width").asInt()).isEqualTo(width);
		assertThat(output.path("current_mode").path("height").asInt()).isEqualTo(height);
		assertThat(output.path("scale").asDouble()).isEqualTo(scale);
		JsonNode rect = output.path("rect");
		assertThat(new ScreenRect(rect.path("x").asInt(), rect.path("y").asInt(), rect.path("width").asInt(),
				rect.path("height").asInt()))
			.isEqualTo(layout);
	}

	@Test
	void witnessesSitWhereTheRulesPutThem() {
		assertThat(this.witness.layoutRect()).isEqualTo(SwaySession.WITNESS_LAYOUT_RECT);
		assertThat(this.witness.outputName()).isEqualTo("HEADLESS-1");
		assertThat(this.witness.treeNode().orElseThrow().path("type").asString()).isEqualTo("floating_con");
		assertThat(this.witness2.layoutRect()).isEqualTo(SwaySession.WITNESS2_LAYOUT_RECT);
		assertThat(this.witness2.outputName()).isEqualTo("HEADLESS-2");
		assertThat(this.witness.backend()).isEqualTo("GdkWaylandDisplay");
	}

	@Test
	void grimShowsTheRedSquareAtItsDevicePixels() {
		BufferedImage first = this.sway.grim("-o", "HEADLESS-1");
		assertThat(first.getWidth()).isEqualTo(1920);
		assertThat(first.getHeight()).isEqualTo(1080);
		// layout (200+100, 100+100) 20x20 at scale 1.25: device (375,250) to (400,275)
		assertThat(redBounds(first)).isEqualTo(new ScreenRect(375, 250, 25, 25));
		BufferedImage second = this.sway.grim("-o", "HEADLESS-2");
		assertThat(second.getWidth()).isEqualTo(1280);
		assertThat(second.getHeight()).isEqualTo(1024);
		// layout (1776+100, 262+100) on an output at layout x 1536, scale 1
		assertThat(redBounds(second)).isEqualTo(new ScreenRect(340, 362, 20, 20));
		assertThat(first.getRGB(300, 200) & 0xffffff).as("witness background").isEqualTo(0x808080);
	}

	/**
	 * The bounding box of the pure red pixels.
	 */
	static ScreenRect redBounds(BufferedImage image) {
		int minX = Integer.MAX_VALUE;
		int minY = Integer.MAX_VALUE;
		int maxX = -1;
		int maxY = -1;
		for (int y = 0; y < image.getHeight(); y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				if ((image.getRGB(x, y) & 0xffffff) == 0xff0000) {
					minX = Math.min(minX, x);
					minY = Math.min(minY, y);
					maxX = Math.max(maxX, x);
					maxY = Math.max(maxY, y);
				}
			}
		}
		return (maxX < 0) ? null : new ScreenRect(minX, minY, maxX - minX + 1, maxY - minY + 1);
	}

	@Test
	void clipboardRoundTripsAsTheSwayUserAndReachesGtk() throws Exception {
		String text = "rig clip: héllo Ωμέγα 日本語 🙂";
		// --foreground: wl-copy serves the selection itself instead of forking a server
		// we could not stop by PID
		Process copy = this.sway.startClient(List.of("wl-copy", "--foreground", "--type", "text/plain"));
		try {
			copy.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
			copy.getOutputStream().close();
			long deadline = System.nanoTime() + WAIT.toNanos();
			ProcessResult paste = this.sway.run(List.of("wl-paste", "--no-newline"));
			while (!paste.stdout().equals(text) && System.nanoTime() < deadline) {
				Pause.millis(20);
				paste = this.sway.run(List.of("wl-paste", "--no-newline"));
			}
			assertThat(paste.stdout()).isEqualTo(text);
			// GTK is offered the selection only with keyboard focus, and a headless seat
			// has a keyboard only while a client holds a virtual one: wtype does while it
			// sleeps
			Process keyboard = this.sway.startClient(List.of("wtype", "-s", "60000"));
			try {
				awaitKeyboardInSeat();
				this.witness.focus();
				assertThat(this.witness.clipboardText()).isEqualTo(text);
			}
			finally {
				keyboard.destroy();
				keyboard.waitFor(5, TimeUnit.SECONDS);
			}
		}
		finally {
			copy.destroy();
			copy.waitFor(5, TimeUnit.SECONDS);
		}
	}

	@Test
	void driverWitnessSeesBothWindowsInTheWaylandDriversDesktopUnits() {
		assertThat(SwayDriverWitness.outputs(this.sway)).extracting(SwayDriverWitness.Output::desktop)
			.containsExactly(new Rect(0, 0, 1920, 1080), new Rect(1920, 0, 1280, 1024));
		SwayDriverWitness first = SwayDriverWitness.of(this.sway, this.witness);
		assertThat(first.contentBounds()).isEqualTo(new Rect(250, 125, 1000, 625));
		assertThat(first.redSquare()).isEqualTo(new Rect(375, 250, 25, 25));
		assertThat(redBounds(first.screenshot(new Rect(0, 0, 1920, 1080)))).isEqualTo(new Rect(375, 250, 25, 25));
		assertThat(redBounds(first.screenshot(new Rect(300, 200, 200, 100)))).isEqualTo(new Rect(75, 50, 25, 25));
		SwayDriverWitness second = SwayDriverWitness.of(this.sway, this.witness2);
		assertThat(second.contentBounds()).isEqualTo(new Rect(2160, 262, 800, 500));
		assertThat(second.redSquare()).isEqualTo(new Rect(2260, 362, 20, 20));
		assertThat(redBounds(second.screenshot(new Rect(1920, 0, 1280, 1024)))).isEqualTo(new Rect(340, 362, 20, 20));
	}

	@Test
	void driverWitnessClipboardToolsRoundTrip() {
		SwayDriverWitness first = SwayDriverWitness.of(this.sway, this.witness);
		String text = "outside → outside: Ωμέγα 🙂\nzweite Zeile";
		first.writeClipboardOutside(text);
		assertThat(first.readClipboardOutside(WAIT)).isEqualTo(text);
		first.stopClipboardOwner();
	}

	private static Rect redBounds(Frame frame) {
		BufferedImage image = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_INT_RGB);
		image.setRGB(0, 0, frame.width(), frame.height(), frame.pixels(), 0, frame.width());
		ScreenRect red = redBounds(image);
		return (red == null) ? null : new Rect(red.x(), red.y(), red.width(), red.height());
	}

	@Test
	void witnessAccumulatesTypedUnicodeExactly() throws Exception {
		String text = "héllo Ωμέγα 日本語 🙂 a\tb";
		// a keyboard held in the seat for the whole test: GTK binds wl_keyboard only once
		// the seat has one, and a key sent before that is lost
		Process keyboard = this.sway.startClient(List.of("wtype", "-s", "60000"));
		try {
			awaitKeyboardInSeat();
			this.witness.focus();
			this.witness.clearText();
			// -s: wtype's own keyboard becomes the active one, and its keymap must reach
			// GTK before the first key
			this.sway.run(List.of("wtype", "-s", "300", text)).requireSuccess("wtype");
			assertThat(this.witness.awaitText(text, WAIT)).isEqualTo(text);
		}
		finally {
			keyboard.destroy();
			keyboard.waitFor(5, TimeUnit.SECONDS);
		}
	}

	private void awaitKeyboardInSeat() {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!this.sway.seatHasKeyboard()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no keyboard in the seat within " + WAIT + ": " + this.sway.seatsJson());
			}
			Pause.millis(20);
		}
	}

}
