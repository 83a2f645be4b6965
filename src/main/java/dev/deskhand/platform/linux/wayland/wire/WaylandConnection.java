package dev.deskhand.platform.linux.wayland.wire;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

import dev.deskhand.errors.ErrorCode;

/**
 * A client connection to a Wayland compositor, speaking the wire protocol itself (no
 * libwayland): objects, requests, events, {@link #roundtrip()}. Every wait for the
 * compositor is bounded by the connection's timeout, so a dead or stuck compositor is an
 * error, never a hang.
 * <p>
 * <b>One thread at a time.</b> A connection is meant to be owned by one thread (the
 * capture thread, the input thread); its methods are {@code synchronized} so that a
 * second thread waits rather than corrupts the stream, and handlers run on the thread
 * that dispatches, holding the lock. Requests are queued and leave at the next
 * {@link #flush()}, which every wait does first.
 * <p>
 * After a protocol error, a lost compositor or a timeout the connection is closed and
 * every further call throws {@link WaylandConnectionException}; open a new one.
 * <p>
 * What it does not do, because Deskhand's protocols do not need it: objects the
 * compositor creates by an event ({@code new_id} in an event, e.g. data offers) get no
 * handler, and the events of destroyed or unknown objects are dropped unread, so a
 * descriptor such an event carried would be taken by the next event that reads an
 * {@code fd}. Bind nothing that sends descriptors to objects without a handler.
 */
public final class WaylandConnection implements AutoCloseable {

	/** How long {@link #open(Duration)} callers usually let the compositor answer. */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

	/** Ids from here on are made by the compositor. */
	static final int FIRST_SERVER_ID = 0xFF000000;

	private static final int DISPLAY_ID = 1;

	private static final int DISPLAY_SYNC = 0;

	private static final int DISPLAY_GET_REGISTRY = 1;

	private static final int DISPLAY_ERROR = 0;

	private static final int DISPLAY_DELETE_ID = 1;

	private static final int CALLBACK_DONE = 0;

	private final WaylandWireSocket socket;

	private final Path path;

	private final Duration timeout;

	private final Deque<Integer> receivedFds = new ArrayDeque<>();

	private final WaylandWireDecoder decoder;

	private final Map<Integer, WaylandWireObject> objects = new HashMap<>();

	/** Ids the compositor released with delete_id; reused first, as it expects. */
	private final Deque<Integer> freeIds = new ArrayDeque<>();

	private final WaylandWireObject display;

	private int nextId = DISPLAY_ID + 1;

	private byte[] out = new byte[2 * WaylandWireRequest.MAX_MESSAGE_SIZE];

	private int outLength;

	private final int[] outFds = new int[WaylandWireSocket.MAX_FDS];

	private int outFdCount;

	private WaylandRegistry registry;

	private WaylandConnectionException failure;

	private WaylandConnection(WaylandWireSocket socket, Path path, Duration timeout) {
		this.socket = socket;
		this.path = path;
		this.timeout = timeout;
		this.decoder = new WaylandWireDecoder(64 * 1024, this::takeFd);
		this.display = new WaylandWireObject(DISPLAY_ID, "wl_display", 1, this::onDisplayEvent);
		this.objects.put(DISPLAY_ID, this.display);
	}

	/**
	 * Connects to the compositor named by {@code WAYLAND_DISPLAY} and
	 * {@code XDG_RUNTIME_DIR} in this process's environment.
	 */
	public static WaylandConnection open(Duration timeout) {
		return open(socketPath(System.getenv()), timeout);
	}

	public static WaylandConnection open(Path socket, Duration timeout) {
		if (timeout.isNegative() || timeout.isZero()) {
			throw new IllegalArgumentException("timeout must be positive: " + timeout);
		}
		return new WaylandConnection(WaylandWireSocket.connect(socket), socket, timeout);
	}

	/**
	 * Where the compositor listens, as libwayland finds it: {@code WAYLAND_DISPLAY}
	 * ({@code wayland-0} when unset) inside {@code XDG_RUNTIME_DIR}, or
	 * {@code WAYLAND_DISPLAY} itself when it is an absolute path.
	 */
	public static Path socketPath(Map<String, String> environment) {
		String display = environment.getOrDefault("WAYLAND_DISPLAY", "");
		if (display.isEmpty()) {
			display = "wayland-0";
		}
		if (display.startsWith("/")) {
			return Path.of(display);
		}
		String runtimeDir = environment.getOrDefault("XDG_RUNTIME_DIR", "");
		if (runtimeDir.isEmpty()) {
			throw new WaylandConnectionException("XDG_RUNTIME_DIR is not set, so the Wayland socket " + display
					+ " cannot be found; set it (and WAYLAND_DISPLAY) as the compositor's session does");
		}
		return Path.of(runtimeDir, display);
	}

