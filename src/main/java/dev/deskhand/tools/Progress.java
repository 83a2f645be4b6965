package dev.deskhand.tools;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleFunction;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.actions.ActionProgress;

/**
 * MCP progress notifications for one tool call, sent only when the client asked for them
 * by putting a {@code progressToken} in the request's {@code _meta}. Tickers run on a
 * small shared scheduler, never on the input thread, so reporting cannot slow input down.
 * <p>
 * A call may go through phases (waiting for approval, then holding a key); each phase
 * counts from 0 to its own total, shifted past the phases before it, because the spec
 * wants every notification's progress above the previous one's. The message says what the
 * numbers mean.
 */
final class Progress implements ActionProgress {

	/** A call whose client asked for no progress: every report is dropped. */
	static final Progress NONE = new Progress(null, null, null);

	private static final Logger logger = LoggerFactory.getLogger(Progress.class);

	private final McpSyncRequestContext context;

	private final Object token;

	private final ScheduledExecutorService scheduler;

	// Guarded by this.
	private double last = -1;

	private Progress(McpSyncRequestContext context, Object token, ScheduledExecutorService scheduler) {
		this.context = context;
		this.token = token;
		this.scheduler = scheduler;
	}

	static Progress of(McpSyncRequestContext context, ScheduledExecutorService scheduler) {
		McpSchema.Request request = (context != null) ? context.request() : null;
		Object token = (request != null) ? request.progressToken() : null;
		if (token == null || (token instanceof String text && text.isBlank())) {
			return NONE;
		}
		return new Progress(context, token, scheduler);
	}

	/** Whether the client sent a progress token. */
	@Override
	public boolean requested() {
		return this.token != null;
	}

	/**
	 * Starts a phase running from 0 to {@code total}.
	 * @param total where the phase ends, or {@code null} when unknown
	 */
	@Override
	public Phase phase(double total) {
		return phase(Double.valueOf(total));
	}

	synchronized Phase phase(Double total) {
		return new Phase(this, Math.max(this.last, 0), total);
	}

	/**
	 * A phase that reports the seconds elapsed now and then every {@code period}, until
	 * it is closed or the elapsed time reaches {@code total}.
	 * @param message the message for a number of seconds elapsed
	 */
	@Override
	public Phase every(Duration period, double total, DoubleFunction<String> message) {
		return every(period, total, message, () -> false);
	}

	/**
	 * As {@link #every(Duration, double, DoubleFunction)}; also stops once
	 * {@code finished} says so.
	 */
	Phase every(Duration period, double total, DoubleFunction<String> message, BooleanSupplier finished) {
		Phase phase = phase(total);
		if (!requested()) {
			return phase;
		}
		long start = System.nanoTime();
		phase.report(0, message.apply(0));
		phase.ticking(this.scheduler.scheduleAtFixedRate(() -> {
			if (finished.getAsBoolean()) {
				phase.close();
				return;
			}
			double elapsed = Math.min(total, Math.round((System.nanoTime() - start) / 1e8) / 10.0);
			phase.report(elapsed, message.apply(elapsed));
			if (elapsed >= total) {
				phase.close();
			}
		}, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS));
		return phase;
	}

	/**
	 * Sends one notification, unless it would not move forward; a client gone costs a
	 * debug line.
	 */
	private synchronized void send(double progress, Double total, String message) {
		if (!requested() || progress <= this.last) {
			return;
		}
		this.last = progress;
		try {
			this.context.progress(new ProgressNotification(this.token, progress, total, message, null));
		}
		catch (RuntimeException ex) {
			logger.debug("progress notification not delivered: {}", ex.toString());
		}
	}

	/**
	 * One phase of a call's progress. Closing it stops its reports for good, also a
	 * ticker's.
	 */
	static final class Phase implements ActionProgress.Phase {

		private final Progress progress;

		private final double base;

		private final Double total;

		private volatile ScheduledFuture<?> ticker;

		// Guarded by progress: checked under the lock the notification is sent under.
		private boolean closed;

		private Phase(Progress progress, double base, Double total) {
			this.progress = progress;
			this.base = base;
			this.total = total;
		}

		/**
		 * Reports {@code value} (from 0 to the phase's total) with a message saying what
		 * it means.
		 */
		@Override
		public void report(double value, String message) {
			synchronized (this.progress) {
				if (!this.closed) {
					this.progress.send(this.base + value, (this.total != null) ? this.base + this.total : null,
							message);
				}
			}
		}

		private void ticking(ScheduledFuture<?> future) {
			this.ticker = future;
			synchronized (this.progress) {
				if (this.closed) {
					future.cancel(false);
				}
			}
		}

		@Override
		public void close() {
			synchronized (this.progress) {
				this.closed = true;
			}
			ScheduledFuture<?> future = this.ticker;
			if (future != null) {
				future.cancel(false);
			}
		}

	}

}
