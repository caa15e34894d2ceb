package sn.xaalis.codepayment;

/** Where a one-time code came from; each is its own cause in the payment's history. */
public enum CodeChannel {
    /** The merchant's server, through the API. */
    API("api:otp"),
    /** The customer, on the hosted payment page. */
    PAGE("customer:otp"),
    /** A cashier, on the portal's counter screen. */
    COUNTER("portal:counter");

    private final String cause;

    CodeChannel(String cause) {
        this.cause = cause;
    }

    /** The cause recorded in the payment's history. */
    public String cause() {
        return cause;
    }
}
