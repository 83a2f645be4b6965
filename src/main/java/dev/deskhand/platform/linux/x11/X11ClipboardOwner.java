package dev.deskhand.platform.linux.x11;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

import com.sun.jna.platform.unix.X11;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deskhand's side as CLIPBOARD's owner: the text it wrote, the answers to other clients'
 * requests (ICCCM 2.2), and the INCR transfers under way for texts larger than one
 * request. Confined to the clipboard thread; nothing here waits, a transfer advances when
 * its requestor deletes the last chunk and is dropped when it does not within a step
 * timeout (default {@link #STEP_TIMEOUT}).
 *
 * <p>
 * MULTIPLE is refused (and not offered): no requestor Deskhand knows of asks for it for
 * text.
 */
final class X11ClipboardOwner {

	private static final Logger logger = LoggerFactory.getLogger(X11ClipboardOwner.class);

	/**
	 * How long a requestor may take to read one INCR chunk before the transfer is
	 * dropped.
	 */
	static final Duration STEP_TIMEOUT = Duration.ofSeconds(5);

	/** INCR transfers at once; more large requests are refused until one ends. */
	private static final int MAX_TRANSFERS = 8;

	private final X11ClipboardCounters counters;

	private final long stepTimeoutNanos;

	private final Map<Key, Transfer> transfers = new HashMap<>();

	private String text;

	private byte[] utf8;

	/**
	 * The server time ownership was taken at, to tell stale requests and clears from
	 * current ones.
	 */
	private long since;

	/**
	 * @param stepTimeout how long a requestor may take to read one INCR chunk
	 */
	X11ClipboardOwner(X11ClipboardCounters counters, Duration stepTimeout) {
		this.counters = counters;
		this.stepTimeoutNanos = stepTimeout.toNanos();
	}

	boolean owns() {
		return this.text != null;
	}

	/**
	 * @return the text written, {@code null} when another client owns the clipboard
	 */
	String text() {
		return this.text;
	}

	long since() {
		return this.since;
	}

	/** The session just took CLIPBOARD at {@code time} for {@code text}. */
	void took(String text, long time) {
		this.text = text;
		this.utf8 = text.getBytes(StandardCharsets.UTF_8);
		this.since = time;
	}

	/** Forgets the text and every transfer: the connection is gone. */
	void reset() {
		this.text = null;
		this.utf8 = null;
		this.transfers.clear();
	}

	/**
	 * Another client took CLIPBOARD; transfers under way finish with the text they
	 * started with.
	 */
	void onClear(X11ClipboardSession session, X11ClipboardEvent.Clear clear) {
		if (owns() && clear.window() == session.window() && clear.selection() == session.clipboard()
				&& !X11ClipboardText.isBefore(clear.time(), this.since)) {
			this.text = null;
			this.utf8 = null;
			logger.debug("another client took the clipboard of X display {}", session.connection().name());
		}
	}

	/** Answers one SelectionRequest: the property, then SelectionNotify, then a flush. */
	void onRequest(X11ClipboardSession session, X11ClipboardEvent.Request request) {
		// a requestor that names no property is an obsolete client: ICCCM says use the
		// target's atom
		long property = (request.property() != X11ClipboardSession.NONE) ? request.property() : request.target();
		boolean current = request.time() == X11.CurrentTime || !X11ClipboardText.isBefore(request.time(), this.since);
		boolean answered = owns() && current && request.selection() == session.clipboard()
				&& convert(session, request.requestor(), property, request.target());
		// counted before the requestor can hear the answer: whoever saw it also sees the
		// count
		(answered ? this.counters.answered : this.counters.refused).incrementAndGet();
		session.sendNotify(request.requestor(), request.selection(), request.target(),
				answered ? property : X11ClipboardSession.NONE, request.time());
		session.flush();
	}

	private boolean convert(X11ClipboardSession session, long requestor, long property, long target) {
		String name = session.atomName(target);
		if (X11ClipboardText.TARGETS.equals(name)) {
			long[] atoms = X11ClipboardText.OFFERED_TARGETS.stream().mapToLong(session::atom).toArray();
			session.writeLongs(requestor, property, X11.XA_ATOM.longValue(), atoms);
			return true;
		}
		if (X11ClipboardText.TIMESTAMP.equals(name)) {
			session.writeLongs(requestor, property, X11.XA_INTEGER.longValue(), new long[] { this.since });
			return true;
		}
		X11ClipboardText.Encoded encoded = X11ClipboardText.encode(this.text, this.utf8, name);
		if (encoded == null) {
			return false;
		}
		long type = session.atom(encoded.type());
		byte[] bytes = encoded.bytes();
		if (bytes.length <= session.chunkSize()) {
			session.writeBytes(requestor, property, type, bytes, 0, bytes.length);
			return true;
		}
		return startTransfer(session, new Key(requestor, property), type, bytes);
	}

	/**
	 * ICCCM 2.7.2: announce the size as INCR, then one chunk per deletion of the last.
	 */
	private boolean startTransfer(X11ClipboardSession session, Key key, long type, byte[] bytes) {
		if (this.transfers.size() >= MAX_TRANSFERS && !this.transfers.containsKey(key)) {
			logger.debug("refused a clipboard request from window 0x{}: {} INCR transfers are under way",
					Long.toHexString(key.window()), MAX_TRANSFERS);
			return false;
		}
		// selected before the requestor hears of the transfer, so that its first deletion
		// is seen
		session.watchProperties(key.window(), true);
		session.writeLongs(key.window(), key.property(), session.atom(X11ClipboardText.INCR),
				new long[] { bytes.length });
		this.transfers.put(key, new Transfer(type, bytes, System.nanoTime() + this.stepTimeoutNanos));
		this.counters.incrSent.incrementAndGet();
		return true;
	}

	/**
	 * A requestor deleted a chunk (or the INCR announcement): send the next, or the final
	 * empty one.
	 */
	void onPropertyChange(X11ClipboardSession session, X11ClipboardEvent.PropertyChange change) {
		if (!change.deleted()) {
			return;
		}
		Key key = new Key(change.window(), change.atom());
		Transfer transfer = this.transfers.get(key);
		if (transfer == null) {
			return;
		}
		int length = Math.min(session.chunkSize(), transfer.bytes.length - transfer.sent);
		session.writeBytes(key.window(), key.property(), transfer.type, transfer.bytes, transfer.sent, length);
		transfer.sent += length;
		transfer.deadline = System.nanoTime() + this.stepTimeoutNanos;
		if (length == 0) {
			finish(session, key);
		}
		session.flush();
	}

	/** Drops the transfers whose requestor stopped reading. */
	void expire(X11ClipboardSession session, long now) {
		Iterator<Map.Entry<Key, Transfer>> entries = this.transfers.entrySet().iterator();
		while (entries.hasNext()) {
			Map.Entry<Key, Transfer> entry = entries.next();
			Transfer transfer = entry.getValue();
			if (now - transfer.deadline >= 0) {
				entries.remove();
				this.counters.incrDropped.incrementAndGet();
				logger.debug("dropped the clipboard transfer to window 0x{} after {} of {} bytes: it stopped reading",
						Long.toHexString(entry.getKey().window()), transfer.sent, transfer.bytes.length);
				unwatch(session, entry.getKey().window());
			}
		}
	}

	/**
	 * @return the {@code System.nanoTime()} by which {@link #expire} has work, or
	 * {@code null}
	 */
	Long nextDeadline() {
		return this.transfers.values()
			.stream()
			.map((transfer) -> transfer.deadline)
			.reduce(X11ClipboardOwner::earlier)
			.orElse(null);
	}

	private static long earlier(long a, long b) {
		return (a - b < 0) ? a : b;
	}

	private void finish(X11ClipboardSession session, Key key) {
		this.transfers.remove(key);
		unwatch(session, key.window());
	}

	private void unwatch(X11ClipboardSession session, long window) {
		if (this.transfers.keySet().stream().noneMatch((key) -> key.window() == window)) {
			session.watchProperties(window, false);
		}
	}

	private record Key(long window, long property) {
	}

	/**
	 * Thread-confined like the owner; {@code sent} and {@code deadline} advance per
	 * chunk.
	 */
	private static final class Transfer {

		private final long type;

		private final byte[] bytes;

		private int sent;

		private long deadline;

		private Transfer(long type, byte[] bytes, long deadline) {
			this.type = type;
			this.bytes = bytes;
			this.deadline = deadline;
		}

	}

}
