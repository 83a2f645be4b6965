package dev.deskhand.elements;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How elements are listed and text is checked ({@code deskhand.elements.*}).
 *
 * @param maxCount elements a listing returns when the agent does not say
 * @param maxCountLimit the most an agent may ask for
 * @param verifyTyping whether {@code type} into a focused accessible text field reads the
 * field back and says whether exactly the text arrived (never for password fields)
 * @param readBackWait how long a read-back waits for the application to show the text (it
 * handles input asynchronously)
 */
@ConfigurationProperties("deskhand.elements")
public record ElementsProperties(@DefaultValue("200") int maxCount, @DefaultValue("2000") int maxCountLimit,
		@DefaultValue("true") boolean verifyTyping, @DefaultValue("1s") Duration readBackWait) {

}
