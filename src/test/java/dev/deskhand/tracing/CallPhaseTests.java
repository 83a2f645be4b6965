package dev.deskhand.tracing;

import java.util.ArrayList;
import java.util.List;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class CallPhaseTests {

	private final List<Observation.Context> stopped = new ArrayList<>();

	private final ObservationRegistry registry = ObservationRegistry.create();

	CallPhaseTests() {
		this.registry.observationConfig().observationHandler(new ObservationHandler<>() {

			@Override
			public void onStop(Observation.Context context) {
				CallPhaseTests.this.stopped.add(context);
			}

			@Override
			public boolean supportsContext(Observation.Context context) {
				return true;
			}

		});
	}

	@Test
	void outsideACallAPhaseIsNotObserved() {
		assertThat(CallPhase.ENCODING.observe(this.registry, () -> "png")).isEqualTo("png");
		assertThat(this.stopped).isEmpty();
	}

	@Test
	void insideACallAPhaseIsItsChildWithTheOutcome() {
		Observation call = Observation.start(CallKeys.TOOL_CALL, this.registry);
		try (Observation.Scope scope = call.openScope()) {
			CallPhase.LEASE.observe(this.registry, () -> {
			});
			assertThatExceptionOfType(DeskhandException.class)
				.isThrownBy(() -> CallPhase.QUEUE_WAIT.observe(this.registry, () -> {
					throw new DeskhandException(ErrorCode.E_BUSY, "the input queue is full");
				}));
			assertThatIllegalStateException().isThrownBy(() -> CallPhase.EXECUTION.observe(this.registry, () -> {
				throw new IllegalStateException("a driver bug");
			}));
		}
		call.stop();
		assertThat(this.stopped).extracting(Observation.Context::getName)
			.containsExactly("deskhand.call.lease", "deskhand.call.queue", "deskhand.call.execution",
					CallKeys.TOOL_CALL);
		assertThat(this.stopped.subList(0, 3))
			.allSatisfy((phase) -> assertThat(phase.getParentObservation()).isSameAs(call));
		assertThat(this.stopped.subList(0, 3)).extracting(Observation.Context::getContextualName)
			.containsExactly("lease", "queue wait", "execution");
		assertThat(this.stopped.subList(0, 3))
			.extracting((phase) -> phase.getLowCardinalityKeyValue(CallKeys.OUTCOME).getValue())
			.containsExactly("ok", "E_BUSY", "E_FAIL");
	}

}
