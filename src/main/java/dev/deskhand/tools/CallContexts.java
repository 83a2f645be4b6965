package dev.deskhand.tools;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.modelcontextprotocol.spec.McpSchema;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.approval.AgentSessions;
import dev.deskhand.approval.ApprovalProperties;
import dev.deskhand.approval.Approver;
import dev.deskhand.approval.CallTransport;
import dev.deskhand.approval.HumanChannel;
import dev.deskhand.approval.OperatorUrls;
import dev.deskhand.input.Cancellation;
import dev.deskhand.security.AgentPrincipals;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.tracing.CallKeys;
import dev.deskhand.trajectory.TrajectoryRecorder;

/** Resolves a tool call's {@link CallContext} from the MCP request. */
class CallContexts {

	private final AgentSessions sessions;

	private final ExecutorService elicitations;

	private final ScheduledExecutorService progressScheduler;

	private final ApprovalProperties approval;

	private final TrajectoryRecorder trajectories;

	private final ScreenService screen;

	private final OperatorUrls operatorUrls;

	private final ObservationRegistry observations;

	CallContexts(AgentSessions sessions, ExecutorService elicitations, ScheduledExecutorService progressScheduler,
			ApprovalProperties approval, TrajectoryRecorder trajectories, ScreenService screen,
			OperatorUrls operatorUrls, ObservationRegistry observations) {
		this.observations = observations;
		this.sessions = sessions;
		this.operatorUrls = operatorUrls;
		this.elicitations = elicitations;
		this.progressScheduler = progressScheduler;
		this.approval = approval;
		this.trajectories = trajectories;
		this.screen = screen;
	}

	CallContext of(McpSyncRequestContext context) {
		String principal = AgentPrincipals.of(context.transportContext());
		McpSchema.Implementation client = context.clientInfo();
		var session = this.sessions.resolve(principal, context.sessionId(), (client != null) ? client.name() : null);
		// The call's record learns whose it is; its arguments are redacted there.
		Map<String, Object> arguments = (context.request() instanceof McpSchema.CallToolRequest request)
				? request.arguments() : null;
		this.trajectories.identify(session.handle(), session.principal(), session.client(), arguments);
		// The call's span learns it too; never its arguments.
		Observation observed = this.observations.getCurrentObservation();
		if (observed != null) {
			observed.highCardinalityKeyValue(CallKeys.SESSION, session.handle());
			observed.highCardinalityKeyValue(CallKeys.PRINCIPAL, session.principal());
		}
		// A session starts with its agent's model profile (deskhand.profiles.agents).
		this.screen.adoptProfile(session.handle(), session.principal());
		// An agent not trusted with elicitation is never sent one: its client might be a
		// loop that approves whatever it is asked. Its requests wait for the operator.
		CallTransport transport = CallTransport.of(AgentPrincipals.transportOf(context.transportContext()));
		boolean askTheClient = context.elicitEnabled()
				&& this.approval.approvers(transport, principal).contains(Approver.ELICITATION);
		HumanChannel channel = askTheClient ? new ElicitationChannel(context, this.elicitations) : HumanChannel.NONE;
		Progress progress = Progress.of(context, this.progressScheduler);
		if (progress.requested()) {
			channel = new ApprovalProgressChannel(channel, progress, this.approval.askTimeout(), this.operatorUrls);
		}
		Object call = (context.transportContext() != null) ? context.transportContext().get(AgentPrincipals.CALL_KEY)
				: null;
		Cancellation cancellation = (call instanceof Cancellation given) ? given : Cancellation.none();
		return new CallContext(session, new WithdrawnOnCancel(channel, cancellation), progress, cancellation);
	}

}
