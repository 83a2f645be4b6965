package dev.deskhand.platform.linux.gnome;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.freedesktop.dbus.types.Variant;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.DbusValues;

/**
 * The streams a portal session's {@code Start} answered with ({@code streams},
 * {@code a(ua{sv})}: a PipeWire node and its properties), matched to Deskhand's displays.
 * The portal names no connector: a monitor's stream says where it sits in the layout
 * ({@code position}) and how large it is there ({@code size}), in layout units, so it is
 * matched to the display with that origin; a lone stream with no position is the lone
 * display of its size.
 */
final class PortalStreams {

	private PortalStreams() {
	}

	/**
	 * @param results the results of {@code Start}
	 * @param displays the displays now
	 * @return the node of each display shared, by display id, in the displays' order
	 */
	static Map<String, Long> nodesByDisplay(Map<String, Variant<?>> results, List<DisplayInfo> displays) {
		Variant<?> streams = results.get("streams");
		List<Object> items = (streams != null) ? DbusValues.list(streams.getValue(), Object.class) : List.of();
		Map<Long, Rect> placed = new LinkedHashMap<>();
		for (Object item : items) {
			Object[] fields = DbusValues.fields(item);
			long node = ((Number) fields[0]).longValue();
			Map<?, ?> properties = (fields.length > 1 && fields[1] instanceof Map<?, ?> map) ? map : Map.of();
			placed.put(node, rect(properties));
		}
		return match(placed, displays);
	}

	/**
	 * @param placed each stream's node and where it sits (x and y
	 * {@link Integer#MIN_VALUE} when the portal did not say)
	 */
	static Map<String, Long> match(Map<Long, Rect> placed, List<DisplayInfo> displays) {
		Map<String, Long> nodes = new LinkedHashMap<>();
		for (DisplayInfo display : displays) {
			Rect bounds = display.bounds();
			for (Map.Entry<Long, Rect> stream : placed.entrySet()) {
				Rect at = stream.getValue();
				boolean placedThere = at.x() == bounds.x() && at.y() == bounds.y();
				boolean loneOfItsSize = at.x() == Integer.MIN_VALUE && placed.size() == 1
						&& displays.stream().filter((other) -> sameSize(other.bounds(), at)).count() == 1
						&& sameSize(bounds, at);
				if ((placedThere || loneOfItsSize) && !nodes.containsValue(stream.getKey())) {
					nodes.put(display.id(), stream.getKey());
					break;
				}
			}
		}
		return nodes;
	}

	private static boolean sameSize(Rect a, Rect b) {
		return a.width() == b.width() && a.height() == b.height();
	}

	private static Rect rect(Map<?, ?> properties) {
		int[] position = pair(properties.get("position"));
		int[] size = pair(properties.get("size"));
		return new Rect((position != null) ? position[0] : Integer.MIN_VALUE,
				(position != null) ? position[1] : Integer.MIN_VALUE, (size != null) ? size[0] : 0,
				(size != null) ? size[1] : 0);
	}

	private static int[] pair(Object value) {
		Object unwrapped = (value instanceof Variant<?> variant) ? variant.getValue() : value;
		if (unwrapped == null) {
			return null;
		}
		Object[] fields = DbusValues.fields(unwrapped);
		return new int[] { ((Number) fields[0]).intValue(), ((Number) fields[1]).intValue() };
	}

}
