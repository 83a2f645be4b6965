package dev.deskhand.platform.linux.atspi;

import java.util.Set;

import org.freedesktop.dbus.exceptions.DBusExecutionException;

/** What a D-Bus error from an application means for the element that was asked. */
final class AtspiErrors {

	// the object or its application is gone (a destroyed widget, a replaced web node, a
	// closed program); the rest of the errors are failures of the call itself
	private static final Set<String> GONE = Set.of("org.freedesktop.DBus.Error.UnknownObject",
			"org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
			"org.freedesktop.dbus.errors.UnknownObject", "org.freedesktop.dbus.errors.ServiceUnknown");

	private static final Set<String> NO_INTERFACE = Set.of("org.freedesktop.DBus.Error.UnknownMethod",
			"org.freedesktop.DBus.Error.UnknownInterface", "org.freedesktop.dbus.errors.UnknownMethod",
			"org.freedesktop.dbus.errors.UnknownInterface", "org.freedesktop.DBus.Error.NotSupported",
			"org.freedesktop.dbus.errors.NotSupported");

	private AtspiErrors() {
	}

	/** Whether the error says the object (or its whole application) no longer exists. */
	static boolean gone(DBusExecutionException ex) {
		return GONE.contains(type(ex)) || ex.getClass().getSimpleName().equals("UnknownObject")
				|| ex.getClass().getSimpleName().equals("ServiceUnknown");
	}

	/** Whether the error says the object does not offer the interface or method. */
	static boolean noInterface(DBusExecutionException ex) {
		return NO_INTERFACE.contains(type(ex)) || ex.getClass().getSimpleName().equals("UnknownMethod")
				|| ex.getClass().getSimpleName().equals("UnknownInterface");
	}

	private static String type(DBusExecutionException ex) {
		return (ex.getType() != null) ? ex.getType() : ex.getClass().getName();
	}

}
