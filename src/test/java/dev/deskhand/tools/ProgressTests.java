package dev.deskhand.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willAnswer;
import static org.mockito.Mockito.mock;

/**
 * The progress rules the MCP spec sets: only with a token, and every value above the last
 * one.
 */
class ProgressTests {

	private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

	private final List<ProgressNotification> sent = new ArrayList<>();

	@AfterEach
	void stop() {
		this.scheduler.shutdownNow();
	}

	@Test
	void withoutATokenNothingIsSent() {
		Progress progress = Progress.of(context(null), this.scheduler);
		assertThat(progress.requested()).isFalse();
		progress.phase(10.0).report(1, "one");
		assertThat(this.sent).isEmpty();
	}

	@Test
	void aLaterPhaseCountsOnFromTheEarlierOne() {
		Progress progress = Progress.of(context("token-1"), this.scheduler);
		Progress.Phase approval = progress.phase(30.0);
		approval.report(0, "waiting for approval");
		approval.report(3, "waiting for approval");
		approval.close();
		Progress.Phase hold = progress.phase(2.0);
		hold.report(0, "hold_key: 0.0 of 2.0 s");
		hold.report(1, "hold_key: 1.0 of 2.0 s");

		assertThat(this.sent).extracting(ProgressNotification::progress).containsExactly(0.0, 3.0, 4.0);
		assertThat(this.sent.get(2).total()).isEqualTo(5.0);
		assertThat(this.sent.get(2).message()).isEqualTo("hold_key: 1.0 of 2.0 s");
		assertThat(this.sent).extracting(ProgressNotification::progressToken).containsOnly("token-1");
	}

	@Test
	void aClosedPhaseStaysQuiet() {
		Progress progress = Progress.of(context("token-2"), this.scheduler);
		Progress.Phase phase = progress.phase(null);
		phase.report(1, "one");
		phase.close();
		phase.report(2, "two");
		assertThat(this.sent).extracting(ProgressNotification::message).containsExactly("one");
		assertThat(this.sent.get(0).total()).isNull();
	}

	private McpSyncRequestContext context(Object token) {
		McpSyncRequestContext context = mock(McpSyncRequestContext.class);
		given(context.request())
			.willReturn(CallToolRequest.builder().name("wait").arguments(Map.of()).progressToken(token).build());
		willAnswer((invocation) -> this.sent.add(invocation.getArgument(0))).given(context)
			.progress(any(ProgressNotification.class));
		return context;
	}

}
