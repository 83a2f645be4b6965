package dev.deskhand.platform.linux.wayland.screencopy;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandRegistry;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireEvent;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireHandler;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * Captures outputs in-process through {@code zwlr_screencopy_manager_v1} (wlroots
 * compositors), into one shared-memory buffer per output that is made once and reused
 * while the output's size and format stay the same. A capture waits for the output's next
 * frame (up to one refresh, 17 ms at 60 Hz, on an idle machine). It asks for no cursor
 * overlay, but a software cursor (headless, pixman) is in the output's pixels all the
 * same, as it is in grim's. Rotated outputs (a {@code wl_output} transform) are not
 * handled: the buffer is taken as it comes.
 * <p>
 * Same threading as its {@link WaylandConnection}: one thread at a time, best a
 * connection of its own so a capture never waits behind input.
 */
public final class WaylandScreencopy implements AutoCloseable {

	/** v3 adds buffer_done (and dmabuf offers, unused); v1 is enough for shm. */
	static final int SUPPORTED_VERSION = 3;

	private static final String INTERFACE = "zwlr_screencopy_manager_v1";

	private static final int MANAGER_CAPTURE_OUTPUT = 0;

	private static final int MANAGER_DESTROY = 2;

	private static final int FRAME_COPY = 0;

	private static final int FRAME_DESTROY = 1;

	private static final int FRAME_BUFFER = 0;

	private static final int FRAME_FLAGS = 1;

	private static final int FRAME_READY = 2;

	private static final int FRAME_FAILED = 3;

	private static final int FRAME_BUFFER_DONE = 6;

	private static final int FLAG_Y_INVERT = 1;

	private final WaylandConnection connection;

	private final WaylandShm shm;

	private final WaylandOutputs outputs;

	private final WaylandWireObject manager;

	/** The reused buffer of each output, by its global name. */
	private final Map<Integer, WaylandShmBuffer> buffers = new HashMap<>();