	public Path path() {
		return this.path;
	}

	public Duration timeout() {
		return this.timeout;
	}

	public WaylandWireObject display() {
		return this.display;
	}

	/**
	 * The globals, fetched with a roundtrip on first use and kept current as events
	 * arrive.
	 */
	public synchronized WaylandRegistry registry() {
		if (this.registry == null) {
			WaylandWireObject object = newObject("wl_registry", 1, WaylandWireHandler.IGNORE);
			WaylandRegistry created = new WaylandRegistry(this, object);
			request(this.display, DISPLAY_GET_REGISTRY).newId(object).send();
			roundtrip();
			this.registry = created;
		}
		return this.registry;
	}

	/**
	 * A new client object with the next free id. Send the request that creates it (naming
	 * it with {@link WaylandWireRequest#newId}) before making another: the compositor
	 * expects ids in order.
	 */
	public synchronized WaylandWireObject newObject(String interfaceName, int version, WaylandWireHandler handler) {
		check();
		int id = this.freeIds.isEmpty() ? this.nextId++ : this.freeIds.removeFirst();
		WaylandWireObject object = new WaylandWireObject(id, interfaceName, version, handler);
		this.objects.put(id, object);
		return object;
	}

	/** A request to {@code target}; {@link WaylandWireRequest#send()} queues it. */
	public synchronized WaylandWireRequest request(WaylandWireObject target, int opcode) {
		check();
		if (target.destroyed()) {
			throw new IllegalStateException("request " + opcode + " to destroyed " + target);
		}
		return new WaylandWireRequest(this, target.id(), opcode);
	}

	/**
	 * Marks {@code object} destroyed after its destructor request was sent: its events
	 * are dropped from now on, and its id is reused once the compositor confirms with
	 * {@code wl_display.delete_id}.
	 */
	public synchronized void destroyed(WaylandWireObject object) {
		object.markDestroyed();
	}

	synchronized void queue(WaylandWireRequest request) {
		check();
		byte[] bytes = request.encode();
		int[] fds = request.fds();
		if (this.outLength + bytes.length > this.out.length || this.outFdCount + fds.length > this.outFds.length) {
			flush();
		}
		System.arraycopy(bytes, 0, this.out, this.outLength, bytes.length);
		this.outLength += bytes.length;
		System.arraycopy(fds, 0, this.outFds, this.outFdCount, fds.length);
		this.outFdCount += fds.length;
		if (fds.length > 0) {
			// a queued descriptor must stay open until it leaves: send it now, so the
			// caller may close it once send() returned
			flush();
		}
	}

	/** Sends every queued request. */
	public synchronized void flush() {
		check();
		if (this.outLength == 0) {
			return;
		}
		try {
			this.socket.send(this.out, this.outLength, this.outFds, this.outFdCount,
					(int) Math.min(Integer.MAX_VALUE, this.timeout.toMillis()));
		}
		catch (WaylandConnectionException ex) {
			throw fail(explain(ex));
		}
		finally {
			this.outLength = 0;
			this.outFdCount = 0;
		}
	}

	/**
	 * Waits until the compositor has handled every request sent so far and this
	 * connection has dispatched every event it sent before answering.
	 */
	public synchronized void roundtrip() {
		boolean[] done = { false };
		WaylandWireObject callback = newObject("wl_callback", 1, (event) -> {
			if (event.opcode() == CALLBACK_DONE) {
				done[0] = true;
			}
		});
		request(this.display, DISPLAY_SYNC).newId(callback).send();
		// the compositor destroys a callback once done and confirms with delete_id
		dispatchUntil(() -> done[0], "a roundtrip (wl_display.sync)");
		callback.markDestroyed();
	}

	/**
	 * Flushes, then dispatches events until {@code done} holds, waiting at most the
	 * connection's timeout for it. Requests that handlers queue meanwhile are flushed
	 * before each wait.
	 * @param waitingFor what {@code done} waits for, for the timeout's message
	 * @throws WaylandConnectionException when the time runs out (the connection is closed
	 * then)
	 */
	public synchronized void dispatchUntil(BooleanSupplier done, String waitingFor) {
		flush();
		long deadline = System.nanoTime() + this.timeout.toNanos();
		dispatchPending();
		while (!done.getAsBoolean()) {
			long left = deadline - System.nanoTime();
			if (left <= 0) {
				throw fail(new WaylandConnectionException(ErrorCode.E_NO_DESKTOP, "the Wayland compositor at "
						+ this.path + " did not answer " + waitingFor + " within " + this.timeout.toMillis() + " ms"));
			}
			// handlers may have queued requests the answer depends on (a copy after a
			// buffer event)
			flush();
			readOnce(left);
			dispatchPending();
		}
	}

