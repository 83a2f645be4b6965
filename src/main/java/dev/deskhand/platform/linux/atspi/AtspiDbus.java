package dev.deskhand.platform.linux.atspi;

import java.util.List;
import java.util.Map;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.annotations.Position;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * The AT-SPI2 D-Bus interfaces and structures Deskhand calls, as dbus-java proxies: only
 * the methods it uses. Parameters are boxed: dbus-java finds the method of an
 * asynchronous call by its arguments' classes. The types are public because dbus-java
 * instantiates the structs and builds proxies reflectively; the holder keeps them inside
 * this package.
 */
final class AtspiDbus {

	static final String REGISTRY = "org.a11y.atspi.Registry";

	static final String ROOT_PATH = "/org/a11y/atspi/accessible/root";

	/** The path AT-SPI answers for "no object" (no child at a point, no parent). */
	static final String NULL_PATH = "/org/a11y/atspi/null";

	static final String ACCESSIBLE = "org.a11y.atspi.Accessible";

	static final String ACTION = "org.a11y.atspi.Action";

	static final String COMPONENT = "org.a11y.atspi.Component";

	static final String TEXT = "org.a11y.atspi.Text";

	static final String EDITABLE_TEXT = "org.a11y.atspi.EditableText";

	static final String COLLECTION = "org.a11y.atspi.Collection";

	/** {@code Component} coordinates relative to the screen (X: the root window). */
	static final UInt32 COORDS_SCREEN = new UInt32(0);

	private AtspiDbus() {
	}

	/** An object reference {@code (so)}: the application's bus name and the path. */
	public static final class ObjectRef extends Struct {

		@Position(0)
		private final String bus;

		@Position(1)
		private final DBusPath path;

		public ObjectRef(String bus, DBusPath path) {
			this.bus = bus;
			this.path = path;
		}

		String bus() {
			return this.bus;
		}

		String path() {
			return this.path.getPath();
		}

		boolean isNull() {
			return NULL_PATH.equals(path()) || this.bus == null || this.bus.isEmpty();
		}

	}

	/** {@code (iiii)}: x, y, width, height. */
	public static final class Extents extends Struct {

		@Position(0)
		private final int x;

		@Position(1)
		private final int y;

		@Position(2)
		private final int width;

		@Position(3)
		private final int height;

		public Extents(int x, int y, int width, int height) {
			this.x = x;
			this.y = y;
			this.width = width;
			this.height = height;
		}

		int x() {
			return this.x;
		}

		int y() {
			return this.y;
		}

		int width() {
			return this.width;
		}

		int height() {
			return this.height;
		}

	}

	/** {@code (sss)}: an action's (localized) name, description and key binding. */
	public static final class ActionInfo extends Struct {

		@Position(0)
		private final String name;

		@Position(1)
		private final String description;

		@Position(2)
		private final String keyBinding;

		public ActionInfo(String name, String description, String keyBinding) {
			this.name = name;
			this.description = description;
			this.keyBinding = keyBinding;
		}

		String name() {
			return this.name;
		}

	}

	/**
	 * {@code Collection.GetMatches}' rule {@code (aiia{ss}iaiiasib)}: states (bit words)
	 * and how they match, attributes, roles (bit words), interfaces, and whether to
	 * invert.
	 */
	public static final class MatchRule extends Struct {

		@Position(0)
		private final List<Integer> states;

		@Position(1)
		private final int statesMatch;

		@Position(2)
		private final Map<String, String> attributes;

		@Position(3)
		private final int attributesMatch;

		@Position(4)
		private final List<Integer> roles;

		@Position(5)
		private final int rolesMatch;

		@Position(6)
		private final List<String> interfaces;

		@Position(7)
		private final int interfacesMatch;

		@Position(8)
		private final boolean invert;

		public MatchRule(List<Integer> states, int statesMatch, Map<String, String> attributes, int attributesMatch,
				List<Integer> roles, int rolesMatch, List<String> interfaces, int interfacesMatch, boolean invert) {
			this.states = states;
			this.statesMatch = statesMatch;
			this.attributes = attributes;
			this.attributesMatch = attributesMatch;
			this.roles = roles;
			this.rolesMatch = rolesMatch;
			this.interfaces = interfaces;
			this.interfacesMatch = interfacesMatch;
			this.invert = invert;
		}

		List<Integer> states() {
			return this.states;
		}

		List<Integer> roles() {
			return this.roles;
		}

		int rolesMatch() {
			return this.rolesMatch;
		}

	}

	@DBusInterfaceName("org.a11y.Bus")
	public interface A11yBus extends DBusInterface {

		String GetAddress();

	}

	@DBusInterfaceName("org.freedesktop.DBus")
	public interface BusDaemon extends DBusInterface {

		UInt32 GetConnectionUnixProcessID(String busName);

	}

	/**
	 * {@code org.freedesktop.DBus.Properties} with a {@link Variant} result: dbus-java's
	 * own generic {@code Get} cannot be called asynchronously by name.
	 */
	@DBusInterfaceName("org.freedesktop.DBus.Properties")
	public interface Properties extends DBusInterface {

		Variant<?> Get(String iface, String property);

	}

	@DBusInterfaceName(ACCESSIBLE)
	public interface Accessible extends DBusInterface {

		List<ObjectRef> GetChildren();

		UInt32 GetRole();

		List<UInt32> GetState();

		List<String> GetInterfaces();

	}

	@DBusInterfaceName("org.a11y.atspi.Application")
	public interface Application extends DBusInterface {

		String GetApplicationBusAddress();

	}

	@DBusInterfaceName(COMPONENT)
	public interface Component extends DBusInterface {

		Extents GetExtents(UInt32 coordType);

		ObjectRef GetAccessibleAtPoint(Integer x, Integer y, UInt32 coordType);

		boolean GrabFocus();

	}

	@DBusInterfaceName(ACTION)
	public interface Action extends DBusInterface {

		List<ActionInfo> GetActions();

		String GetName(Integer index);

		boolean DoAction(Integer index);

	}

	@DBusInterfaceName(TEXT)
	public interface Text extends DBusInterface {

		String GetText(Integer start, Integer end);

	}

	@DBusInterfaceName(EDITABLE_TEXT)
	public interface EditableText extends DBusInterface {

		boolean SetTextContents(String text);

	}

	@DBusInterfaceName(COLLECTION)
	public interface Collection extends DBusInterface {

		List<ObjectRef> GetMatches(MatchRule rule, UInt32 sortBy, Integer count, Boolean traverse);

	}

}
