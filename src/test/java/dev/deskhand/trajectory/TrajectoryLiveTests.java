package dev.deskhand.trajectory;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import javax.imageio.ImageIO;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.audit.Redaction;
import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.answer;
import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.imageBlock;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real MCP client works a real X11 desktop (the witness window takes a click and a
 * typed secret; an xterm of a masked app sits beside it); then the operator API shows the
 * session's record: every call, the images exactly as the client received them, an image
 * after each desktop-changing call with the masked window black, the secret in no stored
 * file, and a download that verifies against the live audit chain while tampered copies
 * do not.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.screenshot.settle=50ms",
				"deskhand.privacy.masked-apps[0]=ReplayVault",
				"deskhand.security.operator-token=" + TrajectoryLiveTests.OPERATOR_TOKEN })
class TrajectoryLiveTests {

	static final String OPERATOR_TOKEN = "trajectory-live-operator-token";

	private static final String SECRET = "hunter2-Sécret-77";

	private static final Duration WAIT = Duration.ofSeconds(15);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path dir;

	private static WitnessWindow witness;

	private static Process vault;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> dir.resolve("audit.jsonl").toString());
		registry.add("deskhand.trajectory.dir", () -> dir.resolve("trajectories").toString());
	}

	@BeforeAll
	static void openWindows() throws IOException {
		TestDesktop desktop = TestDesktop.shared();
		witness = WitnessWindow.open(desktop, "Deskhand replay witness", 150, 150, 600, 400);
		ProcessBuilder builder = new ProcessBuilder("xterm", "-class", "ReplayVault", "-T", "replay-vault", "-bg",
				"white", "-geometry", "40x12+1000+200", "-e", "sleep", "120")
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.DISCARD);
		builder.environment().putAll(desktop.environment());
		vault = builder.start();
		desktop.awaitWindow("replay-vault", WAIT);
	}

	@AfterAll
	static void closeWindows() {
		if (witness != null) {
			witness.close();
		}
		if (vault != null) {
			vault.destroy();
		}
	}

	@Test
	void theRecordShowsEveryCallWithWhatTheAgentSawAndVerifiesAgainstTheAuditChain() throws Exception {
		McpSyncClient client = McpTestClients.streamable(this.port, "replay-live-agent",
				(request) -> answer("approve", "session"));
		try {
			witness.focus();
			CallToolResult first = call(client, "screenshot", Map.of());
			assertThat(first.isError()).as(text(first)).isNotEqualTo(Boolean.TRUE);
			byte[] firstImage = Base64.getDecoder().decode(imageBlock(first).data());
			int[] vaultBox = maskedWindow(text(call(client, "list_windows", Map.of())));
			CallToolResult click = call(client, "left_click", Map.of("coordinate", imagePoint(100, 100)));
			assertThat(click.isError()).as(text(click)).isNotEqualTo(Boolean.TRUE);
			CallToolResult typed = call(client, "type", Map.of("text", SECRET, "screenshot_after", true));
			assertThat(typed.isError()).as(text(typed)).isNotEqualTo(Boolean.TRUE);
			witness.awaitText(SECRET, WAIT);
			byte[] typedImage = Base64.getDecoder().decode(imageBlock(typed).data());
			// A zoom's pixels are not those the next action's coordinates refer to.
			CallToolResult zoom = call(client, "zoom", Map.of("region", List.of(0, 0, 200, 100)));
			assertThat(zoom.isError()).as(text(zoom)).isNotEqualTo(Boolean.TRUE);
			// A refused call is recorded too, with its code.
			CallToolResult refused = call(client, "left_click",
					Map.of("coordinate", List.of(vaultBox[0] + vaultBox[2] / 2, vaultBox[1] + vaultBox[3] / 2)));
			assertThat(text(refused)).startsWith("E_NOT_GRANTED: ");

			JsonNode session = awaitSession("replay-live-agent", 6);
			JsonNode steps = session.path("steps");
			List<String> tools = new ArrayList<>();
			steps.forEach((step) -> tools.add(step.path("tool").asString()));
			assertThat(tools).containsExactly("screenshot", "list_windows", "left_click", "type", "zoom", "left_click");
			String id = session.path("id").asString();

			// The screenshot's image is stored byte for byte as the client received it.
			JsonNode shot = steps.get(0);
			assertThat(shot.path("sent").get(0).path("sha256").asString())
				.isEqualTo(TrajectoryFiles.sha256(firstImage));
			assertThat(image(id, shot.path("sent").get(0))).isEqualTo(firstImage);

			// The click: before is that screenshot; after is a fresh one the size the
			// agent's images have, the masked window black in it; its audit ties in.
			JsonNode clicked = steps.get(2);
			assertThat(clicked.path("outcome").asString()).isEqualTo("ok");
			assertThat(clicked.path("before").path("sha256").asString()).isEqualTo(TrajectoryFiles.sha256(firstImage));
			BufferedImage sent = decode(firstImage);
			BufferedImage after = decode(image(id, clicked.path("after")));
			assertThat(after.getWidth()).isEqualTo(sent.getWidth());
			assertThat(after.getHeight()).isEqualTo(sent.getHeight());
			assertMasked(sent, vaultBox);
			assertMasked(after, vaultBox);
			List<String> auditTypes = new ArrayList<>();
			clicked.path("audit").forEach((record) -> auditTypes.add(record.path("type").asString()));
			assertThat(auditTypes).containsExactly("approval-asked", "approval-granted", "input-action");
			clicked.path("audit").forEach((record) -> assertThat(record.path("seq").asLong()).isPositive());
			assertThat(clicked.path("arguments").path("coordinate").toString())
				.isEqualTo("[" + imagePoint(100, 100).get(0) + "," + imagePoint(100, 100).get(1) + "]");

			// type: arguments redacted as the audit redacts them; after is what the
			// client
			// got back.
			JsonNode typing = steps.get(3);
			assertThat(typing.path("arguments").path("text").path("hmac").asString())
				.isEqualTo(Redaction.of(SECRET).get("hmac"));
			assertThat(typing.path("arguments").path("text").path("length").asInt()).isEqualTo(SECRET.length());
			assertThat(image(id, typing.path("after"))).isEqualTo(typedImage);
			assertMasked(decode(image(id, typing.path("before"))), vaultBox);

			assertThat(steps.get(4).path("sent").get(0).path("sha256").asString())
				.isEqualTo(TrajectoryFiles.sha256(Base64.getDecoder().decode(imageBlock(zoom).data())));
			JsonNode refusedStep = steps.get(5);
			assertThat(refusedStep.path("outcome").asString()).isEqualTo("E_NOT_GRANTED");
			assertThat(refusedStep.path("before").path("sha256").asString())
				.isEqualTo(TrajectoryFiles.sha256(typedImage));

			// The secret is in no stored byte: not the record's, not the download's.
			try (Stream<Path> files = Files.walk(dir.resolve("trajectories"))) {
				for (Path file : files.filter(Files::isRegularFile).toList()) {
					assertThat(contains(Files.readAllBytes(file), SECRET)).as(file.toString()).isFalse();
				}
			}
			byte[] zip = download(id, "download.zip");
			Map<String, byte[]> entries = unzip(zip);
			assertThat(entries).containsKeys("steps.jsonl", "session.json", "audit.jsonl");
			entries.forEach((name, bytes) -> assertThat(contains(bytes, SECRET)).as(name).isFalse());

			// Verifies against the live chain, through the API too; tampered copies do
			// not.
			Path audit = dir.resolve("audit.jsonl");
			TrajectoryVerifier.Result ok = TrajectoryVerifier.verify(zip, audit);
			assertThat(ok.valid()).as(ok.reason()).isTrue();
			assertThat(new String(download(id, "verify"), StandardCharsets.UTF_8)).contains("\"valid\":true");

			TrajectoryVerifier.Result outcome = TrajectoryVerifier.verify(rewrite(entries, "steps.jsonl",
					(s) -> s.replace("\"outcome\":\"E_NOT_GRANTED\",\"message\"", "\"outcome\":\"ok\",\"message\"")),
					audit);
			assertThat(outcome.valid()).isFalse();
			assertThat(outcome.reason()).contains("step 6 (left_click)", "outcome");

			String anImage = entries.keySet().stream().filter((name) -> name.startsWith("images/")).findFirst().get();
			Map<String, byte[]> changedImage = new LinkedHashMap<>(entries);
			byte[] pixels = changedImage.get(anImage).clone();
			pixels[pixels.length / 2] ^= 0x55;
			changedImage.put(anImage, pixels);
			TrajectoryVerifier.Result image = TrajectoryVerifier.verify(zip(changedImage), audit);
			assertThat(image.valid()).isFalse();
			assertThat(image.reason()).contains(anImage, "SHA-256");

			TrajectoryVerifier.Result line = TrajectoryVerifier.verify(rewrite(entries, "audit.jsonl",
					(s) -> s.replaceFirst("\"outcome\":\"ok\"", "\"outcome\":\"E_FAIL\"")), audit);
			assertThat(line.valid()).isFalse();
			assertThat(line.reason()).contains("not an intact hash chain", "hash mismatch");
		}
		finally {
			client.closeGracefully();
		}
	}

	@Test
	void aGridSessionsStepsSayTheirCoordinatesAreGridCells() throws Exception {
		McpSyncClient client = McpTestClients.streamable(this.port, "replay-grid-agent",
				(request) -> answer("approve", "session"));
		try {
			witness.focus();
			call(client, "set_profile", Map.of("profile", "gemini"));
			call(client, "screenshot", Map.of());
			ScreenRect area = witness.bounds();
			List<Integer> cell = List.of((area.x() + 100) * 1000 / 1920, (area.y() + 100) * 1000 / 1080);
			CallToolResult click = call(client, "left_click", Map.of("coordinate", cell));
			assertThat(click.isError()).as(text(click)).isNotEqualTo(Boolean.TRUE);
			// a batch of one action is a computer_batch step, and audited as one
			CallToolResult batch = call(client, "computer_batch",
					Map.of("actions", List.of(Map.of("action", "mouse_move", "coordinate", cell))));
			assertThat(batch.isError()).as(text(batch)).isNotEqualTo(Boolean.TRUE);
			JsonNode session = awaitSession("replay-grid-agent", 4);
			JsonNode steps = session.path("steps");
			JsonNode clicked = steps.get(2);
			assertThat(clicked.path("tool").asString()).isEqualTo("left_click");
			// the replay draws the target at cell / 1000 of the image, not at pixel /
			// width
			assertThat(clicked.path("coordinates").asString()).isEqualTo("grid-1000");
			assertThat(steps.get(0).has("coordinates")).isFalse();
			assertThat(steps.get(3).path("tool").asString()).isEqualTo("computer_batch");
			String verified = new String(download(session.path("id").asString(), "verify"), StandardCharsets.UTF_8);
			assertThat(verified).contains("\"valid\":true");
		}
		finally {
			client.closeGracefully();
		}
	}

	private JsonNode awaitSession(String client, int steps) throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			JsonNode list = JSON.readTree(operator().get("/actuator/trajectories").body());
			for (JsonNode session : list.path("sessions")) {
				if (client.equals(session.path("client").asString()) && session.path("steps").asInt() >= steps) {
					HttpResponse<String> one = operator()
						.get("/actuator/trajectories/" + session.path("id").asString());
					assertThat(one.statusCode()).isEqualTo(200);
					return JSON.readTree(one.body());
				}
			}
			assertThat(System.nanoTime()).as("a record of " + steps + " steps: " + list).isLessThan(deadline);
			Thread.sleep(50);
		}
	}

	private byte[] image(String id, JsonNode ref) throws Exception {
		String file = ref.path("file").asString();
		assertThat(file).startsWith("images/");
		byte[] bytes = download(id, file.substring("images/".length()));
		assertThat(TrajectoryFiles.sha256(bytes)).isEqualTo(ref.path("sha256").asString());
		return bytes;
	}

	private byte[] download(String id, String item) throws Exception {
		HttpRequest request = HttpRequest
			.newBuilder(
					URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/trajectories/" + id + "/" + item))
			.header("Authorization", "Bearer " + OPERATOR_TOKEN)
			.build();
		HttpResponse<byte[]> response = HttpClient.newHttpClient()
			.send(request, HttpResponse.BodyHandlers.ofByteArray());
		assertThat(response.statusCode()).as(item).isEqualTo(200);
		return response.body();
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

	private static int[] maskedWindow(String windows) {
		Matcher entry = Pattern.compile(
				"\\{\"id\":\"0x[0-9a-f]+\",\"title\":\"\\(masked\\)\"[^}]*\"bounds\":\\[(\\d+),(\\d+),(\\d+),(\\d+)\\]")
			.matcher(windows);
		assertThat(entry.find()).as(windows).isTrue();
		return new int[] { Integer.parseInt(entry.group(1)), Integer.parseInt(entry.group(2)),
				Integer.parseInt(entry.group(3)), Integer.parseInt(entry.group(4)) };
	}

	private static void assertMasked(BufferedImage image, int[] box) {
		for (int i = 1; i < 10; i++) {
			assertThat(image.getRGB(box[0] + box[2] * i / 10, box[1] + box[3] * i / 10) & 0xFFFFFF).as("masked pixel")
				.isZero();
		}
	}

	private static List<Integer> imagePoint(int dx, int dy) {
		ScreenRect area = witness.bounds();
		return List.of((int) ((area.x() + dx) / 1.5), (int) ((area.y() + dy) / 1.5));
	}

	private static BufferedImage decode(byte[] bytes) throws IOException {
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
		assertThat(image).isNotNull();
		return image;
	}

	private static boolean contains(byte[] haystack, String needle) {
		byte[] bytes = needle.getBytes(StandardCharsets.UTF_8);
		outer: for (int i = 0; i + bytes.length <= haystack.length; i++) {
			for (int j = 0; j < bytes.length; j++) {
				if (haystack[i + j] != bytes[j]) {
					continue outer;
				}
			}
			return true;
		}
		return false;
	}

	private static Map<String, byte[]> unzip(byte[] zip) throws IOException {
		Map<String, byte[]> entries = new LinkedHashMap<>();
		try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
			for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
				entries.put(entry.getName(), in.readAllBytes());
			}
		}
		return entries;
	}

	private static byte[] rewrite(Map<String, byte[]> entries, String name, UnaryOperator<String> change)
			throws IOException {
		Map<String, byte[]> changed = new LinkedHashMap<>(entries);
		String before = new String(entries.get(name), StandardCharsets.UTF_8);
		String after = change.apply(before);
		assertThat(after).as("the tampering changed " + name).isNotEqualTo(before);
		changed.put(name, after.getBytes(StandardCharsets.UTF_8));
		return zip(changed);
	}

	private static byte[] zip(Map<String, byte[]> entries) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(out)) {
			for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
				zip.putNextEntry(new ZipEntry(entry.getKey()));
				zip.write(entry.getValue());
				zip.closeEntry();
			}
		}
		return out.toByteArray();
	}

}
