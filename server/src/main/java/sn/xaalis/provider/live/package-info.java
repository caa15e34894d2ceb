/** The live providers: the wallet and the mobile-money operator spoken to as they publish their APIs. */
package sn.xaalis.provider.live;
