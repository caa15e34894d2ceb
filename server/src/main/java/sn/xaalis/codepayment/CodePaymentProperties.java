package sn.xaalis.codepayment;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import sn.xaalis.ratelimit.Allowance;

/**
 * The limits on one-time codes, each for the whole cluster, and the USSD sequence customers dial. The
 * number's and the application's are counted per application and environment, the hosted page's
 * codes apart from the API's and the counter's, and only for codes about to go to the operator.
 *
 * @param triesPerPayment codes a payment takes before it ends FAILED
 * @param perPhone codes sent for one customer number by one application in one environment, whatever
 *     the payment
 * @param perApplication codes sent for one application's payments in one environment
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
