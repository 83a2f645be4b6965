package dev.deskhand.platform;

import java.util.Arrays;
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

import dev.deskhand.platform.WaylandDesktop.Detection;

/** {@link ConditionalOnWaylandDesktop @ConditionalOnWaylandDesktop}. */
// after the display server's condition, which rules out most driver configurations
@Order(Ordered.HIGHEST_PRECEDENCE + 22)
class OnWaylandDesktopCondition extends SpringBootCondition {

	/** {@code auto}, or a desktop that replaces the detected one. */
	static final String PROPERTY = "deskhand.platform.wayland-desktop";

	private static final String AUTO = AutoChoice.AUTO;

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnWaylandDesktop.class.getName());
		if (attributes == null) {
			throw new IllegalStateException("@ConditionalOnWaylandDesktop attributes not found on " + metadata);
		}
		return getMatchOutcome(running(context.getEnvironment()), (WaylandDesktop[]) attributes.get("value"));
	}

	ConditionOutcome getMatchOutcome(Detection running, WaylandDesktop[] required) {
		ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnWaylandDesktop.class,
				Arrays.stream(required).map(WaylandDesktop::name).collect(Collectors.joining(" or ", "(", ")")));
		if (Arrays.asList(required).contains(running.desktop())) {
			return ConditionOutcome.match(
					message.found("Wayland desktop").items(running.desktop()).append("(" + running.evidence() + ")"));
		}
		return ConditionOutcome.noMatch(message.didNotFind("Wayland desktop", "Wayland desktops")
			.items((Object[]) required)
			.append("(running " + running + ")"));
	}

	/**
	 * The overriding property when set to a desktop, else what the environment says (read
	 * through the {@link Environment}, so a test can set the variables as properties).
	 */
	static Detection running(Environment environment) {
		String configured = environment.getProperty(PROPERTY);
		if (StringUtils.hasText(configured) && !AUTO.equalsIgnoreCase(configured.trim())) {
			return new Detection(parse(configured), PROPERTY + "=" + configured.trim());
		}
		return WaylandDesktop.detect(environment::getProperty);
	}

	private static WaylandDesktop parse(String configured) {
		return AutoChoice.parse(WaylandDesktop.class, PROPERTY, configured);
	}

}
