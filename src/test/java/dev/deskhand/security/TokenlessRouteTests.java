package dev.deskhand.security;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.deskhand.platform.OperatingSystem;

import static dev.deskhand.platform.OperatingSystem.LINUX;
import static dev.deskhand.platform.OperatingSystem.MACOS;
import static dev.deskhand.platform.OperatingSystem.OTHER;
import static dev.deskhand.platform.OperatingSystem.WINDOWS;
import static dev.deskhand.security.TokenlessRoute.ALLOW;
import static dev.deskhand.security.TokenlessRoute.GENERATED_TOKEN;
import static dev.deskhand.security.TokenlessRoute.PROC_NET;
import static dev.deskhand.security.TokenlessRoute.TCP_TABLE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * OS × allow-other-users × agent tokens → how a client without a token is told to be the
 * desktop's user. Every OS must have its four rows: a new {@link OperatingSystem} fails
 * {@link #everyOperatingSystemHasItsRows()} until someone decides its route.
 */
class TokenlessRouteTests {

	// os, allow-other-users, agent tokens configured -> route
	private static final List<Arguments> TABLE = List.of(Arguments.of(LINUX, false, false, PROC_NET),
			Arguments.of(LINUX, true, false, ALLOW), Arguments.of(LINUX, false, true, ALLOW),
			Arguments.of(LINUX, true, true, ALLOW), Arguments.of(WINDOWS, false, false, TCP_TABLE),
			Arguments.of(WINDOWS, true, false, ALLOW), Arguments.of(WINDOWS, false, true, ALLOW),
			Arguments.of(WINDOWS, true, true, ALLOW), Arguments.of(MACOS, false, false, GENERATED_TOKEN),
			Arguments.of(MACOS, true, false, ALLOW), Arguments.of(MACOS, false, true, ALLOW),
			Arguments.of(MACOS, true, true, ALLOW), Arguments.of(OTHER, false, false, GENERATED_TOKEN),
			Arguments.of(OTHER, true, false, ALLOW), Arguments.of(OTHER, false, true, ALLOW),
			Arguments.of(OTHER, true, true, ALLOW));

	static Stream<Arguments> table() {
		return TABLE.stream();
	}

	@ParameterizedTest(name = "{0} allowOtherUsers={1} agentTokens={2} -> {3}")
	@MethodSource("table")
	void routes(OperatingSystem os, boolean allowOtherUsers, boolean agentTokens, TokenlessRoute route) {
		assertThat(TokenlessRoute.of(os, allowOtherUsers, agentTokens)).isEqualTo(route);
	}

	@Test
	void everyOperatingSystemHasItsRows() {
		Set<List<Object>> rows = new HashSet<>();
		for (Arguments row : TABLE) {
			rows.add(Arrays.asList(row.get()).subList(0, 3));
		}
		for (OperatingSystem os : OperatingSystem.values()) {
			for (boolean allowOtherUsers : new boolean[] { false, true }) {
				for (boolean agentTokens : new boolean[] { false, true }) {
					assertThat(rows)
						.as("the route table has no rule for %s, allow-other-users=%s, agent tokens=%s", os,
								allowOtherUsers, agentTokens)
						.contains(List.of(os, allowOtherUsers, agentTokens));
				}
			}
		}
		assertThat(TABLE).hasSize(OperatingSystem.values().length * 4);
	}

	@Test
	void onlyTheProcNetAndTcpTableRoutesAskTheOs() {
		assertThat(Arrays.stream(TokenlessRoute.values()).filter(TokenlessRoute::looksUpOwners))
			.containsExactly(PROC_NET, TCP_TABLE);
	}

}
