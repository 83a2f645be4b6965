package dev.deskhand.desk;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.audit.AuditEvent;
import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;

import dev.deskhand.audit.AuditProperties;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.fake.MutableClock;
import dev.deskhand.input.Cancellation;
import dev.deskhand.input.FailsafeState;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputProperties;
import dev.deskhand.input.InputQueue;
import dev.deskhand.input.KeyChord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The desk's state machine and what its refusals say, on a settable clock. */
class DeskTests {

	private final MutableClock clock = new MutableClock(Instant.parse("2026-12-02T06:00:00Z"));

	private final FakeDesktopDriver driver = new FakeDesktopDriver();

	private final CountDownLatch started = new CountDownLatch(1);

	private final List<AuditEvent> events = new CopyOnWriteArrayList<>();

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final InputLease lease = new InputLease(this.clock, Duration.ofSeconds(60));

	private Desk desk;

	private FailsafeState failsafe = new FailsafeState(false, null, null, null, 0);

	private InputQueue queue;

	private AuditTrail audit;

	private Desk desk(Path dir) {
		this.audit = new AuditTrail(new AuditProperties(true, dir.resolve("audit.jsonl")),
				(event) -> this.events.add(((AuditApplicationEvent) event).getAuditEvent()), this.clock);
		// the guards are resolved at the first job, once the desk exists
		this.queue = new InputQueue(this.driver,
				() -> List.of((session, actions) -> this.started.countDown(), new DeskGuard(this.desk)),
				new InputProperties(Duration.ofSeconds(5), 8));
		this.desk = new Desk(this.lease, this.queue, () -> this.failsafe, this.audit, this.registry, this.clock,
				Duration.ofMillis(500));
		return this.desk;
	}

	@AfterEach
	void close() {
		if (this.queue != null) {
			this.queue.close();
		}
		if (this.audit != null) {
			this.audit.close();
		}
	}

	@Test
	void theHolderIsTheOperatorThenTheHumanThenTheLeaseHolderThenNobody(@TempDir Path dir) {
		Desk desk = desk(dir);
		assertThat(desk.holder().kind()).isEqualTo(DeskHolder.Kind.NOBODY);
		this.lease.acquire("session-1", "alice");
		assertThat(desk.holder()).isEqualTo(new DeskHolder(DeskHolder.Kind.AGENT, "session-1", null, null));
		desk.humanInput("moved the pointer");
		assertThat(desk.holder()).isEqualTo(new DeskHolder(DeskHolder.Kind.HUMAN, null, this.clock.instant(),
				this.clock.instant().plusMillis(500)));
		desk.takeOver("ops");
		assertThat(desk.holder().kind()).isEqualTo(DeskHolder.Kind.OPERATOR);
		assertThat(desk.holder().who()).isEqualTo("ops");
		assertThat(desk.handBack("ops")).isTrue();
		assertThat(desk.handBack("ops")).isFalse();
		assertThat(desk.holder().kind()).isEqualTo(DeskHolder.Kind.HUMAN);
		this.clock.advance(Duration.ofMillis(500));
		assertThat(desk.holder().kind()).isEqualTo(DeskHolder.Kind.AGENT);
		assertThat(this.registry.get("deskhand.desk.holder").tag("holder", "agent").gauge().value()).isEqualTo(1);
		assertThat(this.registry.get("deskhand.desk.holder").tag("holder", "human").gauge().value()).isEqualTo(0);
	}

