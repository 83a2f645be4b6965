package dev.deskhand.agents;

import java.time.Duration;
import java.util.function.DoubleFunction;

import dev.deskhand.actions.ActionProgress;
import dev.deskhand.actions.Caller;
import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.HumanChannel;

/**
 * A vendor endpoint's caller: a plain HTTP request has no client to elicit through and no
 * progress channel, so an approval waits for the operator API or the console, and the
 * agent can never answer it itself.
 */
public record EndpointCaller(AgentSession session) implements Caller {

	private static final ActionProgress.Phase SILENT = new ActionProgress.Phase() {

		@Override
		public void report(double value, String message) {
		}

		@Override
		public void close() {
		}

	};

	private static final ActionProgress NO_PROGRESS = new ActionProgress() {

		@Override
		public boolean requested() {
			return false;
		}

		@Override
		public Phase phase(double total) {
			return SILENT;
		}

		@Override
		public Phase every(Duration period, double total, DoubleFunction<String> message) {
			return SILENT;
		}

	};

	@Override
	public HumanChannel channel() {
		return HumanChannel.NONE;
	}

	@Override
	public ActionProgress progress() {
		return NO_PROGRESS;
	}

}
