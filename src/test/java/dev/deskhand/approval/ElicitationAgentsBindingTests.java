package dev.deskhand.approval;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@code deskhand.approval.elicitation-agents} as an operator writes it: unset trusts the
 * loopback user {@code local} alone, a list replaces it, and an empty value (YAML
 * {@code []}) trusts nobody's client.
 */
class ElicitationAgentsBindingTests {

	@Test
	void unsetTrustsOnlyLocal() {
		ApprovalProperties properties = bind(Map.of());
		assertThat(properties.elicitationAgents()).containsExactly("local");
		assertThat(properties.approvers(CallTransport.MCP_STREAMABLE_HTTP, "local")).contains(Approver.ELICITATION);
		assertThat(properties.approvers(CallTransport.MCP_STREAMABLE_HTTP, "robot")).containsExactly(Approver.OPERATOR);
	}

	@Test
	void aListReplacesTheDefault() {
		ApprovalProperties properties = bind(Map.of("deskhand.approval.elicitation-agents", "claude-desktop"));
		assertThat(properties.trustsElicitationFrom("claude-desktop")).isTrue();
		assertThat(properties.trustsElicitationFrom("local")).isFalse();
	}

	@Test
	void anEmptyListTrustsNobody() {
		ApprovalProperties properties = bind(Map.of("deskhand.approval.elicitation-agents", ""));
		assertThat(properties.elicitationAgents()).isEmpty();
		assertThat(properties.approvers(CallTransport.MCP_STDIO, "local")).containsExactly(Approver.OPERATOR);
	}

	@Test
	void aCallWithoutATransportNameIsStdioAndAnUnknownNameIsRefused() {
		assertThat(CallTransport.of(null)).isEqualTo(CallTransport.MCP_STDIO);
		for (CallTransport transport : CallTransport.values()) {
			assertThat(CallTransport.of(transport.key())).isEqualTo(transport);
		}
		assertThatIllegalArgumentException().isThrownBy(() -> CallTransport.of("carrier-pigeon"));
	}

	private static ApprovalProperties bind(Map<String, String> values) {
		return new Binder(new MapConfigurationPropertySource(values)).bindOrCreate("deskhand.approval",
				ApprovalProperties.class);
	}

}
