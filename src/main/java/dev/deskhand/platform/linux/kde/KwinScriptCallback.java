package dev.deskhand.platform.linux.kde;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.annotations.DBusMemberName;
import org.freedesktop.dbus.interfaces.DBusInterface;

/**
 * What {@link KdeWindowDriver}'s KWin scripts call back with {@code callDBus}: the driver
 * exports it on its own bus connection at {@link KdeWindowDriver#CALLBACK_PATH}. Public
 * because dbus-java invokes it by reflection.
 */
@DBusInterfaceName(KdeWindowDriver.CALLBACK_INTERFACE)
public interface KwinScriptCallback extends DBusInterface {

	/**
	 * A script's answer.
	 * @param tag the tag the driver gave the script, so an answer is never taken for
	 * another's
	 * @param answer the script's text (JSON, or a word)
	 */
	@DBusMemberName(KdeWindowDriver.CALLBACK_MEMBER)
	void result(String tag, String answer);

}
