package dev.deskhand.screen;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per session: the geometry of the last screenshot of each display, with the display
 * layout it was taken in and the id of the frame it showed, and the session's default
 * display. Coordinates an agent sends are mapped through the same geometry its image was
 * made with. Idle sessions are forgotten.
 */
final class ScreenshotSessions {

	// MCP has no session-closed callback; state of sessions idle this long is dropped.
	static final Duration IDLE_EVICTION = Duration.ofHours(2);

	/**
	 * A screenshot's geometry, the layout of every display when it was taken, and the id
	 * of its frame in the {@link FrameCache} (an id only: sessions never hold frames).
	 */
	record Shot(ScreenGeometry geometry, String layout, long frameId) {
	}

	private final Map<String, Entry> sessions = new ConcurrentHashMap<>();

	private final Clock clock;

	ScreenshotSessions(Clock clock) {
		this.clock = clock;
	}

	void record(String session, ScreenGeometry geometry, String layout, long frameId) {
		entry(session).shots.put(geometry.displayId(), new Shot(geometry, layout, frameId));
	}

	/** The last screenshot of a display in a session, or {@code null}. */
	Shot last(String session, String displayId) {
		Entry entry = this.sessions.get(session);
		if (entry == null) {
			return null;
		}
		entry.lastSeen = this.clock.instant();
		return entry.shots.get(displayId);
	}

	void setDefaultDisplay(String session, String displayId) {
		entry(session).defaultDisplay = displayId;
	}

	/** The session's default display ({@code auto} or an id), or {@code null}. */
	String defaultDisplay(String session) {
		Entry entry = this.sessions.get(session);
		return (entry != null) ? entry.defaultDisplay : null;
	}

	/**
	 * The session's own profile (set_profile, or adopted from its agent), or
	 * {@code null}.
	 */
	ModelProfile profile(String session) {
		Entry entry = this.sessions.get(session);
		return (entry != null) ? entry.profile : null;
	}

	void setProfile(String session, ModelProfile profile) {
		entry(session).profile = profile;
	}

	/** Sets the session's profile unless it has one; returns the one it has then. */
	ModelProfile adoptProfile(String session, ModelProfile profile) {
		Entry entry = entry(session);
		synchronized (entry) {
			if (entry.profile == null) {
				entry.profile = profile;
			}
			return entry.profile;
		}
	}

	int size() {
		return this.sessions.size();
	}

	private Entry entry(String session) {
		Instant now = this.clock.instant();
		evictIdle(now);
		Entry entry = this.sessions.computeIfAbsent(session, (key) -> new Entry());
		entry.lastSeen = now;
		return entry;
	}

	private void evictIdle(Instant now) {
		Instant cutoff = now.minus(IDLE_EVICTION);
		this.sessions.values().removeIf((entry) -> entry.lastSeen.isBefore(cutoff));
	}

	private static final class Entry {

		final Map<String, Shot> shots = new ConcurrentHashMap<>();

		volatile String defaultDisplay;

		volatile ModelProfile profile;

		volatile Instant lastSeen = Instant.EPOCH;

	}

}
