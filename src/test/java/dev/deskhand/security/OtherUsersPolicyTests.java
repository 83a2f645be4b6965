package dev.deskhand.security;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.deskhand.platform.ConnectionOwners.OsUser;
import dev.deskhand.platform.ConnectionOwners.Owner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The decision table: agent token × allow-other-users × who opened the connection → the
 * verdict, and whether the owner had to be looked up for it.
 */
class OtherUsersPolicyTests {

	private static final OsUser DESKTOP = new OsUser("uid 1000");

	private static final Owner SAME = new Owner.Known(DESKTOP);

	private static final Owner OTHER = new Owner.Known(new OsUser("uid 65534"));

	private static final Owner MISSING = new Owner.Unknown("no socket 127.0.0.1:41234 -> 127.0.0.1:8080");

	private static final String OTHER_REFUSAL = "this Deskhand serves only its desktop's user (uid 1000); "
			+ "the connection comes from uid 65534: present an agent token (deskhand.security.agent-tokens) "
			+ "or set deskhand.security.allow-other-users=true";

	private static final String MISSING_REFUSAL = "this Deskhand serves only its desktop's user (uid 1000) and "
			+ "could not tell who opened this connection (no socket 127.0.0.1:41234 -> 127.0.0.1:8080): present an "
			+ "agent token (deskhand.security.agent-tokens) or set deskhand.security.allow-other-users=true";

	static Stream<Arguments> table() {
		return Stream.of(
				// token, allow-other-users, owner -> refusal (null: allowed), owner
				// looked up
				Arguments.of(false, false, SAME, null, true), Arguments.of(false, false, OTHER, OTHER_REFUSAL, true),
				Arguments.of(false, false, MISSING, MISSING_REFUSAL, true),
				Arguments.of(true, false, SAME, null, false), Arguments.of(true, false, OTHER, null, false),
				Arguments.of(true, false, MISSING, null, false), Arguments.of(false, true, SAME, null, false),
				Arguments.of(false, true, OTHER, null, false), Arguments.of(false, true, MISSING, null, false),
				Arguments.of(true, true, OTHER, null, false));
	}

	@ParameterizedTest(name = "token={0} allowOtherUsers={1} owner={2}")
	@MethodSource("table")
	void decides(boolean token, boolean allowOtherUsers, Owner owner, String refusal, boolean lookedUp) {
		AtomicInteger lookups = new AtomicInteger();
		Supplier<Owner> lookup = () -> {
			lookups.incrementAndGet();
			return owner;
		};
		OtherUsersPolicy.Verdict verdict = OtherUsersPolicy.decide(token, allowOtherUsers, DESKTOP, lookup);
		assertThat(verdict.refusal()).isEqualTo(refusal);
		assertThat(verdict.allowed()).isEqualTo(refusal == null);
		assertThat(lookups.get()).isEqualTo(lookedUp ? 1 : 0);
	}

}
