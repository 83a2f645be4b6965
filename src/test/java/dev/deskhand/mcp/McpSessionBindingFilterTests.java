package dev.deskhand.mcp;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class McpSessionBindingFilterTests {

	@Test
	void theSessionIdIsReadAsTheTransportReadsIt() {
		assertThat(McpSessionBindingFilter.firstQueryValue(null, "sessionId")).isNull();
		assertThat(McpSessionBindingFilter.firstQueryValue("other=1", "sessionId")).isNull();
		assertThat(McpSessionBindingFilter.firstQueryValue("sessionId=abc", "sessionId")).isEqualTo("abc");
		// The first value wins, as with getParameter: a second one cannot slip past.
		assertThat(McpSessionBindingFilter.firstQueryValue("sessionId=abc&sessionId=def", "sessionId"))
			.isEqualTo("abc");
		assertThat(McpSessionBindingFilter.firstQueryValue("x=1&session%49d=a%2Db", "sessionId")).isEqualTo("a-b");
		assertThat(McpSessionBindingFilter.firstQueryValue("sessionId", "sessionId")).isEmpty();
	}

	@Test
	void aSessionBelongsToItsFirstOwnerUntilItEnds() {
		McpSessionOwners owners = new McpSessionOwners();
		owners.bind("s1", "alice");
		owners.bind("s1", "bob");
		assertThat(owners.isOwner("s1", "alice")).isTrue();
		assertThat(owners.isOwner("s1", "bob")).isFalse();
		assertThat(owners.isOwner("s2", "alice")).isFalse();
		owners.forget("s1");
		assertThat(owners.isOwner("s1", "alice")).isFalse();
		assertThat(owners.size()).isZero();
	}

}
