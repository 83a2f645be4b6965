package dev.deskhand.screen;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Frame;
import dev.deskhand.screen.codec.PngEncoder;
import dev.deskhand.screen.codec.PngEncoderTests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ImageEncodersTests {

	private final ImageEncoders encoders = new ImageEncoders();

	@ParameterizedTest
	@CsvSource({ "png, PNG", "PNG, PNG", "' png ', PNG", "jpeg, JPEG", "JPEG, JPEG", "jpg, JPEG", "Jpg, JPEG" })
	void parsesFormatNames(String value, ImageFormat expected) {
		assertThat(ImageFormat.parse(value)).isEqualTo(expected);
	}

	@ParameterizedTest
	@NullSource
	@ValueSource(strings = { "", "gif", "webp", "image/png", "pn g" })
	void unknownFormatIsAnArgumentError(String value) {
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> ImageFormat.parse(value))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
			.withMessageContaining("use png or jpeg");
	}

	@ParameterizedTest
	@CsvSource({ "png, PNG", "PNG, PNG", "jpeg, JPEG", "jpg, JPEG" })
	void aToolArgumentNamesAFormat(String value, ImageFormat expected) {
		assertThat(ImageFormat.ofArgument(value)).isEqualTo(expected);
	}

	@ParameterizedTest
	@NullSource
	@ValueSource(strings = { "", "png\u0000", "\u0000png", " png", "png ", "jpeg\t", "png\n", "gif" })
	void aToolArgumentIsTheNameExactly(String value) {
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> ImageFormat.ofArgument(value))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
			.withMessageContaining("use png or jpeg");
	}

	@Test
	void mimeTypes() {
		assertThat(ImageFormat.PNG.mimeType()).isEqualTo("image/png");
		assertThat(ImageFormat.JPEG.mimeType()).isEqualTo("image/jpeg");
	}

	@Test
	void pngGoesThroughThePngEncoder() {
		Frame frame = PngEncoderTests.randomFrame(new Random(1), 40, 30);
		assertThat(this.encoders.encode(frame, ImageFormat.PNG, ImageEncoders.DEFAULT_JPEG_QUALITY))
			.isEqualTo(new PngEncoder().encode(frame));
	}

	@Test
	void jpegDecodesToTheRightSizeAndColour() throws IOException {
		int[] pixels = new int[641 * 359];
		Arrays.fill(pixels, 0xFF3366CC);
		byte[] jpeg = this.encoders.encode(new Frame(641, 359, pixels), ImageFormat.JPEG,
				ImageEncoders.DEFAULT_JPEG_QUALITY);
		assertThat(jpeg).startsWith((byte) 0xFF, (byte) 0xD8);
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
		assertThat(image.getWidth()).isEqualTo(641);
		assertThat(image.getHeight()).isEqualTo(359);
		int decoded = image.getRGB(320, 180);
		assertThat((decoded >> 16) & 0xFF).isCloseTo(0x33, org.assertj.core.data.Offset.offset(6));
		assertThat((decoded >> 8) & 0xFF).isCloseTo(0x66, org.assertj.core.data.Offset.offset(6));
		assertThat(decoded & 0xFF).isCloseTo(0xCC, org.assertj.core.data.Offset.offset(6));
	}

	@Test
	void jpegKeepsColourAtFullResolution() {
		// JpegLegibilityTests: 4:2:0 blurs small coloured text; each component of the
		// frame header must be sampled 1x1
		byte[] jpeg = this.encoders.encode(PngEncoderTests.randomFrame(new Random(3), 64, 48), ImageFormat.JPEG,
				ImageEncoders.DEFAULT_JPEG_QUALITY);
		int sof = 2;
		while ((jpeg[sof + 1] & 0xFF) != 0xC0) {
			sof += 2 + (((jpeg[sof + 2] & 0xFF) << 8) | (jpeg[sof + 3] & 0xFF));
		}
		int components = jpeg[sof + 9] & 0xFF;
		assertThat(components).isEqualTo(3);
		for (int i = 0; i < components; i++) {
			assertThat(jpeg[sof + 10 + 3 * i + 1] & 0xFF).as("component %d sampling", i).isEqualTo(0x11);
		}
	}

	@Test
	void jpegQualityChangesTheSize() {
		Frame frame = PngEncoderTests.randomFrame(new Random(2), 200, 100);
		int low = this.encoders.encode(frame, ImageFormat.JPEG, 0.2f).length;
		int high = this.encoders.encode(frame, ImageFormat.JPEG, 0.95f).length;
		assertThat(high).isGreaterThan(low);
	}

	@Test
	void jpegQualityOutsideZeroToOneIsRejected() {
		Frame frame = PngEncoderTests.randomFrame(new Random(3), 4, 4);
		assertThatIllegalArgumentException().isThrownBy(() -> this.encoders.encode(frame, ImageFormat.JPEG, 1.5f));
		assertThatIllegalArgumentException().isThrownBy(() -> this.encoders.encode(frame, ImageFormat.JPEG, Float.NaN));
	}

	@Test
	void wrapSharesThePixelArray() {
		Frame frame = PngEncoderTests.randomFrame(new Random(4), 5, 3);
		BufferedImage image = ImageEncoders.wrap(frame);
		assertThat(image.getType()).isEqualTo(BufferedImage.TYPE_INT_RGB);
		assertThat(((DataBufferInt) image.getRaster().getDataBuffer()).getData()).isSameAs(frame.pixels());
		assertThat(image.getRGB(4, 2) & 0xFFFFFF).isEqualTo(frame.rgb(4, 2));
	}

}
