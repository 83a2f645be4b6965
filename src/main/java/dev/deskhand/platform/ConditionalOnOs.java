package dev.deskhand.platform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when Deskhand runs on one of the given operating systems. The detected OS can
 * be replaced with the {@code deskhand.platform.os} property ({@code linux},
 * {@code windows}, {@code macos}, {@code other}), for example to test another platform's
 * wiring.
 *
 * @see OperatingSystem#current()
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@Conditional(OnOsCondition.class)
public @interface ConditionalOnOs {

	/** The operating systems that match; any one of them is enough. */
	OperatingSystem[] value();

}
