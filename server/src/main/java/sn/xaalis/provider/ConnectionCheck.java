package sn.xaalis.provider;

/**
 * What came of setting up or testing an account with its provider.
 *
 * @param message in the provider's own words when it refused, else what was done
 */
public record ConnectionCheck(boolean ok, String message) {

    public static ConnectionCheck ok(String message) {
        return new ConnectionCheck(true, message);
    }

    public static ConnectionCheck failed(String message) {
        return new ConnectionCheck(false, message);
    }
}
