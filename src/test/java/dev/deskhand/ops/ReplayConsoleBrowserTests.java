package dev.deskhand.ops;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.HeadlessChromium;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.answer;
import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

/**
 * The console's replay page in headless Chromium (Debian's chromium and chromedriver): a
 * real MCP client takes a screenshot and clicks the witness window; the operator opens
 * the console, follows its link to the replay page, picks the session and steps to the
 * click: the screenshot the agent saw with the target ring where it clicked, the approval
 * cards as decided, and a verification against the audit chain.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.screenshot.settle=50ms",
				"deskhand.security.operator-token=" + ReplayConsoleBrowserTests.OPERATOR_TOKEN })
class ReplayConsoleBrowserTests {

	static final String OPERATOR_TOKEN = "replay-operator-token-51c2";

	private static final Duration WAIT = Duration.ofSeconds(15);

	@TempDir
	static Path temp;

	private static WitnessWindow witness;

	private static HeadlessChromium chromium;

	private static WebDriver browser;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> temp.resolve("audit.jsonl").toString());
		registry.add("deskhand.trajectory.dir", () -> temp.resolve("trajectories").toString());
	}

	@BeforeAll
	static void startBrowserAndWitness() throws IOException {
		chromium = HeadlessChromium.start("the replay browser test", temp.resolve("chromium-profile"));
		browser = chromium.browser();
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand replay console witness", 250, 150, 800, 500);
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

	@Test
	void stepsToTheClickOverWhatTheAgentSawAndVerifiesIt() throws Exception {
		McpSyncClient agent = McpTestClients.streamable(this.port, "replay-console-agent",
				(request) -> answer("approve", "session"));
		try {
			witness.focus();
			call(agent, "screenshot", Map.of());
			ScreenRect area = witness.bounds();
			List<Integer> point = List.of((int) ((area.x() + 200) / 1.5), (int) ((area.y() + 100) / 1.5));
			CallToolResult click = call(agent, "left_click", Map.of("coordinate", point));
			assertThat(click.isError()).as(text(click)).isNotEqualTo(Boolean.TRUE);
			awaitSteps(2);

			browser.get("about:blank");
			browser.get("http://127.0.0.1:" + this.managementPort + "/actuator/console#token=" + OPERATOR_TOKEN);
			WebElement link = until(
					ExpectedConditions.elementToBeClickable(By.cssSelector("a[href='console/replay.html']")));
			link.click();
			WebElement row = until(ExpectedConditions
				.elementToBeClickable(By.xpath("//tbody[@id='sessions']/tr[td[text()='replay-console-agent']]")));
			row.click();
			until(ExpectedConditions.textToBe(By.id("position"), "step 1 of 2"));
			browser.findElement(By.id("next")).click();
			until(ExpectedConditions.textToBe(By.id("position"), "step 2 of 2"));
			assertThat(browser.findElement(By.id("step-tool")).getText()).isEqualTo("left_click");

			WebElement before = until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#before img")));
			until((d) -> naturalWidth(before) == 1280);
			WebElement ring = browser.findElement(By.cssSelector("#before .target"));
			double left = 100 * px(ring.getCssValue("left")) / before.getSize().getWidth();
			double top = 100 * px(ring.getCssValue("top")) / before.getSize().getHeight();
			assertThat(left).isCloseTo(100.0 * point.get(0) / 1280, offset(1.0));
			assertThat(top).isCloseTo(100.0 * point.get(1) / naturalHeight(before), offset(1.0));
			WebElement after = until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#after img")));
			until((d) -> naturalWidth(after) == 1280);
			List<WebElement> cards = browser.findElements(By.cssSelector("#step-approvals .card"));
			assertThat(cards).hasSize(2);
			assertThat(cards.get(1).getText()).contains("granted", "by elicitation", "for session");

			browser.findElement(By.id("verify")).click();
			until(ExpectedConditions.textToBePresentInElementLocated(By.id("verification"), "verified: "));
			assertThat(browser.findElement(By.id("verification")).getText()).doesNotContain("NOT");
		}
		finally {
			agent.closeGracefully();
		}
	}

	private void awaitSteps(int steps) throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		OperatorApi operator = new OperatorApi(this.managementPort, OPERATOR_TOKEN);
		while (!operator.get("/actuator/trajectories").body().contains("\"steps\":" + steps)) {
			assertThat(System.nanoTime()).as("a record of " + steps + " steps").isLessThan(deadline);
			Thread.sleep(50);
		}
	}

	private static <T> T until(Function<WebDriver, T> condition) {
		return new WebDriverWait(browser, WAIT).until(condition::apply);
	}

	private static long naturalWidth(WebElement image) {
		Object width = ((JavascriptExecutor) browser).executeScript("return arguments[0].naturalWidth;", image);
		return (width instanceof Number number) ? number.longValue() : 0;
	}

	private static long naturalHeight(WebElement image) {
		Object height = ((JavascriptExecutor) browser).executeScript("return arguments[0].naturalHeight;", image);
		return (height instanceof Number number) ? number.longValue() : 0;
	}

	private static double px(String cssPixels) {
		return Double.parseDouble(cssPixels.replace("px", ""));
	}

}
