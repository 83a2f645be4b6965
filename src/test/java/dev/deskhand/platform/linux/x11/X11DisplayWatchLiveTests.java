package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The watch and the shared connection against the shared Xvfb, with a task that blocks in
 * Java the way a native call blocks in Xlib: its caller gets E_TIMEOUT at the bound, the
 * next call runs on a new connection, and a call stuck past wedged-after while the
 * display answers makes the driver wedged (liveness) until it returns.
 */
class X11DisplayWatchLiveTests {

	private static final Duration CALL_TIMEOUT = Duration.ofSeconds(1);

	private static final Duration WEDGED_AFTER = Duration.ofSeconds(3);

	@Test
	void aStuckCallTimesOutTheNextRunsOnANewConnectionAndALongStuckCallIsAWedge() throws Exception {
		TestDesktop desktop = TestDesktop.shared();
		X11DisplayWatch watch = new X11DisplayWatch(desktop.display(), CALL_TIMEOUT, WEDGED_AFTER);
		X11SharedConnection observe = new X11SharedConnection(desktop.display(), "observe", null, CALL_TIMEOUT, watch);
		CountDownLatch stuck = new CountDownLatch(1);
		try {
			watch.start(observe, () -> {
			});
			X11Connection first = observe.call((connection) -> connection);
			long started = System.nanoTime();
			assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> observe.call((connection) -> {
				try {
					stuck.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				return null;
			})).satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT));
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(8));
			assertThat(first.isUsable()).as("given up with its worker").isFalse();

			// the heartbeat finds the display answering on a new connection
			await().atMost(Duration.ofSeconds(15)).ignoreExceptions().until(() -> watch.health().isAnswering());
			X11Connection second = observe.call((connection) -> connection);
			assertThat(second).isNotSameAs(first);
			X11Connection.PointerState pointer = observe.call(X11Connection::queryPointer);
			assertThat(pointer.x()).isNotNegative();

			await().atMost(Duration.ofSeconds(20)).until(() -> watch.health().wedged());
			DesktopHealth wedged = watch.health();
			assertThat(wedged.reason()).contains("stuck").contains(desktop.display());

			stuck.countDown();
			await().atMost(Duration.ofSeconds(10)).until(() -> !watch.health().wedged());
			assertThat(observe.stuckWorkers()).isZero();
		}
		finally {
			stuck.countDown();
			watch.close();
			observe.close();
		}
	}

	@Test
	void theSocketProbeTellsAnAnsweringServerFromAMissingOne() {
		TestDesktop desktop = TestDesktop.shared();
		assertThat(X11SocketProbe.probe(desktop.display(), Duration.ofSeconds(5)))
			.isEqualTo(X11SocketProbe.Result.ANSWERS);
		assertThat(X11SocketProbe.probe(X11DriverFactoryLiveTests.unusedDisplay(), Duration.ofSeconds(5)))
			.isEqualTo(X11SocketProbe.Result.UNREACHABLE);
		assertThat(X11SocketProbe.probe("/tmp/launch-abc/org.xquartz:0", Duration.ofSeconds(1)))
			.isEqualTo(X11SocketProbe.Result.UNKNOWN);
	}

	@Test
	void theSocketProbeGetsNoAnswerFromAStoppedServer() {
		try (TestDesktop desktop = TestDesktop.start("640x480x24")) {
			desktop.stopServer();
			try {
				CompletableFuture<X11SocketProbe.Result> probe = CompletableFuture
					.supplyAsync(() -> X11SocketProbe.probe(desktop.display(), Duration.ofSeconds(2)));
				assertThat(probe.join()).isEqualTo(X11SocketProbe.Result.NO_ANSWER);
			}
			finally {
				desktop.continueServer();
			}
			assertThat(X11SocketProbe.probe(desktop.display(), Duration.ofSeconds(5)))
				.isEqualTo(X11SocketProbe.Result.ANSWERS);
		}
	}

}
