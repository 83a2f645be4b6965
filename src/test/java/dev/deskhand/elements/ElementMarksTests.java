package dev.deskhand.elements;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.screen.ImageEncoders;
import dev.deskhand.screen.ImageFormat;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.Screenshot;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Marks land on the elements' boxes in the image, say their numbers, leave the rest of
 * the image alone, and skip elements of other displays.
 */
class ElementMarksTests {

	private static final int WHITE = 0xFFFFFF;

	@Test
	void eachElementsBoxIsOutlinedAndNumberedAndNothingElseChanges() throws Exception {
		Screenshot white = screenshot(ImageFormat.PNG);
		ListedElement button = listed("e7", "A", List.of(40, 30, 60, 40));
		ListedElement elsewhere = listed("e8", "B", List.of(120, 10, 30, 30));

		Screenshot marked = new ElementMarks(0.8f).draw(white, List.of(button, elsewhere));

		BufferedImage image = ImageIO.read(new ByteArrayInputStream(marked.image()));
		assertThat(marked.geometry()).isEqualTo(white.geometry());
		// the outline on the box's edges
		assertThat(rgb(image, 70, 30)).isEqualTo(ElementMarks.COLOUR);
		assertThat(rgb(image, 70, 69)).isEqualTo(ElementMarks.COLOUR);
		assertThat(rgb(image, 40, 55)).isEqualTo(ElementMarks.COLOUR);
		assertThat(rgb(image, 99, 55)).isEqualTo(ElementMarks.COLOUR);
		// inside, and outside, untouched
		assertThat(rgb(image, 70, 55)).isEqualTo(WHITE);
		assertThat(rgb(image, 20, 20)).isEqualTo(WHITE);
		// "7" in the label: its top bar is white on the label, its left column below it
		// is not
		assertThat(rgb(image, 40 + 2, 30 + 2)).isEqualTo(ElementMarks.TEXT);
		assertThat(rgb(image, 40 + 2, 30 + 2 + 2 * 2)).isEqualTo(ElementMarks.COLOUR);
		assertThat(rgb(image, 40 + 2 + 2 * 2, 30 + 2 + 2 * 2)).isEqualTo(ElementMarks.TEXT);
		// an element on another display is not marked
		assertThat(rgb(image, 135, 10)).isEqualTo(WHITE);
	}

	@Test
	void aJpegScreenshotStaysJpeg() {
		Screenshot marked = new ElementMarks(0.8f).draw(screenshot(ImageFormat.JPEG),
				List.of(listed("e1", "A", List.of(0, 0, 20, 20))));
		assertThat(marked.format()).isEqualTo(ImageFormat.JPEG);
		assertThat(marked.image()[0] & 0xFF).isEqualTo(0xFF);
		assertThat(marked.image()[1] & 0xFF).isEqualTo(0xD8);
	}

	private static Screenshot screenshot(ImageFormat format) {
		int[] pixels = new int[160 * 90];
		Arrays.fill(pixels, WHITE);
		byte[] image = new ImageEncoders().encode(new Frame(160, 90, pixels), format, 0.8f);
		return new Screenshot(image, format, 160, 90, new ScreenGeometry("A", new Rect(0, 0, 160, 90), 160, 90));
	}

	private static ListedElement listed(String ref, String display, List<Integer> bounds) {
		Element element = new Element(new ElementHandle(":1.2", "/" + ref), ElementRole.PUSH_BUTTON, "Go", Set.of(),
				null, List.of("click"), null, new ElementApp("app", 1), false, false);
		return new ListedElement(ref, element, display, bounds);
	}

	private static int rgb(BufferedImage image, int x, int y) {
		return image.getRGB(x, y) & 0xFFFFFF;
	}

}
