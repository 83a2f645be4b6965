package dev.deskhand.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * curl run as another OS user ({@code nobody}, uid 65534) through {@code setpriv}: a
 * client process of someone else on this machine. Needs root to switch users; on CI
 * (which runs as root and installs curl and util-linux) it is never skipped.
 */
final class OtherUid {

	static final int NOBODY = 65534;

	private OtherUid() {
	}

	static void assumeAvailable() {
		if ("true".equals(System.getenv("CI"))) {
			return;
		}
		assumeTrue(onPath("setpriv") && onPath("curl"), "setpriv and curl are needed to act as another user");
		assumeTrue(isRoot(), "only root can run a client as another user");
	}

	/**
	 * One request from uid {@link #NOBODY}.
	 * @param method {@code POST} (with {@code body}) or {@code GET}
	 * @param token an agent token to send, or {@code null}
	 */
	static Answer send(String method, String url, String token, String body) throws Exception {
		List<String> command = new ArrayList<>(
				List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "curl", "-s", "-m", "20",
						"-o", "-", "-w", "\n%{http_code}", "-X", method, "-H", "Accept: " + RawMcp.BOTH));
		if (token != null) {
			command.addAll(List.of("-H", "Authorization: Bearer " + token));
		}
		if (body != null) {
			command.addAll(List.of("-H", "Content-Type: application/json", "--data-binary", body));
		}
		command.add(url);
		Process curl = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
		String output = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(curl.waitFor(30, TimeUnit.SECONDS)).isTrue();
		int end = output.lastIndexOf('\n');
		return new Answer(Integer.parseInt(output.substring(end + 1).strip()), output.substring(0, end));
	}

	/**
	 * @param status the HTTP status, 000 when curl got no answer
	 */
	record Answer(int status, String body) {
	}

	private static boolean onPath(String program) {
		String path = System.getenv("PATH");
		if (path == null) {
			return false;
		}
		for (String directory : path.split(":")) {
			if (Files.isExecutable(Path.of(directory, program))) {
				return true;
			}
		}
		return false;
	}

	private static boolean isRoot() {
		try {
			return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
		}
		catch (IOException | UnsupportedOperationException ex) {
			return false;
		}
	}

}
