package dev.deskhand.platform.linux.wayland.screencopy;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.WaylandWitness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Screencopy against headless sway, with grim (its own screencopy client, a separate
 * process) as the witness of what is on screen.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WaylandScreencopyLiveTests {

	/** Device pixels a software cursor covers at most (24 layout units at scale 1.25). */
	private static final int CURSOR_BOX = 48;

	private SwaySession sway;

	private WaylandWitness witness;

	private WaylandWitness witness2;

	private WaylandConnection connection;

	private WaylandScreencopy screencopy;

	@BeforeAll
	void start() {
		this.sway = SwaySession.shared();
		this.witness = WaylandWitness.open(this.sway, SwaySession.WITNESS_APP_ID);
		this.witness2 = WaylandWitness.open(this.sway, SwaySession.WITNESS2_APP_ID);
		// a software cursor is in every picture (overlay_cursor or not): keep it off the
		// witnesses (a no-op while the seat has no pointer, when none is drawn)
		this.sway.ipc("seat seat0 cursor set 0 0");
		this.connection = WaylandConnection.open(this.sway.runtimeDir().resolve(this.sway.waylandDisplay()),
				Duration.ofSeconds(5));
		this.screencopy = WaylandScreencopy.bind(this.connection);
	}

	@AfterAll
	void stop() {
		if (this.screencopy != null) {
			this.screencopy.close();
		}
		if (this.connection != null) {
			this.connection.close();
		}
		if (this.witness2 != null) {
			this.witness2.close();
		}
		if (this.witness != null) {
			this.witness.close();
		}
	}

	@Test
	void capturesEachOutputAtItsDeviceSize() {
		Frame first = this.screencopy.capture("HEADLESS-1", null, null);
		assertThat(first.width()).isEqualTo(1920);
		assertThat(first.height()).isEqualTo(1080);
		// layout (300,200) 20x20 at scale 1.25
		assertThat(redBounds(first)).isEqualTo(new Rect(375, 250, 25, 25));
		Frame second = this.screencopy.capture("HEADLESS-2", null, null);
		assertThat(second.width()).isEqualTo(1280);
		assertThat(second.height()).isEqualTo(1024);
		assertThat(redBounds(second)).isEqualTo(new Rect(340, 362, 20, 20));
	}

	@Test
	void theWitnessWindowIsPixelForPixelWhatGrimSees() {
		// the witness windows in device pixels: layout (200,100) 800x500 at 1.25, and
		// layout (1776,262) on the output at layout x 1536, scale 1
		assertSameAsGrim("HEADLESS-1", new Rect(250, 125, 1000, 625));
		assertSameAsGrim("HEADLESS-2", new Rect(240, 262, 800, 500));
	}

	/**
	 * Should the cursor be inside anyway (moved between grim's frame and ours), the
	 * differences must fit in one cursor-sized box.
	 */
	private void assertSameAsGrim(String output, Rect window) {
		BufferedImage grim = this.sway.grim("-o", output);
		Frame frame = this.screencopy.capture(output, null, null);
		assertThat(frame.width()).isEqualTo(grim.getWidth());
		assertThat(frame.height()).isEqualTo(grim.getHeight());
		int differences = 0;
		int minX = Integer.MAX_VALUE;
		int minY = Integer.MAX_VALUE;
		int maxX = -1;
		int maxY = -1;
		for (int y = window.y(); y < window.bottom(); y++) {
			for (int x = window.x(); x < window.right(); x++) {
				if (frame.rgb(x, y) != (grim.getRGB(x, y) & 0xFFFFFF)) {
					differences++;
					minX = Math.min(minX, x);
					minY = Math.min(minY, y);
					maxX = Math.max(maxX, x);
					maxY = Math.max(maxY, y);
				}
			}
		}
		if (differences > 0) {
			assertThat(Math.max(maxX - minX, maxY - minY))
				.as("%d pixels of %s %s differ from grim, within (%d,%d)-(%d,%d): more than a cursor", differences,
						output, window, minX, minY, maxX, maxY)
				.isLessThan(CURSOR_BOX);
		}
	}

	@Test
	void aRegionIsCroppedIntoTheCallersArray() {
		int[] pixels = new int[30 * 30];
		Frame square = this.screencopy.capture("HEADLESS-1", new Rect(372, 247, 30, 30), pixels);
		assertThat(square.pixels()).isSameAs(pixels);
		assertThat(square.width()).isEqualTo(30);
		assertThat(redBounds(square)).isEqualTo(new Rect(3, 3, 25, 25));
		assertThat(square.rgb(0, 0)).as("witness background").isEqualTo(0x808080);
		int[] tooSmall = new int[10];
		assertThat(this.screencopy.capture("HEADLESS-1", new Rect(372, 247, 30, 30), tooSmall).pixels())
			.isNotSameAs(tooSmall);
	}

	@Test
	void oneSharedMemoryBufferPerOutputIsReused() throws IOException {
		for (int i = 0; i < 10; i++) {
			this.screencopy.capture("HEADLESS-1", null, null);
			this.screencopy.capture("HEADLESS-2", new Rect(0, 0, 10, 10), null);
		}
		// counted in this process's descriptors: a buffer per capture would show here
		assertThat(sharedMemoryFiles()).isEqualTo(2);
	}

	@Test
	void aRegionOutsideTheOutputIsAnArgumentError() {
		assertThatThrownBy(() -> this.screencopy.capture("HEADLESS-2", new Rect(1200, 0, 100, 10), null))
			.isInstanceOf(DeskhandException.class)
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_ARGS);
	}

	@Test
	void anUnknownOutputIsNotFound() {
		assertThatThrownBy(() -> this.screencopy.capture("HEADLESS-7", null, null))
			.isInstanceOf(DeskhandException.class)
			.hasMessage(
					"the display HEADLESS-7 is not there (any more); the compositor offers [HEADLESS-1, HEADLESS-2]");
	}

	private static long sharedMemoryFiles() throws IOException {
		try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
			return fds.filter((fd) -> {
				try {
					return Files.readSymbolicLink(fd).toString().startsWith("/memfd:deskhand-wl-shm");
				}
				catch (IOException ex) {
					return false;
				}
			}).count();
		}
	}

	static Rect redBounds(Frame frame) {
		int minX = Integer.MAX_VALUE;
		int minY = Integer.MAX_VALUE;
		int maxX = -1;
		int maxY = -1;
		for (int y = 0; y < frame.height(); y++) {
			for (int x = 0; x < frame.width(); x++) {
				if (frame.rgb(x, y) == 0xFF0000) {
					minX = Math.min(minX, x);
					minY = Math.min(minY, y);
					maxX = Math.max(maxX, x);
					maxY = Math.max(maxY, y);
				}
			}
		}
		return (maxX < 0) ? null : new Rect(minX, minY, maxX - minX + 1, maxY - minY + 1);
	}

}
