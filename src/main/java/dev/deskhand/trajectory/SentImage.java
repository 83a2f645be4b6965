package dev.deskhand.trajectory;

/**
 * An image exactly as a tool call sent it to the agent.
 *
 * @param bytes the encoded bytes
 * @param mimeType {@code image/png} or {@code image/jpeg}
 */
public record SentImage(byte[] bytes, String mimeType) {

}
