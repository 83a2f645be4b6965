package dev.deskhand.trajectory;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ImageDimensionsTests {

	@Test
	void anImagesSizeIsReadFromItsHeaderInMemory() throws Exception {
		for (String format : List.of("png", "jpeg")) {
			BufferedImage picture = new BufferedImage(37, 21, BufferedImage.TYPE_INT_RGB);
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			ImageIO.write(picture, format, bytes);
			assertThat(ImageDimensions.of(bytes.toByteArray())).as(format).containsExactly(37, 21);
		}
		assertThat(ImageDimensions.of(new byte[] { 1, 2, 3 })).containsExactly(0, 0);
	}

}
