package dev.deskhand.input;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class InputLeaseTests {

	private final Set<String> departed = new HashSet<>();

	private final InputLease lease = new InputLease(Clock.fixed(Instant.parse("2026-12-07T12:00:00Z"), ZoneOffset.UTC),
			Duration.ofSeconds(60), this.departed::contains);

	@Test
	void anotherSessionIsBusyWhileTheHoldersClientIsThere() {
		this.lease.acquire("s-first", "alice");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> this.lease.acquire("s-second", "bob"))
			.withMessageContaining("another session (s-first of alice) holds the input")
			.withMessageContaining("when that session ends or its client disconnects");
		assertThat(this.lease.holder()).isEqualTo("s-first");
	}

	@Test
	void theLeaseOfASessionWhoseClientDepartedIsFreeAtOnce() {
		this.lease.acquire("s-one-shot", "alice");
		this.departed.add("s-one-shot");
		assertThat(this.lease.holder()).isNull();
		this.lease.acquire("s-next", "alice");
		assertThat(this.lease.holder()).isEqualTo("s-next");
	}

	@Test
	void theHolderItselfIsNeverAskedAbout() {
		this.departed.add("s-first");
		this.lease.acquire("s-first", "alice");
		// its own next call renews the lease: it is evidently there
		this.lease.acquire("s-first", "alice");
		this.lease.checkAvailable("s-first");
	}

}
