package sn.xaalis.provider;

/** What a provider says about a payment session (asked by reconciliation and before expiring it, D6). */
public sealed interface SessionState {
    record Open() implements SessionState {}

    record Paid() implements SessionState {}

    record Failed(String reason) implements SessionState {}

    record Cancelled() implements SessionState {}

    /** The provider closed the session unpaid before our own deadline. */
    record Expired() implements SessionState {}

    /** The provider answered but has nothing to say about this session yet. */
    record Unknown(String reason) implements SessionState {}

    /** The provider could not be asked (down, timing out, circuit open): ask again later. */
    record Unreachable(String reason) implements SessionState {}
}
