package sn.xaalis.operator;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import sn.xaalis.mail.Mailbox;
import sn.xaalis.merchant.MerchantAccount;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRegister;
import sn.xaalis.pages.PageController;
import sn.xaalis.provider.Provider;

/**
 * A business signed up by an operator (for a shop owner who would rather be helped), and another
 * application for a merchant: what the admin API does, from the console.
 */
@PageController
class NewMerchantConsoleController {

    private final MerchantOnboarding onboarding;
    private final MerchantRegister register;
    private final MerchantPage merchantPage;
    private final Mailbox mailbox;

    NewMerchantConsoleController(
            MerchantOnboarding onboarding, MerchantRegister register, MerchantPage merchantPage, Mailbox mailbox) {
        this.onboarding = onboarding;
        this.register = register;
        this.merchantPage = merchantPage;
        this.mailbox = mailbox;
    }

    @GetMapping("/operator/merchants/new")
    ModelAndView form() {
        return form("", "", "fr", EnumSet.allOf(Provider.class), Map.of());
    }

    @PostMapping("/operator/merchants")
    ModelAndView create(
            @RequestParam(defaultValue = "") String name,
            @RequestParam(defaultValue = "") String email,
            @RequestParam(defaultValue = "fr") String language,
            @RequestParam(defaultValue = "") List<String> providers,
            RedirectAttributes flash) {
        Set<Provider> chosen = providers(providers);
        String welcomeIn = "en".equals(language) ? "en" : "fr";
        try {
            MerchantAccount account = onboarding.create(name, email, chosen, Locale.forLanguageTag(welcomeIn));
            // "Sent" only when it can leave; otherwise the welcome waits in the console's mailbox.
            flash.addFlashAttribute(
                    "notice",
                    mailbox.mailLeaves() ? "operator.newMerchant.created" : "operator.newMerchant.createdKept");
            flash.addFlashAttribute("noticeArgument", account.email());
            return new ModelAndView("redirect:/operator/merchants/" + account.id());
        } catch (OperatorRefusal refusal) {
            return refused(form(name, email, welcomeIn, chosen, refusal.errors()));
        }
    }

    @PostMapping("/operator/merchants/{id}/applications")
    ModelAndView addApplication(
            @PathVariable String id,
            @RequestParam(defaultValue = "") String name,
            @RequestParam(defaultValue = "") List<String> providers,
            RedirectAttributes flash) {
        MerchantId merchantId = MerchantsConsoleController.merchantId(id);
        MerchantRegister.Entry merchant = register.find(merchantId).orElseThrow(ConsoleModel.NotFound::new);
        Set<Provider> chosen = providers(providers);
        try {
            onboarding.addApplication(merchantId, name, chosen);
        } catch (OperatorRefusal refusal) {
            return refused(merchantPage
                    .of(merchant)
                    .addObject("appErrors", refusal.errors())
                    .addObject("appName", name));
        }
        flash.addFlashAttribute("notice", "operator.newApplication.created");
        return new ModelAndView("redirect:/operator/merchants/" + merchantId + "#applications");
    }

    private static ModelAndView form(
            String name, String email, String language, Set<Provider> providers, Map<String, List<String>> errors) {
        return new ModelAndView("operator/new-merchant")
                .addObject("name", name)
                .addObject("email", email)
                .addObject("language", language)
                .addObject("providers", List.of(Provider.values()))
                .addObject("chosen", providers)
                .addObject("errors", errors);
    }

    private static ModelAndView refused(ModelAndView view) {
        view.setStatus(HttpStatus.BAD_REQUEST);
        return view;
    }

    /** The providers a form names; an unknown name is not one. */
    private static Set<Provider> providers(List<String> names) {
        Set<Provider> chosen = EnumSet.noneOf(Provider.class);
        names.forEach(name -> Provider.fromName(name).ifPresent(chosen::add));
        return chosen;
    }
}
