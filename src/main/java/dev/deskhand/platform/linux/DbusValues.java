package dev.deskhand.platform.linux;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

import org.freedesktop.dbus.Struct;

/**
 * The shapes dbus-java hands a generic call's answer in: a struct arrives as an
 * {@code Object[]}, a {@link Struct} or a list, and an array as a list or a Java array,
 * by its element type. Shared by the D-Bus clients (AT-SPI, Mutter).
 */
public final class DbusValues {

	private DbusValues() {
	}

	/**
	 * A struct's fields.
	 * @throws ClassCastException when the value is no struct
	 */
	public static Object[] fields(Object struct) {
		if (struct instanceof Object[] fields) {
			return fields;
		}
		if (struct instanceof Struct container) {
			return container.getParameters();
		}
		if (struct instanceof List<?> items) {
			return items.toArray();
		}
		throw new ClassCastException("not a D-Bus struct: " + struct);
	}

	/**
	 * An array's items, each cast to {@code type}; empty for {@code null}.
	 * @throws ClassCastException when an item is not a {@code type}
	 */
	public static <E> List<E> list(Object value, Class<E> type) {
		List<E> items = new ArrayList<>();
		if (value instanceof List<?> list) {
			for (Object item : list) {
				items.add(type.cast(item));
			}
		}
		else if (value != null && value.getClass().isArray()) {
			for (int i = 0; i < Array.getLength(value); i++) {
				items.add(type.cast(Array.get(value, i)));
			}
		}
		return items;
	}

}
