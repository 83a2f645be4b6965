package dev.deskhand.trajectory;

import java.util.Base64;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** An image made from a result's base64 is the same image, decoded only when read. */
class SentImageTests {

	@Test
	void base64IsDecodedToTheSameBytesOnceAndKeptAsBytes() {
		byte[] png = new byte[100_000];
		new Random(5).nextBytes(png);
		SentImage image = SentImage.ofBase64(Base64.getEncoder().encodeToString(png), "image/png");

		byte[] first = image.bytes();
		assertThat(first).isEqualTo(png);
		assertThat(image.bytes()).isSameAs(first);
		assertThat(image.mimeType()).isEqualTo("image/png");
	}

	@Test
	void badBase64FailsWhenReadNotWhenMade() {
		SentImage image = SentImage.ofBase64("not base64!", "image/png");
		assertThatIllegalArgumentException().isThrownBy(image::bytes);
	}

	@Test
	void aStoredImageKeepsItsReferenceAndLetsGoOfItsBytes() {
		SentImage image = SentImage.ofBase64(Base64.getEncoder().encodeToString(new byte[] { 1, 2, 3 }), "image/png");
		assertThat(image.stored()).isNull();
		image.storedAs("abc", 1280, 720);
		assertThat(image.stored()).isEqualTo(new SentImage.Stored("abc", 1280, 720));
		assertThatIllegalStateException().isThrownBy(image::bytes).withMessageContaining("abc");
	}

	@Test
	void bytesGivenAreTheBytes() {
		byte[] jpeg = { (byte) 0xFF, (byte) 0xD8, (byte) 0xFF };
		assertThat(new SentImage(jpeg, "image/jpeg").bytes()).isSameAs(jpeg);
	}

}
