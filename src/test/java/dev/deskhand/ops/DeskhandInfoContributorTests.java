package dev.deskhand.ops;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.info.BuildProperties;

import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;
import dev.deskhand.screen.ScreenshotProperties;

import static org.assertj.core.api.Assertions.assertThat;

class DeskhandInfoContributorTests {

	@Test
	@SuppressWarnings("unchecked")
	void showsVersionDriverOsDisplaysWithTheirScreenshotSizeAndTheImageBudget() {
		FakeDesktopDriver driver = new FakeDesktopDriver();
		driver.setDisplays(List.of(new DisplayInfo("left", "DP-1", new Rect(0, 0, 1920, 1080), 1.0, true),
				new DisplayInfo("right", "DP-2", new Rect(1920, 0, 1000, 2000), 1.0, false)));
		ScreenshotProperties screenshots = new ScreenshotProperties(1280, 800, 1_150_000, "jpeg", 0.8f,
				Duration.ofMillis(300), true);
		Info.Builder builder = new Info.Builder();
		new DeskhandInfoContributor(driver, screenshots, "1.2.3").contribute(builder);

		Map<String, Object> deskhand = (Map<String, Object>) builder.build().get("deskhand");
		assertThat(deskhand).containsEntry("version", "1.2.3")
			.containsEntry("driver", "fake")
			.containsEntry("display", "fake")
			.containsEntry("imageBudget",
					Map.of("maxWidth", 1280, "maxHeight", 800, "maxPixels", 1_150_000L, "format", "jpeg"));
		assertThat((Map<String, Object>) deskhand.get("os")).containsEntry("name", System.getProperty("os.name"))
			.containsKey("family");
		List<Map<String, Object>> displays = (List<Map<String, Object>>) deskhand.get("displays");
		assertThat(displays).hasSize(2);
		assertThat(displays.get(0)).containsEntry("id", "left")
			.containsEntry("bounds", List.of(0, 0, 1920, 1080))
			.containsEntry("primary", true)
			.containsEntry("screenshot", List.of(1280, 720));
		// A portrait display is fitted by its height.
		assertThat(displays.get(1)).containsEntry("id", "right").containsEntry("screenshot", List.of(400, 800));
	}

	@Test
	void theVersionComesFromBuildInfoWhenThereIsOneElseDev() {
		Properties build = new Properties();
		build.setProperty("version", "0.3.0");
		assertThat(OpsConfiguration.version(new BuildProperties(build))).isEqualTo("0.3.0");
		// Tests run from classes: no manifest, no build-info.
		assertThat(OpsConfiguration.version(null)).isEqualTo("dev");
	}

}
