package dev.deskhand.ops;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.AfterAll;
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
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.HeadlessChromium;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.trajectory.TrajectoryFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an operator meets first on the console and the replay page, in Debian's headless
 * Chromium against the live server: the replay page opened with {@code #token=} (the link
 * a newcomer is given) lists the sessions and drops the token from the address; the list
 * comes in pages with a "more" button; a wrong token never shows the green "live" badge;
 * and the console shows no broken-image icon while the first picture of a display is on
 * its way. The session records are 65 fixture sessions in the format the recorder writes,
 * more than one page.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.security.operator-token=" + ConsoleFirstScreenBrowserTests.OPERATOR_TOKEN })
class ConsoleFirstScreenBrowserTests {

	static final String OPERATOR_TOKEN = "first-screen-operator-token-7e3a";

	private static final Duration WAIT = Duration.ofSeconds(15);

	// The replay page's page size (replay.js PAGE) and more than one page of sessions.
	private static final int PAGE = 50;

	private static final int SESSIONS = 65;

	@TempDir
	static Path temp;

	private static List<String> ids;

	private static HeadlessChromium chromium;

	private static ChromeDriver browser;

	@LocalManagementPort
	private int managementPort;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> temp.resolve("audit.jsonl").toString());
		registry.add("deskhand.trajectory.dir", () -> temp.resolve("trajectories").toString());
	}

	@BeforeAll
	static void recordSessionsAndStartTheBrowser() throws IOException {
		chromium = HeadlessChromium.start("the console's first-screen browser test", temp.resolve("chromium-profile"));
		browser = chromium.browser();
		ids = TrajectoryFixtures.recordSessions(temp.resolve("trajectories"), "fixture-client", SESSIONS,
				Instant.now().minusSeconds(60));
	}

	@AfterAll
	static void stopTheBrowser() {
		if (chromium != null) {
			chromium.close();
		}
	}

	@BeforeEach
	void forgetTheToken() {
		// The tab keeps a token in sessionStorage across pages of the origin: each test
		// starts without one, as a newcomer's first tab does.
		browser.get(base() + "/actuator/console/replay.html");
		script("sessionStorage.clear();");
		browser.get("about:blank");
	}

	@Test
	void theReplayPageTakesTheTokenFromTheAddressDropsItAndPagesTheList() throws IOException {
		browser.get(base() + "/actuator/console/replay.html#token=" + OPERATOR_TOKEN);
		until((d) -> rows().size() == PAGE);
		assertThat(script("return location.hash;")).isEqualTo("");
		assertThat(browser.getCurrentUrl()).doesNotContain(OPERATOR_TOKEN).doesNotContain("#");
		assertThat(rowIds()).containsExactlyElementsOf(ids.subList(0, PAGE));
		assertThat(rows().get(0).getText()).contains("fixture-client-0");
		assertThat(browser.findElement(By.id("session-count")).getText()).isEqualTo(PAGE + " of " + SESSIONS);
		assertThat(browser.findElement(By.id("connection")).getText()).isEqualTo("live");

		WebElement more = browser.findElement(By.id("more"));
		assertThat(more.isDisplayed()).isTrue();
		more.click();
		until((d) -> rows().size() == SESSIONS);
		assertThat(rowIds()).containsExactlyElementsOf(ids);
		assertThat(more.isDisplayed()).as("no page after the last").isFalse();
		assertThat(browser.findElement(By.id("session-count")).getText()).isEqualTo(SESSIONS + " of " + SESSIONS);
		Files.write(Path.of("target", "replay-paging.png"), browser.getScreenshotAs(OutputType.BYTES));
		// the list is the server's: a session opens from the second page
		rows().get(SESSIONS - 1).click();
		until(ExpectedConditions.textToBe(By.id("position"), "step 1 of 1"));
		assertThat(browser.findElement(By.id("session-name")).getDomProperty("textContent"))
			.contains(ids.get(SESSIONS - 1));
	}

	@Test
	void theSessionListEndpointPagesForScriptsToo() {
		OperatorApi operator = new OperatorApi(this.managementPort, OPERATOR_TOKEN);
		String all = operator.get("/actuator/trajectories").body();
		assertThat(all).contains(ids.get(0), ids.get(SESSIONS - 1)).doesNotContain("\"next\"");
		HttpResponse<String> page = operator.get("/actuator/trajectories?limit=2");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains(ids.get(0), ids.get(1), "\"total\":" + SESSIONS, "\"next\"")
			.doesNotContain(ids.get(2));
		HttpResponse<String> notANumber = operator.get("/actuator/trajectories?limit=many");
		assertThat(notANumber.statusCode()).isEqualTo(400);
		HttpResponse<String> tooMany = operator.get("/actuator/trajectories?limit=100000");
		assertThat(tooMany.statusCode()).isEqualTo(400);
		assertThat(tooMany.body()).contains("limit must be 1 to 500");
	}

	@Test
	void aWrongTokenIsSaidOnTheBadgeWhichTurnsGreenOnlyWithTheOperatorToken() throws InterruptedException {
		browser.get(base() + "/actuator/console#token=not-the-operator-token");
		WebElement badge = browser.findElement(By.id("connection"));
		until(ExpectedConditions.textToBePresentInElement(badge, "token refused (HTTP 401)"));
		assertThat(badge.getText()).contains("operator token");
		assertThat(badge.getDomAttribute("class")).doesNotContain("ok");
		assertThat(browser.findElement(By.id("login-error")).getText()).contains("401");
		// Nothing polls with a refused token: the badge stays as it is.
		Thread.sleep(2500);
		assertThat(badge.getText()).startsWith("token refused");

		browser.findElement(By.id("token")).sendKeys(OPERATOR_TOKEN);
		browser.findElement(By.cssSelector("#login-form button[type=submit]")).click();
		until(ExpectedConditions.textToBe(By.id("connection"), "live"));
		assertThat(badge.getDomAttribute("class")).contains("ok");
	}

	@Test
	void theReplayPageSaysARefusedTokenAndWhatToDo() {
		browser.get(base() + "/actuator/console/replay.html#token=not-the-operator-token");
		until(ExpectedConditions.textToBe(By.id("connection"), "token refused (HTTP 401)"));
		assertThat(browser.findElement(By.id("connection")).getDomAttribute("class")).doesNotContain("ok");
		assertThat(browser.findElement(By.id("login-reason")).getText()).contains("refused this token",
				"operator token");
		assertThat(script("return location.hash;")).isEqualTo("");
		assertThat(script("return sessionStorage.length;")).as("a refused token is not kept").isEqualTo(0L);
	}

	@Test
	void aDisplayShowsWordsNotABrokenImageUntilItsFirstPicture() {
		// Hold every screen capture in the browser: the first picture never arrives.
		browser.executeCdpCommand("Fetch.enable",
				Map.of("patterns", List.of(Map.of("urlPattern", "*/actuator/screen/*"))));
		try {
			browser.get(base() + "/actuator/console#token=" + OPERATOR_TOKEN);
			WebElement tile = until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("figure.display")));
			until(ExpectedConditions.textToBe(By.id("connection"), "live"));
			WebElement image = tile.findElement(By.cssSelector("img.screen"));
			assertThat(image.isDisplayed()).as("an <img> with no picture yet is not on screen").isFalse();
			WebElement waiting = tile.findElement(By.className("screen-waiting"));
			assertThat(waiting.isDisplayed()).isTrue();
			assertThat(waiting.getText()).contains("waiting for the first picture");
			assertThat(visibleImagesWithoutAPicture()).isZero();
		}
		finally {
			browser.executeCdpCommand("Fetch.disable", Map.of());
		}
		// Released, the next capture arrives: the picture takes the words' place.
		browser.navigate().refresh();
		WebElement image = until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("img.screen")));
		until((d) -> naturalWidth(image) > 0);
		assertThat(browser.findElement(By.className("screen-waiting")).isDisplayed()).isFalse();
	}

	// Every <img> laid out on the page whose picture has not loaded: each one a
	// broken-image icon.
	private long visibleImagesWithoutAPicture() {
		Object count = script("return Array.from(document.images).filter((i) => i.getClientRects().length > 0"
				+ " && !(i.complete && i.naturalWidth > 0)).length;");
		return ((Number) count).longValue();
	}

	private String base() {
		return "http://127.0.0.1:" + this.managementPort;
	}

	private static List<WebElement> rows() {
		return browser.findElements(By.cssSelector("#sessions tr"));
	}

	private static List<String> rowIds() {
		return rows().stream().map((row) -> row.getDomAttribute("data-id")).toList();
	}

	private static Object script(String script) {
		return ((JavascriptExecutor) browser).executeScript(script);
	}

	private static long naturalWidth(WebElement image) {
		Object width = ((JavascriptExecutor) browser).executeScript("return arguments[0].naturalWidth;", image);
		return (width instanceof Number number) ? number.longValue() : 0;
	}

	private static <T> T until(Function<WebDriver, T> condition) {
		return new WebDriverWait(browser, WAIT).until(condition::apply);
	}

}
