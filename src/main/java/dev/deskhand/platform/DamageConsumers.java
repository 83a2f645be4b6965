package dev.deskhand.platform;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The damage each consumer has not taken yet. Several consumers (the displays of one
 * screen, and every pipeline that caches them) share one server-side Damage object, which
 * can be emptied only once: every fetch is added to every consumer, and each takes its
 * own. Not thread-safe: the tracker uses it under the observation connection's lock.
 */
public final class DamageConsumers {

	private final int maxAreas;

	private final Map<String, Pending> pending = new HashMap<>();

	/**
	 * @param maxAreas beyond this many areas, a consumer's damage is kept as their
	 * bounding box
	 */
	public DamageConsumers(int maxAreas) {
		this.maxAreas = maxAreas;
	}

	/** Damage fetched from the server: every consumer will see it. */
	public void add(List<Rect> areas) {
		if (areas.isEmpty()) {
			return;
		}
		for (Pending consumer : this.pending.values()) {
			consumer.add(areas, this.maxAreas);
		}
	}

	/**
	 * What was drawn since the last fetch is lost (a new connection): everyone must see
	 * everything.
	 */
	public void invalidateAll() {
		for (Pending consumer : this.pending.values()) {
			consumer.everything = true;
			consumer.areas.clear();
		}
	}

	/**
	 * The consumer's damage inside {@code region}, which it no longer has afterwards;
	 * unknown for a consumer never seen before, which from now on collects damage.
	 */
	public ScreenDamage take(String consumer, Rect region) {
		Pending mine = this.pending.get(consumer);
		if (mine == null) {
			this.pending.put(consumer, new Pending());
			return ScreenDamage.UNKNOWN;
		}
		if (mine.everything) {
			mine.everything = false;
			return ScreenDamage.UNKNOWN;
		}
		List<Rect> inside = new ArrayList<>();
		for (Rect area : mine.areas) {
			Rect clipped = area.intersection(region);
			if (clipped != null) {
				inside.add(clipped);
			}
		}
		mine.areas.clear();
		return ScreenDamage.of(inside);
	}

	public int consumers() {
		return this.pending.size();
	}

	private static final class Pending {

		boolean everything;

		final List<Rect> areas = new ArrayList<>();

		void add(List<Rect> more, int maxAreas) {
			if (this.everything) {
				return;
			}
			this.areas.addAll(more);
			if (this.areas.size() > maxAreas) {
				Rect box = this.areas.get(0);
				for (Rect area : this.areas) {
					int x0 = Math.min(box.x(), area.x());
					int y0 = Math.min(box.y(), area.y());
					box = new Rect(x0, y0, Math.max(box.right(), area.right()) - x0,
							Math.max(box.bottom(), area.bottom()) - y0);
				}
				this.areas.clear();
				this.areas.add(box);
			}
		}

	}

}
