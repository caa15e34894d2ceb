package sn.xaalis.sdk;

/** Sandbox outcomes that {@link XaalisClient#simulate(String, Outcome)} can force. */
public enum Outcome {
    SUCCESS,
    FAILED,
    CANCELLED,
    EXPIRED
}
