package dev.deskhand.trajectory;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.Optional;

/**
 * A place in the session list, newest first: a session's last step and its id, which
 * breaks ties. A page ends at one and the next page starts after it; because it is a
 * place and not a count, a session that records a step meanwhile moves to the top instead
 * of shifting every later page by one (an offset would show a session twice or skip one).
 *
 * @param lastStep when the session's last step was written
 * @param id the session's directory name
 */
public record SessionCursor(Instant lastStep, String id) {

	static final Comparator<SessionCursor> NEWEST_FIRST = Comparator.comparing(SessionCursor::lastStep)
		.thenComparing(SessionCursor::id)
		.reversed();

	private static final char SEPARATOR = '~';

	/** Whether this place comes before {@code other} in the list (other is older). */
	boolean precedes(SessionCursor other) {
		return NEWEST_FIRST.compare(this, other) < 0;
	}

	/**
	 * The cursor a page's {@code next} names ({@link #toString()}); empty when
	 * {@code text} is not one.
	 */
	public static Optional<SessionCursor> parse(String text) {
		int separator = (text != null) ? text.lastIndexOf(SEPARATOR) : -1;
		if (separator < 0) {
			return Optional.empty();
		}
		String id = text.substring(separator + 1);
		if (!TrajectoryFiles.SESSION_ID.matcher(id).matches()) {
			return Optional.empty();
		}
		try {
			return Optional.of(new SessionCursor(Instant.parse(text.substring(0, separator)), id));
		}
		catch (DateTimeParseException ex) {
			return Optional.empty();
		}
	}

	/** {@code <last step, ISO-8601>~<id>}: plain URL characters, readable in a log. */
	@Override
	public String toString() {
		return this.lastStep + String.valueOf(SEPARATOR) + this.id;
	}

}
