package sn.xaalis.provider.live;

/** An authenticated provider callback we cannot read: answered 400, and nothing changes. */
public final class MalformedCallback extends RuntimeException {
    public MalformedCallback(String reason) {
        super(reason, null, false, false);
    }
}
