package dev.deskhand.platform.macos.ax;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

import static dev.deskhand.platform.macos.ax.AxFixtures.snap;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A window driver's window (kCGWindowNumber, bounds, title) as one of its app's AX
 * windows.
 */
class AxWindowsTests {

	private static AxFrame frame(int index, String title, Rect bounds, boolean minimized) {
		return new AxFrame(new AxFixtures.Node(42, snap("AXWindow")), new AxPath(42, List.of(index), "AXWindow"), title,
				bounds, minimized);
	}

	private static WindowInfo window(String title, Rect bounds) {
		return new WindowInfo(1234, title, "Safari", "Safari", "Safari", 42, bounds, true);
	}

	private final AxFrame left = frame(1, "Apple", new Rect(0, 25, 800, 600), false);

	private final AxFrame right = frame(2, "Apple", new Rect(820, 25, 800, 600), false);

	private final AxFrame other = frame(3, "Downloads", new Rect(100, 100, 300, 200), false);

	@Test
	void theOnlyWindowIsIt() {
		assertThat(AxWindows.match(window("", null), List.of(this.other))).containsSame(this.other);
	}

	@Test
	void theFrameDecidesBetweenWindowsOfTheSameTitle() {
		// AX and the window server round fractional frames apart by a point
		assertThat(AxWindows.match(window("Apple", new Rect(821, 24, 799, 601)),
				List.of(this.left, this.right, this.other)))
			.containsSame(this.right);
	}

	@Test
	void theTitleDecidesWhenTheFrameDoesNot() {
		// without screen recording the window server gives no title: then the frame alone
		assertThat(AxWindows.match(window("Downloads", new Rect(5000, 5000, 10, 10)),
				List.of(this.left, this.right, this.other)))
			.containsSame(this.other);
	}

	@Test
	void elseTheLargestOverlap() {
		assertThat(AxWindows.match(window("", new Rect(700, 25, 900, 600)), List.of(this.left, this.right)))
			.containsSame(this.right);
		assertThat(AxWindows.match(window("", new Rect(5000, 5000, 10, 10)), List.of(this.left, this.right))).isEmpty();
	}

	@Test
	void minimizedWindowsAreNotOnScreenWindows() {
		AxFrame docked = frame(4, "Apple", new Rect(0, 25, 800, 600), true);
		assertThat(AxWindows.match(window("Apple", new Rect(0, 25, 800, 600)), List.of(docked, this.right)))
			.containsSame(this.right);
	}

	@Test
	void withoutAPidAnApplicationsOnlyWindowIsNotItByThatAlone() {
		WindowInfo unknownOwner = new WindowInfo(1234, "Inbox", "", "", "", 0, new Rect(5000, 5000, 10, 10), true);
		assertThat(AxWindows.match(unknownOwner, List.of(this.other))).isEmpty();
		WindowInfo sameFrame = new WindowInfo(1234, "", "", "", "", 0, new Rect(100, 100, 300, 200), true);
		assertThat(AxWindows.match(sameFrame, List.of(this.other))).containsSame(this.other);
	}

}
