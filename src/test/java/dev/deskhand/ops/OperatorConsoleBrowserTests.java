package dev.deskhand.ops;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.HeadlessChromium;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The operator console in a real browser: Debian's headless Chromium driven through its
 * ChromeDriver by Selenium, against the live server on a private Xvfb desktop. An MCP
 * client that cannot answer elicitation triggers approvals; the operator's clicks on the
 * page decide them, and a witness window in its own JVM says whether the click reached
 * the desktop.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.ask-timeout=30s", "deskhand.failsafe.cooldown=5m",
				"deskhand.security.operator-token=" + OperatorConsoleBrowserTests.OPERATOR_TOKEN,
				"deskhand.security.agent-tokens[0].name=console-test-agent",
				"deskhand.security.agent-tokens[0].token=" + OperatorConsoleBrowserTests.AGENT_TOKEN })
class OperatorConsoleBrowserTests {

	static final String OPERATOR_TOKEN = "console-operator-token-4d1f";

	static final String AGENT_TOKEN = "console-agent-token-9a7c";

	private static final Duration WAIT = Duration.ofSeconds(15);

	private static final Pattern PENDING_ID = Pattern.compile("\"id\":\"(a\\d+)\"");

	// How long a refused action gets to (wrongly) show up at the witness before we call
	// it absent.
	private static final Duration QUIET = Duration.ofMillis(700);

	@TempDir
	static Path temp;

	private static WitnessWindow witness;

	private static HeadlessChromium chromium;

	private static WebDriver browser;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private final HttpClient http = HttpClient.newHttpClient();

