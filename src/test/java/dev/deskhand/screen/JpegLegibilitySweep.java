package dev.deskhand.screen;

import java.util.List;
import java.util.Locale;

import dev.deskhand.screen.JpegLegibility.Score;

/**
 * Prints, per JPEG quality and chroma subsampling, how many of
 * {@link JpegLegibilityTests}' texts stay legible and the worst margin: the table in
 * docs/profiles.md. A measurement, not a test; run it with
 * {@code ./mvnw -q test-compile && java -cp target/classes:target/test-classes dev.deskhand.screen.JpegLegibilitySweep}.
 */
public final class JpegLegibilitySweep {

	private JpegLegibilitySweep() {
	}

	public static void main(String[] args) {
		List<JpegLegibility> texts = JpegLegibilityTests.sweepTexts();
		System.out.println("JPEG legibility (texts passing of " + texts.size() + "; worst error/gap, < 0.90 passes)");
		for (boolean subsampling : new boolean[] { true, false }) {
			for (int percent = 30; percent <= 95; percent += 5) {
				float quality = percent / 100f;
				int passing = 0;
				double worst = 0;
				String where = "";
				for (JpegLegibility text : texts) {
					Score score = text.judgeJpeg(quality, subsampling);
					passing += score.legible() ? 1 : 0;
					if (score.worst() > worst) {
						worst = score.worst();
						where = String.format(Locale.ROOT, "%s at %.2f, '%s'", text.style().name(), text.scale(),
								score.worstGlyph());
					}
				}
				System.out.printf(Locale.ROOT, "  %s q=%.2f: %2d/%d pass, worst %.2f (%s)%n",
						subsampling ? "4:2:0" : "4:4:4", quality, passing, texts.size(), worst, where);
			}
		}
	}

}
