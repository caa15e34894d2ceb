/** Which network addresses Xaalis may call (D12): public ones only, unless the operator allows a private range. */
package sn.xaalis.platform.net;
