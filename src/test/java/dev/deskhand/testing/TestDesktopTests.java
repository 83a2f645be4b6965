package dev.deskhand.testing;

import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.deskhand.testing.witness.WitnessWindow;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.deskhand.testing.witness.WitnessWindow.fields;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proves the live-desktop test infrastructure itself: xdotool acts, and the witness,
 * xdotool, XQueryKeymap and ImageMagick must all agree on what happened.
 */
class TestDesktopTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final String TITLE = "Deskhand witness self-test";

	private static TestDesktop desktop;

	private static WitnessWindow witness;

	@BeforeAll
	static void openWitness() {
		desktop = TestDesktop.shared();
		witness = WitnessWindow.open(desktop, TITLE, 200, 150, 640, 400);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void focusWitness() {
		witness.focus();
		witness.clearEvents();
	}

	@Test
	void witnessIsManagedActiveAndWhereTheServerSaysItIs() {
		ScreenRect area = witness.bounds();
		assertThat(area.width()).isEqualTo(640);
		assertThat(area.height()).isEqualTo(400);
		assertThat(witness.reportedBounds()).isEqualTo(area);
		assertThat(desktop.activeWindowTitle()).isEqualTo(TITLE);
		assertThat(desktop.display()).matches(":\\d+");
	}

	@Test
	void clickLandsAtTheScreenCoordinatesTheActorChose() {
		ScreenRect area = witness.bounds();
		int x = area.x() + 100;
		int y = area.y() + 80;
		xdotool("mousemove", x, y, "click", 1);
		Map<String, String> press = fields(witness.awaitEvent((e) -> e.startsWith("PRESS button=1 "), WAIT));
		assertThat(press).containsEntry("x", Integer.toString(x)).containsEntry("y", Integer.toString(y));
		witness.awaitEvent((e) -> e.startsWith("RELEASE button=1 x=" + x + " y=" + y), WAIT);
		witness.awaitEvent((e) -> e.startsWith("CLICK button=1 count=1 x=" + x + " y=" + y), WAIT);
		assertThat(desktop.pointerLocation()).isEqualTo(new Pointer(x, y));
		assertThat(desktop.buttonsDownMask()).isZero();
	}

	@Test
	void typedTextArrivesAndNoKeyStaysDown() {
		xdotool("type", "hello");
		witness.awaitText("hello", WAIT);
		assertThat(witness.events()).anyMatch((e) -> e.startsWith("KEYDOWN code=H keychar=U+0068 mods= "));
		assertThat(desktop.keysDown()).isEmpty();
		xdotool("key", "Tab", "Return", "ctrl+a", "BackSpace");
		witness.awaitEvent((e) -> e.startsWith("KEYDOWN code=Tab "), WAIT);
		witness.awaitEvent((e) -> e.startsWith("KEYDOWN code=A ") && e.contains("mods=Ctrl "), WAIT);
		witness.awaitText("", WAIT);
		assertThat(witness.events()).anyMatch((e) -> fields(e).getOrDefault("text", "").equals("hello\t\n"));
	}

	@Test
	void heldKeysAndButtonsAreVisibleUntilReleased() {
		int x = witness.bounds().centerX();
		int y = witness.bounds().centerY();
		xdotool("mousemove", x, y, "keydown", "shift", "mousedown", 1);
		try {
			assertThat(desktop.keysDown()).contains(50);
			assertThat(desktop.buttonsDownMask() & TestDesktop.BUTTON1_MASK).isNotZero();
			witness.awaitEvent((e) -> e.startsWith("PRESS button=1 ") && e.contains("Shift"), WAIT);
		}
		finally {
			xdotool("mouseup", 1, "keyup", "shift");
		}
		assertThat(desktop.keysDown()).isEmpty();
		assertThat(desktop.buttonsDownMask()).isZero();
	}

	@Test
	void wheelDoubleClickAndDragAreRecorded() {
		ScreenRect area = witness.bounds();
		int x = area.centerX();
		int y = area.centerY();
		xdotool("mousemove", x, y, "click", 5, "click", 4, "click", 7);
		witness.awaitEvent((e) -> e.startsWith("WHEEL rotation=1 x=" + x + " y=" + y), WAIT);
		witness.awaitEvent((e) -> e.startsWith("WHEEL rotation=-1 "), WAIT);
		// X button 7 (scroll right) reaches Swing as mouse button 5, not as a wheel event
		witness.awaitEvent((e) -> e.startsWith("PRESS button=5 "), WAIT);
		xdotool("click", "--repeat", 2, "--delay", 80, 1);
		witness.awaitEvent((e) -> e.startsWith("CLICK button=1 count=2 "), WAIT);
		xdotool("mousedown", 1, "mousemove", x + 40, y + 20, "mousemove", x + 80, y + 40, "mouseup", 1);
		witness.awaitEvent((e) -> e.startsWith("DRAG "), WAIT);
		witness.awaitEvent((e) -> e.startsWith("RELEASE button=1 x=" + (x + 80) + " y=" + (y + 40)), WAIT);
	}

	@Test
	void importRootCapturesTheWholeScreenWithTheWitnessOnIt() {
		BufferedImage screen = desktop.importRoot();
		assertThat(screen.getWidth()).isEqualTo(1920);
		assertThat(screen.getHeight()).isEqualTo(1080);
		ScreenRect area = witness.bounds();
		// the text area's empty lower right corner is Metal's white text background
		assertThat(screen.getRGB(area.x() + area.width() - 5, area.y() + area.height() - 5) & 0xffffff)
			.isEqualTo(0xffffff);
	}

	@Test
	void windowTitlesAreReadEvenWhenWmctrlCannotDecodeThem() throws Exception {
		String title = "Tërm ✓ 世界";
		ProcessBuilder builder = new ProcessBuilder("xterm", "-T", title, "-geometry", "40x5+900+600");
		builder.environment().putAll(desktop.environment());
		Process xterm = builder.start();
		try {
			ManagedWindow window = desktop.awaitWindow(title, WAIT);
			assertThat(window.pid()).isEqualTo(xterm.pid());
		}
		finally {
			xterm.destroy();
			xterm.waitFor();
		}
	}

	@Test
	void commandsGetInputAndUtf8OutputAndAreKilledOnTimeout() {
		String text = "Grüße, 世界 ✓";
		// xclip forks a child that keeps the selection (here for one paste): run() must
		// return when xclip itself exits, although the child still holds its stdout
		desktop.runWithInput(WAIT, text, "xclip", "-loops", "1", "-selection", "clipboard", "-i")
			.requireSuccess("xclip -i");
		assertThat(desktop.run(WAIT, "xclip", "-o", "-selection", "clipboard").requireSuccess("xclip -o").stdout())
			.isEqualTo(text);
		ProcessResult hung = desktop.run(Duration.ofMillis(300), "sleep", "30");
		assertThat(hung.timedOut()).isTrue();
	}

	@Test
	void privateDesktopHasItsOwnGeometryAndStops() {
		TestDesktop wide = TestDesktop.start("1280x720x24");
		try {
			assertThat(wide.display()).isNotEqualTo(desktop.display());
			BufferedImage screen = wide.importRoot();
			assertThat(List.of(screen.getWidth(), screen.getHeight())).containsExactly(1280, 720);
		}
		finally {
			wide.close();
		}
		assertThat(wide.isAlive()).isFalse();
	}

	private static void xdotool(Object... arguments) {
		String[] command = new String[arguments.length + 1];
		command[0] = "xdotool";
		for (int i = 0; i < arguments.length; i++) {
			command[i + 1] = String.valueOf(arguments[i]);
		}
		desktop.run(WAIT, command).requireSuccess(String.join(" ", command));
	}

}
