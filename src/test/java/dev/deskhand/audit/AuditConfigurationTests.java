package dev.deskhand.audit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.actuate.audit.AuditEvent;
import org.springframework.boot.actuate.audit.AuditEventRepository;
import org.springframework.boot.actuate.audit.AuditEventsEndpoint;
import org.springframework.boot.actuate.autoconfigure.audit.AuditAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.audit.AuditEventsEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.InvocationContext;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.ExposableWebEndpoint;
import org.springframework.boot.actuate.endpoint.web.WebEndpointHttpMethod;
import org.springframework.boot.actuate.endpoint.web.WebEndpointsSupplier;
import org.springframework.boot.actuate.endpoint.web.WebOperation;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import dev.deskhand.audit.AuditChainEndpoint.AuditChain;
import dev.deskhand.errors.DeskhandException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assumptions.assumeThat;

class AuditConfigurationTests {

	@TempDir
	Path dir;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(AuditAutoConfiguration.class, AuditEventsEndpointAutoConfiguration.class))
		.withUserConfiguration(AuditConfiguration.class);

	@Test
	void recordsReachBootsAuditEventRepositoryAndTheFile() {
		Path file = this.dir.resolve("audit.jsonl");
		this.runner
			.withPropertyValues("deskhand.audit.file=" + file,
					"management.endpoints.web.exposure.include=auditevents,auditchain")
			.run((context) -> {
				context.getBean(AuditTrail.class)
					.record("approval-granted", "alice", Map.of("capability", "keyboard", "scope", "once"));

				assertThat(context.getBean(AuditEventRepository.class).find("alice", null, "approval-granted"))
					.singleElement()
					.extracting(AuditEvent::getData)
					.isEqualTo(Map.of("capability", "keyboard", "scope", "once"));
				assertThat(context).hasSingleBean(AuditEventsEndpoint.class);
				assertThat(context.getBean(AuditChainEndpoint.class).chain())
					.isEqualTo(new AuditChain(file.toString(), true, true, 1, 0, "1 record, chain intact"));
			});
	}

	@Test
	void actuatorDiscoversAndInvokesTheChainEndpoint() {
		Path file = this.dir.resolve("audit.jsonl");
		new WebApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(EndpointAutoConfiguration.class, WebEndpointAutoConfiguration.class))
			.withUserConfiguration(AuditConfiguration.class)
			.withPropertyValues("deskhand.audit.file=" + file, "management.endpoints.web.exposure.include=auditchain")
			.run((context) -> {
				context.getBean(AuditTrail.class).record("input", "alice", Map.of());
				ExposableWebEndpoint endpoint = context.getBean(WebEndpointsSupplier.class)
					.getEndpoints()
					.stream()
					.filter((candidate) -> candidate.getEndpointId().toString().equals("auditchain"))
					.findFirst()
					.orElseThrow();
				WebOperation read = endpoint.getOperations().iterator().next();
				assertThat(read.getRequestPredicate().getPath()).isEqualTo("auditchain");
				assertThat(read.getRequestPredicate().getHttpMethod()).isEqualTo(WebEndpointHttpMethod.GET);
				Object answer = read.invoke(new InvocationContext(SecurityContext.NONE, Map.of()));
				assertThat(AuditFiles.JSON.writeValueAsString(answer)).contains("\"valid\":true", "\"records\":1",
						"\"file\":\"" + file + "\"");
			});
	}

	@Test
	void theAuditHealthComponentSaysWhetherInputIsAccepted() {
		this.runner.withPropertyValues("deskhand.audit.file=" + this.dir.resolve("audit.jsonl"))
			.run((context) -> assertThat(context.getBean("audit", HealthIndicator.class).health())
				.satisfies((health) -> {
					assertThat(health.getStatus()).isEqualTo(Status.UP);
					assertThat(health.getDetails()).containsEntry("input", "accepted");
				}));
	}

	@Test
	void aRecordThatCannotBeWrittenRefusesInputAndTurnsTheAuditComponentDown() throws Exception {
		assumeThat(Files.isWritable(Path.of("/dev/full"))).isTrue();
		Path file = this.dir.resolve("audit.jsonl");
		Files.createSymbolicLink(file, Path.of("/dev/full"));
		this.runner.withPropertyValues("deskhand.audit.file=" + file).run((context) -> {
			AuditTrail trail = context.getBean(AuditTrail.class);
			HealthIndicator health = context.getBean("audit", HealthIndicator.class);
			trail.requireWritable();
			assertThat(health.health().getStatus()).isEqualTo(Status.UP);

			trail.record("input-action", "alice", Map.of("tool", "left_click"));

			assertThatExceptionOfType(DeskhandException.class).isThrownBy(trail::requireWritable)
				.satisfies((ex) -> assertThat(ex.render()).startsWith("E_FAIL: input is refused"));
			assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
			// Boot's repository still has it.
			assertThat(context.getBean(AuditEventRepository.class).find("alice", null, "input-action")).hasSize(1);
		});
	}

	@Test
	void aFileThatCannotBeOpenedRefusesInputFromTheStart() throws Exception {
		Path blocker = Files.writeString(this.dir.resolve("blocker"), "a file where a directory should be");
		this.runner.withPropertyValues("deskhand.audit.file=" + blocker.resolve("audit.jsonl"))
			.run((context) -> assertThatExceptionOfType(DeskhandException.class)
				.isThrownBy(context.getBean(AuditTrail.class)::requireWritable)
				.withMessageContaining("(a file is in the way)"));
	}

	@Test
	void installsTheInstallationsKeyForRedactionAtStartUp() {
		Path keyFile = this.dir.resolve("keys").resolve("audit-key");
		byte[] previous = Redaction.installed();
		try {
			this.runner
				.withPropertyValues("deskhand.audit.file=" + this.dir.resolve("audit.jsonl"),
						"deskhand.audit.key-file=" + keyFile)
				.run((context) -> {
					assertThat(context).hasNotFailed();
					assertThat(keyFile).exists();
					assertThat(Redaction.installed()).isEqualTo(AuditKey.loadOrCreate(keyFile));
				});
			Redaction.install(previous);
			// The next start reads the same key again.
			this.runner
				.withPropertyValues("deskhand.audit.file=" + this.dir.resolve("audit.jsonl"),
						"deskhand.audit.key-file=" + keyFile)
				.run((context) -> assertThat(Redaction.installed()).isEqualTo(AuditKey.loadOrCreate(keyFile)));
		}
		finally {
			Redaction.install(previous);
		}
	}

	@Test
	void aDisabledFileKeepsNoKeyOnDiskEither() {
		Path keyFile = this.dir.resolve("audit-key");
		this.runner.withPropertyValues("deskhand.audit.enabled=false", "deskhand.audit.key-file=" + keyFile)
			.run((context) -> assertThat(keyFile).doesNotExist());
	}

	@Test
	void aKeyFileThatHoldsNoKeyStopsStartUpWithASentence() throws Exception {
		Path keyFile = this.dir.resolve("audit-key");
		Files.writeString(keyFile, "garbage");
		this.runner
			.withPropertyValues("deskhand.audit.file=" + this.dir.resolve("audit.jsonl"),
					"deskhand.audit.key-file=" + keyFile)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("does not hold 64 hex digits"));
	}

	@Test
	void theChainEndpointExistsOnlyWhenExposed() {
		this.runner.withPropertyValues("deskhand.audit.file=" + this.dir.resolve("audit.jsonl"))
			.run((context) -> assertThat(context).hasSingleBean(AuditTrail.class)
				.doesNotHaveBean(AuditChainEndpoint.class));
	}

	@Test
	void bindsTheDefaultsAndExpandsTilde() {
		String home = System.getProperty("user.home");
		this.runner.run((context) -> assertThat(context.getBean(AuditProperties.class))
			.isEqualTo(new AuditProperties(true, Path.of(home, ".deskhand", "audit.jsonl"))));
		this.runner.withPropertyValues("deskhand.audit.enabled=false", "deskhand.audit.file=~/logs/a.jsonl")
			.run((context) -> assertThat(context.getBean(AuditProperties.class))
				.isEqualTo(new AuditProperties(false, Path.of(home, "logs", "a.jsonl"))));
	}

}
