package sn.xaalis.codepayment;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import sn.xaalis.ratelimit.Allowance;

/**
 * The limits on one-time codes, each for the whole cluster, and the USSD sequence customers dial.
 *
 * @param triesPerPayment codes a payment takes before it ends FAILED
 * @param perPhone codes sent for one customer number, whatever the payment
 * @param perApplication codes sent for one application's payments
 * @param perAddress codes typed on the hosted page from one client address
 * @param ussdCode what customers dial for a payment code (the operator's menu; shown on pages)
 */
@ConfigurationProperties("xaalis.code-payments")
public record CodePaymentProperties(
        @DefaultValue("3") int triesPerPayment,
        @DefaultValue("5/1m") Allowance perPhone,
        @DefaultValue("60/1m") Allowance perApplication,
        @DefaultValue("20/1m") Allowance perAddress,
        @DefaultValue("#144#391#") String ussdCode) {

    public CodePaymentProperties {
        if (triesPerPayment < 1 || triesPerPayment > 10) {
            throw new IllegalArgumentException("xaalis.code-payments.tries-per-payment must be from 1 to 10");
        }
    }
}
