package dev.deskhand.ops;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

import dev.deskhand.platform.AgentDisplay;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.OperatingSystem;
import dev.deskhand.screen.ScreenshotProperties;

/**
 * The {@code deskhand} section of {@code /actuator/info}: what this instance is and what
 * it drives (version, driver, OS, displays, image budget), for an operator wiring up an
 * agent.
 */
class DeskhandInfoContributor implements InfoContributor {

	private final DesktopDriver driver;

	private final ScreenshotProperties screenshots;

	private final String version;

	/**
	 * @param version Deskhand's version (see {@link OpsConfiguration})
	 */
	DeskhandInfoContributor(DesktopDriver driver, ScreenshotProperties screenshots, String version) {
		this.driver = driver;
		this.screenshots = screenshots;
		this.version = version;
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("version", this.version);
		fields.put("driver", this.driver.name());
		fields.put("display", this.driver.target());
		fields.put("workingMode", this.driver.workingMode().configName());
		this.driver.agentDisplay().ifPresent((agent) -> fields.put("agentDisplay", agentDisplay(agent)));
		fields.put("os", os());
		fields.put("displays", DisplaySummaries.of(this.driver.displays(), this.screenshots.budget()));
		fields.put("imageBudget", imageBudget());
		builder.withDetail("deskhand", fields);
	}

	static Map<String, Object> agentDisplay(AgentDisplay agent) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("name", agent.name());
		fields.put("server", agent.server());
		agent.hostDisplay().ifPresent((host) -> fields.put("nestedIn", host));
		fields.put("watch", agent.howToWatch());
		return fields;
	}

	private static Map<String, Object> os() {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("family", OperatingSystem.current().name().toLowerCase(Locale.ROOT));
		fields.put("name", System.getProperty("os.name"));
		fields.put("version", System.getProperty("os.version"));
		fields.put("arch", System.getProperty("os.arch"));
		return fields;
	}

	private Map<String, Object> imageBudget() {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("maxWidth", this.screenshots.maxWidth());
		fields.put("maxHeight", this.screenshots.maxHeight());
		fields.put("maxPixels", this.screenshots.maxPixels());
		fields.put("format", this.screenshots.defaultFormat().name().toLowerCase(Locale.ROOT));
		return fields;
	}

}
