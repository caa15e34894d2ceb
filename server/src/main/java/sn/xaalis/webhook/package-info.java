/**
 * Webhook notifications: the transactional outbox, signing (SPEC §6.3), the dispatcher with its
 * claims, leases and retries (D11), safe egress (D12) and the delivery log.
 */
@NullMarked
package sn.xaalis.webhook;

import org.jspecify.annotations.NullMarked;
