/** The live providers: the wallet and the mobile-money operator spoken to as they publish their APIs. */
@NullMarked
package sn.xaalis.provider.live;

import org.jspecify.annotations.NullMarked;
