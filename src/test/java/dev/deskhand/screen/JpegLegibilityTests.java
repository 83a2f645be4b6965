package dev.deskhand.screen;

import java.awt.Font;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.screen.JpegLegibility.Score;
import dev.deskhand.screen.JpegLegibility.Style;
import dev.deskhand.screen.codec.PngEncoder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JPEG quality the built-in profiles use keeps small text legible, by the criterion
 * of {@link JpegLegibility} (every glyph of printable ASCII nearer its own lossless look
 * than any other character's, by 10 %), for the text an agent reads on a desktop:
 * terminals in an antialiased and a bitmap-like font, dark and light, coloured {@code ls}
 * output, and a UI font, at the scale of a 1920x1080 screen in a 1280x720 screenshot
 * (2/3) and at 1:1.
 * <p>
 * The lowest quality where every text passes, in steps of 0.05, became
 * {@link ImageEncoders#DEFAULT_JPEG_QUALITY}; {@link JpegLegibilitySweep} prints the
 * sweep docs/profiles.md quotes.
 */
class JpegLegibilityTests {

	/** The text a screenshot of a desktop shows, in the sizes found there. */
	static final List<Style> STYLES = List.of(
			new Style("xterm DejaVu Sans Mono 12px, light on dark", "DejaVu Sans Mono", Font.PLAIN, 12, true, 0xcdd6f4,
					0x1e1e2e),
			new Style("xterm bitmap-like 12px, black on white", "DejaVu Sans Mono", Font.PLAIN, 12, false, 0x000000,
					0xffffff),
			new Style("ls --color, bold blue on black", "DejaVu Sans Mono", Font.BOLD, 12, true, 0x5c5cff, 0x000000),
			new Style("ls --color, green on black", "DejaVu Sans Mono", Font.PLAIN, 12, true, 0x00cd00, 0x000000),
			new Style("log ERROR, red on white", "DejaVu Sans Mono", Font.PLAIN, 12, true, 0xcd0000, 0xffffff),
			new Style("UI DejaVu Sans 12px, dark grey on light grey", "DejaVu Sans", Font.PLAIN, 12, true, 0x333333,
					0xf0f0f0));

	/** 1920x1080 in the default 1280x720 budget, and a screen shown 1:1. */
	static final double[] SCALES = { 2.0 / 3.0, 1.0 };

	private static List<JpegLegibility> texts() {
		List<JpegLegibility> texts = new ArrayList<>();
		long seed = 11;
		for (Style style : STYLES) {
			for (double scale : SCALES) {
				texts.add(new JpegLegibility(style, scale, seed++));
			}
		}
		return texts;
	}

	@Test
	void theDefaultQualityKeepsSmallTextLegible() {
		for (JpegLegibility text : texts()) {
			Score score = text.judgeJpeg(ImageEncoders.DEFAULT_JPEG_QUALITY, ImageEncoders.CHROMA_SUBSAMPLING);
			assertThat(score.legible())
				.as("%s at scale %.2f, JPEG %.2f: %d of %d glyphs not nearer their own look by 10 %%, worst '%s' %.2f",
						text.style().name(), text.scale(), ImageEncoders.DEFAULT_JPEG_QUALITY, score.illegible(),
						score.glyphs(), score.worstGlyph(), score.worst())
				.isTrue();
		}
	}

	@Test
	void thePngIsTheReference() {
		// the criterion compares with the lossless look: the lossless image itself scores
		// 0
		for (JpegLegibility text : texts()) {
			Score score = text.judge(JpegLegibility.decode(new PngEncoder().encode(text.text())));
			assertThat(score.worst()).isZero();
		}
	}

	@Test
	void aLowQualityFails() {
		// the criterion can fail: at quality 0.1 glyphs blur into one another
		assertThat(texts()).anySatisfy((text) -> assertThat(text.judgeJpeg(0.1f, true).legible()).isFalse());
	}

	@Test
	void theDefaultIsTheLowestQualityThatKeepsEveryTextLegible() {
		// one step of 0.05 below the default, some text loses a glyph: a higher default
		// would cost bytes for nothing, and a lower one is what this would catch
		float below = ImageEncoders.DEFAULT_JPEG_QUALITY - 0.05f;
		assertThat(texts()).as("some text illegible at JPEG %.2f", below)
			.anySatisfy(
					(text) -> assertThat(text.judgeJpeg(below, ImageEncoders.CHROMA_SUBSAMPLING).legible()).isFalse());
	}

	@Test
	void chromaSubsamplingBlursSmallColouredTextAtAnyQuality() {
		// why the encoder keeps 4:4:4: with 4:2:0 a bold blue 'O' on black reads as '0'
		// even at 0.95
		assertThat(ImageEncoders.CHROMA_SUBSAMPLING).isFalse();
		JpegLegibility blueOnBlack = texts().stream()
			.filter((text) -> text.style().name().startsWith("ls --color, bold blue") && text.scale() < 1)
			.findFirst()
			.orElseThrow();
		assertThat(blueOnBlack.judgeJpeg(0.95f, true).legible()).isFalse();
		assertThat(blueOnBlack.judgeJpeg(0.95f, false).legible()).isTrue();
	}

	static List<JpegLegibility> sweepTexts() {
		return texts();
	}

}
