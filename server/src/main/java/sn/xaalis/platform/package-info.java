/**
 * Shared kernel: the SPEC §7 error body, clock, identifiers, JSON bodies, request ids, the environment,
 * and (until they move to modules of their own) secret cryptography, idempotency and rate limiting.
 * Every other module may use its public types; it uses none of theirs.
 */
package sn.xaalis.platform;
