package dev.deskhand.agents;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.AgentSessions;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.screen.ModelProfiles;
import dev.deskhand.screen.ProfileProperties;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;
import dev.deskhand.security.AgentPrincipals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Which session a vendor call runs in: an HTTP agent's by the handle it was given, an
 * in-process call's by its name, and never another principal's.
 */
class EndpointSessionsTests {

	private static final ScreenshotProperties SCREENSHOTS = new ScreenshotProperties(1280, 800, 1_150_000, "png", 0.8f,
			Duration.ofMillis(300), true);

	private final AgentSessions agentSessions = new AgentSessions(Clock.systemUTC(), Duration.ofHours(1));

	private ScreenService screen;

	private EndpointSessions sessions(Map<String, String> agentProfiles) {
		ModelProfiles profiles = new ModelProfiles(SCREENSHOTS,
				new ProfileProperties(ModelProfiles.ANTHROPIC, agentProfiles, null));
		this.screen = new ScreenService(new FakeDesktopDriver(), SCREENSHOTS, profiles, Clock.systemUTC(), List.of());
		return new EndpointSessions(this.agentSessions, this.screen);
	}

	@Test
	void anInProcessCallRunsInTheSessionDeskhandsOwnInProcessToolsUseUnderThatName() {
		EndpointSessions sessions = sessions(Map.of());
		AgentSession named = sessions.open(AgentPrincipals.IN_PROCESS, "ticket-4711", ModelProfiles.OPENAI);

		// what tools.CallContexts resolves for an in-process MCP tool call of that name
		assertThat(this.agentSessions.resolve(AgentPrincipals.IN_PROCESS, "ticket-4711",
				AgentPrincipals.IN_PROCESS_CLIENT))
			.isSameAs(named);
		assertThat(named.client()).isEqualTo(AgentPrincipals.IN_PROCESS_CLIENT);
		assertThat(sessions.open(AgentPrincipals.IN_PROCESS, "ticket-4711", ModelProfiles.GEMINI)).isSameAs(named);
		assertThat(sessions.open(AgentPrincipals.IN_PROCESS, null, ModelProfiles.OPENAI))
			.isSameAs(this.agentSessions.resolve(AgentPrincipals.IN_PROCESS, AgentPrincipals.IN_PROCESS_DEFAULT_SESSION,
					AgentPrincipals.IN_PROCESS_CLIENT));
	}

	@Test
	void anHttpAgentReachesAnInProcessSessionNeitherByItsHandleNorByItsName() {
		EndpointSessions sessions = sessions(Map.of());
		AgentSession named = sessions.open(AgentPrincipals.IN_PROCESS, "ticket-4711", ModelProfiles.OPENAI);

		for (String principal : List.of("alpha", AgentPrincipals.LOCAL)) {
			for (String handle : List.of(named.handle(), "ticket-4711")) {
				assertThatExceptionOfType(DeskhandException.class)
					.isThrownBy(() -> sessions.open(principal, handle, ModelProfiles.OPENAI))
					.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_FOUND));
			}
			// without a handle: a new session of its own
			assertThat(sessions.open(principal, null, ModelProfiles.OPENAI)).isNotSameAs(named)
				.satisfies((own) -> assertThat(own.principal()).isEqualTo(principal));
		}
	}

	@Test
	void theProfileIsTheVendorsAndTheFirstChoiceStays() {
		EndpointSessions sessions = sessions(Map.of());

		AgentSession session = sessions.open(AgentPrincipals.IN_PROCESS, "one", ModelProfiles.OPENAI);
		assertThat(this.screen.profile(session.handle()).name()).isEqualTo(ModelProfiles.OPENAI);
		// a later vendor's call in the same session keeps the session's profile
		sessions.open(AgentPrincipals.IN_PROCESS, "one", ModelProfiles.GEMINI);
		assertThat(this.screen.profile(session.handle()).name()).isEqualTo(ModelProfiles.OPENAI);
	}

	@Test
	void aProfileConfiguredForTheInProcessPrincipalWinsOverTheVendors() {
		EndpointSessions sessions = sessions(Map.of(AgentPrincipals.IN_PROCESS, ModelProfiles.ANTHROPIC_HD));

		AgentSession session = sessions.open(AgentPrincipals.IN_PROCESS, "two", ModelProfiles.OPENAI);

		assertThat(this.screen.profile(session.handle()).name()).isEqualTo(ModelProfiles.ANTHROPIC_HD);
	}

}
