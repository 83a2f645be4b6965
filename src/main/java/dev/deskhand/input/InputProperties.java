package dev.deskhand.input;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.input.*}: how the input queue runs actions.
 *
 * @param actionTimeout time an action may take on top of its own duration (a hold, a
 * wait, a long text); beyond it the action is aborted with E_TIMEOUT and every key and
 * button released
 * @param queueCapacity actions that may wait behind the running one; more get E_BUSY
 * @param leaseIdle an input lease unused this long is released, so another session may
 * take it
 */
@ConfigurationProperties("deskhand.input")
public record InputProperties(@DefaultValue("10s") Duration actionTimeout, @DefaultValue("64") int queueCapacity,
		@DefaultValue("60s") Duration leaseIdle) {

	public InputProperties(Duration actionTimeout, int queueCapacity) {
		this(actionTimeout, queueCapacity, Duration.ofSeconds(60));
	}

	@ConstructorBinding
	public InputProperties {
		if (queueCapacity < 1) {
			throw new IllegalArgumentException("deskhand.input.queue-capacity must be at least 1");
		}
		if (actionTimeout.isNegative() || actionTimeout.isZero()) {
			throw new IllegalArgumentException("deskhand.input.action-timeout must be positive");
		}
	}

}
