package dev.deskhand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's {@code java -jar} commands name the jar the build writes, and the README
 * says how to build it: it once told newcomers to run a {@code deskhand.jar} that nothing
 * makes.
 */
class JarDocumentationTests {

	private static final Pattern PROJECT = Pattern.compile(
			"</parent>\\s*<groupId>[^<]*</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*<version>([^<]+)</version>");

	private static final Pattern JAR = Pattern.compile("java -jar ([^\\s`]+\\.jar)");

	@Test
	void theReadmeRunsTheJarTheBuildWrites() throws IOException {
		Matcher project = PROJECT.matcher(Files.readString(Path.of("pom.xml")));
		assertThat(project.find()).as("the project's artifactId and version in pom.xml").isTrue();
		String built = "target/" + project.group(1) + "-" + project.group(2) + ".jar";
		String readme = Files.readString(Path.of("README.md"));
		List<String> run = new ArrayList<>();
		Matcher jar = JAR.matcher(readme);
		while (jar.find()) {
			run.add(jar.group(1));
		}
		assertThat(run).as("jars README.md runs").isNotEmpty().allSatisfy((name) -> assertThat(name).isEqualTo(built));
		assertThat(readme).contains("`./mvnw -DskipTests package` writes `" + built + "`");
	}

}
