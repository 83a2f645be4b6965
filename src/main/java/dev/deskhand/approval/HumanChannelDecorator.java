package dev.deskhand.approval;

/**
 * A channel that adds something around another one (progress to the client, withdrawal on
 * cancel) and asks whoever that one asks. {@link #asksTheCaller()} is final here because
 * who may answer is decided from it: a decorator that forgot to pass it on would turn a
 * trusted client's elicitation off, or claim one that is not sent.
 */
public abstract class HumanChannelDecorator implements HumanChannel {

	private final HumanChannel inner;

	protected HumanChannelDecorator(HumanChannel inner) {
		this.inner = inner;
	}

	/** The channel this one decorates. */
	protected final HumanChannel inner() {
		return this.inner;
	}

	@Override
	public final boolean asksTheCaller() {
		return this.inner.asksTheCaller();
	}

}
