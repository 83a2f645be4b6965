package dev.deskhand.agents;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.BatchActionFailure;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The vendor action a batch failure lands in. The vendor batch here: a screenshot (no
 * batch action), a click (batch actions 0-1: a move and the click), a wait (2), a
 * screenshot (none), a keypress (3): ends 0, 2, 3, 3, 4.
 */
class FailedActionTests {

	private static final List<Integer> ENDS = List.of(0, 2, 3, 3, 4);

	@ParameterizedTest(name = "batch action {0} -> vendor action {1}")
	@CsvSource({ "0, 1", "1, 1", "2, 2", "3, 4", "99, 0" })
	void aFailureNamingABatchActionLandsInTheVendorActionItCameFrom(int batchIndex, int vendorIndex) {
		BatchActionFailure failure = new BatchActionFailure(ErrorCode.E_FAILSAFE, "the failsafe tripped", batchIndex,
				null);
		assertThat(FailedAction.of(failure, ENDS)).isEqualTo(vendorIndex);
		// a caller that adds words keeps the queue's failure as its cause
		assertThat(FailedAction.of(new DeskhandException(ErrorCode.E_FAILSAFE, "more words", failure), ENDS))
			.isEqualTo(vendorIndex);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource({ "E_DENIED, 'the person said no'", "E_BUSY, 'another session holds input'",
			// the words alone name no action any more: only the typed failure does
			"E_FAIL, 'action 3 of 4 (''key''; actions 1-2 ran) failed: x'" })
	void aFailureNamingNoActionIsTheFirstOnes(ErrorCode code, String message) {
		assertThat(FailedAction.of(new DeskhandException(code, message), ENDS)).isZero();
	}

}
