package sn.xaalis.ledger;

import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.Provider;

/**
 * A ledger account, named by its key: a merchant application's {@code pending} and {@code available}
 * money per environment, the operator's {@code fees} per environment, and the {@code clearing} account
 * of each of the installation's provider accounts (one per provider and environment: the sandbox's
 * are pretend ones). A merchant's {@code refunding} account holds what its refunds in flight set aside,
 * between the reservation and the provider's answer. The operator's {@code adjustments} account, per
 * environment, is the other side of each manual adjustment of a merchant's balance.
 */
record Account(String key, Kind kind) {

    enum Kind {
        PENDING,
        AVAILABLE,
        FEES,
        CLEARING,
        REFUNDING,
        ADJUSTMENTS;

        String value() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** Whether it has a running balance row: the merchant's accounts (see V51). */
        boolean merchants() {
            return this == PENDING || this == AVAILABLE;
        }
    }

    static Account pending(ApplicationId application, Environment environment, String currency) {
        return merchant(Kind.PENDING, application, environment, currency);
    }

    static Account available(ApplicationId application, Environment environment, String currency) {
        return merchant(Kind.AVAILABLE, application, environment, currency);
    }

    /** No running balance: a refund's money stays in it only while its provider is asked. */
    static Account refunding(ApplicationId application, Environment environment, String currency) {
        return merchant(Kind.REFUNDING, application, environment, currency);
    }

    static Account fees(Environment environment, String currency) {
        return new Account("fees:" + environment.value() + ":" + currency, Kind.FEES);
    }

    /** No running balance, as fees: its sum is what the operator's adjustments gave (negative) or took. */
    static Account adjustments(Environment environment, String currency) {
        return new Account("adjustments:" + environment.value() + ":" + currency, Kind.ADJUSTMENTS);
    }

    static Account clearing(Environment environment, Provider provider, String currency) {
        return new Account("clearing:" + environment.value() + ":" + provider.name() + ":" + currency, Kind.CLEARING);
    }

    private static Account merchant(Kind kind, ApplicationId application, Environment environment, String currency) {
        return new Account(kind.value() + ":" + application.value() + ":" + environment.value() + ":" + currency, kind);
    }
}
