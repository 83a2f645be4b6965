package dev.deskhand.platform.linux.gnome;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;

/**
 * {@code org.gnome.Mutter.DisplayConfig}, for its one signal: the monitors or their
 * layout changed (plugged, unplugged, moved, rescaled). Public for dbus-java's
 * reflection, like {@link MutterStreamSignals}.
 */
@DBusInterfaceName("org.gnome.Mutter.DisplayConfig")
public interface MutterDisplaySignals extends DBusInterface {

	/** {@code MonitorsChanged()}, sent on {@code /org/gnome/Mutter/DisplayConfig}. */
	public class MonitorsChanged extends DBusSignal {

		public MonitorsChanged(String path) throws DBusException {
			super(path);
		}

	}

}
