/**
 * Shared kernel: the SPEC §7 error body, clock, identifiers, secret cryptography, idempotency, rate
 * limiting and the other cross-cutting pieces every feature module uses.
 */
@ApplicationModule(type = ApplicationModule.Type.OPEN)
package sn.xaalis.platform;

import org.springframework.modulith.ApplicationModule;
