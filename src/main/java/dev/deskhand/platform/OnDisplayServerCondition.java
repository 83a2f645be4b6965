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

import dev.deskhand.platform.DisplayServer.Detection;

/**
 * {@link ConditionalOnDisplayServer @ConditionalOnDisplayServer}, built like
 * {@link OnOsCondition}.
 */
// right after the OS: just as cheap, and it rules out whole driver configurations
@Order(Ordered.HIGHEST_PRECEDENCE + 21)
class OnDisplayServerCondition extends SpringBootCondition {

	/** {@code auto}, or a display server that replaces the detected one. */
	static final String PROPERTY = "deskhand.platform.display-server";

	private static final String AUTO = AutoChoice.AUTO;

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnDisplayServer.class.getName());
		if (attributes == null) {
			throw new IllegalStateException("@ConditionalOnDisplayServer attributes not found on " + metadata);
		}
		DisplayServer[] required = (DisplayServer[]) attributes.get("value");
		return getMatchOutcome(running(context.getEnvironment()), required);
	}

	ConditionOutcome getMatchOutcome(Detection running, DisplayServer[] required) {
		ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnDisplayServer.class,
				describe(required));
		if (Arrays.asList(required).contains(running.server())) {
			return ConditionOutcome
				.match(message.found("display server").items(running.server()).append("(" + running.evidence() + ")"));
		}
		return ConditionOutcome.noMatch(message.didNotFind("display server", "display servers")
			.items((Object[]) required)
			.append("(running " + running + ")"));
	}

	/**
	 * X11 in the own-display working mode (the agent's display is an X server Deskhand
	 * starts, even in a Wayland session); else the overriding property when set to a
	 * display server; under {@code auto} X11 when an X display is configured, else what
	 * the environment says.
	 *
	 * <p>
	 * A configured X display wins over the session because it is an operator's explicit
	 * choice (an Xvfb, Xwayland, a remote X server), and because every test pins its
	 * private Xvfb that way: a developer running the tests inside a Wayland session still
	 * gets the X11 driver, on that Xvfb. The environment's variables are read through the
	 * {@link Environment} (which holds them), so a test can set them as properties.
	 */
	static Detection running(Environment environment) {
		if (WorkingMode.of(environment) == WorkingMode.OWN_DISPLAY) {
			// The agent's display is an X server Deskhand starts (Xephyr or Xvfb),
			// whatever the person's session is: the X11 driver drives it, on Wayland too.
			return new Detection(DisplayServer.X11,
					WorkingMode.PROPERTY + "=own-display: the X11 driver on an agent display of its own");
		}
		String configured = environment.getProperty(PROPERTY);
		if (StringUtils.hasText(configured) && !AUTO.equalsIgnoreCase(configured.trim())) {
			return new Detection(parse(configured), PROPERTY + "=" + configured.trim());
		}
		String displayName = environment.getProperty("deskhand.display.name");
		if (StringUtils.hasText(displayName)) {
			return new Detection(DisplayServer.X11, "deskhand.display.name " + displayName.trim());
		}
		if ("true".equalsIgnoreCase(environment.getProperty("deskhand.display.managed", "").trim())) {
			return new Detection(DisplayServer.NONE, "deskhand.display.managed=true: Deskhand's own Xvfb");
		}
		return DisplayServer.detect(environment::getProperty);
	}

	private static DisplayServer parse(String configured) {
		return AutoChoice.parse(DisplayServer.class, PROPERTY, configured);
	}

	private static String describe(DisplayServer[] required) {
		return Arrays.stream(required).map(DisplayServer::name).collect(Collectors.joining(" or ", "(", ")"));
	}

}
