package dev.deskhand.approval;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/** Where a waiting request tells people to answer it, from the server's settings. */
class OperatorUrlsTests {

	@Test
	void theManagementPortOnceItListens() {
		OperatorUrls urls = OperatorUrls.of(new MockEnvironment().withProperty("management.server.port", "0")
			.withProperty("management.server.address", "127.0.0.1")
			.withProperty("local.management.port", "40123"));
		assertThat(urls.console()).isEqualTo("http://127.0.0.1:40123/actuator/console");
		assertThat(urls.approvals()).isEqualTo("http://127.0.0.1:40123/actuator/approvals");
		assertThat(urls.whereToAnswer("a7")).isEqualTo(
				"on the console http://127.0.0.1:40123/actuator/console or with POST http://127.0.0.1:40123/actuator/approvals/a7 (operator token, deskhand.security.operator-token)");
	}

	@Test
	void theAgentsPortWhenTheActuatorSharesItWithItsBasePaths() {
		OperatorUrls urls = OperatorUrls.of(new MockEnvironment().withProperty("local.server.port", "8080")
			.withProperty("server.servlet.context-path", "/desk/")
			.withProperty("management.endpoints.web.base-path", "ops"));
		assertThat(urls.console()).isEqualTo("http://127.0.0.1:8080/desk/ops/console");
	}

	@Test
	void everyInterfaceIsReachedOnLoopbackAndAnIpv6AddressIsBracketed() {
		assertThat(OperatorUrls.host("0.0.0.0")).isEqualTo("127.0.0.1");
		assertThat(OperatorUrls.host("::")).isEqualTo("127.0.0.1");
		assertThat(OperatorUrls.host(null)).isEqualTo("127.0.0.1");
		assertThat(OperatorUrls.host("::1")).isEqualTo("[::1]");
		assertThat(OperatorUrls.host("192.168.1.5")).isEqualTo("192.168.1.5");
	}

	@Test
	void noOperatorsPortSaysNobodyCanAnswer() {
		OperatorUrls urls = OperatorUrls.of(new MockEnvironment().withProperty("management.server.port", "-1"));
		assertThat(urls.console()).isNull();
		assertThat(urls.whereToAnswer("a1")).contains("the operators' port is off (management.server.port=-1)");
	}

}
