package sn.xaalis.payment;

import java.time.Instant;

/** One row of a payment's status history: what changed, why, and when. */
public record StatusChange(String from, String to, String cause, String detail, Instant at) {}
