/**
 * Rate limiting: the merchant API's budget per application and environment (D8) and the budgets of
 * public pages (D29), token buckets shared by the cluster on PostgreSQL.
 */
package sn.xaalis.ratelimit;
