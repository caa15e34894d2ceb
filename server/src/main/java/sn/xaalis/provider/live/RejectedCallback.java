package sn.xaalis.provider.live;

/** A provider callback that failed authentication: answered 401, and nothing changes. */
public final class RejectedCallback extends RuntimeException {
    public RejectedCallback(String reason) {
        super(reason, null, false, false);
    }
}
