package dev.deskhand.platform.linux.gnome;

import java.util.Map;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * The clipboard's signals of {@code org.gnome.Mutter.RemoteDesktop.Session}, sent on the
 * session's object path once {@code EnableClipboard} was called. dbus-java dispatches
 * signals by class and builds them by reflection: hence public.
 */
@DBusInterfaceName("org.gnome.Mutter.RemoteDesktop.Session")
public interface MutterClipboardSignals extends DBusInterface {

	/**
	 * {@code SelectionOwnerChanged(a{sv} options)}: someone took the clipboard. Mutter 43
	 * puts in {@code mime-types} (a struct holding an array of strings, not the array
	 * itself) and {@code session-is-owner} (b); neither when the clipboard has no owner.
	 */
	public class SelectionOwnerChanged extends DBusSignal {

		private final Map<String, Variant<?>> options;

		public SelectionOwnerChanged(String path, Map<String, Variant<?>> options) throws DBusException {
			super(path, options);
			this.options = options;
		}

		Map<String, Variant<?>> options() {
			return this.options;
		}

	}

	/**
	 * {@code SelectionTransfer(s mime_type, u serial)}: a client pastes what this session
	 * put on the clipboard; the session answers with {@code SelectionWrite(serial)} and
	 * {@code SelectionWriteDone}.
	 */
	public class SelectionTransfer extends DBusSignal {

		private final String mimeType;

		private final long serial;

		public SelectionTransfer(String path, String mimeType, UInt32 serial) throws DBusException {
			super(path, mimeType, serial);
			this.mimeType = mimeType;
			this.serial = serial.longValue();
		}

		String mimeType() {
			return this.mimeType;
		}

		long serial() {
			return this.serial;
		}

	}

}
