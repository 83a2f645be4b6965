package dev.deskhand.platform.linux.wayland.screencopy;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnectionException;
import dev.deskhand.platform.linux.wayland.wire.WaylandScriptedCompositor;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Screencopy's failure paths against a scripted compositor: a {@code failed} frame, an
 * output withdrawn during a capture, a compositor that stops answering.
 */
class WaylandScreencopyTests {

	private static final int REGISTRY_GLOBAL = 0;

	private static final int SHM = 1;

	private static final int SCREENCOPY = 2;

	private static final int OUTPUT = 3;

	@TempDir
	Path dir;

	private WaylandScriptedCompositor compositor;

	private WaylandConnection connection;

	/** Ids the client chose, by interface. */
	private final Map<String, Integer> ids = new HashMap<>();

	@BeforeEach
	void connect() {
		this.compositor = new WaylandScriptedCompositor(this.dir);
		this.connection = this.compositor.connect(Duration.ofSeconds(2));
		this.compositor.accept();
	}

	@AfterEach
	void close() throws Exception {
		this.connection.close();
		this.compositor.close();
	}

	@Test
	void theBufferIsMadeOnceAndRemadeOnlyWhenTheOutputChangesSize() throws Exception {
		WaylandScreencopy screencopy = bindAgainstScript();
		CompletableFuture<Void> script = CompletableFuture.runAsync(() -> {
			int frame = expectCaptureAndOfferBuffer();
			int buffer = expectBufferAndCopy(frame);
			ready(frame);
			this.compositor.expect(frame, 1); // destroy
			int second = expectCaptureAndOfferBuffer();
			WaylandScriptedCompositor.Request copy = this.compositor.expect(second, 0);
			assertThat(copy.word(0)).as("the same wl_buffer again").isEqualTo(buffer);
			ready(second);
			this.compositor.expect(second, 1);
			int third = expectCapture();
			offer(third, 8, 2, 32);
			this.compositor.expect(buffer, 0); // wl_buffer.destroy of the 4x2 one
			this.compositor.read(); // wl_shm_pool.destroy
			WaylandScriptedCompositor.Request pool = this.compositor.expect(this.ids.get("wl_shm"), 0);
			assertThat(pool.word(1)).as("pool size").isEqualTo(64);
			WaylandScriptedCompositor.Request created = this.compositor.expect(pool.word(0), 0);
			assertThat(created.word(2)).as("width").isEqualTo(8);
			this.compositor.expect(third, 0);
			ready(third);
		});
		assertThat(screencopy.capture("HEADLESS-1", null, null).width()).isEqualTo(4);
		assertThat(screencopy.capture("HEADLESS-1", null, null).width()).isEqualTo(4);
		assertThat(screencopy.capture("HEADLESS-1", null, null).width()).isEqualTo(8);
		script.get(10, TimeUnit.SECONDS);
	}