	@Test
	void theHumanHasTheDeskUntilIdleAfterTheirLastInput(@TempDir Path dir) {
		Desk desk = desk(dir);
		desk.humanInput("moved the pointer");
		assertThatThrownBy(desk::check).isInstanceOf(DeskhandException.class)
			.hasFieldOrPropertyWithValue("code", ErrorCode.E_BUSY)
			.hasMessage("the person at the desk is using it (since 2026-12-02T06:00:00Z); input resumes"
					+ " after 500 ms of their inactivity");
		this.clock.advance(Duration.ofMillis(400));
		desk.humanInput("held a key down");
		this.clock.advance(Duration.ofMillis(400));
		assertThatThrownBy(desk::check).hasMessageContaining("since 2026-12-02T06:00:00Z");
		this.clock.advance(Duration.ofMillis(100));
		desk.check();
		// one stretch of input is one pre-emption
		assertThat(this.registry.get("deskhand.human.preemptions").counter().count()).isEqualTo(1);
		assertThat(this.events).extracting(AuditEvent::getType).containsExactly("desk-preempted");
		assertThat(this.events.get(0).getData()).containsEntry("input", "moved the pointer");
		desk.humanInput("moved the pointer");
		assertThat(this.registry.get("deskhand.human.preemptions").counter().count()).isEqualTo(2);
	}

	@Test
	void aTrippedFailsafeIsTheAnswerWhileThePersonHoldsItsChordAndAnotherSessionHoldsTheLease(@TempDir Path dir) {
		Desk desk = desk(dir);
		this.lease.acquire("session-2", "bob");
		desk.humanInput("held a key down");
		this.failsafe = new FailsafeState(true, "chord ctrl+alt+Escape", this.clock.instant(),
				this.clock.instant().plusSeconds(30), 1);
		assertThatThrownBy(() -> desk.check("session-1")).isInstanceOf(DeskhandException.class)
			.hasFieldOrPropertyWithValue("code", ErrorCode.E_FAILSAFE)
			.hasMessageStartingWith("the failsafe is tripped (chord ctrl+alt+Escape); input is refused for another"
					+ " 30 s of cooldown");
		assertThatThrownBy(desk::check).hasFieldOrPropertyWithValue("code", ErrorCode.E_FAILSAFE);
		this.failsafe = new FailsafeState(false, null, null, null, 1);
		assertThatThrownBy(() -> desk.check("session-1")).hasFieldOrPropertyWithValue("code", ErrorCode.E_BUSY)
			.hasMessageStartingWith("the person at the desk is using it");
		this.clock.advance(Duration.ofMillis(500));
		assertThatThrownBy(() -> desk.check("session-1")).hasFieldOrPropertyWithValue("code", ErrorCode.E_BUSY)
			.hasMessageStartingWith("another session (session-2 of bob) holds the input");
		desk.check("session-2");
	}

	@Test
	void theOperatorHasTheDeskUntilTheyHandItBack(@TempDir Path dir) {
		Desk desk = desk(dir);
		desk.takeOver("ops");
		this.clock.advance(Duration.ofHours(1));
		assertThatThrownBy(desk::check).isInstanceOf(DeskhandException.class)
			.hasFieldOrPropertyWithValue("code", ErrorCode.E_BUSY)
			.hasMessage("the operator ops has taken over the desk since 2026-12-02T06:00:00Z; wait for them"
					+ " to hand it back");
		// the person at the desk while the operator has it takes nothing from anyone
		desk.humanInput("moved the pointer");
		assertThat(this.registry.get("deskhand.human.preemptions").counter().count()).isZero();
		desk.handBack("ops");
		assertThatThrownBy(desk::check).hasMessageContaining("the person at the desk");
		this.clock.advance(Duration.ofSeconds(1));
		desk.check();
		assertThat(this.events).extracting(AuditEvent::getType).containsExactly("desk-taken", "desk-handed-back");
		assertThat(this.events).extracting(AuditEvent::getPrincipal).containsExactly("ops", "ops");
	}

	@Test
	void thePersonAtTheDeskStopsTheRunningJobAndTheNextIsRefusedByTheGuard(@TempDir Path dir) throws Exception {
		Desk desk = desk(dir);
		CompletableFuture<Void> hold = CompletableFuture.runAsync(() -> this.queue.execute("s",
				new InputAction.HoldKeys(new KeyChord(List.of("Shift_L")), Duration.ofSeconds(30))));
		assertThat(this.started.await(5, TimeUnit.SECONDS)).isTrue();
		desk.humanInput("moved the pointer");
		assertThatThrownBy(() -> hold.get(5, TimeUnit.SECONDS)).cause()
			.isInstanceOf(DeskhandException.class)
			.hasMessageStartingWith("the person at the desk started using it (moved the pointer)");
		assertThat(this.driver.held).isEmpty();
		assertThat(this.events.get(0).getData()).containsEntry("stopped", "hold_key");
		assertThatThrownBy(() -> this.queue.execute("s", new InputAction.PressKeys(new KeyChord(List.of("a")), 1)))
			.hasMessageContaining("the person at the desk is using it");
	}

