/**
 * Shared kernel: the SPEC §7 error body and error pages, the clock, identifiers and random tokens, JSON
 * bodies, request ids and threads, the environment (test or live), operator settings, the database kind
 * with its outages, batched deletes and separate pools, small caches and periodic jobs. Every other
 * module may use its public types; it uses none of theirs.
 */
@NullMarked
package sn.xaalis.platform;

import org.jspecify.annotations.NullMarked;
