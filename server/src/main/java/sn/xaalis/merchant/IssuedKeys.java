package sn.xaalis.merchant;

import sn.xaalis.platform.Environment;

/** A freshly issued key pair; the only moment the plain secret exists outside the caller's hands. */
public record IssuedKeys(String apiKey, String apiSecret, Environment environment) {

    @Override
    public String toString() {
        // Never let a log statement print the secret by accident.
        return "IssuedKeys[apiKey=" + apiKey + ", environment=" + environment + "]";
    }
}
