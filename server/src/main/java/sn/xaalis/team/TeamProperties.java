package sn.xaalis.team;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import sn.xaalis.ratelimit.Allowance;

/**
 * The team's limits, for the whole cluster.
 *
 * @param invitationsPerMerchant invitation e-mails one merchant's owners may have sent (each sends one,
 *     to an address they chose)
 */
@ConfigurationProperties("xaalis.team")
record TeamProperties(@DefaultValue("20/1d") Allowance invitationsPerMerchant) {}
