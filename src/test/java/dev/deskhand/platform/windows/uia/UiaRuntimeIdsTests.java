package dev.deskhand.platform.windows.uia;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.ElementHandle;

import static org.assertj.core.api.Assertions.assertThat;

/** A runtime id goes into a handle and comes back out unchanged. */
class UiaRuntimeIdsTests {

	@Test
	void aRuntimeIdIsItsPartsJoinedWithDotsOwnedByItsProcess() {
		ElementHandle handle = UiaRuntimeIds.handle(List.of(42, 1234, 5), 4242);
		assertThat(handle).isEqualTo(new ElementHandle("4242", "42.1234.5"));
		assertThat(UiaRuntimeIds.runtimeId(handle)).containsExactly(42, 1234, 5);
		assertThat(UiaRuntimeIds.pid(handle)).isEqualTo(4242);
	}

	@Test
	void negativePartsSurviveTheRoundTrip() {
		List<Integer> id = List.of(7, -2147483648, 2147483647, -1);
		assertThat(UiaRuntimeIds.runtimeId(UiaRuntimeIds.handle(id, 1))).isEqualTo(id);
	}

	@Test
	void aHandleThatIsNotARuntimeIdNamesNone() {
		assertThat(UiaRuntimeIds.runtimeId(new ElementHandle(":1.42", "/org/a11y/atspi/accessible/7"))).isEmpty();
		assertThat(UiaRuntimeIds.runtimeId(new ElementHandle("4", "42..5"))).isEmpty();
		assertThat(UiaRuntimeIds.runtimeId(new ElementHandle("4", "42.99999999999"))).isEmpty();
		assertThat(UiaRuntimeIds.runtimeId(new ElementHandle("4", ""))).isEmpty();
		assertThat(UiaRuntimeIds.runtimeId(null)).isEmpty();
		assertThat(UiaRuntimeIds.pid(new ElementHandle(":1.42", "x"))).isZero();
	}

}
