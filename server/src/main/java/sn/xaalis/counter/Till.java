package sn.xaalis.counter;

import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.platform.Environment;

/** Where the counter's payments go: one of the merchant's applications, in test or live. */
record Till(ApplicationSummary application, Environment environment) {

    /** The counter's address for this till, which keeps the choice from one payment to the next. */
    String path() {
        return "/portal/counter?application=" + application.id() + "&environment=" + environment.value();
    }
}
