package sn.xaalis.provider;

/** What a provider says about a payment session (asked before expiring it, D6). */
public sealed interface SessionState {
    record Open() implements SessionState {}

    record Paid() implements SessionState {}

    record Failed(String reason) implements SessionState {}

    record Cancelled() implements SessionState {}

    /** The provider could not be asked; the caller decides conservatively. */
    record Unknown(String reason) implements SessionState {}
}
