package dev.deskhand.ops;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

import dev.deskhand.audit.AuditProperties;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.trajectory.TrajectoryFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The list of {@code GET /actuator/trajectories}: all sessions without parameters (its
 * callers before paging), pages with {@code limit} and {@code before}.
 */
class TrajectoriesEndpointTests {

	@TempDir
	Path dir;

	private List<String> ids;

	private TrajectoriesEndpoint endpoint;

	@BeforeEach
	void recordSessions() {
		this.ids = TrajectoryFixtures.recordSessions(this.dir, "e", 5, Instant.now());
		this.endpoint = new TrajectoriesEndpoint(TrajectoryFixtures.store(this.dir),
				new AuditTrail(new AuditProperties(false, null), (event) -> {
				}, Clock.systemUTC()));
	}

	@Test
	void withoutParametersEverySessionNewestFirstAsBefore() {
		WebEndpointResponse<Map<String, Object>> response = this.endpoint.sessions(null, null);
		assertThat(response.getStatus()).isEqualTo(200);
		assertThat(response.getBody()).containsOnlyKeys("sessions");
		assertThat(ids(response)).containsExactlyElementsOf(this.ids);
	}

	@Test
	void aLimitGivesAPageWithTheTotalAndWhereTheNextStarts() {
		WebEndpointResponse<Map<String, Object>> first = this.endpoint.sessions(2, null);
		assertThat(first.getStatus()).isEqualTo(200);
		assertThat(ids(first)).containsExactlyElementsOf(this.ids.subList(0, 2));
		assertThat(first.getBody()).containsEntry("total", 5).containsKey("next");
		WebEndpointResponse<Map<String, Object>> second = this.endpoint.sessions(2, next(first));
		assertThat(ids(second)).containsExactlyElementsOf(this.ids.subList(2, 4));
		WebEndpointResponse<Map<String, Object>> last = this.endpoint.sessions(2, next(second));
		assertThat(ids(last)).containsExactlyElementsOf(this.ids.subList(4, 5));
		assertThat(last.getBody()).doesNotContainKey("next");
	}

	@Test
	void beforeWithoutALimitGivesADefaultPage() {
		WebEndpointResponse<Map<String, Object>> first = this.endpoint.sessions(1, null);
		WebEndpointResponse<Map<String, Object>> rest = this.endpoint.sessions(null, next(first));
		assertThat(ids(rest)).containsExactlyElementsOf(this.ids.subList(1, 5));
		assertThat(rest.getBody()).doesNotContainKey("next");
	}

	@Test
	void aLimitOutsideOneTo500IsABadRequestThatSaysSo() {
		for (int limit : new int[] { 0, -1, TrajectoriesEndpoint.MAX_PAGE + 1 }) {
			WebEndpointResponse<Map<String, Object>> response = this.endpoint.sessions(limit, null);
			assertThat(response.getStatus()).isEqualTo(400);
			assertThat((String) response.getBody().get("error")).contains("limit must be 1 to 500");
		}
		assertThat(this.endpoint.sessions(TrajectoriesEndpoint.MAX_PAGE, null).getStatus()).isEqualTo(200);
	}

	@Test
	void aCursorThatNoPageGaveIsABadRequestThatSaysSo() {
		WebEndpointResponse<Map<String, Object>> response = this.endpoint.sessions(2, "../../etc/passwd");
		assertThat(response.getStatus()).isEqualTo(400);
		assertThat((String) response.getBody().get("error")).contains("before must be the next of an earlier page");
	}

	@SuppressWarnings("unchecked")
	private static List<Object> ids(WebEndpointResponse<Map<String, Object>> response) {
		return ((List<Map<String, Object>>) response.getBody().get("sessions")).stream()
			.map((s) -> s.get("id"))
			.toList();
	}

	private static String next(WebEndpointResponse<Map<String, Object>> response) {
		return (String) response.getBody().get("next");
	}

}
