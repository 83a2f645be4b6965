package dev.deskhand.platform.linux.x11;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Launching against a real X server with openbox; the window is checked with xwininfo.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X11LauncherLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private TestDesktop desktop;

	private X11DesktopDriver driver;

	@BeforeAll
	void connect() {
		this.desktop = TestDesktop.shared();
		this.driver = X11DesktopDriver.connect(this.desktop.display());
	}

	@AfterAll
	void disconnect() {
		if (this.driver != null) {
			this.driver.close();
		}
	}

	@Test
	void launchedProgramShowsItsWindowOnTheDrivenDisplay() throws Exception {
		Process process = this.driver.launch(List.of("xterm", "-T", "launched-by-deskhand", "-e", "sleep", "30"));
		try {
			WindowInfo window = awaitWindow("launched-by-deskhand");
			assertThat(process.isAlive()).isTrue();
			assertThat(window.pid()).isEqualTo(process.pid());
			assertThat(window.appClass()).isEqualTo("XTerm");
			assertThat(window.bounds()).isEqualTo(X11WindowTesting.xwininfoBounds(this.desktop, window.id()));
			// the service's stdin is not the program's, and DISPLAY names the driven
			// display
			Path proc = Path.of("/proc", Long.toString(process.pid()));
			assertThat(Files.readSymbolicLink(proc.resolve("fd/0"))).isEqualTo(Path.of("/dev/null"));
			assertThat(Files.readString(proc.resolve("environ"), StandardCharsets.UTF_8).split("\0"))
				.contains("DISPLAY=" + this.desktop.display());
		}
		finally {
			X11WindowTesting.stop(process);
		}
		assertThat(process.isAlive()).isFalse();
	}

	@Test
	void aProgramThatDoesNotExistIsNotFound() {
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> this.driver.launch(List.of("/no/such/program")))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_FOUND))
			.withMessageContaining("/no/such/program");
	}

	private WindowInfo awaitWindow(String title) throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			List<WindowInfo> windows = this.driver.windows().list();
			Optional<WindowInfo> match = windows.stream().filter((w) -> w.title().equals(title)).findFirst();
			if (match.isPresent()) {
				return match.get();
			}
			assertThat(System.nanoTime()).as("no window titled %s in %s", title, windows).isLessThan(deadline);
			Thread.sleep(20);
		}
	}

}
