package dev.deskhand.trajectory;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class SessionCursorTests {

	private static final String ID = "20261207T150642Z-0123456789ab";

	@Test
	void readsWhatItWrites() {
		SessionCursor cursor = new SessionCursor(Instant.parse("2026-12-07T15:06:42.123456789Z"), ID);
		assertThat(cursor.toString()).isEqualTo("2026-12-07T15:06:42.123456789Z~" + ID);
		assertThat(SessionCursor.parse(cursor.toString())).contains(cursor);
	}

	@ParameterizedTest
	@NullSource
	@ValueSource(strings = { "", "~", ID, "2026-12-07T15:06:42Z", "2026-12-07T15:06:42Z~../etc", "yesterday~" + ID,
			"2026-12-07T15:06:42Z~20261207T150642Z-0123456789AB" })
	void refusesWhatIsNotACursor(String text) {
		assertThat(SessionCursor.parse(text)).isEmpty();
	}

	@Test
	void newerComesFirstAndTheIdBreaksTies() {
		Instant now = Instant.parse("2026-12-07T15:00:00Z");
		SessionCursor newer = new SessionCursor(now, "20261207T150000Z-000000000002");
		SessionCursor older = new SessionCursor(now.minusMillis(1), "20261207T150000Z-000000000009");
		SessionCursor tie = new SessionCursor(now, "20261207T150000Z-000000000001");
		assertThat(newer.precedes(older)).isTrue();
		assertThat(older.precedes(newer)).isFalse();
		assertThat(newer.precedes(tie)).isTrue();
		assertThat(tie.precedes(newer)).isFalse();
		assertThat(newer.precedes(newer)).isFalse();
	}

}
