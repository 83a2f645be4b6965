package dev.deskhand.screen;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ModelProfilesTests {

	private static final ScreenshotProperties SCREENSHOT = new ScreenshotProperties(1280, 800, 1_150_000, "png", 0.8f,
			Duration.ofMillis(300), true);

	private static ModelProfiles profiles(String defaultProfile, Map<String, String> agents,
			Map<String, ProfileProperties.Custom> custom) {
		return new ModelProfiles(SCREENSHOT, new ProfileProperties(defaultProfile, agents, custom));
	}

	@Test
	void theBuiltInProfilesAreEachModelsOwnLimit() {
		ModelProfiles profiles = profiles("anthropic", null, null);
		assertThat(profiles.all()).extracting(ModelProfile::name)
			.containsExactly("anthropic", "anthropic-hd", "openai", "gemini");
		assertThat(profiles.defaultProfile().budget()).isEqualTo(SCREENSHOT.budget());
		// a 4K display: the long edge at 2576, under 3.75 MP
		assertThat(profiles.named("anthropic-hd").budget().fit(3840, 2160)).isEqualTo(new ImageSize(2576, 1449));
		assertThat(profiles.named("openai").budget().fit(1920, 1080)).isEqualTo(new ImageSize(1920, 1080));
		assertThat(profiles.named("gemini").budget().fit(1920, 1080)).isEqualTo(new ImageSize(1440, 810));
		assertThat(profiles.named("gemini").coordinates()).isEqualTo(CoordinateSpace.GRID_1000);
		assertThat(profiles.all()).filteredOn((p) -> !p.name().equals("gemini"))
			.allSatisfy((p) -> assertThat(p.coordinates()).isEqualTo(CoordinateSpace.PIXELS));
	}

	@Test
	void namesAreLookedUpIgnoringCaseAndAnUnknownOneIsRefusedListingThem() {
		ModelProfiles profiles = profiles("anthropic", null, null);
		assertThat(profiles.named(" Gemini ").name()).isEqualTo("gemini");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> profiles.named("gpt"))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS))
			.withMessageContaining("anthropic, anthropic-hd, openai, gemini");
	}

	@Test
	void customProfilesAddOrReplaceAndAgentsStartWithTheirs() {
		ModelProfiles profiles = profiles("mine", Map.of("planner", "gemini"),
				Map.of("mine", new ProfileProperties.Custom(1024, 768, 786_432, "grid-1000", "jpeg", 0.7f), "openai",
						new ProfileProperties.Custom(1600, 900, 1_440_000, "pixels", "png", 0.8f)));
		assertThat(profiles.defaultProfile().name()).isEqualTo("mine");
		assertThat(profiles.defaultProfile().format()).isEqualTo(ImageFormat.JPEG);
		assertThat(profiles.defaultProfile().coordinates()).isEqualTo(CoordinateSpace.GRID_1000);
		assertThat(profiles.named("openai").budget()).isEqualTo(new ImageBudget(1600, 900, 1_440_000));
		assertThat(profiles.forAgent("planner").name()).isEqualTo("gemini");
		assertThat(profiles.forAgent("someone-else").name()).isEqualTo("mine");
		assertThat(profiles.forAgent(null).name()).isEqualTo("mine");
	}

	@Test
	void aConfigurationNamingNoProfileFailsAtStartupSayingWhere() {
		assertThatIllegalArgumentException().isThrownBy(() -> profiles("claude", null, null))
			.withMessageContaining("deskhand.profiles.default")
			.withMessageContaining("claude");
		assertThatIllegalArgumentException().isThrownBy(() -> profiles("anthropic", Map.of("bot", "nope"), null))
			.withMessageContaining("deskhand.profiles.agents.bot");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> profiles("anthropic", null,
					Map.of("bad", new ProfileProperties.Custom(0, 768, 1, "pixels", "png", 0.8f))))
			.withMessageContaining("deskhand.profiles.custom.bad");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> profiles("anthropic", null,
					Map.of("bad", new ProfileProperties.Custom(10, 10, 100, "normalized", "png", 0.8f))))
			.withMessageContaining("grid-1000");
	}

}
