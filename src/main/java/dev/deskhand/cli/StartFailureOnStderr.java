package dev.deskhand.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.boot.bootstrap.ConfigurableBootstrapContext;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.logging.LogFile;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;

/**
 * Says why Deskhand did not start on standard error when console logging is off (the
 * stdio profile: stdout is the protocol, the log a file). Spring Boot reports a failure
 * through the logging system only, so a client that spawned Deskhand saw it exit and
 * nothing else; the person reading that client's server log needs the reason and what to
 * do, as the console would have shown them. With console logging on, the console says it
 * already and this stays silent.
 */
class StartFailureOnStderr implements SpringApplicationRunListener {

	private static final Log logger = LogFactory.getLog(StartFailureOnStderr.class);

	private final PrintStream stderr;

	/*
	 * Kept from environmentPrepared: a failure before the context exists (a configuration
	 * file that does not parse) has no context to read it from.
	 */
	private volatile ConfigurableEnvironment environment;

	StartFailureOnStderr() {
		this(Terminal.err());
	}

	StartFailureOnStderr(PrintStream stderr) {
		this.stderr = stderr;
	}

	@Override
	public void environmentPrepared(ConfigurableBootstrapContext bootstrapContext,
			ConfigurableEnvironment environment) {
		this.environment = environment;
	}

	@Override
	public void ready(ConfigurableApplicationContext context, Duration timeTaken) {
		this.environment = null;
	}

	@Override
	public void failed(ConfigurableApplicationContext context, Throwable exception) {
		ConfigurableEnvironment environment = (context != null) ? context.getEnvironment() : this.environment;
		if (environment == null || environment.getProperty("logging.console.enabled", Boolean.class, true)) {
			return;
		}
		FailureAnalysis analysis = analyze(context, exception);
		StringBuilder message = new StringBuilder("Deskhand failed to start.\n\n");
		if (analysis != null) {
			message.append(analysis.getDescription()).append("\n\n");
			if (analysis.getAction() != null) {
				message.append("Action: ").append(analysis.getAction()).append("\n\n");
			}
		}
		else {
			message.append(Objects.requireNonNullElse(NestedExceptionUtils.getMostSpecificCause(exception), exception))
				.append("\n\n");
		}
		LogFile log = LogFile.get(environment);
		message.append((log != null) ? "The log: " + log + "\n" : "");
		this.stderr.print(message);
		this.stderr.flush();
	}

	/**
	 * Boot's own analysis of the failure (what the log's "APPLICATION FAILED TO START"
	 * says), by the same analyzers, Deskhand's included: FailureAnalyzers hands its
	 * result only to the reporters it loads itself, which the environment cannot reach.
	 */
	private static FailureAnalysis analyze(ConfigurableApplicationContext context, Throwable exception) {
		ClassLoader classLoader = (context != null) ? context.getClassLoader()
				: StartFailureOnStderr.class.getClassLoader();
		ArgumentResolver arguments = (context != null)
				? ArgumentResolver.of(BeanFactory.class, context.getBeanFactory())
					.and(Environment.class, context.getEnvironment())
				: ArgumentResolver.none();
		// an analyzer that needs the missing context's bean factory is skipped, and
		// logged
		List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation(classLoader)
			.load(FailureAnalyzer.class, arguments, FailureHandler.logging(logger));
		for (FailureAnalyzer analyzer : analyzers) {
			try {
				FailureAnalysis analysis = analyzer.analyze(exception);
				if (analysis != null) {
					return analysis;
				}
			}
			catch (RuntimeException ex) {
				// as Boot's FailureAnalyzers does: one analyzer's bug hides no other's
				// answer
				logger.trace("FailureAnalyzer " + analyzer + " failed", ex);
			}
		}
		return null;
	}

}
