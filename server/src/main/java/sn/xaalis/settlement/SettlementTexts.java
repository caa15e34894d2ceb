package sn.xaalis.settlement;

import org.springframework.stereotype.Component;

/** What the Settlements page shows of its values ({@code @settlementTexts} in its template). */
@Component("settlementTexts")
class SettlementTexts {

    /** The destination's number as people in Senegal write it: the merchant's own, shown whole to it. */
    public String phone(Destination destination) {
        return destination.phone().display();
    }
}
