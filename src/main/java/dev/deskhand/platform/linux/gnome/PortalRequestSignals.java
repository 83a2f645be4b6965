package dev.deskhand.platform.linux.gnome;

import java.util.Map;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * {@code org.freedesktop.portal.Request}, for its one signal: a portal answers every call
 * that may ask the user on a request object of its own, later, with {@code Response}.
 * dbus-java dispatches signals by class and builds them by reflection: hence public.
 */
@DBusInterfaceName("org.freedesktop.portal.Request")
public interface PortalRequestSignals extends DBusInterface {

	/**
	 * {@code Response(u response, a{sv} results)} on the request's path: 0 success, 1 the
	 * user cancelled, 2 ended otherwise.
	 */
	public class Response extends DBusSignal {

		private final long response;

		private final Map<String, Variant<?>> results;

		public Response(String path, UInt32 response, Map<String, Variant<?>> results) throws DBusException {
			super(path, response, results);
			this.response = response.longValue();
			this.results = results;
		}

		long response() {
			return this.response;
		}

		Map<String, Variant<?>> results() {
			return this.results;
		}

	}

}
