package sn.xaalis.merchant;

/**
 * The owner of an unconfirmed account's address took it back ({@link AccountReclaim}): published in that
 * transaction, so that whoever keeps something of the account's set up before (its payment accounts)
 * removes it there too.
 */
public record MerchantReclaimed(MerchantId merchantId) {}
