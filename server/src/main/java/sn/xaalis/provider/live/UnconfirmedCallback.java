package sn.xaalis.provider.live;

/** A callback we could not confirm with the provider: answered 503 so the provider sends it again. */
public final class UnconfirmedCallback extends RuntimeException {
    public UnconfirmedCallback(String reason) {
        super(reason, null, false, false);
    }
}
