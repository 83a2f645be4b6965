package dev.deskhand.platform;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.testing.DriverWitness;
import dev.deskhand.testing.DriverWitness.KeyEvent;
import dev.deskhand.testing.DriverWitness.PointerEvent;
import dev.deskhand.testing.MixedText;
import dev.deskhand.testing.Pause;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every {@link DesktopDriver} must do, written only against the SPI and checked by
 * an independent {@link DriverWitness}: a window of another process, and outside tools
 * for the clipboard and screenshots. A desktop's live test extends this and opens its
 * driver and witness; the cases are the same on X11 and Wayland.
 * <p>
 * The test thread plays the input thread (pointer and keyboard calls); observation and
 * {@link DesktopDriver#releaseAll()} are called from other threads too, as Deskhand does.
 * Waits poll the witness with generous bounds; nothing asserts on a sleep.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DesktopDriverContractTests {

	private static final Logger logger = LoggerFactory.getLogger(DesktopDriverContractTests.class);

	/** How long the witness may take to report what the driver did. */
	protected static final Duration WAIT = Duration.ofSeconds(15);

	private static final String CLIPBOARD_OUT = "contract → outside: Grüße, 世界 ✓ — naïve 🎉";

	private static final String CLIPBOARD_IN = "outside → contract: Ωμέγα 日本語 🙂 ünïcödé";

	private DesktopDriver driver;

	private DriverWitness witness;

	private final List<DriverWitness> otherWitnesses = new ArrayList<>();

	/**
	 * @return a connected driver for the desktop under test; closed after the class when
	 * it is {@link AutoCloseable}
	 */
	protected abstract DesktopDriver openDriver();

	/**
	 * @return an open witness on the desktop under test, for every case
	 */
	protected abstract DriverWitness openWitness();

	/**
	 * How many characters the long typing of
	 * {@link #observationAnswersWhileALongTypeTextRuns} takes: enough that typing lasts
	 * seconds on this driver, so observations have the time to overlap it.
	 */
	protected int longTypingLength() {
		return 600;
	}

	/**
	 * The text the typing cases type: by default {@link MixedText} (CJK, Hangul, accented
	 * Latin, symbols). A driver whose keyboard can type only what its desktop's layout
	 * has (KDE: KWin's fake input) narrows it, and proves the refusal of the rest in a
	 * test of its own.
	 * @param codePoints how many characters
	 * @param seed the draw
	 * @return the text
	 */
	protected String typedText(int codePoints, long seed) {
		return MixedText.of(codePoints, seed);
	}

	/**
	 * @return the short text typed after {@link DesktopDriver#resetInput()}
	 */
	protected String textAfterReset() {
		return "after reset ✓ é";
	}

	/**
	 * @return more witnesses (e.g. one per display) for the cases that check geometry on
	 * each; none by default
	 */
	protected List<DriverWitness> openOtherWitnesses() {
		return List.of();
	}

	@BeforeAll
	void openDriverAndWitnesses() {
		this.driver = openDriver();
		this.witness = openWitness();
		this.otherWitnesses.addAll(openOtherWitnesses());
	}

	@AfterAll
	void closeDriverAndWitnesses() throws Exception {
		for (DriverWitness other : this.otherWitnesses) {
			other.close();
		}
		if (this.witness != null) {
			this.witness.close();
		}
		if (this.driver instanceof AutoCloseable closeable) {
			closeable.close();
		}
	}

	protected DesktopDriver driver() {
		return this.driver;
	}

	protected DriverWitness witness() {
		return this.witness;
	}

	@Test
	void releaseAllLetsGoOfAKeyAndAButtonAndAFurtherClickIsSingle() throws Exception {
		this.witness.focus();
		this.witness.reset();
		Point inside = inside(this.witness, 400, 300);
		this.driver.pointer().moveTo(inside.x(), inside.y());
		this.driver.keyboard().pressKey("Shift_L");
		this.driver.pointer().press(MouseButton.LEFT);
		awaitWitness("Shift_L and the left button pressed", this.witness::keys,
				(keys) -> keys.contains(new KeyEvent(true, "Shift_L")));
		awaitWitness("the left button pressed", this::pressesAndReleases, (buttons) -> buttons.contains("press LEFT"));
		// the failsafe calls it from a thread of its own
		Thread releasing = new Thread(this.driver::releaseAll, "contract-release-all");
		releasing.start();
		releasing.join(WAIT.toMillis());
		assertThat(releasing.isAlive()).as("releaseAll returned").isFalse();
		awaitWitness("Shift_L released", this.witness::keys, (keys) -> keys.contains(new KeyEvent(false, "Shift_L")));
		awaitWitness("the left button released", this::pressesAndReleases,
				(buttons) -> buttons.equals(List.of("press LEFT", "release LEFT")));
		assertThat(this.witness.heldOnServer()).as("held according to the display server").isEmpty();

		// away from the first press, so the toolkit cannot count the two as a double
		// click
		this.witness.reset();
		Point elsewhere = inside(this.witness, 500, 350);
		this.driver.pointer().click(elsewhere, MouseButton.LEFT);
		awaitWitness("one further click", this.witness::clickCounts, (counts) -> !counts.isEmpty());
		assertThat(this.witness.clickCounts()).as("click counts of the further click").containsExactly(1);
		assertThat(pressesAndReleases()).containsExactly("press LEFT", "release LEFT");
		assertThat(this.witness.keys()).as("keys during the further click").isEmpty();
		assertThat(this.witness.heldOnServer()).isEmpty();
	}

	@Test
	void typesMixedUnicodeExactly() {
		// the string every driver's live tests type: CJK, Hangul, Latin with diacritics,
		// symbols, arrows, ASCII punctuation and space
		String text = typedText(200, 20261130);
		this.witness.focus();
		this.witness.reset();
		this.driver.keyboard().typeText(text);
		awaitWitness("the typed text", this.witness::text, text::equals);
		assertThat(this.witness.heldOnServer()).isEmpty();
	}

	@Test
	void scrollReachesTheWitnessInEachDirectionWithItsSign() {
		Point inside = inside(this.witness, 250, 150);
		for (ScrollDirection direction : ScrollDirection.values()) {
			this.witness.reset();
			this.driver.pointer().moveTo(inside.x(), inside.y());
			this.driver.pointer().scroll(direction, 2);
			awaitWitness("2 notches " + direction, this.witness::scrolls,
					(scrolls) -> scrolls.stream().filter(direction::equals).count() >= 2);
			assertThat(this.witness.scrolls()).as("scrolls after scroll(%s, 2)", direction).containsOnly(direction);
		}
		assertThat(this.witness.heldOnServer()).isEmpty();
	}

	@Test
	void clipboardRoundTripsWithAnOutsideClientBothWays() {
		this.driver.clipboard().write(CLIPBOARD_OUT);
		awaitWitness("the driver's clipboard text read from outside",
				() -> this.witness.readClipboardOutside(Duration.ofSeconds(5)), CLIPBOARD_OUT::equals);

		this.witness.writeClipboardOutside(CLIPBOARD_IN);
		awaitWitness("the outside clipboard text read by the driver",
				() -> this.driver.clipboard().read(Duration.ofSeconds(5)), CLIPBOARD_IN::equals);
	}

	@Test
	void inputStillArrivesAfterResetInput() {
		this.driver.resetInput();
		this.witness.focus();
		this.witness.reset();
		Point inside = inside(this.witness, 450, 250);
		this.driver.pointer().click(inside, MouseButton.LEFT);
		awaitWitness("a click after resetInput", this::pressesAndReleases,
				(buttons) -> buttons.equals(List.of("press LEFT", "release LEFT")));
		// the click may have moved the focus on some desktops: give it back
		this.witness.focus();
		this.witness.reset();
		String afterReset = textAfterReset();
		this.driver.keyboard().typeText(afterReset);
		awaitWitness("text typed after resetInput", this.witness::text, afterReset::equals);
	}

	@Test
	void observationAnswersWhileALongTypeTextRuns() throws Exception {
		String text = typedText(longTypingLength(), 20261201);
		this.witness.focus();
		this.witness.reset();
		AtomicReference<Throwable> typingFailure = new AtomicReference<>();
		CountDownLatch typingStarted = new CountDownLatch(1);
		Thread typing = new Thread(() -> {
			try {
				typingStarted.countDown();
				this.driver.keyboard().typeText(text);
			}
			catch (Throwable ex) {
				typingFailure.set(ex);
			}
		}, "contract-long-typing");
		typing.start();
		try {
			// not the witness's first character: a fast driver has sent every key before
			// a slow witness reports the first
			assertThat(typingStarted.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
			int answeredWhileTyping = 0;
			long slowest = 0;
			long typingStart = System.nanoTime();
			while (typing.isAlive()) {
				long start = System.nanoTime();
				List<DisplayInfo> displays = this.driver.displays().displays();
				Rect bounds = displays.get(0).bounds();
				Frame frame = this.driver.capture().capture(new Rect(bounds.x(), bounds.y(), 200, 100));
				this.driver.displays().pointerPosition();
				Duration took = Duration.ofNanos(System.nanoTime() - start);
				boolean overlapped = typing.isAlive();
				assertThat(frame.width()).isPositive();
				assertThat(took).as("displays, capture and pointerPosition while typing").isLessThan(WAIT);
				if (overlapped) {
					answeredWhileTyping++;
					slowest = Math.max(slowest, took.toNanos());
				}
				// leave the cores to the typing and the witness: the suite runs on two
				Pause.millis(20);
			}
			logger.info(
					"{}: {} observations (displays + 200x100 capture + pointerPosition) answered while typeText ran"
							+ " for at least {} ms; slowest {} ms",
					getClass().getSimpleName(), answeredWhileTyping, (System.nanoTime() - typingStart) / 1_000_000,
					slowest / 1_000_000);
			assertThat(typingFailure.get()).as("typing failed").isNull();
			// an observation that had to wait for the input action would end only after
			// it
			assertThat(answeredWhileTyping).as("observations that answered while typeText still ran")
				.isGreaterThanOrEqualTo(1);
			awaitWitness("the whole long text", this.witness::text, text::equals);
		}
		finally {
			typing.interrupt();
			typing.join(WAIT.toMillis());
		}
	}

	@Test
	void aClickLandsOnThePixelTheCaptureShowed() {
		List<DriverWitness> all = new ArrayList<>(List.of(this.witness));
		all.addAll(this.otherWitnesses);
		for (DriverWitness target : all) {
			Rect content = target.contentBounds();
			DisplayInfo display = displayHolding(content);
			// the pointer must not cover the square: headless compositors draw it into
			// captures
			Point corner = new Point(display.bounds().right() - 2, display.bounds().bottom() - 2);
			this.driver.pointer().moveTo(corner.x(), corner.y());
			Rect shown = redIn(display.bounds(), this.driver.capture().capture(display.bounds()));
			assertThat(shown).as("red square in the driver's capture of %s", display.name()).isNotNull();
			assertThat(shown).as("red square in the driver's capture vs where %s painted it", target)
				.isEqualTo(target.redSquare());
			Rect independent = redIn(display.bounds(), target.screenshot(display.bounds()));
			assertThat(independent).as("red square in the outside screenshot").isEqualTo(shown);

			Point centre = new Point(shown.x() + shown.width() / 2, shown.y() + shown.height() / 2);
			target.reset();
			this.driver.pointer().click(centre, MouseButton.LEFT);
			awaitWitness(target, "the click on the red square", target::buttons, (buttons) -> buttons.size() >= 2);
			PointerEvent press = target.buttons().get(0);
			assertThat(press.pressed()).isTrue();
			Rect square = target.redSquare();
			assertThat(press.x()).as("x of the press, red square %s", square)
				.isBetween((double) square.x(), (double) square.right());
			assertThat(press.y()).as("y of the press, red square %s", square)
				.isBetween((double) square.y(), (double) square.bottom());
			assertThat(Math.abs(press.x() - centre.x())).as("x off the clicked pixel").isLessThanOrEqualTo(1.0);
			assertThat(Math.abs(press.y() - centre.y())).as("y off the clicked pixel").isLessThanOrEqualTo(1.0);
		}
	}

	private DisplayInfo displayHolding(Rect content) {
		int x = content.x() + content.width() / 2;
		int y = content.y() + content.height() / 2;
		List<DisplayInfo> displays = this.driver.displays().displays();
		return displays.stream()
			.filter((display) -> display.bounds().contains(x, y))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no display holds " + content + ": " + displays));
	}

	/**
	 * The pure red pixels' bounding box in a capture of {@code region}, in desktop units
	 * (a capture is at device resolution: scale back by the frame's size over the
	 * region's).
	 */
	static Rect redIn(Rect region, Frame frame) {
		int minX = Integer.MAX_VALUE;
		int minY = Integer.MAX_VALUE;
		int maxX = -1;
		int maxY = -1;
		for (int y = 0; y < frame.height(); y++) {
			for (int x = 0; x < frame.width(); x++) {
				if (frame.rgb(x, y) == 0xff0000) {
					minX = Math.min(minX, x);
					minY = Math.min(minY, y);
					maxX = Math.max(maxX, x);
					maxY = Math.max(maxY, y);
				}
			}
		}
		if (maxX < 0) {
			return null;
		}
		double sx = (double) region.width() / frame.width();
		double sy = (double) region.height() / frame.height();
		int left = region.x() + (int) Math.round(minX * sx);
		int top = region.y() + (int) Math.round(minY * sy);
		return new Rect(left, top, region.x() + (int) Math.round((maxX + 1) * sx) - left,
				region.y() + (int) Math.round((maxY + 1) * sy) - top);
	}

	private Point inside(DriverWitness target, int dx, int dy) {
		Rect content = target.contentBounds();
		return new Point(content.x() + Math.min(dx, content.width() - 1),
				content.y() + Math.min(dy, content.height() - 1));
	}

	private List<String> pressesAndReleases() {
		return this.witness.buttons()
			.stream()
			.map((event) -> (event.pressed() ? "press " : "release ") + event.button())
			.toList();
	}

	/**
	 * Polls what the witness reports until it matches, at most {@link #WAIT}.
	 */
	protected <T> T awaitWitness(String what, Supplier<T> observed, Predicate<T> match) {
		return awaitWitness(this.witness, what, observed, match);
	}

	/**
	 * Polls what {@code target} reports until it matches, at most {@link #WAIT}.
	 */
	protected <T> T awaitWitness(DriverWitness target, String what, Supplier<T> observed, Predicate<T> match) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			T value = observed.get();
			if (match.test(value)) {
				return value;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("the witness did not report " + what + " within " + WAIT + "; last seen: "
						+ value + "\n" + target.describe());
			}
			Pause.millis(20);
		}
	}

}
