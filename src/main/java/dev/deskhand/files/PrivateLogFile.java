package dev.deskhand.files;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.apache.commons.logging.Log;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.boot.logging.LogFile;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Creates the log file ({@code logging.file.name}, the stdio profile's
 * {@code ~/.deskhand/stdio.log}) and its missing directories privately before the logging
 * system opens it: logback would create them with the umask's modes, and the first part
 * of Deskhand to create {@code ~/.deskhand} decides who may look inside it. Runs after
 * the configuration files are read (so profiles count) and before logging starts.
 */
class PrivateLogFile implements EnvironmentPostProcessor, Ordered {

	private final Log log;

	PrivateLogFile(DeferredLogFactory logs) {
		this.log = logs.getLog(PrivateLogFile.class);
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		LogFile logFile = LogFile.get(environment);
		if (logFile == null) {
			return;
		}
		Path file = Path.of(logFile.toString());
		try {
			PrivateFiles.createParentDirectories(file);
			// CREATE + APPEND: a new file is 600, an existing one is left as it is.
			PrivateFiles.write(file, new byte[0], StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException | RuntimeException ex) {
			// The logging system reports what it cannot open itself.
			this.log.debug("Could not create the log file " + file + " privately: " + ex);
		}
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
