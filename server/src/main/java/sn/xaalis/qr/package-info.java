/** QR codes as 1-bit PNG images, written straight from the QR matrix without AWT. */
@NullMarked
package sn.xaalis.qr;

import org.jspecify.annotations.NullMarked;
