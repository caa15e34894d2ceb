package sn.xaalis.sdk;

import java.math.BigDecimal;

/**
 * The application's balance in the keys' environment (API §16.1): what the operator collected for you on
 * the installation's accounts, less its fees and what was refunded or settled.
 *
 * @param environment {@code sandbox} or {@code live}
 * @param currency {@code XOF}
 * @param available what a settlement can pay out now, exact with two decimals; negative only when the
 *     operator allows refunds past it
 * @param pending credited by payments whose delay has not ended yet
 */
public record Balance(String environment, String currency, BigDecimal available, BigDecimal pending) {}
