package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.testing.ManagedWindow;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The focused window against a real X server with openbox, checked by independent
 * witnesses: the window ids and pids of the processes the test started, wmctrl, and
 * xprop.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X11WindowDriverLiveTests {

	private static final Logger logger = LoggerFactory.getLogger(X11WindowDriverLiveTests.class);

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final Pattern WM_CLASS = Pattern.compile("WM_CLASS\\(STRING\\) = \"([^\"]*)\", \"([^\"]*)\"");

	private TestDesktop desktop;

	private X11DesktopDriver driver;

	private WitnessWindow witness;

	/** A connection of the test's own, for the driver's steps one by one. */
	private X11SharedConnection probe;

	private X11WindowDriver probeWindows;

	@BeforeAll
	void connect() {
		this.desktop = TestDesktop.shared();
		this.driver = X11DesktopDriver.connect(this.desktop.display());
		this.witness = WitnessWindow.open(this.desktop, "x11-windows-witness", 260, 220, 500, 300);
		this.probe = new X11SharedConnection(this.desktop.display(), "probe", null);
		this.probeWindows = new X11WindowDriver(this.probe, X11ClientProcess.system());
	}

	@AfterAll
	void disconnect() {
		if (this.probe != null) {
			this.probe.close();
		}
		if (this.witness != null) {
			this.witness.close();
		}
		if (this.driver != null) {
			this.driver.close();
		}
	}

	@Test
	void focusedSwingWindowComesWithItsApplication() {
		this.witness.focus();
		WindowInfo focused = this.driver.windows().focusedWindow().orElseThrow();
		assertThat(focused.id()).isEqualTo(this.witness.windowId());
		assertThat(focused.focused()).isTrue();
		assertThat(focused.bounds()).isEqualTo(rect(this.witness.bounds()));
		assertThat(focused.title()).isEqualTo(this.witness.title());
		assertThat(List.of(focused.appInstance(), focused.appClass())).isEqualTo(xpropWmClass(focused.id()))
			.containsExactly("dev-deskhand-testing-witness-WitnessApp", "dev-deskhand-testing-witness-WitnessApp");
		assertThat(focused.pid()).isEqualTo(this.witness.pid());
		assertThat(focused.executable()).isEqualTo("java");
		assertThat(focused.belongsTo("JAVA")).isTrue();
		// Swing focuses a child window of its frame: walking up from the X input focus
		// finds it too
		assertThat(this.probe.call(this.probeWindows::inputFocusClient)).isEqualTo(this.witness.windowId());
		List<Long> costs = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			long start = System.nanoTime();
			this.driver.windows().focusedWindow();
			costs.add(System.nanoTime() - start);
		}
		costs.sort(Long::compare);
		logger.info("focusedWindow over {} calls: median {} ms, p90 {} ms", costs.size(),
				String.format("%.3f", costs.get(costs.size() / 2) / 1e6),
				String.format("%.3f", costs.get(costs.size() * 9 / 10) / 1e6));
	}

	@Test
	void xtermTitlesInCompoundTextAreDecodedExactly() throws Exception {
		// no shell in the xterm: bash's prompt would set the title to user@host:dir
		for (String title : List.of("Tërm ✓", "Tërm ✓ 世界 Привет €")) {
			ProcessBuilder builder = new ProcessBuilder("xterm", "-T", title, "-geometry", "40x5+900+500", "-e",
					"sleep", "60")
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD);
			builder.environment().putAll(this.desktop.environment());
			Process xterm = builder.start();
			long id;
			try {
				ManagedWindow window = this.desktop.awaitWindow(title, WAIT);
				id = window.id();
				this.desktop.activate(id, WAIT);
				WindowInfo focused = this.driver.windows().focusedWindow().orElseThrow();
				assertThat(focused).isEqualTo(new WindowInfo(id, title, "XTerm", "xterm", "xterm", xterm.pid(),
						X11WindowTesting.xwininfoBounds(this.desktop, id), true));
				assertThat(focused.belongsTo("xterm")).isTrue();
				assertThat(this.probe.call(this.probeWindows::inputFocusClient)).isEqualTo(id);
			}
			finally {
				xterm.destroy();
				xterm.waitFor();
			}
			awaitGone(id);
			Optional<X11WindowFacts> gone = this.probe
				.call((connection) -> connection.expectingErrors(() -> this.probeWindows.describe(connection, id)));
			assertThat(gone).as("a window that is gone").isEmpty();
			assertThat(this.driver.reachable()).isTrue();
		}
		this.witness.focus();
	}

	@Test
	void focusedWindowIsSafeFromManyThreadsAlongsideCapture() throws Exception {
		this.witness.focus();
		Rect screen = this.driver.displays().displays().get(0).bounds();
		ExecutorService threads = Executors.newFixedThreadPool(4);
		try {
			List<Future<List<Optional<WindowInfo>>>> results = new ArrayList<>();
			for (int t = 0; t < 4; t++) {
				results.add(threads.submit(() -> {
					List<Optional<WindowInfo>> seen = new ArrayList<>();
					for (int i = 0; i < 25; i++) {
						seen.add(this.driver.windows().focusedWindow());
						this.driver.capture().capture(new Rect(screen.x(), screen.y(), 200, 100));
					}
					return seen;
				}));
			}
			for (Future<List<Optional<WindowInfo>>> result : results) {
				List<Long> ids = result.get().stream().map((seen) -> seen.map(WindowInfo::id).orElse(0L)).toList();
				assertThat(ids).hasSize(25).containsOnly(this.witness.windowId());
			}
		}
		finally {
			threads.shutdownNow();
		}
	}

	private static Rect rect(ScreenRect screen) {
		return new Rect(screen.x(), screen.y(), screen.width(), screen.height());
	}

	private List<String> xpropWmClass(long id) {
		String output = this.desktop.run(WAIT, "xprop", "-id", "0x" + Long.toHexString(id), "WM_CLASS")
			.requireSuccess("xprop WM_CLASS")
			.stdout();
		Matcher matcher = WM_CLASS.matcher(output);
		assertThat(matcher.find()).as(output).isTrue();
		return List.of(matcher.group(1), matcher.group(2));
	}

	/** Until xwininfo, another client, says the window no longer exists. */
	private void awaitGone(long id) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (this.desktop.run(WAIT, "xwininfo", "-id", "0x" + Long.toHexString(id)).succeeded()) {
			assertThat(System.nanoTime()).as("window 0x%x still exists", id).isLessThan(deadline);
		}
	}

}
