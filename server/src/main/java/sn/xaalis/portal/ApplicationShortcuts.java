package sn.xaalis.portal;

import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationSummary;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.pages.PageController;

/**
 * The menu's short ways to an application's pages (issue 48 item 10): a shop owner thinks "Paiements
 * sortants" or "Moyens de paiement", not "the application, then its payouts". With one application the
 * short path goes straight to its page; with several, a page names them and links each one's page. The
 * per-application addresses stay as they are; these only lead to them, so who may open what is still
 * decided there (and in {@link PortalAccess} for the short path itself).
 */
@PageController
class ApplicationShortcuts {

    /** A section reached from the menu: its short path, its title's key, the application page it opens. */
    enum Section {
        PAYOUTS("/portal/payouts", "payouts.title", "/payouts"),
        PAYMENT_METHODS("/portal/payment-methods", "connections.title", "/payment-methods");

        final String path;
        final String titleKey;
        final String suffix;

        Section(String path, String titleKey, String suffix) {
            this.path = path;
            this.titleKey = titleKey;
            this.suffix = suffix;
        }

        /** The section's page of one application. */
        String of(ApplicationSummary application) {
            return "/portal/applications/" + application.id() + suffix;
        }
    }

    /** One application on the chooser: its name and the section's page of it. */
    record Choice(String name, String href, boolean live) {}

    private final MerchantApplications merchants;

    ApplicationShortcuts(MerchantApplications merchants) {
        this.merchants = merchants;
    }

    @GetMapping("/portal/payouts")
    ModelAndView payouts(@AuthenticationPrincipal PortalUser user) {
        return open(user, Section.PAYOUTS);
    }

    @GetMapping("/portal/payment-methods")
    ModelAndView paymentMethods(@AuthenticationPrincipal PortalUser user) {
        return open(user, Section.PAYMENT_METHODS);
    }

    private ModelAndView open(PortalUser user, Section section) {
        List<ApplicationSummary> applications = merchants.applicationsOf(user.merchantId());
        if (applications.size() == 1) {
            return new ModelAndView("redirect:" + section.of(applications.getFirst()));
        }
        return new ModelAndView("portal/choose")
                .addObject("user", user)
                .addObject("titleKey", section.titleKey)
                .addObject(
                        "choices",
                        applications.stream()
                                .map(app -> new Choice(app.name(), section.of(app), app.liveEnabled()))
                                .toList());
    }
}
