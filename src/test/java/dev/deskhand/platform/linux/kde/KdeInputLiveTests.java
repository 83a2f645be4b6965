package dev.deskhand.platform.linux.kde;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.TextOutsideLayout;
import dev.deskhand.testing.DriverWitness.KeyEvent;
import dev.deskhand.testing.DriverWitness.PointerEvent;
import dev.deskhand.testing.KwinDriverWitness;
import dev.deskhand.testing.KwinSession;
import dev.deskhand.testing.Pause;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * KWin's fake input and outputs as the KDE driver speaks them, against the headless KWin
 * and the GTK witness: what the witness receives, where KWin's rule put it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KdeInputLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(15);

	private WaylandConnection observation;

	private KdeOutputs outputs;

	private KdeInput input;

	private KwinDriverWitness witness;

	@BeforeAll
	void open() {
		KwinSession kwin = KwinSession.shared();
		Path socket = kwin.runtimeDir().resolve(KwinSession.WAYLAND_DISPLAY);
		this.observation = WaylandConnection.open(socket, Duration.ofSeconds(5));
		this.outputs = KdeOutputs.bind(this.observation);
		this.input = KdeInput.open(socket, Duration.ofSeconds(5), this.outputs::layout);
		this.witness = KwinDriverWitness.open(kwin, KwinSession.WITNESS_APP_ID);
	}

	@AfterAll
	void close() {
		if (this.witness != null) {
			this.witness.close();
		}
		if (this.input != null) {
			this.input.close();
		}
		if (this.observation != null) {
			this.observation.close();
		}
	}

	@Test
	void theOutputsAreTheRigsVirtualOutputs() {
		List<DisplayInfo> displays = this.outputs.layout().displays();
		assertThat(displays).extracting(DisplayInfo::name).containsExactly("Virtual-0", "Virtual-1");
		assertThat(displays).extracting(DisplayInfo::bounds)
			.containsExactly(new Rect(0, 0, 1280, 800), new Rect(1280, 0, 1280, 800));
		assertThat(displays).extracting(DisplayInfo::scaleFactor).containsExactly(1.0, 1.0);
	}

	@Test
	void aClickArrivesWhereItWasSent() {
		this.witness.reset();
		Rect square = this.witness.redSquare();
		Point centre = new Point(square.x() + 10, square.y() + 10);
		this.input.pointer().click(centre, MouseButton.LEFT);
		List<PointerEvent> buttons = await(this.witness::buttons, 2);
		assertThat(buttons.get(0).pressed()).isTrue();
		assertThat(buttons.get(0).x()).isEqualTo(centre.x());
		assertThat(buttons.get(0).y()).isEqualTo(centre.y());
		assertThat(buttons.get(1).pressed()).isFalse();
	}

	@Test
	void typesWhatTheLayoutHasAndRefusesTheRestBeforeTypingAnything() {
		this.witness.focus();
		this.witness.reset();
		String text = "Hello, KWin! ~`|{}<>?\"_+ 0123456789\tend";
		this.input.keyboard().typeText(text);
		awaitText(text);
		this.witness.reset();
		assertThatThrownBy(() -> this.input.keyboard().typeText("ab é"))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.hasMessageContaining("'é' (U+00E9)")
			.hasMessageContaining("English (US)");
		this.input.keyboard().typeText("z");
		awaitText("z");
	}

	@Test
	void unicodeEntryTypesWhatTheLayoutLacksIntoAnApplicationWithAnInputMethod() {
		KwinSession kwin = KwinSession.shared();
		try (KdeInput entering = KdeInput.open(kwin.runtimeDir().resolve(KwinSession.WAYLAND_DISPLAY),
				Duration.ofSeconds(5), this.outputs::layout, TextOutsideLayout.UNICODE_ENTRY);
				KwinDriverWitness withInputMethod = KwinDriverWitness.open(kwin, KwinSession.WITNESS2_APP_ID,
						"--input-method")) {
			withInputMethod.focus();
			withInputMethod.reset();
			// US layout: the accents, Greek, CJK and the emoji are entered by code point,
			// which GTK's input method commits as the characters
			String text = "h\u00e9llo \u03a9\u03bc\u03ad\u03b3\u03b1 \u65e5\u672c \ud83d\ude42 ok";
			entering.keyboard().typeText(text);
			long deadline = System.nanoTime() + WAIT.toNanos();
			while (!withInputMethod.text().equals(text)) {
				if (System.nanoTime() > deadline) {
					throw new AssertionError("the witness has '" + withInputMethod.text() + "', not '" + text + "': "
							+ withInputMethod.describe());
				}
				Pause.millis(20);
			}
		}
	}

	@Test
	void releaseAllLetsGoOfAHeldKeyAndButton() {
		this.witness.focus();
		this.witness.reset();
		this.input.pointer().moveTo(this.witness.contentBounds().x() + 400, this.witness.contentBounds().y() + 300);
		this.input.keyboard().pressKey("Shift_L");
		this.input.pointer().press(MouseButton.LEFT);
		await(() -> this.witness.keys().stream().filter(KeyEvent::pressed).toList(), 1);
		await(this.witness::buttons, 1);
		this.input.releaseAll();
		assertThat(await(this.witness::keys, 2)).contains(new KeyEvent(false, "Shift_L"));
		assertThat(await(this.witness::buttons, 2).get(1).pressed()).isFalse();
		assertThat(this.input.held().keycodes()).isEmpty();
		assertThat(this.input.held().buttons()).isEmpty();
	}

	private <T> List<T> await(java.util.function.Supplier<List<T>> observed, int count) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (observed.get().size() < count) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError(
						"the witness saw " + observed.get() + ", not " + count + " events: " + this.witness.describe());
			}
			Pause.millis(20);
		}
		return observed.get();
	}

	private void awaitText(String expected) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!this.witness.text().equals(expected)) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("the witness has '" + this.witness.text() + "', not '" + expected + "': "
						+ this.witness.describe());
			}
			Pause.millis(20);
		}
	}

}