	private WaylandScreencopy(WaylandConnection connection) {
		this.connection = connection;
		WaylandRegistry registry = connection.registry();
		if (registry.find(INTERFACE).isEmpty()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					WaylandRegistry.missingSentence(List.of(INTERFACE)).orElseThrow());
		}
		this.shm = WaylandShm.bind(connection);
		this.manager = registry.bind(INTERFACE, SUPPORTED_VERSION, WaylandWireHandler.IGNORE);
		this.outputs = WaylandOutputs.bind(connection);
	}

	/** Binds screencopy, {@code wl_shm} and the outputs on {@code connection}. */
	public static WaylandScreencopy bind(WaylandConnection connection) {
		synchronized (connection) {
			return new WaylandScreencopy(connection);
		}
	}

	public WaylandOutputs outputs() {
		return this.outputs;
	}

	/** The version of the manager bound (1 to 3). */
	public int version() {
		return this.manager.version();
	}

	/**
	 * Captures part of the output named {@code outputName}.
	 * @param region in the output's device pixels (its current mode), {@code null} for
	 * all of it
	 * @param into receives the pixels when not {@code null} and large enough
	 * @throws DeskhandException {@code E_NOT_FOUND} when no such output is there (any
	 * more), {@code E_FAIL} when the compositor could not capture it
	 */
	public Frame capture(String outputName, Rect region, int[] into) {
		synchronized (this.connection) {
			// outputs may have come or gone since the last dispatch
			this.connection.dispatch(Duration.ZERO);
			Optional<WaylandOutput> output = this.outputs.byName(outputName);
			if (output.isEmpty()) {
				// a new output is named only once the compositor described it
				this.connection.roundtrip();
				output = this.outputs.byName(outputName);
			}
			return capture(output.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
					"the display " + outputName + " is not there (any more); the compositor offers " + names())),
					region, into);
		}
	}

	/** As {@link #capture(String, Rect, int[])}, for an output of {@link #outputs()}. */
	public Frame capture(WaylandOutput output, Rect region, int[] into) {
		synchronized (this.connection) {
			String name = output.snapshot().name();
			if (output.gone()) {
				throw gone(output, name);
			}
			CaptureState state = new CaptureState();
			WaylandWireObject frame = this.connection.newObject("zwlr_screencopy_frame_v1", this.manager.version(),
					(event) -> onFrameEvent(state, output, event));
			state.frame = frame;
			this.connection.request(this.manager, MANAGER_CAPTURE_OUTPUT)
				.newId(frame)
				.intArg(0) // no cursor overlay (a software cursor is in the output's own
							// pixels)
				.object(output.object())
				.send();
			try {
				this.connection.dispatchUntil(() -> state.finished, "a screen capture of " + name);
			}
			finally {
				if (!this.connection.isClosed()) {
					this.connection.request(frame, FRAME_DESTROY).send();
					this.connection.destroyed(frame);
				}
			}
			if (state.failure != null) {
				throw state.failure;
			}
			if (state.failed) {
				// a stale buffer is one reason a copy fails: start afresh next time
				dropBuffer(output);
				if (output.gone()) {
					throw gone(output, name);
				}
				throw new DeskhandException(ErrorCode.E_FAIL, "the compositor could not capture the display " + name
						+ " (zwlr_screencopy_frame_v1.failed); it may be off or being reconfigured");
			}
			WaylandShmBuffer buffer = state.buffer;
			if (buffer == null) {
				throw new DeskhandException(ErrorCode.E_FAIL,
						"the compositor finished a capture of the display " + name + " it was given no buffer for");
			}
			Rect wanted = (region != null) ? region : new Rect(0, 0, buffer.width(), buffer.height());
			return WaylandScreencopyPixels.toFrame(buffer.bytes(), buffer.format(), buffer.width(), buffer.height(),
					buffer.stride(), state.yInvert, wanted, into);
		}
	}

	private void onFrameEvent(CaptureState state, WaylandOutput output, WaylandWireEvent event) {
		switch (event.opcode()) {
			case FRAME_BUFFER -> {
				int format = event.uint();
				int width = event.uint();
				int height = event.uint();
				int stride = event.uint();
				if (state.format == null || (!WaylandScreencopyPixels.supports(state.format[0])
						&& WaylandScreencopyPixels.supports(format))) {
					state.format = new int[] { format, width, height, stride };
				}
				if (state.frame.version() < 3) {
					// before v3 the one shm offer is all there is
					copy(state, output);
				}
			}
			case FRAME_BUFFER_DONE -> copy(state, output);
			case FRAME_FLAGS -> state.yInvert = (event.uint() & FLAG_Y_INVERT) != 0;
			case FRAME_READY -> state.finished = true;
			case FRAME_FAILED -> {
				state.failed = true;
				state.finished = true;
			}
			default -> {
				// damage, linux_dmabuf: not used for shm captures
			}
		}
	}

	private void copy(CaptureState state, WaylandOutput output) {
		if (state.copying) {
			return;
		}
		state.copying = true;
		if (state.format == null) {
			state.fail(new DeskhandException(ErrorCode.E_UNSUPPORTED, "the compositor offers no shared-memory buffer to"
					+ " capture the display " + output.snapshot().name() + " into"));
			return;
		}
		int format = state.format[0];
		if (!WaylandScreencopyPixels.supports(format)) {
			state.fail(new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"the compositor offers the display " + output.snapshot().name() + " only as "
							+ WaylandShm.formatName(format)
							+ "; Deskhand reads XRGB8888, ARGB8888, XBGR8888 and ABGR8888"));
			return;
		}
		WaylandShmBuffer buffer = this.buffers.get(output.globalName());
		if (buffer == null || !buffer.fits(format, state.format[1], state.format[2], state.format[3])) {
			if (buffer != null) {
				buffer.close();
			}
			buffer = this.shm.createBuffer(format, state.format[1], state.format[2], state.format[3]);
			this.buffers.put(output.globalName(), buffer);
		}
		state.buffer = buffer;
		this.connection.request(state.frame, FRAME_COPY).object(buffer.buffer()).send();
	}

	private void dropBuffer(WaylandOutput output) {
		WaylandShmBuffer buffer = this.buffers.remove(output.globalName());
		if (buffer != null) {
			buffer.close();
		}
	}

	private DeskhandException gone(WaylandOutput output, String name) {
		dropBuffer(output);
		return new DeskhandException(ErrorCode.E_NOT_FOUND,
				"the display " + name + " went away; the compositor offers " + names());
	}

	private String names() {
		return this.outputs.all().stream().map((output) -> output.snapshot().name()).toList().toString();
	}

	/** The buffer last captured into for {@code output}, if any (benchmarks). */
	WaylandShmBuffer bufferOf(WaylandOutput output) {
		synchronized (this.connection) {
			return this.buffers.get(output.globalName());
		}
	}

	/** Destroys the buffers and the manager; the connection stays open. */
	@Override
	public void close() {
		synchronized (this.connection) {
			this.buffers.values().forEach(WaylandShmBuffer::close);
			this.buffers.clear();
			if (!this.connection.isClosed()) {
				this.connection.request(this.manager, MANAGER_DESTROY).send();
				this.connection.destroyed(this.manager);
				this.connection.flush();
			}
		}
	}

	/** What the events of one frame said so far. */
	private static final class CaptureState {

		WaylandWireObject frame;

		/** format, width, height, stride of the shm offer taken. */
		int[] format;

		WaylandShmBuffer buffer;

		boolean copying;

		boolean yInvert;

		boolean finished;

		boolean failed;

		DeskhandException failure;

		void fail(DeskhandException cause) {
			this.failure = cause;
			this.finished = true;
		}

	}

}
