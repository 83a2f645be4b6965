package dev.deskhand.input;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import dev.deskhand.errors.DeskhandException;

/**
 * A caller's way to stop its own call: the client cancelled the request, or went away. A
 * job given one is stopped at its next step (sleeps and chunked typing notice at once)
 * with every held key and button released, or refused when it has not started yet.
 */
public final class Cancellation {

	private final List<Consumer<DeskhandException>> listeners = new CopyOnWriteArrayList<>();

	private volatile DeskhandException reason;

	/**
	 * A cancellation that nobody can trigger: for calls whose transport cannot cancel.
	 */
	public static Cancellation none() {
		return new Cancellation();
	}

	/** Cancels, once: later calls keep the first reason. */
	public void cancel(DeskhandException reason) {
		synchronized (this) {
			if (this.reason != null) {
				return;
			}
			this.reason = reason;
		}
		this.listeners.forEach((listener) -> listener.accept(reason));
	}

	public boolean isCancelled() {
		return this.reason != null;
	}

	/**
	 * @throws DeskhandException the reason, once cancelled
	 */
	public void throwIfCancelled() {
		DeskhandException cancelled = this.reason;
		if (cancelled != null) {
			throw cancelled;
		}
	}

	/**
	 * Runs {@code listener} on cancellation (at once if already cancelled) until the
	 * returned handle closes.
	 */
	public Registration onCancel(Consumer<DeskhandException> listener) {
		this.listeners.add(listener);
		DeskhandException cancelled = this.reason;
		if (cancelled != null) {
			listener.accept(cancelled);
		}
		return () -> this.listeners.remove(listener);
	}

	public interface Registration extends AutoCloseable {

		@Override
		void close();

	}

}
