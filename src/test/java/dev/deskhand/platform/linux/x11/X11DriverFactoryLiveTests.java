package dev.deskhand.platform.linux.x11;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.x11.X11DisplayProperties.Managed;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Start-up against real and missing X servers: which display is used, the operator's
 * sentence when none can be had, and the managed Xvfb's life cycle.
 */
class X11DriverFactoryLiveTests {

	/**
	 * Managed displays in these tests take numbers from here, clear of the shared test
	 * desktop.
	 */
	private static final int FIRST_TEST_NUMBER = 230;

	@Test
	void usesAReachableDisplay() {
		TestDesktop desktop = TestDesktop.shared();
		try (X11DesktopDriver driver = X11DriverFactory.create(properties(null, Managed.AUTO),
				environment(desktop.display()), FIRST_TEST_NUMBER)) {
			assertThat(driver.target()).isEqualTo(desktop.display());
			assertThat(driver.managedDisplay()).isNull();
		}
	}

	@Test
	void anUnreachableDisplayFailsWithASentenceAnOperatorCanActOn() {
		TestDesktop.shared();
		String dead = unusedDisplay();
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(
				() -> X11DriverFactory.create(properties(null, Managed.FALSE), environment(dead), FIRST_TEST_NUMBER))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP))
			.withMessage("DISPLAY " + dead + " is not reachable; start an X server (or Xvfb), set"
					+ " deskhand.display.name, or set deskhand.display.managed=auto to let Deskhand start its own Xvfb");
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> X11DriverFactory.create(properties(null, Managed.AUTO),
					Map.of("DISPLAY", dead, "PATH", "/nonexistent"), FIRST_TEST_NUMBER))
			.withMessageStartingWith("DISPLAY " + dead + " is not reachable and Xvfb is not installed")
			.withMessageContaining("apt-get install xvfb openbox");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> X11DesktopDriver.connect(dead))
			.withMessageStartingWith("X display " + dead + " is not reachable; check that its X server runs");
	}

	@Test
	void startsAndStopsItsOwnXvfbWhenTheDisplayIsUnreachable() throws Exception {
		TestDesktop.shared();
		String dead = unusedDisplay();
		X11DesktopDriver driver = X11DriverFactory.create(
				new X11DisplayProperties(dead, Managed.AUTO, "1024x768x24", null, null), environment(null),
				FIRST_TEST_NUMBER);
		ProcessHandle xvfb;
		Optional<ProcessHandle> openbox;
		try {
			X11ManagedDisplay managed = driver.managedDisplay();
			assertThat(managed).isNotNull();
			assertThat(driver.target()).isEqualTo(managed.displayName() + " (managed Xvfb)");
			xvfb = ProcessHandle.of(managed.xvfbPid()).orElseThrow();
			openbox = managed.openboxPid().flatMap(ProcessHandle::of);
			assertThat(xvfb.isAlive()).isTrue();
			assertThat(xvfb.info().command()).hasValueSatisfying((command) -> assertThat(command).endsWith("Xvfb"));
			assertThat(openbox).as("openbox is installed here, so it runs").isPresent();
			assertThat(driver.displays().displays()).extracting(DisplayInfo::bounds)
				.containsExactly(new Rect(0, 0, 1024, 768));
			assertThat(driver.capture().capture(new Rect(0, 0, 1024, 768)).width()).isEqualTo(1024);
			driver.pointer().moveTo(500, 400);
			assertThat(driver.displays().pointerPosition()).isEqualTo(new Point(500, 400));
		}
		finally {
			driver.close();
		}
		assertThat(xvfb.onExit().get().isAlive()).isFalse();
		assertThat(openbox.get().isAlive()).isFalse();
		assertThat(X11Connection.isReachable(driver.displayName())).isFalse();
		assertThat(driver.reachable()).isFalse();
	}

	@Test
	void managedTrueStartsItsOwnXvfbEvenWhenADisplayAnswers() {
		TestDesktop desktop = TestDesktop.shared();
		try (X11DesktopDriver driver = X11DriverFactory.create(
				new X11DisplayProperties(null, Managed.TRUE, "800x600x24", null, null), environment(desktop.display()),
				FIRST_TEST_NUMBER)) {
			assertThat(driver.target()).endsWith(" (managed Xvfb)").isNotEqualTo(desktop.display());
			assertThat(driver.displays().displays().get(0).bounds()).isEqualTo(new Rect(0, 0, 800, 600));
		}
	}

	private static X11DisplayProperties properties(String name, Managed managed) {
		return new X11DisplayProperties(name, managed, null, null, null);
	}

	private static Map<String, String> environment(String display) {
		Map<String, String> environment = new HashMap<>(System.getenv());
		environment.remove("DISPLAY");
		if (display != null) {
			environment.put("DISPLAY", display);
		}
		return environment;
	}

	/** A display number in this test's range that no X server listens on. */
	static String unusedDisplay() {
		for (int number = 239; number >= FIRST_TEST_NUMBER; number--) {
			if (!Files.exists(Path.of("/tmp/.X11-unix/X" + number))
					&& !Files.exists(Path.of("/tmp/.X" + number + "-lock"))) {
				return ":" + number;
			}
		}
		throw new IllegalStateException("display numbers :" + FIRST_TEST_NUMBER + "-:239 are all in use");
	}

}
