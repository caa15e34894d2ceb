package sn.xaalis.portal;

import java.time.ZoneId;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;
import sn.xaalis.merchant.MerchantPreferences;
import sn.xaalis.pages.Formats;

/** What every portal page reads times in: the signed-in merchant's time zone (one primary-key read). */
@ControllerAdvice(basePackageClasses = PortalPages.class)
class PortalPages {

    private final MerchantPreferences preferences;

    PortalPages(MerchantPreferences preferences) {
        this.preferences = preferences;
    }

    @ModelAttribute("zone")
    ZoneId zone(@AuthenticationPrincipal PortalUser user) {
        return user == null ? Formats.DEFAULT_ZONE : preferences.timeZone(user.merchantId());
    }
}