	@Test
	void aFailedFrameIsAClearError() throws Exception {
		WaylandScreencopy screencopy = bindAgainstScript();
		CompletableFuture<Void> script = CompletableFuture.runAsync(() -> {
			int frame = expectCaptureAndOfferBuffer();
			expectBufferAndCopy(frame);
			this.compositor.send(frame, 3); // failed
		});
		assertThatThrownBy(() -> screencopy.capture("HEADLESS-1", null, null)).isInstanceOf(DeskhandException.class)
			.hasMessage("the compositor could not capture the display HEADLESS-1 (zwlr_screencopy_frame_v1.failed);"
					+ " it may be off or being reconfigured")
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_FAIL);
		script.get(10, TimeUnit.SECONDS);
		assertThat(this.connection.isClosed()).as("a failed frame leaves the connection usable").isFalse();
	}

	@Test
	void anOutputWithdrawnDuringACaptureIsNotFound() throws Exception {
		WaylandScreencopy screencopy = bindAgainstScript();
		CompletableFuture<Void> script = CompletableFuture.runAsync(() -> {
			int frame = expectCaptureAndOfferBuffer();
			expectBufferAndCopy(frame);
			this.compositor.send(this.ids.get("wl_registry"), 1, OUTPUT); // global_remove
			this.compositor.send(frame, 3);
			// the second capture looks once more before it gives up
			this.compositor.answerNextSync();
		});
		assertThatThrownBy(() -> screencopy.capture("HEADLESS-1", null, null)).isInstanceOf(DeskhandException.class)
			.hasMessage("the display HEADLESS-1 went away; the compositor offers []")
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_NOT_FOUND);
		assertThatThrownBy(() -> screencopy.capture("HEADLESS-1", null, null))
			.hasMessageStartingWith("the display HEADLESS-1 is not there (any more)");
		script.get(10, TimeUnit.SECONDS);
	}

	@Test
	void aCompositorThatNeverFinishesTheFrameTimesOut() throws Exception {
		WaylandScreencopy screencopy = bindAgainstScript();
		CompletableFuture<Void> script = CompletableFuture.runAsync(() -> {
			int frame = expectCaptureAndOfferBuffer();
			expectBufferAndCopy(frame);
		});
		long start = System.nanoTime();
		assertThatThrownBy(() -> screencopy.capture("HEADLESS-1", null, null))
			.isInstanceOf(WaylandConnectionException.class)
			.hasMessageContaining("did not answer a screen capture of HEADLESS-1 within 2000 ms");
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
		script.get(10, TimeUnit.SECONDS);
	}

	/**
	 * Plays the registry (wl_shm, screencopy v3, one output) while the client binds,
	 * returning the bound screencopy.
	 */
	private WaylandScreencopy bindAgainstScript() throws Exception {
		CompletableFuture<Void> script = CompletableFuture.runAsync(() -> {
			WaylandScriptedCompositor.Request getRegistry = this.compositor.expect(1, 1);
			int registry = getRegistry.word(0);
			this.ids.put("wl_registry", registry);
			this.compositor.answerSync(globals(registry));
			for (int i = 0; i < 3; i++) {
				WaylandScriptedCompositor.Request bind = this.compositor.expect(registry, REGISTRY_GLOBAL);
				this.ids.put(bind.boundInterface(), bind.boundId());
			}
			WaylandScriptedCompositor.Request sync = this.compositor.expect(1, 0);
			int output = this.ids.get("wl_output");
			this.compositor.send(this.ids.get("wl_shm"), 0, 1);
			this.compositor.send(output, 0, 0, 0, 300, 200, 0, "make", "model", 0);
			this.compositor.send(output, 1, 3, 4, 2, 60000);
			this.compositor.send(output, 3, 1);
			this.compositor.send(output, 4, "HEADLESS-1");
			this.compositor.send(output, 2);
			this.compositor.answerSync(sync);
		});
		WaylandScreencopy screencopy = WaylandScreencopy.bind(this.connection);
		script.get(10, TimeUnit.SECONDS);
		assertThat(screencopy.version()).isEqualTo(3);
		return screencopy;
	}

	private WaylandScriptedCompositor.Request globals(int registry) {
		WaylandScriptedCompositor.Request sync = this.compositor.expect(1, 0);
		this.compositor.send(registry, 0, SHM, "wl_shm", 1);
		this.compositor.send(registry, 0, SCREENCOPY, "zwlr_screencopy_manager_v1", 3);
		this.compositor.send(registry, 0, OUTPUT, "wl_output", 4);
		return sync;
	}

	/** capture_output, then a v3 offer: one shm buffer of 4x2, buffer_done. */
	private int expectCaptureAndOfferBuffer() {
		int frame = expectCapture();
		offer(frame, 4, 2, 16);
		return frame;
	}

	private int expectCapture() {
		WaylandScriptedCompositor.Request capture = this.compositor.expect(this.ids.get("zwlr_screencopy_manager_v1"),
				0);
		assertThat(capture.word(1)).as("overlay_cursor").isZero();
		assertThat(capture.word(2)).as("output").isEqualTo(this.ids.get("wl_output"));
		return capture.word(0);
	}

	private void offer(int frame, int width, int height, int stride) {
		this.compositor.send(frame, 0, WaylandShm.XRGB8888, width, height, stride);
		this.compositor.send(frame, 5, 0x34325258, width, height); // a dmabuf offer, to
																	// be ignored
		this.compositor.send(frame, 6);
	}

	/** flags (not inverted), then ready. */
	private void ready(int frame) {
		this.compositor.send(frame, 1, 0);
		this.compositor.send(frame, 2, 0, 1, 0);
	}

	/**
	 * create_pool, create_buffer of the offered layout, then copy into that buffer.
	 * @return the wl_buffer's id
	 */
	private int expectBufferAndCopy(int frame) {
		WaylandScriptedCompositor.Request pool = this.compositor.expect(this.ids.get("wl_shm"), 0);
		assertThat(pool.word(1)).as("pool size").isEqualTo(32);
		WaylandScriptedCompositor.Request buffer = this.compositor.expect(pool.word(0), 0);
		assertThat(new int[] { buffer.word(1), buffer.word(2), buffer.word(3), buffer.word(4), buffer.word(5) })
			.containsExactly(0, 4, 2, 16, WaylandShm.XRGB8888);
		WaylandScriptedCompositor.Request copy = this.compositor.expect(frame, 0);
		assertThat(copy.word(0)).isEqualTo(buffer.word(0));
		return buffer.word(0);
	}

}
