/**
 * Rate limiting: the merchant API's budget per application and environment (D8) and the budgets of
 * public pages (D29), token buckets shared by the cluster on PostgreSQL.
 */
@NullMarked
package sn.xaalis.ratelimit;

import org.jspecify.annotations.NullMarked;
