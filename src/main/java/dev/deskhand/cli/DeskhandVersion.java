package dev.deskhand.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Collections;
import java.util.Optional;
import java.util.Properties;

/**
 * Deskhand's version, read without starting Spring: from the jar's manifest
 * ({@code Implementation-Version}, which spring-boot-starter-parent's jar configuration
 * writes), or, when running from classes ({@code ./mvnw spring-boot:run}, an IDE, the
 * tests), from the {@code META-INF/build-info.properties} that the build-info goal of
 * spring-boot-maven-plugin writes into them at every build.
 */
final class DeskhandVersion {

	private static final String BUILD_INFO = "META-INF/build-info.properties";

	private DeskhandVersion() {
	}

	/**
	 * @param application a class of Deskhand's, whose package and class loader say where
	 * it was loaded from
	 * @return the version, empty when neither source is there (classes compiled by an IDE
	 * without Maven)
	 */
	static Optional<String> of(Class<?> application) {
		String manifest = application.getPackage().getImplementationVersion();
		if (manifest != null) {
			return Optional.of(manifest);
		}
		return fromBuildInfo(application.getClassLoader());
	}

	private static Optional<String> fromBuildInfo(ClassLoader classLoader) {
		try {
			// Any jar on the class path may carry its own build-info: only Deskhand's
			// counts.
			for (URL url : Collections.list(classLoader.getResources(BUILD_INFO))) {
				Properties info = new Properties();
				try (InputStream in = url.openStream()) {
					info.load(in);
				}
				if ("dev.deskhand".equals(info.getProperty("build.group"))
						&& "deskhand".equals(info.getProperty("build.artifact"))) {
					return Optional.ofNullable(info.getProperty("build.version"));
				}
			}
			return Optional.empty();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not read " + BUILD_INFO, ex);
		}
	}

}
