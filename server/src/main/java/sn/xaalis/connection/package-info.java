/**
 * Merchants' own provider accounts (D26): their credentials, kept encrypted and never shown again, set
 * up with the provider, and the inbound address each one listens on; in the operator API and the portal.
 */
@NullMarked
package sn.xaalis.connection;

import org.jspecify.annotations.NullMarked;
