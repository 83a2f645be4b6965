package dev.deskhand.platform.windows.uia;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * HRESULTs (values from UIAutomationCoreApi.h and winerror.h) answer the SPI's error
 * codes: a vanished element or application is a stale ref, a hung one a timeout.
 */
class UiaErrorsTests {

	@ParameterizedTest(name = "{0} -> {1} gone={2}")
	@CsvSource({ "0x80040201, E_NOT_FOUND, true", "0x80010108, E_NOT_FOUND, true", "0x80010007, E_NOT_FOUND, true",
			"0x800706BA, E_NOT_FOUND, true", "0x800401FD, E_NOT_FOUND, true", "0x80131505, E_TIMEOUT, false",
			"0x800705B4, E_TIMEOUT, false", "0x80040200, E_UNSUPPORTED, false", "0x80040204, E_UNSUPPORTED, false",
			"0x80131509, E_UNSUPPORTED, false", "0x80004002, E_UNSUPPORTED, false", "0x80070005, E_DENIED, false",
			"0x80004005, E_FAIL, false", "0x80040154, E_UNSUPPORTED, false" })
	void hresultsAnswerTheSpisCodes(String hresult, ErrorCode code, boolean gone) {
		UiaErrors.Failure failure = UiaErrors.of(Integer.parseUnsignedInt(hresult.substring(2), 16));
		assertThat(failure.code()).isEqualTo(code);
		assertThat(failure.gone()).isEqualTo(gone);
		assertThat(UiaErrors.gone(Integer.parseUnsignedInt(hresult.substring(2), 16))).isEqualTo(gone);
	}

	@Test
	void theNamedConstantsAreTheHeadersValues() {
		assertThat(UiaErrors.UIA_E_ELEMENTNOTAVAILABLE).isEqualTo(0x80040201);
		assertThat(UiaErrors.UIA_E_TIMEOUT).isEqualTo(0x80131505);
		assertThat(UiaErrors.UIA_E_NOTSUPPORTED).isEqualTo(0x80040204);
	}

	@Test
	void anUnknownHresultIsAFailureThatNamesItsNumber() {
		assertThat(UiaErrors.of(0x8000ffff).code()).isEqualTo(ErrorCode.E_FAIL);
		assertThat(UiaErrors.describe(0x8000ffff)).isEqualTo("HRESULT 0x8000FFFF");
		assertThat(new UiaComException("FindAllBuildCache", 0x80131505).getMessage())
			.isEqualTo("FindAllBuildCache failed: UIA_E_TIMEOUT: the application did not answer in time (busy or"
					+ " hung) (HRESULT 0x80131505)");
	}

}
