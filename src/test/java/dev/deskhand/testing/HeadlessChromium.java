package dev.deskhand.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.opentest4j.TestAbortedException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The Debian Chromium and its chromedriver, headless, driven by Selenium: what the
 * console's browser tests load their pages in. Selenium must not download a browser, so a
 * missing one skips the test locally and fails it on CI (see .ci/run).
 */
public final class HeadlessChromium implements AutoCloseable {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private final ChromeDriverService service;

	private final ChromeDriver browser;

	private HeadlessChromium(ChromeDriverService service, ChromeDriver browser) {
		this.service = service;
		this.browser = browser;
	}

	/**
	 * @param test what needs the browser, for the message when it is missing
	 * @param profile where the browser keeps its profile (created)
	 */
	public static HeadlessChromium start(String test, Path profile) throws IOException {
		if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
			String message = test + " needs " + CHROMIUM + " and " + CHROMEDRIVER
					+ "; on Debian/Ubuntu: apt-get install chromium chromium-driver (see .ci/run)";
			if (System.getenv("CI") == null) {
				throw new TestAbortedException("skipping: " + message);
			}
			throw new IllegalStateException(message);
		}
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.withLogOutput(OutputStream.nullOutputStream())
			.build();
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless=new", "--no-sandbox", "--disable-background-networking",
				"--disable-component-update", "--no-first-run", "--disable-dev-shm-usage", "--window-size=1400,1100",
				"--user-data-dir=" + Files.createDirectories(profile));
		return new HeadlessChromium(service, new ChromeDriver(service, options));
	}

	public ChromeDriver browser() {
		return this.browser;
	}

	@Override
	public void close() {
		this.browser.quit();
		this.service.stop();
	}

}
