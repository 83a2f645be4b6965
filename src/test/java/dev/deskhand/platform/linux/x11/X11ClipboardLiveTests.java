package dev.deskhand.platform.linux.x11;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.sun.jna.NativeLong;
import com.sun.jna.platform.unix.X11;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.x11.jna.Xlib;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ProcessResult;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The clipboard against a real X server, with xclip as the independent other client: what
 * the driver writes, xclip reads, and the other way round. Every xclip runs under
 * {@code timeout}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X11ClipboardLiveTests {

	private static final Logger logger = LoggerFactory.getLogger(X11ClipboardLiveTests.class);

	private static final String UNICODE = "Grüße, 世界 ✓ — naïve 🎉";

	private static final String MULTI_LINE = "first line\nzweite Zeile: äöü\n\tindented 世界\n\nlast ✓\n";

	private static final Duration READ_TIMEOUT = Duration.ofSeconds(3);

	private static final Duration XCLIP = Duration.ofSeconds(6);

	private TestDesktop desktop;

	private X11Clipboard clipboard;

	@BeforeAll
	void start() {
		this.desktop = TestDesktop.shared();
		this.clipboard = new X11Clipboard(this.desktop.display());
	}

	@AfterAll
	void stop() {
		if (this.clipboard != null) {
			this.clipboard.close();
		}
		if (this.desktop != null) {
			// background xclip owners end when they lose the selection
			clearClipboard();
		}
	}

	@BeforeEach
	void noOwner() {
		clearClipboard();
	}

	@Test
	void unicodeWrittenByTheDriverIsReadByXclip() {
		this.clipboard.write(UNICODE);
		assertThat(xclipOut()).isEqualTo(UNICODE);
		assertThat(xclipOut("-t", "UTF8_STRING")).isEqualTo(UNICODE);
		assertThat(xclipOut("-t", "text/plain;charset=utf-8")).isEqualTo(UNICODE);
		assertThat(xclipOut("-t", "TEXT")).isEqualTo(UNICODE);
		assertThat(xclipOut("-t", "TARGETS").lines().toList()).containsExactly("UTF8_STRING", "STRING", "TEXT",
				"text/plain;charset=utf-8", "TARGETS", "TIMESTAMP");
		this.clipboard.write(MULTI_LINE);
		assertThat(xclipOut()).isEqualTo(MULTI_LINE);
	}

	@Test
	void stringTargetIsLatin1WithQuestionMarks() {
		this.clipboard.write("naïve ✓");
		// xclip prints the Latin-1 bytes as they are: ï is 0xEF, not valid UTF-8 alone
		assertThat(xclipOut("-t", "STRING")).isEqualTo("na\uFFFDve ?");
	}

	@Test
	void targetsThatAreNotTextAreRefused() {
		this.clipboard.write(UNICODE);
		ProcessResult png = xclip("-o", "-selection", "clipboard", "-t", "image/png");
		assertThat(png.succeeded()).as("xclip -t image/png: %s", png).isFalse();
		assertThat(this.clipboard.counters().refused.get()).isPositive();
	}

	@Test
	void unicodeWrittenByXclipIsReadByTheDriver() {
		xclipIn(UNICODE);
		assertThat(this.clipboard.read(READ_TIMEOUT)).isEqualTo(UNICODE);
		xclipIn(MULTI_LINE);
		assertThat(this.clipboard.read(READ_TIMEOUT)).isEqualTo(MULTI_LINE);
	}

	@Test
	void anOwnerWithoutUtf8IsReadAsString() {
		xclipIn("plain ASCII, tab\tand newline\n", "-t", "STRING");
		assertThat(this.clipboard.read(READ_TIMEOUT)).isEqualTo("plain ASCII, tab\tand newline\n");
	}

	@Test
	void anOwnerWithoutTextReadsAsEmpty() {
		xclipTakes("\u0089PNG not really", "-t", "image/png");
		assertThat(this.clipboard.read(READ_TIMEOUT)).isEmpty();
	}

	@Test
	void emptyClipboardReadsAsEmpty() {
		assertThat(this.clipboard.read(READ_TIMEOUT)).isEmpty();
	}

	@Test
	void megabyteTextsTravelByIncrBothWays() {
		String large = largeText(1_200_000);
		long incrSent = this.clipboard.counters().incrSent.get();
		long started = System.nanoTime();
		this.clipboard.write(large);
		String read = xclipOut();
		long xclipReadMillis = (System.nanoTime() - started) / 1_000_000;
		assertThat(read).isEqualTo(large);
		assertThat(this.clipboard.counters().incrSent.get()).isGreaterThan(incrSent);

		String other = largeText(1_100_000).replace('✓', '✔');
		xclipIn(other);
		long incrReceived = this.clipboard.counters().incrReceived.get();
		started = System.nanoTime();
		assertThat(this.clipboard.read(Duration.ofSeconds(10))).isEqualTo(other);
		long driverReadMillis = (System.nanoTime() - started) / 1_000_000;
		assertThat(this.clipboard.counters().incrReceived.get()).isGreaterThan(incrReceived);
		logger.info("{} UTF-8 bytes: driver write + xclip -o {} ms; driver read from xclip {} ms",
				large.getBytes(StandardCharsets.UTF_8).length, xclipReadMillis, driverReadMillis);
	}

	@Test
	void anOwnerThatNeverAnswersTimesOutAndTheDriverGoesOn() {
		try (SilentOwner silent = new SilentOwner(this.desktop.display())) {
			long started = System.nanoTime();
			assertThatExceptionOfType(DeskhandException.class)
				.isThrownBy(() -> this.clipboard.read(Duration.ofMillis(400)))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT))
				.withMessageContaining("0x" + Long.toHexString(silent.window));
			long elapsedMillis = (System.nanoTime() - started) / 1_000_000;
			logger.info("read against a silent owner gave up after {} ms (timeout 400 ms)", elapsedMillis);
			assertThat(elapsedMillis).isBetween(400L, 900L);
		}
		this.clipboard.write("after the timeout");
		assertThat(xclipOut()).isEqualTo("after the timeout");
		assertThat(this.clipboard.read(READ_TIMEOUT)).isEqualTo("after the timeout");
		xclipIn("from xclip after the timeout");
		assertThat(this.clipboard.read(READ_TIMEOUT)).isEqualTo("from xclip after the timeout");
	}

	@Test
	void aNewOwnerTakesOverAndTheDriverReadsItsText() {
		this.clipboard.write("ours");
		assertThat(this.clipboard.read(READ_TIMEOUT)).isEqualTo("ours");
		// xclipIn waits until xclip -o sees the new owner: SelectionClear has been sent
		// to the driver by then
		xclipIn("theirs ✓");
		assertThat(this.clipboard.read(READ_TIMEOUT)).isEqualTo("theirs ✓");
		this.clipboard.write("ours again");
		assertThat(xclipOut()).isEqualTo("ours again");
	}

	@Test
	void aRequestorThatStopsReadingDoesNotHoldUpOthers() {
		try (X11Clipboard quick = new X11Clipboard(this.desktop.display(), Duration.ofMillis(300))) {
			String large = largeText(600_000);
			quick.write(large);
			try (StalledRequestor stalled = new StalledRequestor(this.desktop.display())) {
				assertThat(stalled.awaitAnswerType()).isEqualTo("INCR");
				// the stalled transfer waits for a deletion that never comes; others are
				// answered meanwhile
				assertThat(xclipOut()).isEqualTo(large);
				assertThat(quick.read(READ_TIMEOUT)).isEqualTo(large);
				long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
				while (quick.counters().incrDropped.get() == 0 && System.nanoTime() < deadline) {
					Pause.millis(20);
				}
				assertThat(quick.counters().incrDropped.get()).isEqualTo(1);
			}
		}
	}

	@Test
	void aLostXServerFailsCallsWithoutEndingTheJvmOrSpinning() throws Exception {
		TestDesktop own = TestDesktop.start("640x480x24");
		X11Clipboard lost = new X11Clipboard(own.display());
		try {
			lost.write("soon gone");
			assertThat(lost.read(READ_TIMEOUT)).isEqualTo("soon gone");
			own.close();
			assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> lost.read(READ_TIMEOUT))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP));
			ThreadMXBean threads = ManagementFactory.getThreadMXBean();
			long cpuBefore = threads.getThreadCpuTime(lost.thread().getId());
			Thread.sleep(500);
			long cpuMicros = (threads.getThreadCpuTime(lost.thread().getId()) - cpuBefore) / 1000;
			assertThat(cpuMicros).as("CPU of the clipboard thread over 500 ms without a server, µs").isLessThan(20_000);
			assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> lost.write("nowhere"))
				.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP));
		}
		finally {
			lost.close();
			if (own.isAlive()) {
				own.close();
			}
		}
	}

	@Test
	void concurrentReadsAllGetTheText() throws Exception {
		xclipIn(UNICODE);
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			List<Future<String>> reads = new ArrayList<>();
			for (int i = 0; i < 16; i++) {
				reads.add(pool.submit(() -> this.clipboard.read(READ_TIMEOUT)));
			}
			for (Future<String> read : reads) {
				assertThat(read.get()).isEqualTo(UNICODE);
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void closeGivesTheClipboardUpAndDriverCloseClosesIt() {
		X11DesktopDriver driver = X11DesktopDriver.connect(this.desktop.display());
		try {
			driver.clipboard().write("from the desktop driver");
			assertThat(xclipOut()).isEqualTo("from the desktop driver");
		}
		finally {
			driver.close();
		}
		assertThat(selectionOwner(this.desktop.display())).isZero();
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> driver.clipboard().read(READ_TIMEOUT))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP));
	}

	@Test
	void theIdleThreadUsesNoCpuAndRoundTripsAreFast() throws Exception {
		this.clipboard.write("idle");
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		long threadId = this.clipboard.thread().getId();
		long cpuBefore = threads.getThreadCpuTime(threadId);
		Thread.sleep(1000);
		long idleCpuMicros = (threads.getThreadCpuTime(threadId) - cpuBefore) / 1000;

		long[] owned = time(50, () -> this.clipboard.read(READ_TIMEOUT));
		long[] writes = time(50, () -> this.clipboard.write("write " + System.nanoTime()));
		long[] answered = time(10, () -> xclipOut());
		xclipIn(UNICODE);
		long[] foreign = time(50, () -> assertThat(this.clipboard.read(READ_TIMEOUT)).isEqualTo(UNICODE));
		long[] baseline = time(10, () -> xclipOut());
		logger.info(
				"clipboard thread CPU over 1 s idle: {} µs; medians (µs): read own text {}, write {},"
						+ " read from xclip {}; xclip -o (process included) of the driver's text {}, of xclip's {}",
				idleCpuMicros, median(owned), median(writes), median(foreign), median(answered), median(baseline));
		assertThat(idleCpuMicros).as("CPU of the idle clipboard thread over 1 s, µs").isLessThan(20_000);
	}

	private static long[] time(int count, Runnable action) {
		long[] micros = new long[count];
		for (int i = 0; i < count; i++) {
			long started = System.nanoTime();
			action.run();
			micros[i] = (System.nanoTime() - started) / 1000;
		}
		return micros;
	}

	private static long median(long[] values) {
		long[] sorted = values.clone();
		Arrays.sort(sorted);
		return sorted[sorted.length / 2];
	}

	private static String largeText(int minimumBytes) {
		StringBuilder text = new StringBuilder();
		int bytes = 0;
		for (int line = 0; bytes < minimumBytes; line++) {
			String next = line + ": " + UNICODE + "\n";
			text.append(next);
			bytes += next.getBytes(StandardCharsets.UTF_8).length;
		}
		return text.toString();
	}

	private ProcessResult xclip(String... arguments) {
		List<String> command = new ArrayList<>(List.of("timeout", "5", "xclip"));
		command.addAll(List.of(arguments));
		return this.desktop.run(XCLIP, command.toArray(String[]::new));
	}

	private String xclipOut(String... arguments) {
		List<String> command = new ArrayList<>(List.of("-o", "-selection", "clipboard"));
		command.addAll(List.of(arguments));
		return xclip(command.toArray(String[]::new)).requireSuccess("xclip " + command).stdout();
	}

	/**
	 * xclip -i forks a child that owns the selection; its parent exits before the child
	 * has sent its request, so wait until the owner changed and another xclip sees the
	 * text.
	 */
	private void xclipIn(String text, String... arguments) {
		xclipTakes(text, arguments);
		assertThat(xclipOut(arguments)).isEqualTo(text);
	}

	private void xclipTakes(String text, String... arguments) {
		long before = selectionOwner(this.desktop.display());
		List<String> command = new ArrayList<>(List.of("timeout", "5", "xclip", "-i", "-selection", "clipboard"));
		command.addAll(List.of(arguments));
		this.desktop.runWithInput(XCLIP, text, command.toArray(String[]::new)).requireSuccess("xclip -i");
		long deadline = System.nanoTime() + XCLIP.toNanos();
		long owner;
		while ((owner = selectionOwner(this.desktop.display())) == before || owner == 0) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("xclip did not take the clipboard within " + XCLIP);
			}
			Pause.millis(5);
		}
	}

	/**
	 * Leaves CLIPBOARD without an owner: a window takes it and goes away with its
	 * connection.
	 */
	private void clearClipboard() {
		new SilentOwner(this.desktop.display()).close();
	}

	private static long selectionOwner(String display) {
		X11Connection connection = X11Connection.open(display, "test-owner-check");
		try {
			Xlib xlib = connection.libraries().xlib();
			return xlib.XGetSelectionOwner(connection.display(), new X11.Atom(connection.atom("CLIPBOARD")))
				.longValue();
		}
		finally {
			connection.close();
		}
	}

	/**
	 * A client that asks for CLIPBOARD as UTF8_STRING and then does nothing: an INCR
	 * answer waits for a deletion that never comes.
	 */
	private static final class StalledRequestor implements AutoCloseable {

		private final X11Connection connection;

		private final long window;

		StalledRequestor(String display) {
			this.connection = X11Connection.open(display, "test-stalled-requestor");
			Xlib xlib = this.connection.libraries().xlib();
			X11.Window created = xlib.XCreateSimpleWindow(this.connection.display(), this.connection.root(), 0, 0, 1, 1,
					0, 0, 0);
			this.window = created.longValue();
			xlib.XConvertSelection(this.connection.display(), new X11.Atom(this.connection.atom("CLIPBOARD")),
					new X11.Atom(this.connection.atom("UTF8_STRING")),
					new X11.Atom(this.connection.atom("DESKHAND_TEST_STALLED")), created,
					new NativeLong(X11.CurrentTime));
			this.connection.syncAndCheck("asking for the clipboard");
		}

		/**
		 * @return the type of the owner's answer, once it is there
		 */
		String awaitAnswerType() {
			long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
			while (System.nanoTime() < deadline) {
				X11Property answer = X11WindowReader.property(this.connection, this.window, "DESKHAND_TEST_STALLED");
				if (answer != null) {
					return answer.type();
				}
				Pause.millis(10);
			}
			throw new AssertionError("the owner did not answer the stalled requestor within 3 s");
		}

		@Override
		public void close() {
			this.connection.close();
		}

	}

	/**
	 * A client that takes CLIPBOARD and never answers a request: it reads no events at
	 * all.
	 */
	private static final class SilentOwner implements AutoCloseable {

		private final X11Connection connection;

		private final long window;

		SilentOwner(String display) {
			this.connection = X11Connection.open(display, "test-silent-owner");
			Xlib xlib = this.connection.libraries().xlib();
			X11.Window created = xlib.XCreateSimpleWindow(this.connection.display(), this.connection.root(), 0, 0, 1, 1,
					0, 0, 0);
			this.window = created.longValue();
			xlib.XSetSelectionOwner(this.connection.display(), new X11.Atom(this.connection.atom("CLIPBOARD")), created,
					new NativeLong(X11.CurrentTime));
			this.connection.syncAndCheck("taking the clipboard");
			assertThat(selectionOwner(display)).isEqualTo(this.window);
		}

		@Override
		public void close() {
			this.connection.close();
		}

	}

}
