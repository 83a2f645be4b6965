package dev.deskhand.platform.linux.x11;

import java.io.ByteArrayOutputStream;
import java.util.Optional;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * One read of CLIPBOARD from another client, advanced by events on the clipboard thread:
 * convert to UTF8_STRING, else STRING; read the property, or collect an INCR transfer
 * chunk by chunk. An answer whose type is not text counts as a refusal, and an owner
 * without text reads as empty. The clipboard thread gives it up at the request's deadline
 * ({@link #timeOut}).
 *
 * <p>
 * A SelectionNotify belongs to this read if it names this read's target and a time no
 * earlier than the conversion's: an owner that answers a read given up earlier is
 * ignored, and its property is no longer the one read (see
 * {@link X11ClipboardSession#abandonTransferProperty()}).
 */
final class X11ClipboardRead {

	private final X11ClipboardRequest request;

	private final X11ClipboardCounters counters;

	private final long owner;

	private final long time;

	private long target;

	/**
	 * While an INCR transfer runs: the property the chunks arrive in, and the chunks so
	 * far.
	 */
	private long incrProperty;

	private String incrType;

	private ByteArrayOutputStream incrBytes;

	private X11ClipboardRead(X11ClipboardRequest request, X11ClipboardCounters counters, long owner, long time) {
		this.request = request;
		this.counters = counters;
		this.owner = owner;
		this.time = time;
	}

	/**
	 * Asks the owner for the text.
	 * @return the read under way, or {@code null} when it finished at once (no owner, or
	 * one of the request's refused applications)
	 */
	static X11ClipboardRead start(X11ClipboardSession session, X11ClipboardRequest request,
			X11ClipboardCounters counters) {
		long owner = session.owner();
		if (owner == X11ClipboardSession.NONE) {
			request.complete("");
			return null;
		}
		if (!request.refusedApps().isEmpty()) {
			// asked on the connection and for the owner the read would ask: no other
			// owner can slip in between the check and the conversion
			Optional<String> masked = X11ClipboardOwnerApp.of(session.connection(), owner, X11ClientProcess.system())
				.flatMap((app) -> app.firstOf(request.refusedApps()));
			if (masked.isPresent()) {
				request.fail(new DeskhandException(ErrorCode.E_NOT_GRANTED, "the clipboard holds data from '"
						+ masked.get() + "', a masked application (deskhand.privacy.masked-apps); nothing was read"));
				return null;
			}
		}
		X11ClipboardRead read = new X11ClipboardRead(request, counters, owner, session.serverTime());
		read.convert(session, session.atom(X11ClipboardText.UTF8_STRING));
		return read;
	}

	private void convert(X11ClipboardSession session, long target) {
		this.target = target;
		session.deleteProperty(session.window(), session.transferProperty());
		session.convert(target, this.time);
	}

	long deadline() {
		return this.request.deadline();
	}

	/**
	 * @return whether the read is finished
	 */
	boolean onNotify(X11ClipboardSession session, X11ClipboardEvent.Notify notify) {
		if (this.request.isDone()) {
			return true;
		}
		if (notify.requestor() != session.window() || notify.selection() != session.clipboard()
				|| notify.target() != this.target || this.incrBytes != null
				|| (notify.time() != 0 && X11ClipboardText.isBefore(notify.time(), this.time))) {
			return false;
		}
		if (notify.property() == X11ClipboardSession.NONE) {
			return refused(session);
		}
		X11ClipboardSession.Property property = session.readProperty(session.window(), notify.property());
		// deleting tells an INCR owner to send the first chunk, and otherwise just cleans
		// up (ICCCM 2.4)
		session.deleteProperty(session.window(), notify.property());
		session.flush();
		if (property == null
				|| !(X11ClipboardText.INCR.equals(property.type()) || X11ClipboardText.isText(property.type()))) {
			return refused(session);
		}
		if (X11ClipboardText.INCR.equals(property.type())) {
			this.incrProperty = notify.property();
			this.incrBytes = new ByteArrayOutputStream();
			return false;
		}
		this.request.complete(X11ClipboardText.decode(property.type(), property.bytes()));
		return true;
	}

	/** The owner has no UTF8_STRING: try STRING; without that either it holds no text. */
	private boolean refused(X11ClipboardSession session) {
		long string = session.atom(X11ClipboardText.STRING);
		if (this.target != string) {
			convert(session, string);
			return false;
		}
		this.request.complete("");
		return true;
	}

	/**
	 * @return whether the read is finished
	 */
	boolean onPropertyChange(X11ClipboardSession session, X11ClipboardEvent.PropertyChange change) {
		if (this.request.isDone()) {
			return true;
		}
		if (this.incrBytes == null || change.deleted() || change.window() != session.window()
				|| change.atom() != this.incrProperty) {
			return false;
		}
		X11ClipboardSession.Property chunk = session.readProperty(session.window(), this.incrProperty);
		session.deleteProperty(session.window(), this.incrProperty);
		session.flush();
		if (chunk == null) {
			return false;
		}
		if (chunk.bytes().length == 0) {
			this.counters.incrReceived.incrementAndGet();
			this.request.complete(X11ClipboardText.isText(this.incrType)
					? X11ClipboardText.decode(this.incrType, this.incrBytes.toByteArray()) : "");
			return true;
		}
		this.incrType = chunk.type();
		if (this.incrBytes.size() + chunk.bytes().length > X11ClipboardSession.MAX_TEXT_BYTES) {
			this.request.fail(X11ClipboardSession.tooLarge());
			return true;
		}
		this.incrBytes.writeBytes(chunk.bytes());
		return false;
	}

	void fail(DeskhandException failure) {
		this.request.fail(failure);
	}

	/**
	 * The deadline passed: fails the request; the session's transfer property is
	 * abandoned.
	 */
	void timeOut(X11ClipboardSession session) {
		this.counters.timeouts.incrementAndGet();
		String progress = (this.incrBytes != null) ? " (it stopped sending after " + this.incrBytes.size() + " bytes)"
				: "";
		this.request.fail(new DeskhandException(ErrorCode.E_TIMEOUT,
				"the application that holds the clipboard (X window 0x" + Long.toHexString(this.owner)
						+ ") did not hand over its text within " + this.request.timeout().toMillis() + " ms" + progress
						+ "; it may be hung"));
		session.abandonTransferProperty();
	}

}
