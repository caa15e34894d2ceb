package sn.xaalis.provider;

import java.math.BigDecimal;

/**
 * A payment completed with the one-time code the customer got from the operator's USSD menu.
 *
 * @param session the payment's session, whose account the code is paid into
 * @param customerNumber the customer's number as the operator writes it (nine digits, no country code)
 * @param code the one-time code: sent to the provider and nowhere else (never logged, stored or echoed)
 */
public record CodeRequest(SessionReference session, String customerNumber, String code) {

    public String reference() {
        return session.reference();
    }

    public BigDecimal amount() {
        return session.amount();
    }

    @Override
    public String toString() {
        return "CodeRequest[" + session.reference() + ", " + customerNumber + "]";
    }
}
