package sn.xaalis.portal;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import sn.xaalis.merchant.ApplicationDetails;
import sn.xaalis.merchant.IssuedKeys;
import sn.xaalis.merchant.KeyIssuance;
import sn.xaalis.merchant.KeyRevocation;
import sn.xaalis.merchant.MerchantApplications;
import sn.xaalis.merchant.MerchantCredentials;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.pages.PageController;
import sn.xaalis.platform.ApiException;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.Environment;

/**
 * An application's API keys: a new pair behind the password, and revocation behind a page that says what
 * will stop working, then the password (or the authenticator's code). A live application's last live key
 * is never revoked from here: its payments would stop.
 */
@PageController
class ApiKeysController {

    private final MerchantApplications merchants;
    private final KeyIssuance issuance;
    private final KeyRevocation revocation;
    private final MerchantAuthentication authentication;
    private final Reauthentication reauthentication;
    private final ApplicationPage applicationPage;
    private final MerchantCredentials credentials;

    ApiKeysController(
            MerchantApplications merchants,
            KeyIssuance issuance,
            KeyRevocation revocation,
            MerchantAuthentication authentication,
            Reauthentication reauthentication,
            ApplicationPage applicationPage,
            MerchantCredentials credentials) {
        this.credentials = credentials;
        this.merchants = merchants;
        this.issuance = issuance;
        this.revocation = revocation;
        this.authentication = authentication;
        this.reauthentication = reauthentication;
        this.applicationPage = applicationPage;
    }

    @PostMapping("/portal/applications/{id}/keys")
    ModelAndView rotate(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @RequestParam String environment,
            @RequestParam(defaultValue = "") String password,
            HttpServletRequest request) {
        ApplicationDetails application = merchants.details(user.merchantId(), id);
        Environment env =
                Environment.fromValue(environment).orElseThrow(() -> ApiException.notFound("No such environment"));
        if (env == Environment.LIVE) {
            try {
                credentials.requireConfirmed(user.merchantId());
            } catch (MerchantRefusal.Unconfirmed e) {
                return UnconfirmedPage.of(user);
            }
        }
        if (!authentication.confirmPassword(user, password, request.getRemoteAddr())) {
            ModelAndView view =
                    applicationPage.view(user, application, Map.of("password", List.of("is not correct")), null, null);
            view.setStatus(HttpStatus.BAD_REQUEST);
            return view;
        }
        IssuedKeys keys = issuance.issueKeys(id, env);
        return applicationPage
                .view(
                        user,
                        merchants.details(user.merchantId(), id),
                        Map.of(),
                        Notice.of("notice.keysIssued." + env.value()),
                        null)
                .addObject("issued", keys);
    }

    @GetMapping("/portal/applications/{id}/keys/{apiKey}/revoke")
    ModelAndView confirmRevocation(
            @AuthenticationPrincipal PortalUser user, @PathVariable ApplicationId id, @PathVariable String apiKey) {
        return confirmation(user, id, apiKey, Map.of());
    }

    @PostMapping("/portal/applications/{id}/keys/{apiKey}/revoke")
    ModelAndView revoke(
            @AuthenticationPrincipal PortalUser user,
            @PathVariable ApplicationId id,
            @PathVariable String apiKey,
            @RequestParam(defaultValue = "") String password,
            @RequestParam(defaultValue = "") String code,
            HttpServletRequest request) {
        // The key must be the merchant's, and active, before anything is checked: else the 404 page.
        revocation.impact(user.merchantId(), id, apiKey);
        if (!reauthentication.confirms(user, password, code, request)) {
            String field = reauthentication.asksForCode(user) ? "code" : "password";
            return answer(
                    confirmation(user, id, apiKey, Map.of(field, List.of("is not correct"))), HttpStatus.BAD_REQUEST);
        }
        try {
            revocation.revokeKeepingLiveKey(user.merchantId(), id, apiKey);
        } catch (MerchantRefusal.LastLiveKey e) {
            // The last live key meanwhile (another key revoked in another tab): the page now says so.
            return answer(confirmation(user, id, apiKey, Map.of()), HttpStatus.CONFLICT);
        }
        return applicationPage.view(
                user, merchants.details(user.merchantId(), id), Map.of(), Notice.of("notice.keyRevoked", apiKey), null);
    }

    private ModelAndView confirmation(
            PortalUser user, ApplicationId applicationId, String apiKey, Map<String, List<String>> errors) {
        ApplicationDetails application = merchants.details(user.merchantId(), applicationId);
        return new ModelAndView("portal/revoke")
                .addObject("user", user)
                .addObject("app", application)
                .addObject("impact", revocation.impact(user.merchantId(), applicationId, apiKey))
                .addObject("asksForCode", reauthentication.asksForCode(user))
                .addObject("errors", errors);
    }

    private static ModelAndView answer(ModelAndView view, HttpStatus status) {
        view.setStatus(status);
        return view;
    }
}
