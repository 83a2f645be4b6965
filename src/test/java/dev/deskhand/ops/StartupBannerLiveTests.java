package dev.deskhand.ops;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.McpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import dev.deskhand.DeskhandApplication;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole application started as a newcomer starts it, on a display it manages itself:
 * the banner it logs names the MCP URL a client really connects to, the console URL that
 * really answers, the file that really holds the operator token, the capabilities that
 * ask a human, and the managed display, which X answers on and which holds no window.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupBannerLiveTests {

	private static final Pattern MCP_URL = Pattern
		.compile("MCP: (http://127\\.0\\.0\\.1:(\\d+)/mcp) \\(Streamable HTTP\\)");

	private static final Pattern CONSOLE_URL = Pattern
		.compile("Console: (http://127\\.0\\.0\\.1:(\\d+)/actuator/console) \\(operator token: in (\\S+)\\)");

	private static final Pattern MANAGED_DISPLAY = Pattern
		.compile("Display: the x11 driver on (:\\d+), an Xvfb Deskhand started");

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void theBannerNamesWhereEverythingIsAndWhatToDoNext(CapturedOutput output, @TempDir Path state) throws Exception {
		// Xvfb and the X tools, or the test is skipped (on CI: failed) as every live test
		TestDesktop.shared();
		Path tokenFile = state.resolve("operator-token");
		try (ConfigurableApplicationContext context = start(state, tokenFile)) {
			int port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
			int managementPort = context.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
			String banner = output.getOut();
			assertThat(banner.split("Deskhand is ready\\.", -1)).as("the banner is logged once").hasSize(2);
			// nothing before it a newcomer would take for a problem
			assertThat(banner.substring(0, banner.indexOf("Deskhand is ready."))).as("start-up's WARN lines")
				.doesNotContain(" WARN ");

			Matcher mcp = find(MCP_URL, banner);
			assertThat(Integer.parseInt(mcp.group(2))).isEqualTo(port);
			assertThat(banner).contains("http://127.0.0.1:" + port + "/sse (legacy HTTP+SSE)");
			// an MCP client at the URL the banner gives finds Deskhand's tools there
			McpSyncClient client = McpClient
				.sync(HttpClientStreamableHttpTransport.builder(mcp.group(1).replace("/mcp", ""))
					.endpoint("/mcp")
					.build())
				.build();
			try {
				client.initialize();
				assertThat(client.listTools().tools()).anyMatch((tool) -> tool.name().equals("left_click"));
			}
			finally {
				client.closeGracefully();
			}

			Matcher console = find(CONSOLE_URL, banner);
			assertThat(Integer.parseInt(console.group(2))).isEqualTo(managementPort);
			assertThat(Path.of(console.group(3))).isEqualTo(tokenFile);
			assertThat(get(console.group(1), null).statusCode()).isEqualTo(200);
			// the token in the file the banner names opens the operators' API
			String token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
			String approvals = "http://127.0.0.1:" + managementPort + "/actuator/approvals";
			assertThat(get(approvals, "wrong").statusCode()).isIn(401, 403);
			assertThat(get(approvals, token).statusCode()).isEqualTo(200);

			assertThat(banner).contains("Approvals: pointer, keyboard, clipboard_read, clipboard_write, launch ask a"
					+ " human (approve in the console, or in an MCP client that answers elicitation); observe"
					+ " allowed; system_keys denied");

			String display = find(MANAGED_DISPLAY, banner).group(1);
			assertThat(display).isNotEqualTo(TestDesktop.shared().display());
			// X answers on the display the banner names, and it holds no window yet
			String clients = xprop(display, "-root", "_NET_CLIENT_LIST");
			assertThat(clients).doesNotContainPattern("0x[0-9a-fA-F]+");
			assertThat(banner).contains("Next: the managed display " + display
					+ " is empty: start an app with the open_application tool or `DISPLAY=" + display + " xterm &`");
			assertThat(banner).doesNotContain("trial profile");
		}
	}

	private static ConfigurableApplicationContext start(Path state, Path tokenFile) {
		return new SpringApplication(DeskhandApplication.class).run("--server.port=0", "--management.server.port=0",
				"--deskhand.display.managed=true", "--deskhand.security.operator-token-file=" + tokenFile,
				"--deskhand.audit.file=" + state.resolve("audit.jsonl"),
				"--deskhand.audit.key-file=" + state.resolve("audit-key"),
				"--deskhand.trajectory.dir=" + state.resolve("trajectories"));
	}

	private static Matcher find(Pattern pattern, String text) {
		Matcher matcher = pattern.matcher(text);
		assertThat(matcher.find()).as("%s in the log:%n%s", pattern, text).isTrue();
		return matcher;
	}

	private HttpResponse<String> get(String url, String token) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url));
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	/** xprop's answer, which fails when no X server answers on {@code display}. */
	private static String xprop(String display, String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("xprop", "-display", display));
		command.addAll(List.of(arguments));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String answer = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as("xprop on %s: %s", display, answer).isZero();
		return answer;
	}

}
