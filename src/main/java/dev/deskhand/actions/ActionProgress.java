package dev.deskhand.actions;

import java.time.Duration;
import java.util.function.DoubleFunction;

/**
 * Progress reports of one call, when its client asked for them. A call may go through
 * phases (waiting for approval, then holding a key); each counts from 0 to its own total.
 */
public interface ActionProgress {

	/** Whether the client asked for progress; when not, every report is dropped. */
	boolean requested();

	/** A phase the caller reports on itself. */
	Phase phase(double total);

	/**
	 * A phase that reports the seconds elapsed every {@code period} until it is closed.
	 */
	Phase every(Duration period, double total, DoubleFunction<String> message);

	/** One phase; closing it stops its reports for good. */
	interface Phase extends AutoCloseable {

		/** Reports {@code value} (from 0 to the phase's total) with what it means. */
		void report(double value, String message);

		@Override
		void close();

	}

}
