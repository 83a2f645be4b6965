package dev.deskhand.screen;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per session and display, the geometry of the last screenshot: coordinates an agent sends are
 * mapped through the same geometry its image was made with. Idle sessions are forgotten.
 */
final class ScreenshotSessions {

	// MCP has no session-closed callback; state of sessions idle this long is dropped.
	static final Duration IDLE_EVICTION = Duration.ofHours(2);

	private final Map<String, Entry> sessions = new ConcurrentHashMap<>();

	private final Clock clock;

	ScreenshotSessions(Clock clock) {
		this.clock = clock;
	}

	void record(String session, ScreenGeometry geometry) {
		Instant now = this.clock.instant();
		evictIdle(now);
		Entry entry = this.sessions.computeIfAbsent(session, (key) -> new Entry());
		entry.lastSeen = now;
		entry.geometries.put(geometry.displayId(), geometry);
	}

	/** The last screenshot's geometry of a display in a session, or {@code null}. */
	ScreenGeometry last(String session, String displayId) {
		Entry entry = this.sessions.get(session);
		if (entry == null) {
			return null;
		}
		entry.lastSeen = this.clock.instant();
		return entry.geometries.get(displayId);
	}

	int size() {
		return this.sessions.size();
	}

	private void evictIdle(Instant now) {
		Instant cutoff = now.minus(IDLE_EVICTION);
		this.sessions.values().removeIf((entry) -> entry.lastSeen.isBefore(cutoff));
	}

	private static final class Entry {

		final Map<String, ScreenGeometry> geometries = new ConcurrentHashMap<>();

		volatile Instant lastSeen = Instant.EPOCH;

	}

}
