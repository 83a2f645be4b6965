package dev.deskhand.input;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * One session at a time holds the input. Another session's input gets E_BUSY naming the
 * holder, until the lease has been idle for {@code deskhand.input.lease-idle}, the
 * holder's session ends, its client is evidently gone, or an operator revokes it.
 * Observation never needs the lease.
 */
public class InputLease {

	private final Clock clock;

	private final Duration idle;

	private final DepartedClients departed;

	// Guarded by this: acquired by tool threads, released by operators and session ends.
	private Holder holder;

	public InputLease(Clock clock, Duration idle) {
		this(clock, idle, (session) -> false);
	}

	/**
	 * @param departed whether the client of a session is evidently gone (it closed every
	 * connection it had and holds no stream): asked when another session wants the input
	 * (or an operator looks), so that a one-shot client that has exited does not keep the
	 * next one out for {@code lease-idle}
	 */
	public InputLease(Clock clock, Duration idle, DepartedClients departed) {
		this.clock = clock;
		this.idle = idle;
		this.departed = departed;
	}

	/**
	 * Takes or renews the lease for a session.
	 * @throws DeskhandException E_BUSY while another session holds it
	 */
	public synchronized void acquire(String session, String principal) {
		checkAvailable(session);
		this.holder = new Holder(session, principal, this.clock.instant());
	}

	/**
	 * Fails fast when another session holds the input, without taking the lease: no point
	 * asking a human to approve what could not run.
	 * @throws DeskhandException E_BUSY while another session holds it
	 */
	public synchronized void checkAvailable(String session) {
		Optional<DeskhandException> busy = busyFor(session);
		if (busy.isPresent()) {
			throw busy.get();
		}
	}

	/**
	 * What {@link #checkAvailable} would throw for {@code session}, without throwing: the
	 * desk weighs it against stronger reasons to refuse.
	 */
	public synchronized Optional<DeskhandException> busyFor(String session) {
		Instant now = this.clock.instant();
		if (this.holder != null && !this.holder.session.equals(session) && holds(now)) {
			long seconds = Duration.between(now, this.holder.lastUse.plus(this.idle)).toSeconds() + 1;
			return Optional.of(new DeskhandException(ErrorCode.E_BUSY, "another session (" + this.holder.session
					+ " of " + this.holder.principal + ") holds the input; it is free after " + seconds
					+ " s idle, when that session ends or its client disconnects, or when an operator revokes it"));
		}
		return Optional.empty();
	}

	/** Lets go if {@code session} holds the lease. */
	public synchronized boolean release(String session) {
		if (this.holder != null && this.holder.session.equals(session)) {
			this.holder = null;
			return true;
		}
		return false;
	}

	/** The session holding the input, or {@code null}. */
	public synchronized String holder() {
		return (this.holder != null && holds(this.clock.instant())) ? this.holder.session : null;
	}

	/**
	 * Whether the holder still holds the input: used within {@code lease-idle}, and its
	 * client not gone. Lets go otherwise.
	 */
	private boolean holds(Instant now) {
		if (!this.holder.lastUse.plus(this.idle).isAfter(now) || this.departed.departed(this.holder.session)) {
			this.holder = null;
			return false;
		}
		return true;
	}

	private record Holder(String session, String principal, Instant lastUse) {
	}

}
