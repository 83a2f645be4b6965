package dev.deskhand.tools;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import io.micrometer.observation.ObservationRegistry;
import org.springframework.ai.mcp.server.common.autoconfigure.properties.McpServerProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.BatchArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.elements.ElementMarks;
import dev.deskhand.elements.ElementService;
import dev.deskhand.desk.Desk;
import dev.deskhand.approval.AgentSessions;
import dev.deskhand.approval.ApprovalProperties;
import dev.deskhand.approval.OperatorUrls;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.privacy.PrivacyProperties;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;
import dev.deskhand.trajectory.TrajectoryRecorder;

@Configuration(proxyBeanMethods = false)
class ToolsConfiguration {

	@Bean
	static ToolArgumentErrors toolArgumentErrors() {
		return new ToolArgumentErrors();
	}

	@Bean
	static ToolDeclarations toolDeclarations(ObjectProvider<McpServerProperties> server) {
		return new ToolDeclarations(server);
	}

	@Bean
	ToolRunner toolRunner(ObservationRegistry observations, TrajectoryRecorder trajectories) {
		return new ToolRunner(observations, trajectories);
	}

	// Elicitations wait on a human for minutes; each gets a thread so operators can
	// answer meanwhile.
	@Bean(destroyMethod = "shutdownNow")
	ExecutorService deskhandElicitations() {
		return Executors.newCachedThreadPool((runnable) -> {
			Thread thread = new Thread(runnable, "deskhand-elicitation");
			thread.setDaemon(true);
			return thread;
		});
	}

	// Progress tickers of long calls; one thread is plenty, and it is never the input
	// thread.
	@Bean(destroyMethod = "shutdownNow")
	ScheduledExecutorService deskhandProgress() {
		return Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "deskhand-progress");
			thread.setDaemon(true);
			return thread;
		});
	}

	@Bean
	CallContexts callContexts(AgentSessions sessions, ExecutorService deskhandElicitations,
			ScheduledExecutorService deskhandProgress, ApprovalProperties approvalProperties,
			TrajectoryRecorder trajectories, ScreenService screen, OperatorUrls operatorUrls,
			ObservationRegistry observations) {
		return new CallContexts(sessions, deskhandElicitations, deskhandProgress, approvalProperties, trajectories,
				screen, operatorUrls, observations);
	}

	@Bean
	ProfileTools profileTools(CallContexts contexts, ScreenService screen, ToolRunner runner) {
		return new ProfileTools(contexts, screen, runner);
	}

	@Bean
	ScreenTools screenTools(CallContexts contexts, DesktopActions desktop, ScreenService screen, ToolRunner runner) {
		return new ScreenTools(contexts, desktop, screen, runner);
	}

	@Bean
	PointerTools pointerTools(CallContexts contexts, ActionArguments arguments, DesktopActions desktop,
			ToolRunner runner) {
		return new PointerTools(contexts, arguments, desktop, runner);
	}

	@Bean
	KeyboardTools keyboardTools(CallContexts contexts, ActionArguments arguments, DesktopActions desktop,
			ElementService elements, ToolRunner runner) {
		return new KeyboardTools(contexts, arguments, desktop, elements, runner);
	}

	@Bean
	BatchTools batchTools(CallContexts contexts, BatchArguments batch, DesktopActions desktop, ToolRunner runner) {
		return new BatchTools(contexts, batch, desktop, runner);
	}

	@Bean
	SessionTools sessionTools(CallContexts contexts, ApprovalService approvals, ScreenService screen,
			ToolRunner runner) {
		return new SessionTools(contexts, approvals, screen, runner);
	}

	@Bean
	DeskTools deskTools(CallContexts contexts, Desk desk, ExecutorService deskhandElicitations, ToolRunner runner) {
		return new DeskTools(contexts, desk, deskhandElicitations, runner);
	}

	@Bean
	WindowTools windowTools(CallContexts contexts, ActionArguments arguments, DesktopActions desktop,
			ScreenService screen, DesktopDriver driver, PrivacyProperties privacy, ToolRunner runner) {
		return new WindowTools(contexts, arguments, desktop, screen, driver, privacy, runner);
	}

	@Bean
	ClipboardTools clipboardTools(CallContexts contexts, ActionArguments arguments, DesktopActions desktop,
			ToolRunner runner) {
		return new ClipboardTools(contexts, arguments, desktop, runner);
	}

	@Bean
	ElementTools elementTools(CallContexts contexts, ElementService elements, ActionArguments arguments,
			DesktopActions desktop, ScreenService screen, ScreenshotProperties screenshots, ToolRunner runner) {
		return new ElementTools(contexts, elements, arguments, desktop, screen,
				new ElementMarks(screenshots.jpegQuality()), runner);
	}

}
