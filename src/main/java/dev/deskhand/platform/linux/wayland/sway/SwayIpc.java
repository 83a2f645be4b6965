package dev.deskhand.platform.linux.wayland.sway;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * The request connection to sway's IPC (i3-ipc): one request at a time, each answered
 * within the call timeout or failed with E_TIMEOUT, so a hung compositor gives an error
 * rather than a hang. Events come on a connection of their own ({@link SwayEvents}): on a
 * subscribed socket they interleave with replies.
 *
 * <p>
 * The connection is opened lazily and dropped after any failure (a timed-out stream may
 * be mid-frame); the next request connects again. Thread-safe.
 */
public final class SwayIpc implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(SwayIpc.class);

	static final int RUN_COMMAND = 0;

	static final int GET_WORKSPACES = 1;

	static final int SUBSCRIBE = 2;

	static final int GET_OUTPUTS = 3;

	static final int GET_TREE = 4;

	static final int GET_VERSION = 7;

	static final int GET_SEATS = 101;

	public static final JsonMapper JSON = JsonMapper.builder().build();

	private final Path socket;

	private final Duration callTimeout;

	// one request and its reply at a time: replies carry no request id, so two callers
	// sharing the stream would read each other's answers
	private final Object lock = new Object();

	private SwayFrames frames;

	private boolean closed;

	public SwayIpc(Path socket, Duration callTimeout) {
		this.socket = socket;
		this.callTimeout = callTimeout;
	}

	Path socket() {
		return this.socket;
	}

	Duration callTimeout() {
		return this.callTimeout;
	}

	/** GET_OUTPUTS: every output sway knows, enabled or not. */
	JsonNode outputs() {
		return json(GET_OUTPUTS, "");
	}

	/** GET_TREE: the whole container tree. */
	public JsonNode tree() {
		return json(GET_TREE, "");
	}

	/** GET_SEATS: every seat with its focus and devices. */
	public List<SwaySeats.Seat> seats() {
		return SwaySeats.parse(json(GET_SEATS, ""));
	}

	/** GET_VERSION: a cheap round trip for liveness. */
	public JsonNode version() {
		return json(GET_VERSION, "");
	}

	/**
	 * Runs sway commands ({@code ;}- or {@code ,}-separated) and checks every result.
	 * @throws DeskhandException E_FAIL with sway's own error text when any command failed
	 * (a command sway could not parse, {@code No matching node}, ...)
	 */
	public void command(String command) {
		JsonNode replies = json(RUN_COMMAND, command);
		String failure = commandFailure(replies);
		if (failure != null) {
			throw new DeskhandException(ErrorCode.E_FAIL, "sway refused '" + command + "': " + failure);
		}
	}

	/**
	 * The error of a RUN_COMMAND reply: sway answers one {@code {"success": ...}} object
	 * per command, and any one of them may have failed while the rest ran.
	 * @return sway's error texts joined, or {@code null} when every command succeeded
	 */
	static String commandFailure(JsonNode replies) {
		if (replies == null || !replies.isArray() || replies.isEmpty()) {
			return "no result for the command";
		}
		List<String> errors = new ArrayList<>();
		for (JsonNode reply : replies) {
			if (!reply.path("success").asBoolean(false)) {
				String error = reply.path("error").asString("");
				errors.add(error.isEmpty() ? "failed without a reason" : error);
			}
		}
		return errors.isEmpty() ? null : String.join("; ", errors);
	}

	JsonNode json(int type, String payload) {
		String reply = call(type, payload);
		try {
			return JSON.readTree(reply);
		}
		catch (JacksonException ex) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"sway answered message type " + type + " with something that is not JSON", ex);
		}
	}

	/**
	 * One request and its reply.
	 * @throws DeskhandException E_TIMEOUT when sway does not answer within the call
	 * timeout, E_NO_DESKTOP when the socket cannot be reached or closes
	 */
	String call(int type, String payload) {
		synchronized (this.lock) {
			if (this.closed) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "the sway IPC connection is closed");
			}
			long deadline = System.nanoTime() + this.callTimeout.toNanos();
			boolean reused = this.frames != null;
			try {
				return exchange(type, payload, deadline);
			}
			catch (StaleConnection ex) {
				drop();
				// a connection that served before and broke before the request reached
				// sway (a restarted or reloaded sway closed it): once more, on a new one
				if (reused) {
					try {
						return exchange(type, payload, deadline);
					}
					catch (IOException retry) {
						drop();
						throw failure(type, retry);
					}
				}
				throw failure(type, ex.getCause());
			}
			catch (IOException ex) {
				drop();
				throw failure(type, ex);
			}
		}
	}

	private String exchange(int type, String payload, long deadline) throws IOException {
		if (this.frames == null) {
			this.frames = SwayFrames.open(this.socket);
		}
		try {
			this.frames.write(type, payload, deadline);
		}
		catch (SwayFrames.SwayTimeoutException ex) {
			throw ex;
		}
		catch (IOException ex) {
			throw new StaleConnection(ex);
		}
		SwayFrames.Message reply;
		try {
			reply = this.frames.read(deadline);
		}
		catch (SwayFrames.ClosedBeforeReply ex) {
			// sway may have run a command before it closed: only a query is asked again
			if (type == RUN_COMMAND) {
				throw ex;
			}
			throw new StaleConnection(ex);
		}
		if (reply.type() != type) {
			throw new IOException("sway answered message type " + type + " with type " + reply.type());
		}
		return reply.payload();
	}

	private DeskhandException failure(int type, Throwable ex) {
		if (ex instanceof SwayFrames.SwayTimeoutException) {
			return new DeskhandException(ErrorCode.E_TIMEOUT, "sway did not answer IPC message type " + type
					+ " within " + this.callTimeout.toMillis() + " ms on " + this.socket, ex);
		}
		return new DeskhandException(ErrorCode.E_NO_DESKTOP,
				"sway's IPC socket " + this.socket + " does not answer: " + ex.getMessage(), ex);
	}

	/** The connection broke before sway could have acted on the request. */
	private static final class StaleConnection extends IOException {

		private static final long serialVersionUID = 1L;

		StaleConnection(IOException cause) {
			super(cause.getMessage(), cause);
		}

	}

	private void drop() {
		if (this.frames != null) {
			logger.debug("dropping the sway IPC connection {}", this.socket);
			this.frames.close();
			this.frames = null;
		}
	}

	@Override
	public void close() {
		synchronized (this.lock) {
			this.closed = true;
			drop();
		}
	}

}
