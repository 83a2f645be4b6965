package dev.deskhand.inprocess.vendor;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.agents.EndpointSteps;
import dev.deskhand.agents.anthropic.AnthropicComputer;
import dev.deskhand.agents.gemini.GeminiComputer;
import dev.deskhand.agents.openai.OpenAiComputer;
import dev.deskhand.inprocess.LatestScreenshots;

/**
 * The vendors' vocabularies in-process, over the very beans the HTTP endpoints call. Like
 * Deskhand's own in-process tools they are always there (nothing runs until an
 * application hands them to a {@code ChatClient}), and they keep their images in the same
 * {@link LatestScreenshots}.
 */
@Configuration(proxyBeanMethods = false)
class VendorToolsConfiguration {

	@Bean
	VendorComputerTools vendorComputerTools(OpenAiComputer openAi, AnthropicComputer anthropic, GeminiComputer gemini,
			EndpointSteps steps, LatestScreenshots screenshots) {
		return new VendorComputerTools(
				VendorToolCallbacks.openAiComputer(InProcessVendorEndpoints.openAi(openAi, steps), screenshots),
				VendorToolCallbacks.anthropicComputer(InProcessVendorEndpoints.anthropic(anthropic, steps),
						screenshots),
				VendorToolCallbacks.gemini(InProcessVendorEndpoints.gemini(gemini, steps), screenshots));
	}

}
