package dev.deskhand.platform;

import java.util.List;

/**
 * What may have changed on the screen since a consumer last asked: unknown (capture
 * everything), or these areas in logical coordinates, possibly none. Areas may overlap
 * and may be larger than what changed; never smaller.
 */
public record ScreenDamage(boolean unknown, List<Rect> areas) {

	/**
	 * Anything may have changed: the consumer's first call, a new connection, no
	 * tracking.
	 */
	public static final ScreenDamage UNKNOWN = new ScreenDamage(true, List.of());

	/** Nothing changed. */
	public static final ScreenDamage NONE = new ScreenDamage(false, List.of());

	public ScreenDamage {
		areas = List.copyOf(areas);
		if (unknown && !areas.isEmpty()) {
			throw new IllegalArgumentException("unknown damage has no areas");
		}
	}

	/** Damage in these areas (none: nothing changed). */
	public static ScreenDamage of(List<Rect> areas) {
		return areas.isEmpty() ? NONE : new ScreenDamage(false, areas);
	}

}
