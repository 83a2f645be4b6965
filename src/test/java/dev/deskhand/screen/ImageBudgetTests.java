package dev.deskhand.screen;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ImageBudgetTests {

	private final ImageBudget budget = ImageBudget.DEFAULT;

	@ParameterizedTest(name = "{0}x{1} -> {2}x{3}")
	@CsvSource({ "1920, 1080, 1280, 720", "2560, 1600, 1280, 800", "3840, 2160, 1280, 720",
			// 1280 * 768 / 1366 = 719.6: rounded to the nearest pixel, not floored to 719
			"1366, 768, 1280, 720", "1280, 1024, 1000, 800", "800, 600, 800, 600", "1280, 800, 1280, 800",
			"5120, 2880, 1280, 720", "3440, 1440, 1280, 536", "1440, 900, 1280, 800", "1080, 1920, 450, 800",
			"1, 1, 1, 1", "10000, 1, 1280, 1", "1, 10000, 1, 800", "1281, 1, 1280, 1" })
	void fitsDefaultBudget(int width, int height, int expectedWidth, int expectedHeight) {
		assertThat(this.budget.fit(width, height)).isEqualTo(new ImageSize(expectedWidth, expectedHeight));
	}

	@Test
	void pixelLimitBindsBeforeTheBox() {
		// sqrt(1e6 / (1920 * 1080)) * 1920 = 1333.3; 1335x751 and 1334x750 both pass a
		// million
		ImageBudget square = new ImageBudget(2000, 2000, 1_000_000);
		assertThat(square.fit(1920, 1080)).isEqualTo(new ImageSize(1333, 750));
	}

	@Test
	void defaultBudgetIsTheDocumentedOne() {
		assertThat(ImageBudget.DEFAULT).isEqualTo(new ImageBudget(1280, 800, 1_150_000));
	}

	@Test
	void rejectsEmptySourcesAndBudgets() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.budget.fit(0, 10));
		assertThatIllegalArgumentException().isThrownBy(() -> this.budget.fit(10, -1));
		assertThatIllegalArgumentException().isThrownBy(() -> new ImageBudget(0, 800, 1000));
		assertThatIllegalArgumentException().isThrownBy(() -> new ImageBudget(1280, 800, 0));
	}

	@Test
	void fuzzNeverExceedsNeverUpscalesKeepsAspect() {
		Random random = new Random(20261130);
		ImageBudget[] budgets = { ImageBudget.DEFAULT, new ImageBudget(1024, 768, 786_432),
				new ImageBudget(2000, 2000, 1_000_000), new ImageBudget(800, 1280, 500_000),
				new ImageBudget(7, 5, 20) };
		for (ImageBudget candidate : budgets) {
			for (int i = 0; i < 400; i++) {
				int width = 1 + random.nextInt((i % 4 == 0) ? 200 : 8000);
				int height = 1 + random.nextInt((i % 3 == 0) ? 200 : 5000);
				assertFitInvariants(candidate, width, height);
			}
		}
	}

	private static void assertFitInvariants(ImageBudget budget, int width, int height) {
		ImageSize size = budget.fit(width, height);
		String where = width + "x" + height + " in " + budget + " -> " + size;
		assertThat(size.width()).as(where).isBetween(1, Math.min(width, budget.maxWidth()));
		assertThat(size.height()).as(where).isBetween(1, Math.min(height, budget.maxHeight()));
		assertThat(size.pixels()).as(where).isLessThanOrEqualTo(budget.maxPixels());
		if (budget.fits(width, height)) {
			assertThat(size).as(where).isEqualTo(new ImageSize(width, height));
			return;
		}
		// the shorter side is the exact ratio rounded: off by at most half a pixel,
		// unless a one-pixel minimum held it up
		int longSide = Math.max(width, height);
		long error = Math.abs((long) size.width() * height - (long) size.height() * width);
		boolean clampedToOne = Math.min(size.width(), size.height()) == 1;
		if (!clampedToOne) {
			assertThat(2 * error).as(where).isLessThanOrEqualTo(longSide);
		}
		// and nothing is wasted: within 2% of the real-valued best scale once rounding is
		// small
		double best = Math.min(Math.min((double) budget.maxWidth() / width, (double) budget.maxHeight() / height),
				Math.sqrt((double) budget.maxPixels() / ((double) width * height)));
		if (Math.min(width, height) * best >= 100) {
			assertThat(size.width()).as(where).isGreaterThanOrEqualTo((int) (width * best * 0.98));
			assertThat(size.height()).as(where).isGreaterThanOrEqualTo((int) (height * best * 0.98));
		}
	}

}
