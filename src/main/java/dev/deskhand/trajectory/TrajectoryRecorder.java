package dev.deskhand.trajectory;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.audit.AuditRecordId;
import dev.deskhand.screen.ImageFormat;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;
import dev.deskhand.tracing.CallKeys;

/**
 * Records every tool call of every agent session: the transport opens a {@link Call}
 * around the call's body, names the session and its arguments, and closes it with the
 * outcome and the images it sent. The audit records written on that thread meanwhile
 * (approval decisions, the input action) are tied to the step by their seq and hash.
 * Everything that costs time (the screenshot after a desktop-changing call, encoding, the
 * disk) happens on one writer thread of its own, never the caller's or the input thread;
 * a full writer queue drops the step (counted in health) rather than wait.
 */
public final class TrajectoryRecorder implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(TrajectoryRecorder.class);

	/** Records nothing; where recording is off or no recorder is wired (unit tests). */
	public static final TrajectoryRecorder OFF = new TrajectoryRecorder();

	private static final Call NO_CALL = new Call(null, null);

	static final int REMEMBERED_SESSIONS = 256;

	private static final String ZOOM = "zoom";

	private final ThreadLocal<Call> current = new ThreadLocal<>();

	private final TrajectoryStore store;

	private final ScreenService screen;

	private final ImageFormat afterFormat;

	private final Clock clock;

	private final ThreadPoolExecutor writer;

	/**
	 * Per session handle: the last image sent to it, what it saw before its next action.
	 * The {@value #REMEMBERED_SESSIONS} most recently served sessions only: MCP never
	 * says a session ended, and each entry holds an image.
	 */
	private final Map<String, Seen> lastSent = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
		@Override
		protected boolean removeEldestEntry(Map.Entry<String, Seen> eldest) {
			return size() > REMEMBERED_SESSIONS;
		}
	});

	/**
	 * An image a session saw, and the space its coordinates were in then: the profile
	 * that made it ({@code pixels}, or {@code grid-1000} for a Gemini session).
	 */
	private record Seen(SentImage image, String coordinates) {
	}

	private final AtomicLong dropped = new AtomicLong();

	private TrajectoryRecorder() {
		this.store = null;
		this.screen = null;
		this.afterFormat = ImageFormat.JPEG;
		this.clock = Clock.systemUTC();
		this.writer = null;
	}

	TrajectoryRecorder(TrajectoryStore store, ScreenService screen, ImageFormat afterFormat, int queueCapacity,
			Clock clock) {
		this.store = store;
		this.screen = screen;
		this.afterFormat = afterFormat;
		this.clock = clock;
		this.writer = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queueCapacity),
				(runnable) -> {
					Thread thread = new Thread(runnable, "deskhand-trajectory");
					thread.setDaemon(true);
					return thread;
				});
	}

	/**
	 * Opens the record of one tool call on this thread; close it with
	 * {@link Call#finish}.
	 */
	public Call begin(String tool) {
		return begin(tool, null);
	}

	/**
	 * Opens the record of one request to a vendor endpoint on this thread: a step named
	 * {@code tool} that says the endpoint it came {@code via}. Such a request can run
	 * several guarded batches (one per Anthropic {@code tool_use}), so its input-action
	 * records need not carry its name.
	 */
	public Call begin(String tool, String via) {
		if (this.store == null) {
			return NO_CALL;
		}
		Call call = new Call(this, new StepDraft(tool, via, this.clock.instant()));
		this.current.set(call);
		return call;
	}

	/**
	 * Names who makes the call on this thread, and its arguments (redacted here, before
	 * they are kept anywhere).
	 */
	public void identify(String session, String principal, String client, Map<String, Object> arguments) {
		Call call = this.current.get();
		if (call == null || call.draft == null || call.draft.session != null) {
			return;
		}
		call.draft.session = session;
		call.draft.principal = principal;
		call.draft.client = client;
		call.draft.arguments = ArgumentRedaction.redact(arguments);
	}

	/** Steps dropped because the writer could not keep up; for health. */
	long dropped() {
		return this.dropped.get();
	}

	/** Waits until every step handed over so far is written; for tests. */
	void drain(Duration timeout) {
		if (this.writer == null) {
			return;
		}
		var done = this.writer.submit(() -> {
		});
		try {
			done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException("the trajectory writer did not drain within " + timeout, ex);
		}
	}

	void audited(AuditRecordId id, String type, Map<String, Object> data) {
		Call call = this.current.get();
		if (call != null && call.draft != null) {
			call.draft.audited(id, type, data);
		}
	}

	@Override
	public void close() {
		if (this.writer != null) {
			this.writer.shutdown();
			try {
				this.writer.awaitTermination(5, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private void finish(Call call, String outcome, String message, List<SentImage> sent) {
		this.current.remove();
		StepDraft draft = call.draft;
		if (draft.session == null) {
			// A call that failed before it knew its session (bad arguments) has no record
			// to go into.
			return;
		}
		Duration took = Duration.ofNanos(System.nanoTime() - draft.startNanos);
		boolean changed = draft.changedDesktop();
		Seen seen = this.lastSent.get(draft.session);
		SentImage before = (changed && seen != null) ? seen.image() : null;
		boolean needsAfter = changed && sent.isEmpty();
		// A zoom is a region at another scale: the agent's coordinates stay those of its
		// last whole screenshot, so that stays the image the next action is drawn over.
		if (!sent.isEmpty() && !ZOOM.equals(draft.tool)) {
			// the screenshot was made just now, with the session's profile as it is
			this.lastSent.put(draft.session, new Seen(sent.get(sent.size() - 1),
					(this.screen != null) ? this.screen.profile(draft.session).coordinates().label() : null));
			seen = this.lastSent.get(draft.session);
		}
		Map<String, Object> step = new LinkedHashMap<>();
		step.put("time", draft.time.toString());
		step.put("tool", draft.tool);
		if (draft.via != null) {
			step.put(StepDraft.VIA, draft.via);
		}
		step.put("session", draft.session);
		step.put("arguments", draft.arguments);
		if (seen != null && seen.coordinates() != null && !"pixels".equals(seen.coordinates())) {
			// the arguments' coordinates are not pixels of the image drawn under them
			step.put("coordinates", seen.coordinates());
		}
		step.put("outcome", outcome);
		step.put("message", message);
		step.put("duration_ms", took.toMillis());
		step.put("desktop_changed", changed);
		step.put("audit", new ArrayList<>(draft.audit));
		if (draft.traceId != null) {
			step.put(CallKeys.TRACE_ID, draft.traceId);
		}
		try {
			this.writer.execute(() -> write(draft, step, before, sent, needsAfter));
		}
		catch (RejectedExecutionException ex) {
			this.dropped.incrementAndGet();
		}
	}

	// On the writer thread.
	private void write(StepDraft draft, Map<String, Object> step, SentImage before, List<SentImage> sent,
			boolean needsAfter) {
		SentImage after = null;
		if (needsAfter) {
			after = afterShot(draft.session);
		}
		else if (!sent.isEmpty() && draft.changedDesktop()) {
			// screenshot_after: what the agent got back is the after image.
			after = sent.get(sent.size() - 1);
		}
		try {
			// images made from base64 are decoded only now: decode every one before the
			// store numbers the step or writes a file, so an image that is not what it
			// claims loses its step whole, and the writer lives on
			decode(before);
			decode(after);
			sent.forEach(TrajectoryRecorder::decode);
		}
		catch (IllegalArgumentException ex) {
			logger.warn("Could not record a {} step of session {}: an image does not decode", draft.tool, draft.session,
					ex);
			return;
		}
		this.store.append(draft.session, draft.principal, draft.client, step, before, after, sent);
	}

	private static void decode(SentImage image) {
		// one stored already is on disk, and no longer held
		if (image != null && image.stored() == null) {
			image.bytes();
		}
	}

	private SentImage afterShot(String session) {
		try {
			String display = this.screen.choose(session, null).id();
			Screenshot shot = this.screen.observerScreenshot(display, this.afterFormat);
			return new SentImage(shot.image(), shot.format().mimeType());
		}
		catch (RuntimeException ex) {
			logger.debug("No screenshot after the step of session {}: {}", session, ex.toString());
			return null;
		}
	}

	/**
	 * The record of one tool call while it runs. {@link #finish} exactly once, in a
	 * {@code finally}.
	 */
	public static final class Call {

		private final TrajectoryRecorder recorder;

		private final StepDraft draft;

		private Call(TrajectoryRecorder recorder, StepDraft draft) {
			this.recorder = recorder;
			this.draft = draft;
		}

		/**
		 * Whether this call is recorded: without a recording, its images need not be
		 * decoded for it.
		 */
		public boolean recording() {
			return this.recorder != null;
		}

		/**
		 * Ties the step to the trace of its call.
		 * @param traceId the trace id, {@code null} when the call is not traced
		 */
		public void traced(String traceId) {
			if (this.draft != null) {
				this.draft.traceId = traceId;
			}
		}

		/**
		 * @param outcome {@code ok} or an {@code E_*} code
		 * @param message the error's message, {@code null} when it went well
		 * @param sent the images the result carries, in order
		 */
		public void finish(String outcome, String message, List<SentImage> sent) {
			if (this.recorder == null) {
				return;
			}
			try {
				this.recorder.finish(this, outcome, message, List.copyOf(sent));
			}
			catch (RuntimeException ex) {
				// Recording never fails a call.
				logger.warn("Could not record a {} step", this.draft.tool, ex);
			}
		}

	}

}
