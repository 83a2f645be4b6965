package dev.deskhand.platform.linux.x11;

import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;

import dev.deskhand.platform.linux.x11.jna.Xlib.SelectionEventLayout;

/**
 * The events the clipboard thread acts on, read out of Xlib's {@code XEvent} buffer.
 * Windows, atoms and times are plain numbers, 0 for None and CurrentTime; times are the
 * server's 32-bit milliseconds.
 */
sealed interface X11ClipboardEvent {

	/** Another client asks the owner for the selection's content. */
	record Request(long requestor, long selection, long target, long property, long time) implements X11ClipboardEvent {
	}

	/** Another client took the selection. */
	record Clear(long window, long selection, long time) implements X11ClipboardEvent {
	}

	/** The owner's answer to a conversion; {@code property} 0 when it refused. */
	record Notify(long requestor, long selection, long target, long property, long time) implements X11ClipboardEvent {
	}

	/**
	 * A property of a window whose property changes are selected was written or deleted.
	 */
	record PropertyChange(long window, long atom, long time, boolean deleted) implements X11ClipboardEvent {
	}

	/**
	 * @return the event, or {@code null} for a type the clipboard does not act on
	 */
	static X11ClipboardEvent parse(Pointer event) {
		switch (event.getInt(SelectionEventLayout.TYPE)) {
			case X11.SelectionRequest:
				return new Request(xid(event, SelectionEventLayout.REQUEST_REQUESTOR),
						xid(event, SelectionEventLayout.REQUEST_SELECTION),
						xid(event, SelectionEventLayout.REQUEST_TARGET),
						xid(event, SelectionEventLayout.REQUEST_PROPERTY),
						time(event, SelectionEventLayout.REQUEST_TIME));
			case X11.SelectionClear:
				return new Clear(xid(event, SelectionEventLayout.CLEAR_WINDOW),
						xid(event, SelectionEventLayout.CLEAR_SELECTION), time(event, SelectionEventLayout.CLEAR_TIME));
			case X11.SelectionNotify:
				return new Notify(xid(event, SelectionEventLayout.NOTIFY_REQUESTOR),
						xid(event, SelectionEventLayout.NOTIFY_SELECTION),
						xid(event, SelectionEventLayout.NOTIFY_TARGET),
						xid(event, SelectionEventLayout.NOTIFY_PROPERTY),
						time(event, SelectionEventLayout.NOTIFY_TIME));
			case X11.PropertyNotify:
				return new PropertyChange(xid(event, SelectionEventLayout.PROPERTY_WINDOW),
						xid(event, SelectionEventLayout.PROPERTY_ATOM), time(event, SelectionEventLayout.PROPERTY_TIME),
						event.getInt(SelectionEventLayout.PROPERTY_STATE) == X11.PropertyDelete);
			default:
				return null;
		}
	}

	private static long xid(Pointer event, int offset) {
		return event.getLong(offset);
	}

	private static long time(Pointer event, int offset) {
		// Xlib widens the protocol's 32-bit time to a C long
		return event.getLong(offset) & 0xffffffffL;
	}

}
