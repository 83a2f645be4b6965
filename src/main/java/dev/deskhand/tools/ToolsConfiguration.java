package dev.deskhand.tools;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.approval.AgentSessions;
import dev.deskhand.approval.ApprovalProperties;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.SystemKeys;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.privacy.PrivacyProperties;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;

@Configuration(proxyBeanMethods = false)
class ToolsConfiguration {

	@Bean
	ToolRunner toolRunner(MeterRegistry registry) {
		return new ToolRunner(registry);
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
			ScheduledExecutorService deskhandProgress, ApprovalProperties approvalProperties) {
		return new CallContexts(sessions, deskhandElicitations, deskhandProgress, approvalProperties.askTimeout());
	}

	@Bean
	ActionFactory actionFactory(ScreenService screen, DesktopDriver driver) {
		return new ActionFactory(screen, driver);
	}

	@Bean
	ActionRunner actionRunner(InputQueue queue, InputLease lease, ApprovalService approvals, SystemKeys systemKeys,
			AuditTrail audit, ScreenService screen, ScreenshotProperties properties) {
		return new ActionRunner(queue, lease, approvals, new ActionDescriptions(systemKeys), audit, screen,
				properties.settle());
	}

	@Bean
	ScreenTools screenTools(CallContexts contexts, ActionRunner actionRunner, ScreenService screen, ToolRunner runner) {
		return new ScreenTools(contexts, actionRunner, screen, runner);
	}

	@Bean
	PointerTools pointerTools(CallContexts contexts, ActionFactory actions, ActionRunner actionRunner,
			ToolRunner runner) {
		return new PointerTools(contexts, actions, actionRunner, runner);
	}

	@Bean
	KeyboardTools keyboardTools(CallContexts contexts, ActionFactory actions, ActionRunner actionRunner,
			ToolRunner runner) {
		return new KeyboardTools(contexts, actions, actionRunner, runner);
	}

	@Bean
	BatchTools batchTools(CallContexts contexts, ActionFactory actions, ActionRunner actionRunner, ToolRunner runner) {
		return new BatchTools(contexts, new BatchParser(actions), actionRunner, runner);
	}

	@Bean
	SessionTools sessionTools(CallContexts contexts, ApprovalService approvals, ScreenService screen,
			ToolRunner runner) {
		return new SessionTools(contexts, approvals, screen, runner);
	}

	@Bean
	WindowTools windowTools(CallContexts contexts, ActionRunner actionRunner, ScreenService screen,
			DesktopDriver driver, ApprovalService approvals, InputLease lease, Failsafe failsafe, AuditTrail audit,
			ApplicationsProperties apps, PrivacyProperties privacy, ToolRunner runner) {
		return new WindowTools(contexts, actionRunner, screen, driver, approvals, lease, failsafe, audit, apps, privacy,
				runner);
	}

	@Bean
	ClipboardTools clipboardTools(CallContexts contexts, ApprovalService approvals, DesktopDriver driver,
			AuditTrail audit, ToolRunner runner) {
		return new ClipboardTools(contexts, approvals, driver.clipboard(), audit, runner);
	}

}
