package dev.deskhand.screen;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;

/**
 * The model profiles there are, and which one an agent's sessions start with.
 *
 * <p>
 * Built in, each the largest image its models read without scaling it down themselves (a
 * model that scales an image down answers in coordinates of an image we never sent):
 * <ul>
 * <li>{@code anthropic}: {@code deskhand.screenshot.*} (1280x800 and 1.15 MP unless
 * configured), where Claude models before Opus 4.5 / Sonnet 4.5 start to down-sample;
 * image pixels.
 * <li>{@code anthropic-hd}: 2576 px on the long edge and 3.75 MP, read 1:1 by the newer
 * Claude models; image pixels.
 * <li>{@code openai}: 1920x1200 and 2.3 MP, a 1080p desktop at 1:1, for the
 * {@code computer} tool with {@code detail: original}; image pixels.
 * <li>{@code gemini}: 1440x900, the size Gemini's computer use is tuned for; coordinates
 * on Gemini's 0-999 grid.
 * </ul>
 * Custom profiles ({@code deskhand.profiles.custom}) add more or replace one of these.
 */
public class ModelProfiles {

	public static final String ANTHROPIC = "anthropic";

	public static final String ANTHROPIC_HD = "anthropic-hd";

	public static final String OPENAI = "openai";

	public static final String GEMINI = "gemini";

	private final Map<String, ModelProfile> profiles;

	private final ModelProfile defaultProfile;

	private final Map<String, ModelProfile> agents;

	public ModelProfiles(ScreenshotProperties screenshot, ProfileProperties properties) {
		Map<String, ModelProfile> all = new LinkedHashMap<>();
		ImageFormat format = screenshot.defaultFormat();
		float quality = screenshot.jpegQuality();
		put(all, new ModelProfile(ANTHROPIC, screenshot.budget(), CoordinateSpace.PIXELS, format, quality));
		put(all, new ModelProfile(ANTHROPIC_HD, new ImageBudget(2576, 2576, 3_750_000), CoordinateSpace.PIXELS, format,
				quality));
		put(all, new ModelProfile(OPENAI, new ImageBudget(1920, 1200, 2_304_000), CoordinateSpace.PIXELS, format,
				quality));
		put(all, new ModelProfile(GEMINI, new ImageBudget(1440, 900, 1_296_000), CoordinateSpace.GRID_1000, format,
				quality));
		properties.custom().forEach((name, custom) -> put(all, custom(name, custom)));
		this.profiles = Collections.unmodifiableMap(all);
		this.defaultProfile = configured(properties.defaultProfile(), "deskhand.profiles.default");
		Map<String, ModelProfile> agents = new LinkedHashMap<>();
		properties.agents()
			.forEach((agent, name) -> agents.put(agent, configured(name, "deskhand.profiles.agents." + agent)));
		this.agents = Map.copyOf(agents);
	}

	private static void put(Map<String, ModelProfile> all, ModelProfile profile) {
		all.put(profile.name(), profile);
	}

	private static ModelProfile custom(String name, ProfileProperties.Custom custom) {
		String key = "deskhand.profiles.custom." + name;
		try {
			return new ModelProfile(name, new ImageBudget(custom.maxWidth(), custom.maxHeight(), custom.maxPixels()),
					CoordinateSpace.parse(custom.coordinates()), ImageFormat.parse(custom.format()),
					custom.jpegQuality());
		}
		catch (IllegalArgumentException | DeskhandException ex) {
			throw new IllegalArgumentException(key + ": " + ex.getMessage(), ex);
		}
	}

	private ModelProfile configured(String name, String key) {
		ModelProfile profile = (name != null) ? this.profiles.get(name.strip()) : null;
		if (profile == null) {
			throw new IllegalArgumentException(key + " names no profile: '" + name + "'; profiles are " + names());
		}
		return profile;
	}

	/**
	 * A profile by name.
	 * @throws DeskhandException E_ARGS naming the profiles there are
	 */
	public ModelProfile named(String name) {
		ModelProfile profile = (name != null) ? this.profiles.get(name.strip().toLowerCase(java.util.Locale.ROOT))
				: null;
		if (profile == null) {
			throw DeskhandException.args("no profile " + Echo.of(name) + "; profiles are " + names());
		}
		return profile;
	}

	public ModelProfile defaultProfile() {
		return this.defaultProfile;
	}

	/** The profile an agent's new sessions start with. */
	public ModelProfile forAgent(String agent) {
		return (agent != null) ? this.agents.getOrDefault(agent, this.defaultProfile) : this.defaultProfile;
	}

	/**
	 * Whether {@code deskhand.profiles.agents} names a profile for this agent: a vendor
	 * endpoint's own default gives way to it.
	 */
	public boolean configuredForAgent(String agent) {
		return agent != null && this.agents.containsKey(agent);
	}

	public List<ModelProfile> all() {
		return List.copyOf(this.profiles.values());
	}

	private String names() {
		return String.join(", ", new ArrayList<>(this.profiles.keySet()));
	}

}
