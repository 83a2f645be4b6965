package dev.deskhand.selftest;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class WitnessWindowProcessTests {

	private final String contact = "40123:c0ffee";

	@Test
	void fromDeskhandsJarTheWitnessStartsWithDashJar() {
		// a Spring Boot jar keeps its classes under BOOT-INF: -cp could not reach them
		assertThat(WitnessWindowProcess.command("/opt/jdk/bin/java", "/opt/deskhand/deskhand.jar", true,
				"dev.deskhand.DeskhandApplication", this.contact, "Deskhand self-test 1a2b"))
			.containsExactly("/opt/jdk/bin/java", "-Xmx64m", "-XX:+UseSerialGC", "-jar", "/opt/deskhand/deskhand.jar",
					"--deskhand.self-test-window=40123:c0ffee", "Deskhand self-test 1a2b");
	}

	@Test
	void fromAClassPathItStartsTheMainClass() {
		String classPath = "/src/target/classes" + File.pathSeparator + "/m2/jna.jar";
		assertThat(WitnessWindowProcess.command("java", classPath, false, "dev.deskhand.DeskhandApplication",
				this.contact, "t"))
			.containsExactly("java", "-Xmx64m", "-XX:+UseSerialGC", "-cp", classPath,
					"dev.deskhand.DeskhandApplication", "--deskhand.self-test-window=40123:c0ffee", "t");
	}

	@Test
	void onlyAJarWhoseManifestNamesAStartClassIsDeskhandsOwn(@TempDir Path directory) throws Exception {
		Path boot = jar(directory.resolve("deskhand.jar"), "Start-Class", "dev.deskhand.DeskhandApplication");
		Path booter = jar(directory.resolve("surefirebooter.jar"), "Class-Path", "classes/ deps.jar");

		assertThat(WitnessWindowProcess.isBootJar(boot.toString())).isTrue();
		// a test runner's manifest-only jar holds a class path, not Deskhand
		assertThat(WitnessWindowProcess.isBootJar(booter.toString())).isFalse();
		assertThat(WitnessWindowProcess.isBootJar(boot + File.pathSeparator + booter)).isFalse();
		assertThat(WitnessWindowProcess.isBootJar(directory.resolve("missing.jar").toString())).isFalse();
	}

	private static Path jar(Path path, String attribute, String value) throws Exception {
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		manifest.getMainAttributes().putValue(attribute, value);
		try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(path), manifest)) {
			return path;
		}
	}

	@Test
	void theWindowIsAskedForByItsArgumentAndTitle() {
		assertThat(SelfTestWindow.request(new String[] { "--deskhand.self-test-window=40123:c0ffee", "Title 1" }))
			.containsExactly("40123:c0ffee", "Title 1");
		assertThat(SelfTestWindow.request(new String[] { "--deskhand.self-test" })).isNull();
	}

}
