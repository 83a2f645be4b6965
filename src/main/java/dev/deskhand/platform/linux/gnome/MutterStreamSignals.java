package dev.deskhand.platform.linux.gnome;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.UInt32;

/**
 * {@code org.gnome.Mutter.ScreenCast.Stream}, for its one signal: a started stream says
 * which PipeWire node carries its frames. dbus-java dispatches signals by class, so the
 * signal needs one, and builds it by reflection: hence public.
 */
@DBusInterfaceName("org.gnome.Mutter.ScreenCast.Stream")
public interface MutterStreamSignals extends DBusInterface {

	/** {@code PipeWireStreamAdded(u node_id)}, sent on the stream's object path. */
	public class PipeWireStreamAdded extends DBusSignal {

		private final long node;

		public PipeWireStreamAdded(String path, UInt32 node) throws DBusException {
			super(path, node);
			this.node = node.longValue();
		}

		long node() {
			return this.node;
		}

	}

}
