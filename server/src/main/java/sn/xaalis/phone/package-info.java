/** Phone numbers of any country, read as people type them and checked with Google's libphonenumber. */
@NullMarked
package sn.xaalis.phone;

import org.jspecify.annotations.NullMarked;
