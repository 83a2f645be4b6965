package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

/**
 * The driver against an X server that stops (SIGSTOP) or dies (SIGKILL) while in use, on
 * a private Xvfb: every call answers E_TIMEOUT or E_NO_DESKTOP within its bound, health
 * answers at once and says why, and once a server answers on that display number again
 * capture, input, windows and the clipboard work without a new driver. Witnesses: xdotool
 * and xclip. Bounds are generous (a 2 s call timeout, answers within 10 s) so that a
 * loaded machine passes too; a hang is what they catch.
 */
class X11DisplayFaultLiveTests {

	private static final Duration CALL_TIMEOUT = Duration.ofSeconds(2);

	/** Call timeout plus room for a loaded machine. */
	private static final Duration ANSWER_BOUND = Duration.ofSeconds(10);

	private static final Duration RECOVERY = Duration.ofSeconds(30);

	private TestDesktop desktop;

	private X11DesktopDriver driver;

	private boolean stopped;

	@BeforeEach
	void start() {
		this.desktop = TestDesktop.start("1024x768x24");
		this.driver = X11DesktopDriver.connect(this.desktop.display(), null, true, CALL_TIMEOUT,
				Duration.ofSeconds(60));
	}

	@AfterEach
	void stop() {
		if (this.stopped) {
			this.desktop.continueServer();
		}
		if (this.driver != null) {
			bounded("closing the driver", () -> {
				this.driver.close();
				return null;
			});
		}
		this.desktop.close();
	}

	@Test
	void aStoppedServerGetsBoundedAnswersAndTheDriverRecoversAfterSigcont() {
		useEverything("before");
		List<DeskhandException> lost = new CopyOnWriteArrayList<>();
		this.driver.onDesktopLost(lost::add);

		this.desktop.stopServer();
		this.stopped = true;
		assertBoundedFailure("capture", () -> this.driver.capture().capture(new Rect(0, 0, 100, 100)));
		assertBoundedFailure("displays", () -> this.driver.displays().displays());
		assertBoundedFailure("pointer position", () -> this.driver.displays().pointerPosition());
		assertBoundedFailure("window list", () -> this.driver.windows().list());
		assertBoundedFailure("focused window", () -> this.driver.windows().focusedWindow());
		assertBoundedFailure("pointer move", () -> {
			this.driver.pointer().moveTo(10, 10);
			return null;
		});
		assertBoundedFailure("key press", () -> {
			this.driver.keyboard().pressKey("Shift_L");
			return null;
		});
		assertBoundedFailure("release-all", () -> {
			this.driver.releaseAll();
			return null;
		});
		assertBoundedFailure("clipboard write", () -> {
			this.driver.clipboard().write("frozen");
			return null;
		});
		DesktopHealth health = bounded("health", () -> this.driver.health());
		assertThat(health.state()).isEqualTo(DesktopHealth.State.NOT_ANSWERING);
		assertThat(health.reason()).contains(this.desktop.display()).contains("did not answer");
		assertThat(health.wedged()).as("the server is stopped, not Deskhand").isFalse();
		assertThat(lost).as("display-lost signal").isNotEmpty();
		assertThat(lost.get(0).code()).isEqualTo(ErrorCode.E_NO_DESKTOP);

		this.desktop.continueServer();
		this.stopped = false;
		awaitRecovery();
		// the Shift a stopped server may have read before it stopped is released
		await().atMost(RECOVERY).until(() -> this.desktop.keysDown().isEmpty());
		useEverything("after SIGCONT");
	}

	@Test
	void aKilledServerAnswersNoDesktopAndTheDriverUsesANewServerOnTheSameNumber() {
		useEverything("before");
		List<DeskhandException> lost = new CopyOnWriteArrayList<>();
		this.driver.onDesktopLost(lost::add);

		this.desktop.killServer();
		await().atMost(ANSWER_BOUND).until(() -> !lost.isEmpty());
		for (int round = 0; round < 2; round++) {
			assertBoundedFailure("capture", () -> this.driver.capture().capture(new Rect(0, 0, 100, 100)),
					ErrorCode.E_NO_DESKTOP);
			assertBoundedFailure("displays", () -> this.driver.displays().displays(), ErrorCode.E_NO_DESKTOP);
			assertBoundedFailure("window list", () -> this.driver.windows().list(), ErrorCode.E_NO_DESKTOP);
			assertBoundedFailure("pointer move", () -> {
				this.driver.pointer().moveTo(10, 10);
				return null;
			}, ErrorCode.E_NO_DESKTOP);
			assertBoundedFailure("clipboard write", () -> {
				this.driver.clipboard().write("dead");
				return null;
			}, ErrorCode.E_NO_DESKTOP);
		}
		DesktopHealth health = bounded("health", () -> this.driver.health());
		assertThat(health.state()).isEqualTo(DesktopHealth.State.GONE);
		assertThat(health.reason()).contains(this.desktop.display());

		this.desktop.restartServer();
		awaitRecovery();
		useEverything("after a new server");
	}

	/** Capture, input, windows and the clipboard, each checked by a witness. */
	private void useEverything(String when) {
		assertThat(this.driver.capture().capture(new Rect(0, 0, 1024, 768)).width()).as(when).isEqualTo(1024);
		assertThat(this.driver.displays().displays()).as(when).isNotEmpty();
		this.driver.pointer().moveTo(321, 234);
		assertThat(this.desktop.pointerLocation().x()).as(when).isEqualTo(321);
		assertThat(this.driver.displays().pointerPosition()).as(when).isEqualTo(new Point(321, 234));
		assertThat(this.driver.windows().list()).as(when).isNotNull();
		String text = "fault test " + when;
		this.driver.clipboard().write(text);
		assertThat(this.desktop.run(Duration.ofSeconds(10), "xclip", "-o", "-selection", "clipboard")
			.requireSuccess("xclip -o")
			.stdout()).as(when).isEqualTo(text);
		assertThat(this.driver.health().isAnswering()).as(when).isTrue();
	}

	private void awaitRecovery() {
		await().atMost(RECOVERY).pollInterval(Duration.ofMillis(200)).ignoreExceptions().until(() -> {
			this.driver.capture().capture(new Rect(0, 0, 10, 10));
			return this.driver.health().isAnswering();
		});
	}

	private static void assertBoundedFailure(String what, Supplier<?> call) {
		assertBoundedFailure(what, call, ErrorCode.E_TIMEOUT, ErrorCode.E_NO_DESKTOP);
	}

	private static void assertBoundedFailure(String what, Supplier<?> call, ErrorCode... codes) {
		DeskhandException failure = bounded(what, () -> {
			try {
				call.get();
				return null;
			}
			catch (DeskhandException ex) {
				return ex;
			}
		});
		assertThat(failure).as(what + " must fail").isNotNull();
		assertThat(failure.code()).as(what + ": " + failure.getMessage()).isIn((Object[]) codes);
	}

	/** Runs a call on a thread of its own and fails the test if it does not answer. */
	private static <T> T bounded(String what, Supplier<T> call) {
		CompletableFuture<T> result = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			try {
				result.complete(call.get());
			}
			catch (Throwable ex) {
				result.completeExceptionally(ex);
			}
		}, "fault-test-" + what);
		thread.setDaemon(true);
		thread.start();
		try {
			return result.get(ANSWER_BOUND.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			return fail(what + " did not answer within " + ANSWER_BOUND);
		}
		catch (ExecutionException ex) {
			return fail(what + " failed", ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return fail("interrupted");
		}
	}

}
