package dev.deskhand.platform.linux.gnome;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.Pause;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link MutterScreenCast} against a live headless mutter ({@link GnomeSession}), with
 * two independent witnesses: a GTK3 Wayland window that paints itself one known colour,
 * and {@code gst-launch-1.0 pipewiresrc}, a second consumer of the same PipeWire node,
 * for the pixels. The colour has red and blue apart, so a swapped byte order shows.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MutterScreenCastLiveTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	static final int WITNESS_RGB = 0x2080D0;

	// also the damage witness of GnomeCaptureLiveTests
	static final String WITNESS_SCRIPT = """
			import gi, sys
			gi.require_version("Gtk", "3.0")
			from gi.repository import Gtk
			def draw(area, cr):
			    cr.set_source_rgb(0x20 / 255, 0x80 / 255, 0xD0 / 255)
			    cr.paint()
			    return True
			window = Gtk.Window(title="deskhand-gnome-witness")
			window.set_default_size(400, 300)
			area = Gtk.DrawingArea()
			area.connect("draw", draw)
			window.add(area)
			window.connect("destroy", Gtk.main_quit)
			window.show_all()
			print("shown", flush=True)
			Gtk.main()
			""";

	@Test
	void framesAreTheDisplaysAndShowWhatAGtkWindowPaints() throws Exception {
		GnomeSession session = GnomeSession.shared();
		try (DBusConnection bus = session.connect()) {
			List<DisplayInfo> displays = MutterDisplayConfig.read(bus, TIMEOUT);
			try (MutterScreenCast cast = MutterScreenCast.open(bus, session.pipewireSocket(), displays, TIMEOUT)) {
				// a still screen: each stream's first frame must come, and a second look
				// must not wait for a change that never comes
				// (Meta-0 is at scale 1.25: its frames have 1.25 times its layout size)
				for (DisplayInfo display : displays) {
					Frame first = cast.capture(display.bounds(), null);
					assertThat(first.width()).isEqualTo(pixels(display.bounds().width(), display));
					assertThat(first.height()).isEqualTo(pixels(display.bounds().height(), display));
					assertThat(cast.capture(display.bounds(), null).width()).isEqualTo(first.width());
				}
				Path script = session.writeFile("gnome-witness.py", WITNESS_SCRIPT);
				Process witness = session.startClient("witness", List.of("/usr/bin/python3", script.toString()));
				try {
					Seen seen = awaitWitness(session, cast, displays);
					BufferedImage reference = seen.reference();
					Frame frame = awaitSameAs(cast, seen.display(), reference);
					assertThat(frame.width()).isEqualTo(reference.getWidth());
					assertThat(frame.height()).isEqualTo(reference.getHeight());
					int[] box = colourBox(reference);
					// the window is there in both, at the same pixels, in its colour
					assertThat(box).as("witness colour's box in gst-launch's frame").isNotNull();
					assertThat(colourBox(frame)).as("witness colour's box in Deskhand's frame").containsExactly(box);
					assertThat(frame.rgb((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)).isEqualTo(WITNESS_RGB);
					assertThat(sameFraction(frame, reference)).as("pixels equal to gst-launch's").isGreaterThan(0.99);
					// a region inside the window, in layout coordinates: all the witness
					// colour
					DisplayInfo display = seen.display();
					double scale = display.scaleFactor();
					Rect inside = new Rect(display.bounds().x() + (int) ((box[0] + box[2]) / 2 / scale) - 16,
							display.bounds().y() + (int) ((box[1] + box[3]) / 2 / scale) - 8, 32, 16);
					Frame region = cast.capture(inside, null);
					assertThat(region.width()).isEqualTo(pixels(32, display));
					assertThat(region.height()).isEqualTo(pixels(16, display));
					assertThat(IntStream.range(0, region.width() * region.height())
						.map((i) -> region.rgb(i % region.width(), i / region.width()))
						.distinct()
						.toArray()).containsExactly(WITNESS_RGB);
				}
				finally {
					witness.destroy();
					witness.waitFor(5, TimeUnit.SECONDS);
				}
			}
		}
	}

	// the display where gst-launch sees the witness colour (mutter places the window),
	// and that frame
	private static Seen awaitWitness(GnomeSession session, MutterScreenCast cast, List<DisplayInfo> displays) {
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (System.nanoTime() < deadline) {
			for (DisplayInfo display : displays) {
				BufferedImage image = session.screenshot(display.id());
				int[] box = colourBox(image);
				if (box != null && (box[2] - box[0]) >= 100 && (box[3] - box[1]) >= 100) {
					return new Seen(display, image);
				}
			}
			Pause.millis(200);
		}
		throw new AssertionError("gst-launch-1.0 never saw the witness window's colour; " + session.logTail());
	}

	// Deskhand's latest frame catches up with the picture gst-launch took (frames come
	// asynchronously, after damage)
	private static Frame awaitSameAs(MutterScreenCast cast, DisplayInfo display, BufferedImage reference) {
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		Frame frame = cast.capture(display.bounds(), null);
		while (sameFraction(frame, reference) <= 0.99 && System.nanoTime() < deadline) {
			Pause.millis(50);
			frame = cast.capture(display.bounds(), null);
		}
		return frame;
	}

	private static int pixels(int layoutUnits, DisplayInfo display) {
		return (int) Math.round(layoutUnits * display.scaleFactor());
	}

	private static double sameFraction(Frame frame, BufferedImage reference) {
		if (frame.width() != reference.getWidth() || frame.height() != reference.getHeight()) {
			return 0;
		}
		long same = 0;
		for (int y = 0; y < frame.height(); y++) {
			for (int x = 0; x < frame.width(); x++) {
				if (frame.rgb(x, y) == (reference.getRGB(x, y) & 0xFFFFFF)) {
					same++;
				}
			}
		}
		return same / (double) ((long) frame.width() * frame.height());
	}

	// {minX, minY, maxX, maxY} of the witness colour, or null when it is not there
	private static int[] colourBox(BufferedImage image) {
		return colourBox(image.getWidth(), image.getHeight(), (x, y) -> image.getRGB(x, y) & 0xFFFFFF);
	}

	private static int[] colourBox(Frame frame) {
		return colourBox(frame.width(), frame.height(), frame::rgb);
	}

	private static int[] colourBox(int width, int height, Pixels pixels) {
		int[] box = null;
		for (int y = 0; y < height; y++) {
			for (int x = 0; x < width; x++) {
				if (pixels.rgb(x, y) == WITNESS_RGB) {
					if (box == null) {
						box = new int[] { x, y, x, y };
					}
					box[0] = Math.min(box[0], x);
					box[1] = Math.min(box[1], y);
					box[2] = Math.max(box[2], x);
					box[3] = Math.max(box[3], y);
				}
			}
		}
		return box;
	}

	private interface Pixels {

		int rgb(int x, int y);

	}

	private record Seen(DisplayInfo display, BufferedImage reference) {
	}

}
