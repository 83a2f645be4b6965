package dev.deskhand.platform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when Deskhand runs under one of the given display servers. The
 * {@code deskhand.platform.display-server} property ({@code auto}, {@code x11},
 * {@code wayland}, {@code none}) replaces the detected one; under {@code auto} a
 * configured X display ({@code deskhand.display.name}, or
 * {@code deskhand.display.managed=true}) means X11 whatever the session is.
 *
 * @see DisplayServer#current()
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@Conditional(OnDisplayServerCondition.class)
public @interface ConditionalOnDisplayServer {

	/** The display servers that match; any one of them is enough. */
	DisplayServer[] value();

}
