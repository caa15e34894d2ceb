/** QR codes as 1-bit PNG images, written straight from the QR matrix without AWT. */
package sn.xaalis.qr;
