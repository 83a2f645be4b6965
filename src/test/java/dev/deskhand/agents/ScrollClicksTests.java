package dev.deskhand.agents;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ScrollClicksTests {

	@ParameterizedTest
	@CsvSource({ "0, 100, 0", "300, 100, 3", "-300, 100, 3", "1, 100, 1", "-49, 100, 1", "149, 100, 1", "150, 100, 2",
			"250, 100, 3", "5000, 100, 50", "120, 120, 1", "-600, 120, 5" })
	void pixelsBecomeWheelClicksRoundedWithAtLeastOne(int pixels, int perClick, int clicks) {
		assertThat(ScrollClicks.of(pixels, perClick).clicks()).isEqualTo(clicks);
	}

	@ParameterizedTest
	@CsvSource({ "300, 'scrolled 3 clicks down (asked 300 px; 100 px a click)'",
			"-100, 'scrolled 1 click up (asked 100 px; 100 px a click)'", "0, 'no scroll (asked 0 px)'" })
	void theResultSaysWhatWasDone(int pixels, String text) {
		assertThat(ScrollClicks.of(pixels, 100).describe("up", "down")).isEqualTo(text);
	}

	@ParameterizedTest
	@CsvSource({ "5100", "-5100", "2147483647" })
	void moreThanFiftyClicksIsRefused(int pixels) {
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> ScrollClicks.of(pixels, 100))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
	}

}
