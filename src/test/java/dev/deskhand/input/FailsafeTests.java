package dev.deskhand.input;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.fake.MutableClock;
import dev.deskhand.platform.InputStateSensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Failsafe logic against a fake driver and a settable clock; the live trip is in
 * ApprovalLiveTests.
 */
class FailsafeTests {

	private final FakeDesktopDriver driver = new FakeDesktopDriver();

	private final InputQueue queue = new InputQueue(this.driver, List.of(),
			new InputProperties(Duration.ofSeconds(5), 8));

	private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T12:00:00Z"));

	private final Failsafe failsafe = new Failsafe(this.driver, this.queue,
			new FailsafeProperties("ctrl+alt+Escape", false, Duration.ofSeconds(30), Duration.ofMillis(20)),
			new SimpleMeterRegistry(), this.clock, List.of());

	@AfterEach
	void close() {
		this.queue.close();
	}

	@Test
	void theChordTripsOnceOnItsRisingEdgeWithEitherHandsModifiers() {
		InputStateSensor sensor = this.driver.openSensor(List.of());
		this.failsafe.poll(sensor);
		assertThat(this.failsafe.state().tripped()).isFalse();
		this.driver.physicallyHeld.addAll(List.of("Control_R", "Alt_L", "Escape"));
		this.failsafe.poll(sensor);
		this.failsafe.poll(sensor);
		assertThat(this.failsafe.state().tripped()).isTrue();
		assertThat(this.failsafe.state().trips()).isEqualTo(1);
		assertThat(this.driver.releaseAlls.get()).isEqualTo(1);
	}

	@Test
	void cooldownRefusesInputUntilItEndsOrAnOperatorResets() {
		this.failsafe.trip("operator", "operator");
		assertThatThrownBy(this.failsafe::check).isInstanceOf(DeskhandException.class)
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_FAILSAFE);
		this.clock.advance(Duration.ofSeconds(29));
		assertThat(this.failsafe.state().tripped()).isTrue();
		this.clock.advance(Duration.ofSeconds(2));
		assertThat(this.failsafe.state().tripped()).isFalse();

		this.failsafe.trip("operator", "operator");
		this.failsafe.reset();
		this.failsafe.check();
	}

	@Test
	void aTripInterruptsTheRunningActionWithEFailsafe() throws Exception {
		CountDownLatch started = new CountDownLatch(1);
		InputQueue guarded = new InputQueue(this.driver, List.of((session, actions) -> started.countDown()),
				new InputProperties(Duration.ofSeconds(5), 8));
		try {
			CompletableFuture<Void> hold = CompletableFuture.runAsync(() -> guarded.execute("s",
					new InputAction.HoldKeys(new KeyChord(List.of("Shift_L")), Duration.ofSeconds(30))));
			assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
			Failsafe onGuarded = new Failsafe(this.driver, guarded,
					new FailsafeProperties("ctrl+alt+Escape", false, Duration.ofSeconds(30), Duration.ofMillis(20)),
					new SimpleMeterRegistry(), this.clock, List.of());
			onGuarded.trip("operator", "operator");
			assertThatThrownBy(() -> hold.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(DeskhandException.class)
				.cause()
				.extracting((ex) -> ((DeskhandException) ex).code())
				.isEqualTo(ErrorCode.E_FAILSAFE);
			assertThat(this.driver.held).isEmpty();
		}
		finally {
			guarded.close();
		}
	}

}
