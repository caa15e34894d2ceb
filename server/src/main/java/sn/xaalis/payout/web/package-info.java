/** The payout API: create, read and list payouts with the application's keys. */
@NullMarked
package sn.xaalis.payout.web;

import org.jspecify.annotations.NullMarked;
