/**
 * Payments completed with a one-time code the customer gets from the operator's USSD menu (from a basic
 * phone): the rules on tries and limits, the record of every try, and the API that takes the code.
 */
@NullMarked
package sn.xaalis.codepayment;

import org.jspecify.annotations.NullMarked;