	/**
	 * Flushes, then dispatches the events that arrive within {@code wait} (at least those
	 * already here).
	 */
	public synchronized void dispatch(Duration wait) {
		flush();
		dispatchPending();
		if (readOnce(Math.max(0, wait.toNanos()))) {
			dispatchPending();
		}
	}

	/** Whether {@link #close()} ran or a failure closed it. */
	public synchronized boolean isClosed() {
		return this.failure != null;
	}

	@Override
	public synchronized void close() {
		if (this.failure == null) {
			this.failure = new WaylandConnectionException("the Wayland connection to " + this.path + " is closed");
		}
		this.socket.close();
		WaylandWireSocket.closeAll(this.receivedFds);
	}

	/**
	 * @return whether bytes arrived within {@code nanos}
	 */
	private boolean readOnce(long nanos) {
		int millis = (int) Math.min(Integer.MAX_VALUE, (nanos + 999_999) / 1_000_000);
		try {
			int count = this.socket.receive(this.decoder.space(), this.receivedFds, millis);
			this.decoder.received(count);
			return count > 0;
		}
		catch (WaylandConnectionException ex) {
			throw fail(ex);
		}
	}

	private void dispatchPending() {
		WaylandWireEvent event;
		while ((event = nextEvent()) != null) {
			WaylandWireObject target = this.objects.get(event.objectId());
			if (target == null || (target.destroyed() && target != this.display)) {
				continue;
			}
			try {
				target.handler().handle(event);
			}
			catch (WaylandConnectionException ex) {
				throw fail(ex);
			}
		}
	}

	private WaylandWireEvent nextEvent() {
		try {
			return this.decoder.next();
		}
		catch (WaylandConnectionException ex) {
			throw fail(ex);
		}
	}

	/**
	 * A compositor that ends a connection for a protocol error sends the error first,
	 * then hangs up; a write that fails on the hung-up socket (EPIPE) is explained by the
	 * error waiting unread, if there is one.
	 */
	private WaylandConnectionException explain(WaylandConnectionException lost) {
		try {
			int count;
			while ((count = this.socket.receive(this.decoder.space(), this.receivedFds, 0)) > 0) {
				this.decoder.received(count);
			}
		}
		catch (WaylandConnectionException hungUp) {
			// what arrived before the hang-up is in the decoder
		}
		try {
			WaylandWireEvent event;
			while ((event = this.decoder.next()) != null) {
				if (event.objectId() == DISPLAY_ID && event.opcode() == DISPLAY_ERROR) {
					return displayError(event);
				}
			}
		}
		catch (WaylandConnectionException corrupt) {
			// nothing more to learn
		}
		return lost;
	}

	private WaylandConnectionException displayError(WaylandWireEvent event) {
		int objectId = event.object();
		int code = event.uint();
		String message = event.string();
		WaylandWireObject object = this.objects.get(objectId);
		String name = (object != null) ? object.toString() : "object " + objectId;
		return new WaylandConnectionException(ErrorCode.E_FAIL, "the Wayland compositor ended the connection: error "
				+ Integer.toUnsignedString(code) + " on " + name + ": " + message);
	}

	private void onDisplayEvent(WaylandWireEvent event) {
		if (event.opcode() == DISPLAY_ERROR) {
			throw displayError(event);
		}
		if (event.opcode() == DISPLAY_DELETE_ID) {
			int id = event.uint();
			WaylandWireObject object = this.objects.remove(id);
			if (object != null) {
				object.markDestroyed();
			}
			if (id > DISPLAY_ID && Integer.compareUnsigned(id, FIRST_SERVER_ID) < 0) {
				this.freeIds.addFirst(id);
			}
		}
	}

	private int takeFd() {
		Integer fd = this.receivedFds.pollFirst();
		if (fd == null) {
			throw new WaylandConnectionException("a Wayland event carries a file descriptor that did not arrive");
		}
		return fd;
	}

	private void check() {
		if (this.failure != null) {
			throw new WaylandConnectionException(this.failure.code(), this.failure.getMessage());
		}
	}

	private WaylandConnectionException fail(WaylandConnectionException cause) {
		if (this.failure == null) {
			this.failure = cause;
			this.socket.close();
			WaylandWireSocket.closeAll(this.receivedFds);
		}
		return cause;
	}

}
