package sn.xaalis.paymentlink;

import java.math.BigDecimal;

/** What a link has brought: its successful payments and their sum, in the link's currency. */
record LinkTakings(long payments, BigDecimal collected) {

    static final LinkTakings NONE = new LinkTakings(0, BigDecimal.ZERO);
}
