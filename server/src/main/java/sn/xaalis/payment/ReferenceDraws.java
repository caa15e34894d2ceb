package sn.xaalis.payment;

import org.springframework.stereotype.Component;

/** Where new payment references come from: random ones; a test may line up its own. */
@Component
class ReferenceDraws {

    Reference next() {
        return Reference.random();
    }
}
