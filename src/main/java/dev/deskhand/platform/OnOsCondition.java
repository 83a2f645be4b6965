package dev.deskhand.platform;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/**
 * {@link ConditionalOnOs @ConditionalOnOs}, modelled on Spring Boot's
 * {@code OnJavaCondition} and {@code OnCloudPlatformCondition}.
 */
// evaluated early, like OnJavaCondition: it is cheap and rules out whole driver
// configurations
@Order(Ordered.HIGHEST_PRECEDENCE + 20)
class OnOsCondition extends SpringBootCondition {

	/**
	 * Replaces the detected OS, like {@code spring.main.cloud-platform} does for the
	 * cloud.
	 */
	static final String PROPERTY = "deskhand.platform.os";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnOs.class.getName());
		if (attributes == null) {
			throw new IllegalStateException("@ConditionalOnOs attributes not found on " + metadata);
		}
		OperatingSystem[] required = (OperatingSystem[]) attributes.get("value");
		return getMatchOutcome(running(context.getEnvironment()), required);
	}

	ConditionOutcome getMatchOutcome(OperatingSystem running, OperatingSystem[] required) {
		ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnOs.class, describe(required));
		if (Arrays.asList(required).contains(running)) {
			return ConditionOutcome.match(message.found("operating system").items(running));
		}
		// say what is running too: "did not find LINUX" alone does not tell an operator
		// why
		return ConditionOutcome.noMatch(message.didNotFind("operating system", "operating systems")
			.items((Object[]) required)
			.append("(running on " + running + ")"));
	}

	/** The overriding property when set, else the detected OS. */
	static OperatingSystem running(Environment environment) {
		String configured = environment.getProperty(PROPERTY);
		if (!StringUtils.hasText(configured)) {
			return OperatingSystem.current();
		}
		try {
			return OperatingSystem.valueOf(configured.trim().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			// no cause: Enum.valueOf's "No enum constant" would only repeat this less
			// helpfully
			throw new IllegalStateException("Invalid value '" + configured + "' for " + PROPERTY + ": use one of "
					+ Arrays.stream(OperatingSystem.values())
						.map((os) -> os.name().toLowerCase(Locale.ROOT))
						.collect(Collectors.joining(", ")));
		}
	}

	private static String describe(OperatingSystem[] required) {
		return Arrays.stream(required).map(OperatingSystem::name).collect(Collectors.joining(" or ", "(", ")"));
	}

}