	private McpSyncClient agent;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> temp.resolve("audit.jsonl").toString());
	}

	@BeforeAll
	static void startBrowserAndWitness() throws IOException {
		chromium = HeadlessChromium.start("the console's browser test", temp.resolve("chromium-profile"));
		browser = chromium.browser();
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand console witness", 250, 150, 800, 500);
	}

	@AfterAll
	static void stopBrowserAndWitness() {
		if (chromium != null) {
			chromium.close();
		}
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void prepare() {
		operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
		witness.focus();
		witness.clearEvents();
		this.agent = agentClient();
		openConsole(OPERATOR_TOKEN);
	}

	@AfterEach
	void disconnect() {
		operator().send("POST", "/actuator/desk", "{\"action\":\"hand-back\"}");
		denyWhatIsPending();
		operator().revokeAllSessions();
		this.agent.closeGracefully();
		operator().send("POST", "/actuator/failsafe", "{\"action\":\"reset\"}");
	}

	@Test
	void approveOnceOnTheCardLetsTheClickThrough() throws Exception {
		CompletableFuture<CallToolResult> click = clickAsync(100, 180);
		WebElement card = awaitCard();
		assertThat(card.findElement(By.className("summary")).getText()).startsWith("left-click at");
		assertThat(card.findElement(By.className("tool")).getText()).isEqualTo("left_click");
		// The agent's client is not asked (it declares no elicitation): only an operator.
		assertThat(card.findElement(By.className("approvers")).getText()).startsWith("Only an operator can answer");

		// The crop of where it will click: about 320x200 desktop pixels around the target
		// (whole screenshot pixels, 1.5 desktop pixels each, cover it), marked in the
		// middle since the target is far from the display's edges.
		WebElement crop = card.findElement(By.className("crop"));
		until((d) -> naturalWidth(crop) >= ConsolePreviews.CROP_WIDTH);
		assertThat(naturalWidth(crop)).isLessThan(ConsolePreviews.CROP_WIDTH + 4);
		WebElement marker = card.findElement(By.className("marker"));
		until((d) -> marker.isDisplayed());
		assertThat(percent(marker.getCssValue("left"), crop.getSize().getWidth())).isBetween(45.0, 55.0);
		assertThat(percent(marker.getCssValue("top"), crop.getSize().getHeight())).isBetween(45.0, 55.0);
		// The live view: the display as agents see it, 1920x1080 scaled to 1280x720.
		WebElement screen = browser.findElement(By.cssSelector("figure.display img.screen"));
		until((d) -> naturalWidth(screen) == 1280);
		until(ExpectedConditions.textToBePresentInElementLocated(By.id("sessions"), "console-test-agent"));
		saveScreenshot();

		assertThat(click.isDone()).isFalse();
		card.findElement(By.className("approve-once")).click();
		CallToolResult result = click.get(10, TimeUnit.SECONDS);
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
		until(ExpectedConditions.textToBePresentInElement(card, "approved once"));
		assertThat(operator().get("/actuator/auditevents").body()).contains("\"by\":\"operator\"");
	}

	@Test
	void denyOnTheCardRefusesTheClick() throws Exception {
		CompletableFuture<CallToolResult> click = clickAsync(100, 200);
		WebElement card = awaitCard();
		card.findElement(By.className("deny")).click();
		CallToolResult result = click.get(10, TimeUnit.SECONDS);
		assertThat(text(result)).startsWith("E_DENIED: ").contains("operator");
		assertNothingArrives();
		until(ExpectedConditions.textToBePresentInElement(card, "denied"));
	}

	@Test
	void typingShowsTheFocusedWindowOnTheCard() throws Exception {
		CompletableFuture<CallToolResult> typed = CompletableFuture
			.supplyAsync(() -> call(this.agent, "type", Map.of("text", "not yet")));
		WebElement card = awaitCard();
		assertThat(card.findElement(By.className("summary")).getText()).contains("not yet");
		until(ExpectedConditions.textToBePresentInElement(card.findElement(By.className("preview-label")),
				"the focused window: " + witness.title()));
		until((d) -> naturalWidth(card.findElement(By.className("crop"))) > 0);
		assertThat(card.findElement(By.className("marker")).isDisplayed()).isFalse();
		card.findElement(By.className("deny")).click();
		assertThat(text(typed.get(10, TimeUnit.SECONDS))).startsWith("E_DENIED: ");
		assertNothingArrives();
	}

	@Test
	void theBigButtonTripsTheFailsafeAndInputIsRefused() throws Exception {
		browser.findElement(By.id("failsafe-trip")).click();
		assertThat(awaitBody("/actuator/failsafe", "\"tripped\":true")).contains("\"reason\":\"operator\"");
		until(ExpectedConditions.visibilityOfElementLocated(By.id("failsafe-banner")));

		witness.focus();
		witness.clearEvents();
		CompletableFuture<CallToolResult> click = clickAsync(100, 220);
		// The failsafe answers before anyone is asked: no card for input that cannot run.
		CallToolResult result = click.get(10, TimeUnit.SECONDS);
		assertThat(text(result)).startsWith("E_FAILSAFE: ");
		assertThat(operator().get("/actuator/approvals").body()).doesNotContain("left_click");
		assertThat(browser.findElements(By.cssSelector("article.card:not(.answered)"))).isEmpty();
		assertNothingArrives();

		browser.findElement(By.id("failsafe-reset")).click();
		awaitBody("/actuator/failsafe", "\"tripped\":false");
		until(ExpectedConditions.invisibilityOfElementLocated(By.id("failsafe-banner")));
	}

	@Test
	void theOperatorTakesTheDeskHandsItBackAndAnswersARequestForTheHuman() throws Exception {
		browser.findElement(By.id("desk-take")).click();
		awaitBody("/actuator/desk", "\"holder\":\"operator\"");
		until(ExpectedConditions.textToBePresentInElementLocated(By.id("desk-holder"), "operator"));
		assertThat(text(call(this.agent, "left_click", Map.of("coordinate", List.of(100, 240)))))
			.startsWith("E_BUSY: the operator ");
		assertNothingArrives();
		until(ExpectedConditions.visibilityOfElementLocated(By.id("desk-hand-back"))).click();
		awaitBody("/actuator/desk", "\"holder\":\"nobody\"");
		until(ExpectedConditions.textToBePresentInElementLocated(By.id("desk-holder"), "nobody"));

		CompletableFuture<CallToolResult> asked = CompletableFuture.supplyAsync(() -> call(this.agent, "request_human",
				Map.of("reason", "Type the one-time code from your phone", "timeout", 60)));
		WebElement card = new WebDriverWait(browser, WAIT)
			.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("article.human-request")));
		assertThat(card.findElement(By.className("summary")).getText())
			.isEqualTo("The agent asks for you: Type the one-time code from your phone");
		until(ExpectedConditions.textToBePresentInElementLocated(By.id("desk-holder"), "the person at the desk"));
		card.findElement(By.className("approve-once")).click();
		assertThat(text(asked.get(10, TimeUnit.SECONDS))).isEqualTo("{\"outcome\":\"done\"}");
		until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector("article.human-request")));
	}

	@Test
	void thePageIsOpenButEveryDataEndpointNeedsTheOperatorToken() throws Exception {
		HttpResponse<String> page = get(management("/actuator/console"), null);
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("text/html"));
		assertThat(page.headers().firstValue("Content-Security-Policy"))
			.hasValueSatisfying((csp) -> assertThat(csp).contains("script-src 'self'").doesNotContain("unsafe"));
		assertThat(page.body()).doesNotContain(OPERATOR_TOKEN).doesNotContain("http://").doesNotContain("https://");
		HttpResponse<String> script = get(management("/actuator/console/console.js"), null);
		assertThat(script.statusCode()).isEqualTo(200);
		assertThat(script.body()).doesNotContain("http://").doesNotContain("https://");

		String display = operator().get("/actuator/deskhand")
			.body()
			.replaceAll("(?s).*\"displays\":\\[\\{\"id\":\"([^\"]+)\".*", "$1");
		for (String path : List.of("/actuator/screen/" + display, "/actuator/approvals", "/actuator/approvals/a1",
				"/actuator/auditevents", "/actuator/deskhand", "/actuator/failsafe")) {
			assertThat(get(management(path), null).statusCode()).as("no token: " + path).isEqualTo(401);
			assertThat(get(management(path), AGENT_TOKEN).statusCode()).as("agent token: " + path).isEqualTo(403);
		}
		HttpResponse<byte[]> shot = this.http.send(HttpRequest.newBuilder(management("/actuator/screen/" + display))
			.header("Authorization", "Bearer " + OPERATOR_TOKEN)
			.build(), HttpResponse.BodyHandlers.ofByteArray());
		assertThat(shot.headers().firstValue("Content-Type")).hasValue("image/jpeg");
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(shot.body()));
		assertThat(image.getWidth()).isEqualTo(1280);
		assertThat(image.getHeight()).isEqualTo(720);
		// Nothing of the console on the agents' port.
		assertThat(get(URI.create("http://127.0.0.1:" + this.port + "/actuator/console"), AGENT_TOKEN).statusCode())
			.isNotEqualTo(200);
	}

	@Test
	void theTokenLeavesTheAddressBarAndARefusedOneAsksAgain() {
		assertThat(browser.getCurrentUrl()).doesNotContain("token");
		until(ExpectedConditions.textToBe(By.id("connection"), "live"));
		openConsole(AGENT_TOKEN);
		until(ExpectedConditions.visibilityOfElementLocated(By.id("login")));
		assertThat(browser.findElement(By.id("login-error")).getText()).contains("403");
		assertThat(browser.findElement(By.id("console")).isDisplayed()).isFalse();
	}

	private void openConsole(String token) {
		// A new document each time: the token in the fragment replaces the stored one.
		browser.get("about:blank");
		browser.get("http://127.0.0.1:" + this.managementPort + "/actuator/console#token=" + token);
	}

	private WebElement awaitCard() {
		return new WebDriverWait(browser, WAIT)
			.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("article.card:not(.answered)")));
	}

	private static <T> T until(Function<WebDriver, T> condition) {
		return new WebDriverWait(browser, WAIT).until(condition::apply);
	}

	private static long naturalWidth(WebElement image) {
		Object width = ((JavascriptExecutor) browser).executeScript("return arguments[0].naturalWidth;", image);
		return (width instanceof Number number) ? number.longValue() : 0;
	}

	/** A CSS length the browser computed ("240px"), as a percentage of {@code size}. */
	private static double percent(String cssPixels, int size) {
		return 100 * Double.parseDouble(cssPixels.replace("px", "")) / size;
	}

	/** The page with a pending card, for docs/console.md: left in the build directory. */
	private static void saveScreenshot() throws Exception {
		Path classes = Path
			.of(OperatorConsoleBrowserTests.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		byte[] png = ((ChromeDriver) browser).getScreenshotAs(OutputType.BYTES);
		Files.write(classes.getParent().resolve("console.png"), png);
	}

	private CompletableFuture<CallToolResult> clickAsync(int dx, int dy) {
		ScreenRect area = witness.bounds();
		List<Integer> point = List.of((int) ((area.x() + dx) / 1.5), (int) ((area.y() + dy) / 1.5));
		return CompletableFuture.supplyAsync(() -> call(this.agent, "left_click", Map.of("coordinate", point)));
	}

	/**
	 * An agent with a token and without elicitation: its approvals wait for the operator.
	 */
	private McpSyncClient agentClient() {
		McpSyncClient client = McpClient
			.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + this.port)
				.endpoint("/mcp")
				.httpRequestCustomizer((request, method, endpoint, body, context) -> request.header("Authorization",
						"Bearer " + AGENT_TOKEN))
				.build())
			.clientInfo(new McpSchema.Implementation("console-test-agent", "1.0"))
			.requestTimeout(Duration.ofSeconds(60))
			.build();
		client.initialize();
		return client;
	}

	/**
	 * A failed test may leave a request waiting: the next test must not find its card.
	 */
	private void denyWhatIsPending() {
		Matcher ids = PENDING_ID.matcher(operator().get("/actuator/approvals").body());
		while (ids.find()) {
			operator().send("POST", "/actuator/approvals/" + ids.group(1), "{\"decision\":\"deny\"}");
		}
	}

	private static void assertNothingArrives() throws InterruptedException {
		Thread.sleep(QUIET.toMillis());
		assertThat(witness.events()).noneMatch(
				(e) -> e.startsWith("PRESS") || e.startsWith("KEYDOWN") || e.startsWith("TEXT") && !e.equals("TEXT "));
	}

	private String awaitBody(String path, String expected) throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (true) {
			String body = operator().get(path).body();
			if (body.contains(expected)) {
				return body;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError(path + " never showed " + expected + ": " + body);
			}
			Thread.sleep(50);
		}
	}

	private HttpResponse<String> get(URI uri, String token) throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(uri);
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

	private URI management(String path) {
		return URI.create("http://127.0.0.1:" + this.managementPort + path);
	}

}