	@Test
	void takingOverStopsTheRunningJobAndKeepsTheLease(@TempDir Path dir) throws Exception {
		Desk desk = desk(dir);
		this.lease.acquire("s", "alice");
		CompletableFuture<Void> hold = CompletableFuture.runAsync(() -> this.queue.execute("s",
				new InputAction.HoldKeys(new KeyChord(List.of("Shift_L")), Duration.ofSeconds(30))));
		assertThat(this.started.await(5, TimeUnit.SECONDS)).isTrue();
		desk.takeOver("ops");
		assertThatThrownBy(() -> hold.get(5, TimeUnit.SECONDS)).cause()
			.hasMessage("the operator ops took over the desk and this action was stopped; every key and"
					+ " button was released");
		desk.handBack("ops");
		assertThat(desk.holder()).isEqualTo(new DeskHolder(DeskHolder.Kind.AGENT, "s", null, null));
	}

	@Test
	void aCancelledRequestForTheHumanHandsTheDeskBackAtOnce(@TempDir Path dir) throws Exception {
		Desk desk = desk(dir);
		Cancellation cancellation = Cancellation.none();
		CompletableFuture<String> asked = CompletableFuture.supplyAsync(() -> desk.requestHuman("s-1", "alice",
				"Solve the captcha", Duration.ofMinutes(5), cancellation, (request) -> {
				}));
		awaitRequests(desk, 1);
		assertThat(desk.holder().kind()).isEqualTo(DeskHolder.Kind.HUMAN);
		cancellation.cancel(new DeskhandException(ErrorCode.E_FAIL, "the client cancelled the call"));
		// the request is listed before the call listens for its cancellation, which
		// then fires at once
		awaitRequests(desk, 0);
		assertThat(desk.holder()).isEqualTo(DeskHolder.NOBODY);
		desk.check("s-2");
		assertThat(asked.handle((answer, failure) -> failure.getCause().getMessage()).get(5, TimeUnit.SECONDS))
			.isEqualTo("the client cancelled the call");
		assertThat(this.events).map((e) -> e.getType() + " " + e.getData().get("reason"))
			.containsExactly("human-requested Solve the captcha",
					"human-request-abandoned the client cancelled the call");
	}

	@Test
	void aSessionWaitsForOnePersonAtATimeAndItsEndAbandonsTheRequest(@TempDir Path dir) throws Exception {
		Desk desk = desk(dir);
		CompletableFuture<String> asked = CompletableFuture.supplyAsync(() -> desk.requestHuman("s-1", "alice",
				"Log in", Duration.ofMinutes(5), Cancellation.none(), (request) -> {
				}));
		awaitRequests(desk, 1);
		assertThatThrownBy(() -> desk.requestHuman("s-1", "alice", "Log in again", Duration.ofMinutes(5),
				Cancellation.none(), (request) -> {
				}))
			.isInstanceOf(DeskhandException.class)
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_BUSY);
		assertThat(desk.requests()).hasSize(1);
		desk.abandonSession("s-1", "the session ended");
		assertThat(desk.requests()).isEmpty();
		assertThat(asked.handle((answer, failure) -> failure.getCause().getMessage()).get(5, TimeUnit.SECONDS))
			.isEqualTo("the session ended");
	}

	private static void awaitRequests(Desk desk, int count) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (desk.requests().size() != count) {
			assertThat(System.nanoTime()).as("the request waits").isLessThan(deadline);
			Thread.sleep(10);
		}
	}

}
