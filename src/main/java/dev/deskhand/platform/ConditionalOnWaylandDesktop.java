package dev.deskhand.platform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when the Wayland session is one of the given desktops. Meant beside
 * {@code @ConditionalOnDisplayServer(WAYLAND)}: it says nothing about whether the session
 * is Wayland. The {@code deskhand.platform.wayland-desktop} property ({@code auto},
 * {@code wlroots}, {@code gnome}, {@code kde}) replaces the detected one.
 *
 * @see WaylandDesktop
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
@Documented
@Conditional(OnWaylandDesktopCondition.class)
public @interface ConditionalOnWaylandDesktop {

	/** The desktops that match; any one of them is enough. */
	WaylandDesktop[] value();

}
